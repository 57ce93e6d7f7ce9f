/**
 * /api/console/me/login-nodes, POST /me/logins: an integrator logs a new
 * platform account in from the console. The nodes that serve them and can
 * open a login page now are listed with the platforms each opens; a login
 * starts on one of them for the session's integrator only, and is watched,
 * answered and cancelled as a relog is (integrator-logins.routes.ts). When it
 * ends logged in, the node reports the account it now holds, and the account
 * list shows it. A node that does not serve the integrator answers
 * node_not_found, as an unknown one does: the console never tells whether a
 * node id exists.
 */
import { idSchema, platformById, PLATFORMS } from '@plume/shared';
import { z } from 'zod';
import { randomId } from '../crypto/tokens.js';
import type { Db } from '../db/client.js';
import type { LoginRelay } from '../nodes/login-relay.js';
import { loginRefusal } from '../nodes/login-start.js';
import { loginView, viewOfLogin } from '../nodes/login.view.js';
import { loginsRepository } from '../nodes/logins.repository.js';
import { nodesRepository } from '../nodes/nodes.repository.js';
import { integratorOf, principal } from './console-auth.js';
import { consoleError } from './console.errors.js';
import { created, ok } from './console-schemas.js';
import type { ConsoleApp } from './console.types.js';
import { MAX_OPEN_LOGINS, tooManyLogins } from './integrator-logins.routes.js';

const access = { access: 'integrator' as const };
const tags = ['accounts'];

/** The catalog's content platforms, in its order: a CMS site has no login page, and a code the catalog lacks is no platform of Plume's. */
const LOGIN_PLATFORMS = PLATFORMS.filter((p) => p.category === 'content').map((p) => p.id) as [string, ...string[]];
const ORDER = new Map(LOGIN_PLATFORMS.map((id, i) => [id, i]));

const loginNodeSchema = z.object({
  id: z.string().describe('node_…'),
  name: z.string(),
  kind: z.enum(['edge', 'desktop', 'web']).describe('edge: a Linux server of yours; desktop: the desktop application; web: the operator\'s pool'),
  platforms: z
    .array(z.object({ platform: z.enum(LOGIN_PLATFORMS).describe('The code to send as `platform`'), platformName: z.string() }))
    .min(1)
    .describe('The platforms whose login page the node opens, in the catalog\'s order'),
});

const startBody = z
  .object({
    nodeId: idSchema('node').describe('A node of GET /me/login-nodes'),
    platform: z.enum(LOGIN_PLATFORMS).describe('One of the platforms GET /me/login-nodes lists for the node'),
  })
  .strict();

export function registerIntegratorNewLoginRoutes(r: ConsoleApp, deps: { db: Db; logins: LoginRelay }): void {
  const { db, logins } = deps;

  r.get(
    '/me/login-nodes',
    {
      config: access,
      schema: {
        tags,
        operationId: 'listMyLoginNodes',
        summary: 'The nodes that can log a new account of yours in now, with the platforms each opens a login page for',
        description:
          'Only nodes that serve you, are connected and active (not draining), and open at least one login page; sorted as enrolled. What POST /me/logins accepts, as of this answer.',
        response: ok(z.object({ nodes: z.array(loginNodeSchema) })),
      },
    },
    async (request) => {
      const nodes = await nodesRepository.listForUser(db, integratorOf(request));
      return {
        nodes: nodes
          .filter((n) => n.online && n.status === 'active')
          .map((n) => ({
            id: n.id,
            name: n.name,
            kind: n.kind,
            platforms: [...new Set(n.capabilities.logins ?? [])]
              .filter((p): p is (typeof LOGIN_PLATFORMS)[number] => ORDER.has(p))
              .sort((a, b) => ORDER.get(a)! - ORDER.get(b)!)
              .map((p) => ({ platform: p, platformName: platformById(p)!.name })),
          }))
          .filter((n) => n.platforms.length > 0),
      };
    },
  );

  r.post(
    '/me/logins',
    {
      bodyLimit: 4096,
      config: access,
      schema: {
        tags,
        operationId: 'startMyNewLogin',
        summary: 'Log a new platform account of yours in on a node: the node opens the platform\'s login page and relays it here',
        description:
          'Whichever account logs in on the page becomes yours on that node (one you already have there is logged in again). Watch it with GET /me/logins/{loginId}/events, answer with POST /me/logins/{loginId}/input, cancel with DELETE /me/logins/{loginId}. ' +
          '404 node_not_found for a node that does not serve you (as for an unknown one); 409 node_revoked, node_offline (not connected, or draining), login_platform_unsupported (the node opens no login page for the platform), ' +
          `too_many_logins (you already have ${MAX_OPEN_LOGINS} logins open).`,
        body: startBody,
        response: created(z.object({ login: loginView })),
      },
    },
    async (request, reply) => {
      const userId = integratorOf(request);
      const { nodeId, platform } = request.body;
      const name = platformById(platform)!.name;
      const refused = await loginRefusal(db, nodeId, userId, platform);
      switch (refused?.code) {
        case undefined:
          break;
        case 'node_not_found':
        case 'node_user_not_served':
          throw consoleError('node_not_found', `No node ${nodeId} serves you`);
        case 'node_revoked':
          throw consoleError('node_revoked', `Node ${nodeId} was revoked: it opens no login any more`);
        case 'node_offline':
          throw consoleError('node_offline', `Node ${nodeId} is not connected (or is draining): a login needs it online`);
        case 'login_platform_unsupported':
          throw consoleError('login_platform_unsupported', `Node ${nodeId} opens no login page for ${name}: choose a platform GET /me/login-nodes lists for it`);
      }
      const login = await loginsRepository.createBounded(
        db,
        { id: randomId('lgn', 12), nodeId, userId, platform, accountRef: null, createdBy: `console:${principal(request).user.email}`, maxMs: logins.timers.loginMaxMs },
        MAX_OPEN_LOGINS,
      );
      if (!login) throw tooManyLogins();
      return reply.code(201).send({ login: viewOfLogin(login) });
    },
  );
}

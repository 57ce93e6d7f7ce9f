/**
 * /api/console/me/accounts/{id}/login, /me/logins/{id}…: an integrator logs
 * one of their own platform accounts in again from the console, on the node
 * that holds it. The same relay as the admin API's (login-relay.ts) with the
 * same node checks and event stream (login-start.ts); the user is always the
 * session's integrator and the account always theirs, so another
 * integrator's account or login answers 404 like an unknown one.
 */
import { ID_PATTERNS, isCmsPlatform, loginInputSchema } from '@plume/shared';
import { z } from 'zod';
import { randomId } from '../crypto/tokens.js';
import type { Db } from '../db/client.js';
import type { LoginRelay } from '../nodes/login-relay.js';
import { loginRefusal, streamLogin } from '../nodes/login-start.js';
import { loginView, viewOfLogin } from '../nodes/login.view.js';
import { loginsRepository } from '../nodes/logins.repository.js';
import { integratorOf, principal } from './console-auth.js';
import { consoleError, consoleErrorBody } from './console.errors.js';
import { accepted, created, ok, pathId } from './console-schemas.js';
import type { ConsoleApp } from './console.types.js';
import { integratorRepository as repo } from '../publishing/integrator.repository.js';

const access = { access: 'integrator' as const };
const tags = ['accounts'];

/** Account ids are PostgreSQL integers. */
const MAX_ACCOUNT_ID = 2 ** 31 - 1;
const loginParams = z.object({ loginId: pathId('The login id (lgn_…)', ID_PATTERNS.login) });

/**
 * Logins not yet ended that one integrator may hold, relogs and new logins
 * together (and any an admin started for them): each is a browser open on a
 * node, some of them shared.
 */
export const MAX_OPEN_LOGINS = 3;
export const tooManyLogins = () =>
  consoleError('too_many_logins', `You have ${MAX_OPEN_LOGINS} logins open, as many as one integrator may: finish or cancel one (or let it time out) first`);

export function registerIntegratorLoginRoutes(r: ConsoleApp, deps: { db: Db; logins: LoginRelay }): void {
  const { db, logins } = deps;

  /** The integrator's own login, or 404 (another integrator's is unknown here). */
  const own = async (userId: number, id: string) => {
    const l = await loginsRepository.get(db, id);
    if (!l || l.userId !== userId) throw consoleError('not_found', `You have no login ${id}`);
    return l;
  };

  r.post(
    '/me/accounts/:accountId/login',
    {
      config: access,
      schema: {
        tags,
        operationId: 'startMyAccountLogin',
        summary: 'Log one of your platform accounts in again on its node: the node opens the login page and relays it here',
        description:
          `Watch it with GET /me/logins/{loginId}/events and answer with POST /me/logins/{loginId}/input. 409 node_offline when the node is not connected; 409 login_unavailable for a CMS site, an account without a node, or a node that opens no login page for the platform; 409 too_many_logins when you already have ${MAX_OPEN_LOGINS} logins open. Only the account the platform names as this one is accepted.`,
        params: z.object({ accountId: pathId('The account id (from GET /me/accounts): a positive integer', /^[1-9]\d{0,9}$/) }),
        response: created(z.object({ login: loginView })),
      },
    },
    async (request, reply) => {
      const userId = integratorOf(request);
      const id = Number(request.params.accountId);
      if (id > MAX_ACCOUNT_ID) throw consoleError('validation_failed', `not a valid id: account ids are at most ${MAX_ACCOUNT_ID}`);
      const target = await repo.loginTarget(db, userId, id);
      if (!target) throw consoleError('not_found', `You have no account ${id}`);
      if (isCmsPlatform(target.platform)) throw consoleError('login_unavailable', 'A CMS site has no login page: its credentials are set by an admin');
      if (!target.nodeId) throw consoleError('login_unavailable', `Account ${id} is on no node: log it in where it lives (the desktop application, or plume-edge accounts login)`);
      const refused = await loginRefusal(db, target.nodeId, userId, target.platform);
      if (refused?.code === 'node_offline') throw consoleError('node_offline', `The node holding account ${id} is not connected (or is draining): a login needs it online`);
      if (refused) throw consoleError('login_unavailable', `Account ${id} cannot be logged in from here: ${refused.message}`);
      const login = await loginsRepository.createBounded(
        db,
        {
          id: randomId('lgn', 12),
          nodeId: target.nodeId,
          userId,
          platform: target.platform,
          accountRef: target.externalRef,
          createdBy: `console:${principal(request).user.email}`,
          maxMs: logins.timers.loginMaxMs,
        },
        MAX_OPEN_LOGINS,
      );
      if (!login) throw tooManyLogins();
      return reply.code(201).send({ login: viewOfLogin(login) });
    },
  );

  r.get(
    '/me/logins/:loginId',
    { config: access, schema: { tags, operationId: 'getMyLogin', summary: "One of your logins: its state, last step and outcome", params: loginParams, response: ok(z.object({ login: loginView })) } },
    async (request) => ({ login: viewOfLogin(await own(integratorOf(request), request.params.loginId)) }),
  );

  r.get(
    '/me/logins/:loginId/events',
    {
      config: access,
      schema: {
        tags,
        operationId: 'streamMyLogin',
        summary: "One of your logins' page and steps, as Server-Sent Events",
        description:
          'text/event-stream. `state` (data: the login as GET /me/logins/{loginId} answers it, first and after every step), `qr` (data: {text, purpose, shown}: what the QR on the page encodes), `frame` (data: {seq, jpeg, width, height}: the page as base64 JPEG; width × height are the page pixels a click is in). The stream ends after the state that ends the login.',
        params: loginParams,
        response: {
          200: { description: 'The event stream', content: { 'text/event-stream': { schema: z.string().describe('event: state|qr|frame, data: one JSON object per event') } } },
          '4xx': consoleErrorBody,
          '5xx': consoleErrorBody,
        },
      },
    },
    async (request, reply) => {
      const first = await own(integratorOf(request), request.params.loginId);
      streamLogin({ db, logins, first, view: viewOfLogin, request, reply });
    },
  );

  r.post(
    '/me/logins/:loginId/input',
    {
      bodyLimit: 4096,
      config: access,
      schema: {
        tags,
        operationId: 'sendMyLoginInput',
        summary: 'Answer one of your logins: a click, a key, typed text or the SMS code',
        description: 'click: x, y in the page pixels of the frames; key: a key name (Enter, Tab, Backspace, ArrowLeft); text: typed into the focused field; sms: the code needs_sms asks for. 409 login_ended once it has ended.',
        params: loginParams,
        body: loginInputSchema,
        response: accepted(z.object({ sent: z.literal(true) })),
      },
    },
    async (request, reply) => {
      const id = request.params.loginId;
      await own(integratorOf(request), id);
      if (!(await loginsRepository.input(db, id, request.body))) throw consoleError('login_ended', `Login ${id} has ended: it takes no more input`);
      return reply.code(202).send({ sent: true as const });
    },
  );

  r.delete(
    '/me/logins/:loginId',
    {
      config: access,
      schema: { tags, operationId: 'cancelMyLogin', summary: 'Cancel one of your logins: the node closes its browser, nothing is recorded (again: no change)', params: loginParams, response: ok(z.object({ login: loginView })) },
    },
    async (request) => {
      const userId = integratorOf(request);
      const id = request.params.loginId;
      await own(userId, id);
      await loginsRepository.cancel(db, id, 'the integrator');
      return { login: viewOfLogin(await own(userId, id)) };
    },
  );
}

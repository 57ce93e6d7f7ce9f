/**
 * /api/admin/nodes/{nodeId}/logins and /api/admin/logins/{loginId}…: an admin
 * logs a platform account in on a node without a shell there. Start a login
 * for (user, platform) on the node, watch its page and steps as Server-Sent
 * Events, answer with clicks, keys, text and the SMS code, cancel it. The
 * relay itself (any replica to any replica) is login-relay.ts; the checks and
 * the stream, shared with the console's, are login-start.ts.
 */
import { idSchema, loginInputSchema } from '@plume/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminError, adminFailureSchema } from '../http/admin-errors.js';
import { createdResponses, responses } from '../http/admin-query.js';
import { randomId } from '../crypto/tokens.js';
import type { Db } from '../db/client.js';
import type { LoginRelay } from './login-relay.js';
import { loginsRepository } from './logins.repository.js';
import { adminViewOfLogin, loginAdminView } from './login.view.js';
import { type LoginRefusal, loginRefusal, streamLogin } from './login-start.js';

export interface LoginsAdminOptions {
  db: Db;
  logins: LoginRelay;
}

/** The admin API's code for each reason a node cannot open a login. */
const ADMIN_CODE = {
  node_not_found: 'NODE_NOT_FOUND',
  node_revoked: 'NODE_REVOKED',
  node_user_not_served: 'NODE_USER_NOT_SERVED',
  node_offline: 'NODE_OFFLINE',
  login_platform_unsupported: 'LOGIN_PLATFORM_UNSUPPORTED',
} as const satisfies Record<LoginRefusal['code'], string>;

const nodeParams = z.object({ nodeId: idSchema('node').describe('The node id (node_…)') });
const loginParams = z.object({ loginId: idSchema('login').describe('The login id (lgn_…)') });

const loginAnswer = z.object({ success: z.literal(true), login: loginAdminView });

export function loginsAdminRoutes({ db, logins }: LoginsAdminOptions) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['nodes'];

    const find = async (id: string) => {
      const l = await loginsRepository.get(db, id);
      if (!l) throw adminError('LOGIN_NOT_FOUND', `No login ${id}`);
      return l;
    };

    r.post(
      '/nodes/:nodeId/logins',
      {
        bodyLimit: 4096,
        schema: {
          tags,
          operationId: 'startNodeLogin',
          summary: "Start a login of a user's platform account on a node (its login page relayed here)",
          description:
            "The node opens the platform's login page in the account's browser profile, as `plume-edge accounts login` does, and streams it: GET /api/admin/logins/{loginId}/events. " +
            'Refused when the node is offline (NODE_OFFLINE), does not serve the user (NODE_USER_NOT_SERVED) or opens no login page for the platform (LOGIN_PLATFORM_UNSUPPORTED). ' +
            'A login ends `timeout` after 5 minutes without input or 10 minutes in all.',
          params: nodeParams,
          body: z
            .object({
              userId: z.number().int().positive().max(2 ** 31 - 1).describe('The Plume user the account is for'),
              platform: z.string().min(1).max(64).regex(/^[a-z0-9_]+$/, 'platform codes are lowercase letters, digits and "_"'),
              accountRef: z
                .string()
                .min(1)
                .max(200)
                .regex(/^[A-Za-z0-9_.@-]+$/, 'account refs are letters, digits, "_", ".", "@" and "-"')
                .optional()
                .describe('The platform account id to log in (again); another account is refused. Absent: whichever account scans'),
            })
            .strict(),
          response: createdResponses(loginAnswer),
        },
      },
      async (request, reply) => {
        const { nodeId } = request.params;
        const { userId, platform, accountRef } = request.body;
        const refused = await loginRefusal(db, nodeId, userId, platform);
        if (refused) throw adminError(ADMIN_CODE[refused.code], refused.message);
        const login = await loginsRepository.create(db, {
          id: randomId('lgn', 12),
          nodeId,
          userId,
          platform,
          accountRef: accountRef ?? null,
          createdBy: request.admin?.actor ?? 'unknown',
          maxMs: logins.timers.loginMaxMs,
        });
        return reply.code(201).send({ success: true as const, login: adminViewOfLogin(login) });
      },
    );

    r.get(
      '/logins/:loginId',
      { schema: { tags, operationId: 'getNodeLogin', summary: "A relayed login's state, last step and outcome", params: loginParams, response: responses(loginAnswer) } },
      async (request) => ({ success: true as const, login: adminViewOfLogin(await find(request.params.loginId)) }),
    );

    r.get(
      '/logins/:loginId/events',
      {
        schema: {
          tags,
          operationId: 'streamNodeLogin',
          summary: "A relayed login's page and steps, as Server-Sent Events",
          description:
            'text/event-stream. `state` (data: the login as GET /api/admin/logins/{loginId} answers it, first and after every step), ' +
            '`qr` (data: {text, purpose, shown}: what the QR on the page encodes), ' +
            '`frame` (data: {seq, jpeg, width, height}: the page as base64 JPEG, a few a second at most; width × height are the page pixels a click is in). ' +
            'The stream ends after the state that ends the login.',
          params: loginParams,
          response: {
            200: { description: 'The event stream', content: { 'text/event-stream': { schema: z.string().describe('event: state|qr|frame, data: one JSON object per event') } } },
            '4xx': adminFailureSchema,
            '5xx': adminFailureSchema,
          },
        },
      },
      async (request, reply) => {
        const id = request.params.loginId;
        streamLogin({ db, logins, first: await find(id), view: adminViewOfLogin, request, reply });
      },
    );

    r.post(
      '/logins/:loginId/input',
      {
        bodyLimit: 4096,
        schema: {
          tags,
          operationId: 'sendNodeLoginInput',
          summary: "Answer a relayed login: a click, a key, typed text or the SMS code, to that login's page only",
          description: 'click: x, y in the page pixels of the frames; key: a key name (Enter, Tab, Backspace, ArrowLeft, Control+a); text: typed into the focused field; sms: the code needs_sms asks for.',
          params: loginParams,
          body: loginInputSchema,
          response: { 202: z.object({ success: z.literal(true) }).describe('On its way to the node'), '4xx': adminFailureSchema, '5xx': adminFailureSchema },
        },
      },
      async (request, reply) => {
        const id = request.params.loginId;
        const sent = await loginsRepository.input(db, id, request.body);
        if (!sent) {
          await find(id);
          throw adminError('LOGIN_ENDED', `Login ${id} has ended: it takes no more input`);
        }
        return reply.code(202).send({ success: true as const });
      },
    );

    r.delete(
      '/logins/:loginId',
      {
        schema: {
          tags,
          operationId: 'cancelNodeLogin',
          summary: 'Cancel a relayed login: the node closes its browser, nothing is recorded',
          params: loginParams,
          response: responses(loginAnswer),
        },
      },
      async (request) => {
        const id = request.params.loginId;
        await find(id);
        await loginsRepository.cancel(db, id);
        return { success: true as const, login: adminViewOfLogin(await find(id)) };
      },
    );
  };
}

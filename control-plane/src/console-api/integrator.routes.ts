/**
 * /api/console/me/…: an integrator's self-service (role user). The
 * integrator user id comes from the session, never from the request, so
 * nobody reaches another integrator's data; an id of someone else's object
 * answers 404 as an unknown one does. Keys and the webhook go through the
 * same service the admin API uses; a test delivery goes through the webhook
 * outbox and its deliverer like every event. Publish history, accounts,
 * articles, usage and logging accounts in again are in their own files
 * (integrator-*.routes.ts).
 */
import { ID_PATTERNS } from '@plume/shared';
import { z } from 'zod';
import { ApiError } from '../http/errors.js';
import { apiKeyView, issuedKey } from '../integrators/api-key.view.js';
import { PERMISSIONS } from '../integrators/integrators.schema.js';
import type { UsersService } from '../integrators/users.service.js';
import { enqueueWebhook } from '../publishing/webhooks/webhooks.js';
import { retryWebhookDelivery } from '../publishing/webhooks/webhooks.js';
import { deliveryView, viewOfDelivery } from '../publishing/webhooks/delivery.view.js';
import type { Db } from '../db/client.js';
import { integratorOf } from './console-auth.js';
import { consoleError } from './console.errors.js';
import { accepted, created, isoString, nameSchema, noContent, ok, pagingQuery, pathId } from './console-schemas.js';
import type { ConsoleApp } from './console.types.js';
import { integratorRepository as repo } from '../publishing/integrator.repository.js';

const access = { access: 'integrator' as const };

/** The shared service speaks the admin API's codes; here a missing object is the console's not_found. */
async function inConsoleTerms<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw consoleError('not_found', error.message);
    throw error;
  }
}

export function registerIntegratorRoutes(r: ConsoleApp, deps: { db: Db; users: UsersService; now: () => Date }): void {
  const { db, users, now } = deps;

  async function keyView(userId: number, keyId: string) {
    const key = (await inConsoleTerms(() => users.listKeys(userId))).find((k) => k.id === keyId);
    if (!key) throw consoleError('not_found', `You have no API key ${keyId}`);
    return key;
  }

  r.get(
    '/me/api-keys',
    {
      config: access,
      schema: {
        tags: ['api-keys'],
        operationId: 'listMyApiKeys',
        summary: 'Your API keys, revoked ones included (never the keys themselves), and the permissions your plan allows a new key',
        response: ok(
          z.object({
            apiKeys: z.array(apiKeyView),
            planPermissions: z.array(z.enum(PERMISSIONS)).describe('What your plan allows a key: a new key gets all of them unless it names fewer'),
          }),
        ),
      },
    },
    async (request) => {
      const userId = integratorOf(request);
      const [keys, user] = await Promise.all([inConsoleTerms(() => users.listKeys(userId)), inConsoleTerms(() => users.get(userId))]);
      return { apiKeys: keys, planPermissions: [...user.plan.permissions] };
    },
  );

  r.post(
    '/me/api-keys',
    {
      config: access,
      schema: {
        tags: ['api-keys'],
        operationId: 'createMyApiKey',
        summary: 'Create an API key; the key is in this answer only',
        body: z
          .object({
            name: nameSchema,
            permissions: z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length).optional().describe('Within your plan\'s; all of your plan\'s when omitted'),
          })
          .strict(),
        response: created(z.object({ apiKey: apiKeyView.extend({ key: issuedKey }) })),
      },
    },
    async (request, reply) => {
      const userId = integratorOf(request);
      const { permissions } = request.body;
      if (permissions) {
        const plan = new Set((await inConsoleTerms(() => users.get(userId))).plan.permissions);
        const outside = permissions.filter((p) => !plan.has(p));
        if (outside.length) throw consoleError('validation_failed', `Your plan does not include ${outside.join(', ')}`);
      }
      const made = await inConsoleTerms(() => users.createKey(userId, request.body.name, permissions ? [...new Set(permissions)] : undefined));
      return reply.code(201).send({ apiKey: { ...(await keyView(userId, made.id)), key: made.key } });
    },
  );

  r.post(
    '/me/api-keys/:id/revoke',
    {
      config: access,
      schema: {
        tags: ['api-keys'],
        operationId: 'revokeMyApiKey',
        summary: 'Revoke one of your API keys; the Open API refuses it from then on (again: no change)',
        params: z.object({ id: pathId('The key id (key_…), not the key', ID_PATTERNS.apiKeyId) }),
        response: ok(z.object({ apiKey: apiKeyView })),
      },
    },
    async (request) => {
      const userId = integratorOf(request);
      // Owned first: another integrator's key is "no such key" here, exactly like an unknown one.
      const before = await keyView(userId, request.params.id);
      if (before.revokedAt === null) await users.revokeKey(request.params.id);
      return { apiKey: await keyView(userId, request.params.id) };
    },
  );

  r.get(
    '/me/webhook',
    {
      config: access,
      schema: {
        tags: ['webhook'],
        operationId: 'getMyWebhook',
        summary: 'Your webhook URL, and whether a signing secret is set (never the secret)',
        response: ok(z.object({ webhook: z.object({ url: z.string(), secretSet: z.boolean() }).nullable() })),
      },
    },
    async (request) => {
      const hook = await repo.webhook(db, integratorOf(request));
      return { webhook: hook?.url ? { url: hook.url, secretSet: hook.secretSet } : null };
    },
  );

  r.put(
    '/me/webhook',
    {
      config: access,
      schema: {
        tags: ['webhook'],
        operationId: 'setMyWebhook',
        summary: 'Set your webhook URL; a new signing secret is made and shown in this answer only',
        body: z.object({ url: z.url({ protocol: /^https?$/ }).max(2000).describe('http(s) URL that receives the signed POSTs') }).strict(),
        response: ok(z.object({ webhook: z.object({ url: z.string() }), secret: z.string().describe('Shown once: verify deliveries with it') })),
      },
    },
    async (request) => {
      const set = await inConsoleTerms(() => users.setWebhook(integratorOf(request), request.body.url, undefined));
      return { webhook: { url: set.url }, secret: set.secret };
    },
  );

  r.post(
    '/me/webhook/rotate-secret',
    {
      config: access,
      schema: {
        tags: ['webhook'],
        operationId: 'rotateMyWebhookSecret',
        summary: 'Replace your webhook\'s signing secret; the new one is in this answer only',
        description: 'Deliveries signed from now on use the new secret (404 not_found when no webhook is set).',
        response: ok(z.object({ secret: z.string() })),
      },
    },
    async (request) => {
      const userId = integratorOf(request);
      const hook = await repo.webhook(db, userId);
      if (!hook?.url) throw consoleError('not_found', 'You have no webhook; set its URL first');
      const set = await inConsoleTerms(() => users.setWebhook(userId, hook.url!, undefined));
      return { secret: set.secret };
    },
  );

  r.delete(
    '/me/webhook',
    { config: access, schema: { tags: ['webhook'], operationId: 'deleteMyWebhook', summary: 'Remove your webhook: no more events are sent', response: noContent('Removed') } },
    async (request, reply) => {
      await inConsoleTerms(() => users.clearWebhook(integratorOf(request)));
      return reply.code(204).send();
    },
  );

  r.post(
    '/me/webhook/test',
    {
      config: access,
      schema: {
        tags: ['webhook'],
        operationId: 'testMyWebhook',
        summary: 'Send a webhook.test event through the normal signed, retried delivery path',
        description: 'Queued in the webhook outbox like every event; follow it in the delivery log. 404 not_found when no webhook is set.',
        response: accepted(z.object({ deliveryId: z.string().describe('evt_…: the delivery in GET /me/webhook/deliveries') })),
      },
    },
    async (request, reply) => {
      const at = now();
      const id = await enqueueWebhook(db, {
        userId: integratorOf(request),
        type: 'webhook.test',
        data: { message: 'A test delivery asked for in the Plume console', requested_at: at.toISOString(), request_id: request.id },
        now: at,
      });
      if (id === null) throw consoleError('not_found', 'You have no webhook; set its URL first');
      return reply.code(202).send({ deliveryId: id });
    },
  );

  r.get(
    '/me/webhook/deliveries',
    {
      config: access,
      schema: {
        tags: ['webhook'],
        operationId: 'listMyWebhookDeliveries',
        summary: 'Your webhook deliveries, newest first',
        querystring: z.object(pagingQuery),
        response: ok(z.object({ deliveries: z.array(deliveryView), total: z.number().int() })),
      },
    },
    async (request) => {
      const { rows, total } = await repo.deliveries(db, integratorOf(request), request.query.limit, request.query.offset);
      return {
        deliveries: rows.map(viewOfDelivery),
        total,
      };
    },
  );

  r.post(
    '/me/webhook/deliveries/:id/retry',
    {
      config: access,
      schema: {
        tags: ['webhook'],
        operationId: 'retryMyWebhookDelivery',
        summary: 'Retry one of your webhook deliveries now',
        description:
          'A failed delivery becomes pending again with a fresh budget of attempts; a pending one has its next attempt brought forward to now. 409 already_delivered when the receiver already accepted it; 404 not_found for an unknown delivery or another user\'s.',
        params: z.object({ id: z.string().min(1).max(64).describe('The delivery id (evt_…)') }),
        response: ok(z.object({ delivery: deliveryView })),
      },
    },
    async (request) => {
      const retried = await retryWebhookDelivery(db, request.params.id, now(), integratorOf(request));
      if (retried.outcome === 'not_found') throw consoleError('not_found', `You have no webhook delivery ${request.params.id}`);
      if (retried.outcome === 'delivered') throw consoleError('already_delivered', `Webhook delivery ${request.params.id} was already delivered: your receiver answered 2xx`);
      return { delivery: viewOfDelivery(retried.row) };
    },
  );
}

/**
 * /api/admin/webhook-deliveries: the outbox as operators see it (what was
 * sent to whom, how often, the last answer), and a manual retry: a failed
 * delivery becomes pending again with a fresh budget of attempts, a pending
 * one has its next attempt brought forward to now.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminError } from '../../http/admin-errors.js';
import { pagedSchema, responses } from '../../http/admin-query.js';
import type { Db } from '../../db/client.js';
import { retryWebhookDelivery } from './webhooks.js';
import { webhookDeliveries } from '../publishing.schema.js';
import { adminViewOfDelivery, DELIVERY_STATUSES, deliveryAdminView } from './delivery.view.js';

const tags = ['webhooks'];

export function webhookDeliveriesAdminRoutes(options: { db: Db; now: () => Date }) {
  const { db, now } = options;
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/webhook-deliveries',
      {
        schema: {
          tags,
          operationId: 'listWebhookDeliveries',
          summary: 'List webhook deliveries, newest first',
          querystring: z.object({
            userId: z.coerce.number().int().positive().max(2 ** 31 - 1).optional().describe('Only deliveries to this user'),
            status: z.enum(DELIVERY_STATUSES).optional().describe('pending: will be (re)tried; delivered: the receiver answered 2xx; failed: attempts spent'),
            page: z.coerce.number().int().min(1).default(1).describe('Page number, from 1'),
            pageSize: z.coerce.number().int().min(1).max(500).default(50).describe('Rows per page, 1 to 500'),
          }),
          response: responses(pagedSchema(deliveryAdminView)),
        },
      },
      async (request) => {
        const { userId, status, page, pageSize } = request.query;
        const filters: SQL[] = [];
        if (userId !== undefined) filters.push(eq(webhookDeliveries.userId, userId));
        if (status !== undefined) filters.push(eq(webhookDeliveries.status, status));
        const where = filters.length ? and(...filters) : undefined;
        const [total] = await db.select({ n: count() }).from(webhookDeliveries).where(where);
        const items = await db
          .select()
          .from(webhookDeliveries)
          .where(where)
          .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize);
        return { success: true as const, items: items.map(adminViewOfDelivery), total: total?.n ?? 0, page, pageSize };
      },
    );

    r.post(
      '/webhook-deliveries/:id/retry',
      {
        schema: {
          tags,
          operationId: 'retryWebhookDelivery',
          summary: 'Retry a webhook delivery now (failed: with a fresh attempt budget; delivered: 409)',
          description: 'A failed delivery becomes pending again with a fresh budget of attempts; a pending one has its next attempt brought forward to now; a delivered one answers 409 `WEBHOOK_ALREADY_DELIVERED`.',
          params: z.object({ id: z.string().min(1).max(64).describe('The delivery id (evt_…)') }),
          response: responses(z.object({ success: z.literal(true), delivery: deliveryAdminView })),
        },
      },
      async (request) => {
        const { id } = request.params;
        const retried = await retryWebhookDelivery(db, id, now());
        if (retried.outcome === 'not_found') throw adminError('WEBHOOK_DELIVERY_NOT_FOUND', `No webhook delivery ${id}`);
        if (retried.outcome === 'delivered') {
          throw adminError('WEBHOOK_ALREADY_DELIVERED', `Webhook delivery ${id} was already delivered; the receiver answered 2xx`);
        }
        return { success: true as const, delivery: adminViewOfDelivery(retried.row) };
      },
    );
  };
}

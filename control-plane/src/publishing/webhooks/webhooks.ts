/**
 * The webhook outbox. A state change that integrators hear about calls
 * enqueueWebhook inside the transaction that makes the change, so the event
 * exists exactly when the change committed (never a notice of a rolled-back
 * change, never a lost one). WebhookDeliverer sends the rows later.
 *
 * Event types and payload shapes live in @plume/shared (webhooks.ts) with the
 * signature helpers integrators use.
 */
import type { WebhookEventData, WebhookEventType } from '@plume/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { randomId } from '../../crypto/tokens.js';
import type { Db } from '../../db/client.js';
import { users } from '../../integrators/integrators.schema.js';
import { webhookDeliveries } from '../publishing.schema.js';

export { WEBHOOK_EVENT_TYPES, type WebhookEventData, type WebhookEventType } from '@plume/shared';

/**
 * A new event id (`evt_` + 22 base64url characters) computed in SQL, for the
 * statements that write their webhook rows themselves (job transitions,
 * account reports), so the event commits with the change in one statement.
 */
export const WEBHOOK_ID_SQL = sql.raw(
  `'evt_' || rtrim(translate(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=')`,
);

export interface WebhookEventInput<T extends WebhookEventType> {
  userId: number;
  type: T;
  data: WebhookEventData[T];
  /** When the event happened; defaults to the system clock. */
  now?: Date;
}

/**
 * Writes an outbox row (`evt_…`) in `tx` when the user has a webhook URL;
 * returns the event id, or null when the user has no webhook.
 */
export async function enqueueWebhook<T extends WebhookEventType>(tx: Db, event: WebhookEventInput<T>): Promise<string | null> {
  const [user] = await tx.select({ url: users.webhookUrl }).from(users).where(eq(users.id, event.userId));
  if (!user?.url) return null;
  const id = randomId('evt', 16);
  const at = event.now ?? new Date();
  await tx.insert(webhookDeliveries).values({
    id,
    userId: event.userId,
    eventType: event.type,
    payload: event.data as Record<string, unknown>,
    createdAt: at,
    nextAttemptAt: at,
  });
  return id;
}

/**
 * A manual retry: a failed delivery becomes pending with a fresh budget of
 * attempts, a pending one has its next attempt brought forward to `at`; a
 * delivered one is left alone. With `userId`, a delivery of another user is
 * `not_found`, as an unknown one.
 */
export async function retryWebhookDelivery(
  db: Db,
  id: string,
  at: Date,
  userId?: number,
): Promise<{ outcome: 'retried'; row: typeof webhookDeliveries.$inferSelect } | { outcome: 'not_found' } | { outcome: 'delivered' }> {
  const mine = (...conditions: SQL[]) => and(eq(webhookDeliveries.id, id), ...(userId === undefined ? [] : [eq(webhookDeliveries.userId, userId)]), ...conditions);
  const [updated] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: at })
    .where(mine(eq(webhookDeliveries.status, 'failed')))
    .returning();
  if (updated) return { outcome: 'retried', row: updated };
  const [existing] = await db.select().from(webhookDeliveries).where(mine());
  if (!existing) return { outcome: 'not_found' };
  if (existing.status === 'delivered') return { outcome: 'delivered' };
  // Pending: bring the next attempt forward, keeping the attempt count (a result in flight still records).
  const [pending] = await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: at })
    .where(mine(eq(webhookDeliveries.status, 'pending')))
    .returning();
  return { outcome: 'retried', row: pending ?? existing };
}

/**
 * A webhook delivery as the surfaces answer it. The integrator's console and
 * the admin API share one view; the admin's adds whom it goes to, when it is
 * tried next, the last error and the event's data.
 */
import { z } from 'zod';
import { isoString } from '../../http/admin-query.js';
import type { webhookDeliveries } from '../publishing.schema.js';

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const deliveryView = z.object({
  id: z.string().describe('evt_…, also sent as Plume-Webhook-Id'),
  eventType: z.string().describe('The event type, e.g. publish.job.updated or webhook.test'),
  status: z.enum(DELIVERY_STATUSES).describe('pending: will be (re)tried; delivered: the receiver answered 2xx; failed: attempts spent'),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable().describe('The HTTP status of the last attempt; null when it got no answer'),
  createdAt: isoString,
  deliveredAt: isoString.nullable(),
});

export const deliveryAdminView = deliveryView.extend({
  userId: z.number().int(),
  nextAttemptAt: isoString.describe('When pending: the next attempt (or the end of the current attempt)'),
  lastError: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()).describe('The event `data`'),
});

type DeliveryFields = Pick<DeliveryRow, 'id' | 'eventType' | 'status' | 'attempts' | 'lastStatusCode' | 'createdAt' | 'deliveredAt'>;

export function viewOfDelivery(row: DeliveryFields): z.infer<typeof deliveryView> {
  return {
    id: row.id,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

export function adminViewOfDelivery(row: DeliveryRow): z.infer<typeof deliveryAdminView> {
  return { ...viewOfDelivery(row), userId: row.userId, nextAttemptAt: row.nextAttemptAt.toISOString(), lastError: row.lastError, payload: row.payload };
}

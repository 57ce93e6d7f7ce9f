/**
 * A login (a platform's login page opened on a node, lgn_…) as the surfaces
 * answer it: the console's /api/console/me/logins… and the admin API's
 * /api/admin/logins… share one view. The admin's adds what only an operator
 * reads: the node and user, the account asked for, the last QR's text, who
 * started it and its last activity. The console's view is also what its
 * Server-Sent Events carry, so viewOfLogin copies its fields one by one and
 * never the row.
 */
import { z } from 'zod';
import { isoString } from '../http/admin-query.js';
import type { LoginRow } from './logins.repository.js';

export const loginView = z.object({
  id: z.string().describe('lgn_…'),
  platform: z.string(),
  state: z.enum(['opening', 'running', 'succeeded', 'failed']).describe('opening: asked of the node; running: its page is open; succeeded / failed: ended'),
  step: z.record(z.string(), z.unknown()).nullable().describe('The last step the node reported (qr, scanned, needs_sms, needs_slider, succeeded, failed)'),
  outcome: z.record(z.string(), z.unknown()).nullable().describe('succeeded: externalRef and displayName; failed: code (timeout, cancelled, sms_rejected, …) and message'),
  createdAt: isoString,
  expiresAt: isoString.describe('The login ends `timeout` at this time whatever happens; earlier after 5 minutes without input'),
  endedAt: isoString.nullable(),
});

export const loginAdminView = loginView.extend({
  nodeId: z.string(),
  userId: z.number().int(),
  accountRef: z.string().nullable().describe('The account asked for; null: whichever account the platform names'),
  qr: z.record(z.string(), z.unknown()).nullable().describe('The last QR: `text` it encodes (null: unreadable), `purpose`, `shown`'),
  createdBy: z.string(),
  lastActivityAt: isoString.describe('The start or the last input: idle too long, the login ends `timeout`'),
});

export function viewOfLogin(l: LoginRow): z.infer<typeof loginView> {
  return {
    id: l.id,
    platform: l.platform,
    state: l.state,
    step: l.step,
    outcome: l.outcome,
    createdAt: l.createdAt.toISOString(),
    expiresAt: l.expiresAt.toISOString(),
    endedAt: l.endedAt?.toISOString() ?? null,
  };
}

export function adminViewOfLogin(l: LoginRow): z.infer<typeof loginAdminView> {
  return { ...viewOfLogin(l), nodeId: l.nodeId, userId: l.userId, accountRef: l.accountRef, qr: l.qr, createdBy: l.createdBy, lastActivityAt: l.lastActivityAt.toISOString() };
}

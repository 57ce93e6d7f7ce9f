/**
 * A platform account's health as the surfaces answer it: the admin API's
 * /api/admin/accounts/{id}/health and the console's
 * /api/console/me/accounts/{id}/health share the account's standing (state,
 * since, until when it cools, why) and a signal's kind, source and time.
 *
 * The audiences differ in the rest, so each side extends the shared view:
 * the admin's adds the admin's note, who changed it last, and each signal's
 * `detail` as it was recorded; the integrator's has no note nor name, and
 * each signal's job, error code and message are read out of that detail with
 * secrets and others' paths redacted (the detail itself is never shown to
 * them). The account lists of both surfaces carry the standing alone
 * (healthStandingView).
 */
import { z } from 'zod';
import { isoString } from '../../http/admin-query.js';
import { redactText } from '../../publishing/publish/redact.js';
import type { AccountHealth, Signal } from './health.repository.js';
import { HEALTH_STATES } from './health.schema.js';

const standing = {
  state: z.enum(HEALTH_STATES).describe('ok; watch: signals of trouble lately, jobs still start; cooling: no job starts until coolUntil; restricted: no job starts until an admin clears it'),
  since: isoString.nullable().describe('When it entered this state; null: never evaluated (ok)'),
  coolUntil: isoString.nullable().describe('cooling: no job of the account starts before this'),
};

/** Where an account stands, as the account lists show it. */
export const healthStandingView = z.object(standing);

export const signalView = z.object({
  kind: z.string().describe('challenge, session_expired, publish_rejected, challenge_required, egress_changed, or what a node reports (restriction_banner, …)'),
  source: z.string().describe('control_plane, or node: what the account\'s page showed the node'),
  at: isoString,
});

/** An operator's signal: everything it was recorded with. */
export const signalAdminView = signalView.extend({
  detail: z.record(z.string(), z.unknown()).describe('job_id, error_code, message (the platform\'s words), node_id, …'),
});

/** An integrator's signal: the detail read out and redacted. */
export const integratorSignalView = signalView.extend({
  jobId: z.string().nullable().describe('The job it happened in, when one'),
  errorCode: z.string().nullable(),
  message: z.string().nullable().describe('What the platform said or the page showed (secrets and others\' paths redacted)'),
});

const healthFields = {
  accountId: z.number().int(),
  platform: z.string(),
  ...standing,
  reason: z.string().nullable().describe('Why the last change: signals, restriction_signal, cool_down_over, quiet, admin'),
};
const signalsOf = <T extends z.ZodType>(signal: T) => z.array(signal).describe('Its newest signals (up to 20, newest first), counted or not');

/** The integrator's view of one of their accounts. */
export const accountHealthView = z.object({ ...healthFields, signals: signalsOf(integratorSignalView) });

/** The operator's view: the note and who made the last change, and the signals as recorded. */
export const accountHealthAdminView = z.object({
  ...healthFields,
  note: z.string().nullable().describe("The admin's note with their change"),
  changedBy: z.string().nullable().describe('The admin who made the last change, or rules'),
  signals: signalsOf(signalAdminView),
});

const text = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

function integratorSignal(s: Signal, userId: number): z.infer<typeof integratorSignalView> {
  const said = text(s.detail.message) ?? text(s.detail.text);
  return {
    kind: s.kind,
    source: s.source,
    at: new Date(s.at).toISOString(),
    jobId: text(s.detail.job_id),
    errorCode: text(s.detail.error_code),
    message: said === null ? null : redactText(said, userId),
  };
}

function standingOf(h: AccountHealth) {
  return {
    accountId: h.accountId,
    platform: h.platform,
    state: h.state,
    since: h.since?.toISOString() ?? null,
    coolUntil: h.coolUntil?.toISOString() ?? null,
    reason: h.reason,
  };
}

/** One of `userId`'s accounts, as its integrator reads it. */
export function viewOfHealth(h: AccountHealth, userId: number): z.infer<typeof accountHealthView> {
  return { ...standingOf(h), signals: h.signals.map((s) => integratorSignal(s, userId)) };
}

export function adminViewOfHealth(h: AccountHealth): z.infer<typeof accountHealthAdminView> {
  return { ...standingOf(h), note: h.note, changedBy: h.changedBy, signals: h.signals };
}

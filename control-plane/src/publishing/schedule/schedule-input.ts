/**
 * publishAt and publishWindow of a publish request (and of a move): their
 * form, checked before anything else (publish_at_invalid,
 * publish_window_invalid), and their bounds against the clock, checked when
 * the publish is first carried out (a replay of the same Idempotency-Key
 * answers what the first call answered, however late it comes).
 */
import { openapiError } from '../../http/openapi-errors.js';

/** A publishWindow (seconds of lateness the integrator accepts) when the request gives none: a quarter of an hour. */
export const PUBLISH_WINDOW_DEFAULT_S = 15 * 60;
/** Shorter than a minute cannot cover a node's reconnect backoff (up to 64 s): the job would fail for a blip. */
export const PUBLISH_WINDOW_MIN_S = 60;
/** A day: later than that, a post is no longer the one that was scheduled. */
export const PUBLISH_WINDOW_MAX_S = 24 * 60 * 60;
/** A publishAt this far in the past is taken as "now" (clocks of client and server disagree a little). */
export const PUBLISH_AT_PAST_TOLERANCE_S = 5 * 60;
/** How far ahead a publish may be scheduled: its quota unit is held until then. */
export const PUBLISH_AT_MAX_AHEAD_DAYS = 30;

/** RFC 3339 date-time with a mandatory zone (Z or ±hh:mm); fractions up to nanoseconds. */
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

export const PUBLISH_AT_FORM =
  'an RFC 3339 date-time with its zone, e.g. 2026-12-01T09:30:00+08:00 or 2026-12-01T01:30:00Z';

/** The instant of an RFC 3339 date-time with an explicit zone; null for anything else (no zone, impossible dates, other forms). */
export function parseRfc3339(text: string): Date | null {
  const m = RFC3339.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
  if (d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return null;
  let offsetMin = 0;
  if (!m[8]) {
    const oh = Number(m[10]);
    const om = Number(m[11]);
    if (oh > 23 || om > 59) return null;
    offsetMin = (m[9] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const ms = m[7] ? Math.floor(Number(`0${m[7]}`) * 1000) : 0;
  // (Date.UTC reads years 0-99 as 1900-1999: in the past either way, and refused as such.)
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s, ms) - offsetMin * 60_000);
  return Number.isNaN(date.getTime()) ? null : date;
}

export interface ScheduleInput {
  publishAt: Date;
  windowS: number;
}

/**
 * The form of publishAt and publishWindow in a body (before its schema, so a
 * wrong type gets these codes too): undefined when the body has neither.
 */
export function scheduleForm(body: { publishAt?: unknown; publishWindow?: unknown }): ScheduleInput | undefined {
  const { publishAt, publishWindow } = body;
  if (publishAt === undefined || publishAt === null) {
    if (publishWindow !== undefined && publishWindow !== null) {
      throw openapiError('publish_window_invalid', 'publishWindow is the lateness allowed for a scheduled publish: send it with publishAt');
    }
    return undefined;
  }
  if (typeof publishAt !== 'string') throw openapiError('publish_at_invalid', `publishAt must be a string: ${PUBLISH_AT_FORM}`);
  const at = parseRfc3339(publishAt);
  if (!at) {
    throw openapiError('publish_at_invalid', `publishAt '${publishAt.slice(0, 64)}' is not ${PUBLISH_AT_FORM} (a time without a zone is ambiguous and refused)`);
  }
  return { publishAt: at, windowS: windowForm(publishWindow) };
}

function windowForm(value: unknown): number {
  if (value === undefined || value === null) return PUBLISH_WINDOW_DEFAULT_S;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < PUBLISH_WINDOW_MIN_S || value > PUBLISH_WINDOW_MAX_S) {
    throw openapiError(
      'publish_window_invalid',
      `publishWindow is a whole number of seconds from ${PUBLISH_WINDOW_MIN_S} to ${PUBLISH_WINDOW_MAX_S} (default ${PUBLISH_WINDOW_DEFAULT_S})`,
    );
  }
  return value;
}

/** The bounds of publishAt against `now`: not in the past beyond the tolerance, not beyond the horizon. */
export function checkScheduleBounds(s: ScheduleInput, now: Date): void {
  const ahead = s.publishAt.getTime() - now.getTime();
  if (ahead < -PUBLISH_AT_PAST_TOLERANCE_S * 1000) {
    throw openapiError(
      'publish_at_in_past',
      `publishAt ${s.publishAt.toISOString()} is in the past (now ${now.toISOString()}); a time up to ${PUBLISH_AT_PAST_TOLERANCE_S} s ago is taken as now, omit publishAt to publish at once`,
    );
  }
  if (ahead > PUBLISH_AT_MAX_AHEAD_DAYS * 86_400_000) {
    throw openapiError('publish_at_too_far', `publishAt ${s.publishAt.toISOString()} is more than ${PUBLISH_AT_MAX_AHEAD_DAYS} days ahead`);
  }
}

/** The description of the two fields, for the request schemas and the document. */
export const PUBLISH_AT_DESCRIPTION = `Publish at this time instead of at once: ${PUBLISH_AT_FORM}. The batch is accepted now (quota taken, settings frozen, preflightHash checked now); its jobs are \`scheduled\` until then and offered to their executor when due. At most ${PUBLISH_AT_MAX_AHEAD_DAYS} days ahead; up to ${PUBLISH_AT_PAST_TOLERANCE_S} s in the past counts as now. Not with a platform's own scheduledAt setting (422 schedule_conflict). Form errors: 400 publish_at_invalid; 422 publish_at_in_past, publish_at_too_far.`;
export const PUBLISH_WINDOW_DESCRIPTION = `Seconds of lateness accepted after publishAt (default ${PUBLISH_WINDOW_DEFAULT_S}, ${PUBLISH_WINDOW_MIN_S} to ${PUBLISH_WINDOW_MAX_S}): a job whose executor is offline at publishAt runs when it returns within the window; a job not started by publishAt + publishWindow fails with error code schedule_missed and its quota unit is given back. Only with publishAt (else 400 publish_window_invalid).`;

/**
 * The admin lists keep their filters and page in the URL (/jobs?state=failed&page=3),
 * like the publish history, so a filtered view can be reloaded, shared and gone
 * back to. Each list names its fields here with one parser each; a value a parser
 * does not accept is dropped, and the list shows its default instead of an error.
 * Free text is kept as typed (up to the input's length): the API judges it and
 * the page shows the API's own message.
 *
 * The router reads `?userId=12` as the number 12 and `?keyword=true` as a
 * boolean, so text parsers take a number or boolean back as the text it was.
 */
import type { AdminPaths } from './api/paths.js';

type Parser<T> = (value: unknown) => T | undefined;
type Parsed<F> = { [K in keyof F]?: F[K] extends Parser<infer T> ? T : never };
/** What every list has beside its own fields: the page, 1 when absent. */
export type Paged<F> = Parsed<F> & { page?: number };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CONTROL = /[\u0000-\u001f\u007f]/;
const MAX_PAGE = 100_000;

export const oneOf =
  <const T extends string | number>(values: readonly T[]): Parser<T> =>
  (value) => {
    const candidate = typeof values[0] === 'number' && typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    return (values as readonly unknown[]).includes(candidate) ? (candidate as T) : undefined;
  };

export const text =
  (max: number): Parser<string> =>
  (value) => {
    const s = typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
    return typeof s === 'string' && s !== '' && s.length <= max && !CONTROL.test(s) ? s : undefined;
  };

export const wholeNumber =
  (max: number): Parser<number> =>
  (value) => {
    const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
    return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= max ? n : undefined;
  };

/** A switch that is on (the router reads `?x=true` as true); off is no parameter. */
export const on: Parser<true> = (value) => (value === true || value === 'true' ? true : undefined);

/** A UTC day, yyyy-mm-dd, that exists on the calendar. */
export const day: Parser<string> = (value) => {
  if (typeof value !== 'string' || !DAY.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : undefined;
};

/** A day, or '' for a day deliberately left empty where the list's default is a day. */
export const dayOrEmpty: Parser<string> = (value) => (value === '' ? '' : day(value));

/** The parser of one list's search: its own fields plus the page (page 1 is no parameter). */
export function listSearch<F extends Record<string, Parser<unknown>>>(fields: F): (search: Record<string, unknown>) => Paged<F> {
  return (search) => {
    const out: Record<string, unknown> = {};
    for (const [key, parse] of Object.entries(fields)) {
      const value = parse(search[key]);
      if (value !== undefined) out[key] = value;
    }
    const page = wholeNumber(MAX_PAGE)(search.page);
    if (page !== undefined && page > 1) out.page = page;
    return out as Paged<F>;
  };
}

type AdminQuery<P extends keyof AdminPaths> = AdminPaths[P] extends { get: { parameters: { query?: infer Q } } } ? NonNullable<Q> : never;
type JobState = NonNullable<AdminQuery<'/api/admin/jobs'>['state']>;
type CodeState = NonNullable<AdminQuery<'/api/admin/codes'>['state']>;
type EventKind = NonNullable<AdminQuery<'/api/admin/security-events'>['kind']>;

export const PAGE_SIZES = [20, 50, 100] as const;
export const JOB_STATES = ['queued', 'offered', 'accepted', 'running', 'committed', 'succeeded', 'failed', 'unknown', 'needs_attention', 'canceled'] as const satisfies readonly JobState[];
export const CODE_STATES = ['unused', 'active', 'expired', 'exhausted', 'disabled'] as const satisfies readonly CodeState[];
export const EVENT_KINDS = ['signature_failure', 'nonce_replay', 'version_ban', 'device_revocation', 'fingerprint_drift'] as const satisfies readonly EventKind[];
/** Console user ids and license device ids are PostgreSQL integers. */
const ID = wholeNumber(2_147_483_647);
const PROJECT = text(64);

export const jobsSearch = listSearch({
  state: oneOf(JOB_STATES),
  userId: ID,
  platform: text(64),
  nodeId: text(69),
  batchId: text(68),
  order: oneOf(['desc', 'asc']),
  pageSize: oneOf(PAGE_SIZES),
});
export const auditLogSearch = listSearch({ actor: text(320), from: day, to: day });
export const nodesSearch = listSearch({ status: oneOf(['active', 'draining', 'revoked']), kind: oneOf(['edge', 'desktop', 'web']), pageSize: oneOf(PAGE_SIZES) });
export const devicesSearch = listSearch({
  projectKey: PROJECT,
  status: oneOf(['active', 'revoked']),
  appVersion: text(64),
  keyword: text(200),
  pageSize: oneOf(PAGE_SIZES),
});
export const codesSearch = listSearch({ projectKey: PROJECT, licenseMode: oneOf(['COUNT', 'TIME']), state: oneOf(CODE_STATES), keyword: text(200) });
/** The consumption logs show the last seven days by default: an empty day here means "no bound", chosen on purpose. */
export const logsSearch = listSearch({ projectKey: PROJECT, keyword: text(200), from: dayOrEmpty, to: dayOrEmpty });
export const securityEventsSearch = listSearch({ projectKey: PROJECT, kind: oneOf(EVENT_KINDS), from: day, to: day });
export const webhookDeliveriesSearch = listSearch({ status: oneOf(['pending', 'delivered', 'failed']), userId: ID });
/** Generation task states, as the console API answers them. */
export const TASK_STATES = ['queued', 'running', 'done', 'failed'] as const;
/** The integrator's articles page holds two lists: the articles (`page`) and the generation tasks (`taskState`, `taskPage`). */
export const articlesSearch = listSearch({ taskState: oneOf(TASK_STATES), taskPage: wholeNumber(MAX_PAGE) });
/** A project's version bans: the project is the list's subject (none chosen, no list). */
export const versionBansSearch = listSearch({ projectKey: PROJECT });
export const nodeTokensSearch = listSearch({ state: oneOf(['pending', 'used', 'expired', 'revoked']) });
/** Lists with no filter of their own keep only their page. */
export const pageSearch = listSearch({});
/** The Schedule page: the week shown (its Monday, in the reader's zone), one integrator (admins), one platform, one account. */
export const scheduleSearch = listSearch({ week: day, userId: ID, platform: text(64), accountId: ID });
export const adminTokensSearch = listSearch({ includeRevoked: on });
export const sessionsSearch = listSearch({ projectKey: PROJECT, status: oneOf(['active', 'expired', 'revoked']), deviceId: ID });

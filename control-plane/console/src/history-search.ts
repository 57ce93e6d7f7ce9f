/**
 * The publish history's filters live in the URL (/history?status=failed&from=…),
 * so a filtered view can be reloaded, shared and gone back to. Anything the
 * API would refuse is dropped here instead of showing as an error.
 */
export const BATCH_STATES = ['scheduled', 'queued', 'running', 'succeeded', 'failed', 'partial', 'canceled'] as const;
export type BatchState = (typeof BATCH_STATES)[number];

export interface HistorySearch {
  status?: BatchState;
  /** yyyy-mm-dd, the first day shown. */
  from?: string;
  /** yyyy-mm-dd, the last day shown. */
  to?: string;
  requestId?: string;
  page?: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function historySearch(search: Record<string, unknown>): HistorySearch {
  const out: HistorySearch = {};
  if (typeof search.status === 'string' && (BATCH_STATES as readonly string[]).includes(search.status)) out.status = search.status as BatchState;
  if (typeof search.from === 'string' && DAY.test(search.from)) out.from = search.from;
  if (typeof search.to === 'string' && DAY.test(search.to)) out.to = search.to;
  if (typeof search.requestId === 'string' && REQUEST_ID.test(search.requestId)) out.requestId = search.requestId;
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1 && page <= 100_000) out.page = page;
  return out;
}

/** The API's range from the days picked: `to` is the day after the last one (the API's end is exclusive). */
export function apiRange(s: HistorySearch): { from?: string; to?: string } {
  const range: { from?: string; to?: string } = {};
  if (s.from) range.from = s.from;
  if (s.to) {
    const next = new Date(`${s.to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    if (!Number.isNaN(next.getTime())) range.to = next.toISOString().slice(0, 10);
  }
  return range;
}

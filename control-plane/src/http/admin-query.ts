/**
 * What every admin list shares: paging (`page` ≥ 1, `pageSize` 1..500,
 * answered as `{items, total, page, pageSize}`), ISO 8601 time ranges
 * (`from` < `to`, both or neither, at most 366 days), and keyword matching
 * that treats the keyword as text, not as a LIKE pattern.
 */
import { projectKeySchema } from '@plume/shared';
import { z } from 'zod';
import { adminError, adminFailureSchema } from './admin-errors.js';

export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 50;
/** Deep offsets cost a scan each; a million rows in is past any useful page. */
const MAX_PAGE = 100_000;
export const MAX_RANGE_DAYS = 366;

export const pageQuery = {
  page: z.coerce.number().int().min(1, 'page starts at 1').max(MAX_PAGE, `page is at most ${MAX_PAGE}; narrow the filter`).default(1).describe('Page number, from 1'),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, `pageSize must be 1 to ${MAX_PAGE_SIZE}`)
    .max(MAX_PAGE_SIZE, `pageSize must be 1 to ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE)
    .describe(`Rows per page, 1 to ${MAX_PAGE_SIZE}`),
};

export interface Page {
  page: number;
  pageSize: number;
}

export const limitOffset = ({ page, pageSize }: Page) => ({ limit: pageSize, offset: (page - 1) * pageSize });

/** An instant: ISO 8601 date-time with Z or an offset, or a bare date (midnight UTC). */
export const instantSchema = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

export const rangeQuery = {
  from: instantSchema.optional().describe('ISO 8601, inclusive; give both from and to'),
  to: instantSchema.optional().describe('ISO 8601, exclusive; give both from and to'),
};

export interface TimeRange {
  from: Date;
  to: Date;
}

/**
 * Checks a range: both ends or neither (neither allowed only when the range is
 * optional), `from` before `to`, and no longer than MAX_RANGE_DAYS.
 */
export function resolveRange(q: { from?: string | undefined; to?: string | undefined }, required: boolean): TimeRange | null {
  if (q.from === undefined && q.to === undefined) {
    if (required) throw adminError('INVALID_RANGE', 'This query needs a time range: give both from and to (ISO 8601)');
    return null;
  }
  if (q.from === undefined || q.to === undefined) {
    throw adminError('INVALID_RANGE', 'Open-ended time range: give both from and to (ISO 8601)');
  }
  const from = new Date(q.from);
  const to = new Date(q.to);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) throw adminError('INVALID_RANGE', 'from and to must be ISO 8601 instants');
  if (from >= to) throw adminError('INVALID_RANGE', `from (${q.from}) must be before to (${q.to})`);
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * 86_400_000) {
    throw adminError('INVALID_RANGE', `The time range spans more than ${MAX_RANGE_DAYS} days; split it`);
  }
  return { from, to };
}

/** A project filter on a list. */
export const projectKeyQuery = projectKeySchema.optional().describe('Only this project');

// PostgreSQL text cannot hold U+0000: refused here with a 400 rather than failing in the driver.
export const keywordQuery = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((k) => !k.includes('\u0000'), 'keyword must not contain U+0000')
  .optional()
  .describe('Case-insensitive substring match');

/** `%kw%` with LIKE's own wildcards escaped, so a keyword of `50%` means the text "50%". */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    success: z.literal(true),
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export const paged = <T>(items: T[], total: number, p: Page) => ({ success: true as const, items, total, page: p.page, pageSize: p.pageSize });

/** Response schemas: the success body plus the failure body every admin route can answer with. */
export const responses = <T extends z.ZodType>(ok: T) => ({ 200: ok, '4xx': adminFailureSchema, '5xx': adminFailureSchema });
export const createdResponses = <T extends z.ZodType>(ok: T) => ({ 201: ok, '4xx': adminFailureSchema, '5xx': adminFailureSchema });

export const isoString = z.string().describe('ISO 8601 UTC');
export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

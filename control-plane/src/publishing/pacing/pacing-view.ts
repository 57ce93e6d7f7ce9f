/**
 * Pacing rules as every surface takes and shows them (admin API, console,
 * Open API): seconds and "HH:MM" outside, milliseconds inside. One body
 * schema, one view per shape. An account's pacing (accountPacingAnswer) is
 * the same answer on the admin API's /api/admin/accounts/{id}/pacing and the
 * console's /api/console/me/accounts/{id}/pacing: nothing in it is an
 * operator's alone.
 */
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { EffectiveRule, PacingRule, StoredRule } from './pacing.repository.js';
import { PACING_REASONS, pacingRepository } from './pacing.repository.js';

const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time of day as HH:MM (00:00 to 23:59)');
const WEEK_S = 7 * 86_400;

export const pacingRuleBody = z
  .strictObject({
    minGapSeconds: z.number().min(0).max(WEEK_S).optional().describe('The least time between two starts of one account\'s jobs (milliseconds count: 0.5 is half a second); absent: inherit (an override) or none (a platform default)'),
    jitterSeconds: z.number().min(0).max(86_400).optional().describe('Up to this much more, drawn at random for each gap'),
    dailyCap: z.number().int().min(0).max(10_000).optional().describe('Starts per day in timeZone; 0: no cap (an override lifting the platform\'s)'),
    quietHours: z
      .strictObject({ start: HHMM, end: HHMM })
      .nullable()
      .optional()
      .describe('No start from start up to end in timeZone (may wrap midnight: 23:00 to 07:00); equal ends: no quiet hours (an override lifting the platform\'s)'),
    timeZone: z.string().min(1).max(64).optional().describe('IANA zone of the day and quiet hours (Asia/Shanghai); default UTC'),
  })
  .describe('A pacing rule; PUT replaces the whole rule');
export type PacingRuleBody = z.infer<typeof pacingRuleBody>;

export function toRule(b: PacingRuleBody): PacingRule {
  return {
    minGapMs: b.minGapSeconds === undefined ? null : Math.round(b.minGapSeconds * 1000),
    jitterMs: b.jitterSeconds === undefined ? null : Math.round(b.jitterSeconds * 1000),
    dailyCap: b.dailyCap ?? null,
    quietStart: b.quietHours?.start ?? null,
    quietEnd: b.quietHours?.end ?? null,
    timeZone: b.timeZone ?? null,
  };
}

const seconds = (ms: number | null) => (ms === null ? null : ms / 1000);

export const pacingRuleView = z.object({
  platform: z.string(),
  accountId: z.number().int().nullable().describe('null: the platform\'s default'),
  minGapSeconds: z.number().nullable(),
  jitterSeconds: z.number().nullable(),
  dailyCap: z.number().int().nullable(),
  quietHours: z.object({ start: z.string(), end: z.string() }).nullable(),
  timeZone: z.string().nullable(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});

export const ruleView = (r: StoredRule): z.infer<typeof pacingRuleView> => ({
  platform: r.platform,
  accountId: r.accountId,
  minGapSeconds: seconds(r.minGapMs),
  jitterSeconds: seconds(r.jitterMs),
  dailyCap: r.dailyCap,
  quietHours: r.quietStart && r.quietEnd ? { start: r.quietStart, end: r.quietEnd } : null,
  timeZone: r.timeZone,
  updatedBy: r.updatedBy,
  updatedAt: r.updatedAt.toISOString(),
});

export const effectiveView = z.object({
  paced: z.boolean().describe('false: nothing limits this account; its jobs start as soon as its node has a slot'),
  minGapSeconds: z.number(),
  jitterSeconds: z.number(),
  dailyCap: z.number().int().nullable(),
  quietHours: z.object({ start: z.string(), end: z.string() }).nullable(),
  timeZone: z.string(),
  startsToday: z.number().int().describe('Jobs started today (in timeZone)'),
  notBefore: z.string().nullable().describe('The earliest time the account\'s next job may start; null: now'),
  reason: z.enum(PACING_REASONS).nullable().describe('Why not now: min_gap (too soon after the last start), daily_cap (the day\'s starts are used), quiet_hours'),
});

export const effective = (e: EffectiveRule): z.infer<typeof effectiveView> => ({
  paced: e.paced,
  minGapSeconds: e.minGapMs / 1000,
  jitterSeconds: e.jitterMs / 1000,
  dailyCap: e.dailyCap,
  quietHours: e.quietStart && e.quietEnd && e.quietStart !== e.quietEnd ? { start: e.quietStart, end: e.quietEnd } : null,
  timeZone: e.timeZone,
  startsToday: e.dayCount,
  notBefore: e.notBefore?.toISOString() ?? null,
  reason: e.reason,
});

export const accountPacingAnswer = z.object({
  accountId: z.number().int(),
  platform: z.string(),
  override: pacingRuleView.nullable().describe("The account's own rule; null: none"),
  platformDefault: pacingRuleView.nullable().describe("The platform's default; null: none"),
  effective: effectiveView,
});

export async function accountPacing(db: Db, account: { id: number; platform: string }): Promise<z.infer<typeof accountPacingAnswer>> {
  const [override, defaults, eff] = await Promise.all([
    pacingRepository.accountRule(db, account.id),
    pacingRepository.platformRules(db),
    pacingRepository.effective(db, [account]),
  ]);
  const platformDefault = defaults.find((d) => d.platform === account.platform) ?? null;
  return {
    accountId: account.id,
    platform: account.platform,
    override: override ? ruleView(override) : null,
    platformDefault: platformDefault ? ruleView(platformDefault) : null,
    effective: effective(eff.get(account.id)!),
  };
}

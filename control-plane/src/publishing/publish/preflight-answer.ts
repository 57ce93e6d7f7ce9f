/**
 * The preflight answer (publish.schemas.ts preflightResponse), written as
 * JSON text directly. Most of its bytes are each target's effective settings,
 * their sources and hash, which target-settings.ts shares between requests of
 * the same shape as frozen objects; their JSON is written once per shared
 * object here instead of on every request. Everything else goes through
 * JSON.stringify. preflight-answer.test.ts holds the text to the object form
 * field by field, and the route tests parse every answer with the schema.
 */
import { nodeChallenges, SETTINGS_CONTRACT_VERSION } from '@plume/shared';
import type { QuotaBucket } from '../../integrators/integrators.schema.js';
import type { EffectiveRule } from '../pacing/pacing.repository.js';

type HealthHold = { state: 'cooling' | 'restricted'; coolUntil: Date | null };
import type { Plan, PlannedTarget, Problem } from './plan.types.js';

export interface QuotaLine {
  bucket: QuotaBucket;
  needed: number;
  remaining: number;
  ok: boolean;
}

export interface PreflightParts {
  plan: Plan;
  quota: QuotaLine[];
  /** Every problem: the targets' own, then the quota's. */
  problems: Problem[];
  /** Each paced target account's pacing: when its next job may start. */
  pacing?: ReadonlyMap<number, EffectiveRule>;
  /** Target accounts whose health holds their jobs (cooling, restricted: accounts/health/). */
  holds?: ReadonlyMap<number, HealthHold>;
}

const json = JSON.stringify;

const problemsJson = (list: readonly Problem[]): string => {
  let out = '[';
  for (let i = 0; i < list.length; i++) {
    const p = list[i]!;
    out += `${i ? ',' : ''}{"code":${json(p.code)},"message":${json(p.message)},"account_id":${json(p.accountId)}}`;
  }
  return `${out}]`;
};

/** Per frozen (shared) settings object: the JSON of what is derived with it. */
const settingsFragments = new WeakMap<object, string>();

function settingsFragment(t: PlannedTarget): string {
  const write = () =>
    `"settings_source":${json(t.settingsSource)},"field_sources":${json(t.fieldSources)},"effective_settings":${json(t.settings)},"settings_hash":${json(t.settingsHash)}`;
  // Only a frozen settings object is known to travel with the same sources and hash every time.
  if (!Object.isFrozen(t.settings)) return write();
  let fragment = settingsFragments.get(t.settings);
  if (fragment === undefined) settingsFragments.set(t.settings, (fragment = write()));
  return fragment;
}

/** A target's `pacing`: the earliest its account's next job may start, and why not now; null when nothing holds it. A health hold comes first. */
function pacingJson(p: EffectiveRule | undefined, hold?: HealthHold): string {
  if (hold) return json({ not_before: hold.state === 'cooling' ? (hold.coolUntil?.toISOString() ?? null) : null, reason: hold.state });
  if (!p?.paced || !p.notBefore || !p.reason) return 'null';
  return json({ not_before: p.notBefore.toISOString(), reason: p.reason });
}

export function preflightJson({ plan, quota, problems, pacing, holds }: PreflightParts): string {
  const short = new Set<QuotaBucket>();
  for (const q of quota) if (!q.ok) short.add(q.bucket);
  let targets = '';
  for (let i = 0; i < plan.targets.length; i++) {
    const t = plan.targets[i]!;
    targets +=
      `${i ? ',' : ''}{"account_id":${json(t.account.id)},"platform":${json(t.account.platform)},"executor":${json(t.executor)}` +
      `,"node_id":${json(t.nodeId)},"publishable":${t.publishable},"unpublishable_reasons":${json(t.unpublishableReasons)},"executor_online":${t.executorOnline}` +
      `,"quota_bucket":${json(t.bucket)},"quota_ok":${!short.has(t.bucket)},"settings_mode":${json(plan.settingsMode)}` +
      `,${settingsFragment(t)},"ignored_settings":${json(t.ignoredSettings)},"may_ask":${json(t.account.node ? nodeChallenges(t.account.node.capabilities, t.account.platform) : [])}` +
      `,"pacing":${pacingJson(pacing?.get(t.account.id), holds?.get(t.account.id))},"problems":${problemsJson(t.problems)}}`;
  }
  const awaiting = plan.awaiting.map((a) => ({ code: a.code, message: a.message, account_ids: a.accountIds }));
  return (
    `{"valid":${problems.length === 0},"content_type":${json(plan.contentType)},"executor":${json(plan.executor)}` +
    `,"settings_contract_version":${json(SETTINGS_CONTRACT_VERSION)},"preflight_hash":${json(plan.hash)}` +
    `,"targets":[${targets}],"quota":${json(quota)},"problems":${problemsJson(problems)},"awaiting_verification":${json(awaiting)}}`
  );
}

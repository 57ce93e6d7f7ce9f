import { SETTINGS_CONTRACT_VERSION } from '@plume/shared';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { AccountRecord } from '../../accounts/accounts.repository.js';
import { preflightJson, type PreflightParts } from './preflight-answer.js';
import type { Plan, PlannedTarget } from './plan.types.js';
import { preflightResponse } from './publish.schemas.js';

/** The answer as objects, field by field as documented: what the text must parse to. */
function reference({ plan, quota, problems }: PreflightParts): z.infer<typeof preflightResponse> {
  const short = new Set(quota.filter((q) => !q.ok).map((q) => q.bucket));
  const view = (p: { code: string; message: string; accountId: number | null }) => ({ code: p.code, message: p.message, account_id: p.accountId });
  return {
    valid: problems.length === 0,
    content_type: plan.contentType,
    executor: plan.executor,
    settings_contract_version: SETTINGS_CONTRACT_VERSION,
    preflight_hash: plan.hash,
    targets: plan.targets.map((t) => ({
      account_id: t.account.id,
      platform: t.account.platform,
      executor: t.executor,
      node_id: t.nodeId,
      publishable: t.publishable,
      unpublishable_reasons: [...t.unpublishableReasons],
      executor_online: t.executorOnline,
      quota_bucket: t.bucket,
      quota_ok: !short.has(t.bucket),
      settings_mode: plan.settingsMode,
      settings_source: [...t.settingsSource],
      field_sources: { ...t.fieldSources },
      effective_settings: { ...t.settings },
      settings_hash: t.settingsHash,
      ignored_settings: t.ignoredSettings.map((i) => ({ setting: i.setting, reason: i.reason, message: i.message })),
      may_ask: [],
      pacing: null,
      problems: t.problems.map(view),
    })),
    quota,
    problems: problems.map(view),
    awaiting_verification: plan.awaiting.map((a) => ({ code: a.code, message: a.message, account_ids: a.accountIds })),
  };
}

const shared = Object.freeze({ tags: Object.freeze(['a', 'b"c']), partitionName: '知识', aiLabel: false, count: 3 });

function target(id: number, over: Partial<PlannedTarget> = {}): PlannedTarget {
  return {
    account: { id, platform: 'bilibili' } as AccountRecord,
    executor: 'edge',
    nodeId: 'node_1',
    bucket: 'edge',
    settings: shared,
    settingsSource: Object.freeze(['preset', 'account'] as const),
    fieldSources: Object.freeze({ tags: 'account', partitionName: 'preset', aiLabel: 'default', count: 'default' } as const),
    settingsHash: 'f'.repeat(64),
    ignoredSettings: [],
    publishable: true,
    unpublishableReasons: [],
    executorOnline: true,
    problems: [],
    ...over,
  };
}

function parts(targets: PlannedTarget[], over: Partial<PreflightParts> = {}): PreflightParts {
  const plan = {
    contentType: 'video',
    executor: 'edge',
    settingsMode: 'account',
    targets,
    awaiting: [{ code: 'local_file', message: 'Files are checked "when the job starts"', accountIds: targets.map((t) => t.account.id) }],
    hash: 'a'.repeat(64),
  } as unknown as Plan;
  return { plan, quota: [{ bucket: 'edge', needed: targets.length, remaining: 5, ok: true }], problems: [], ...over };
}

function expectSame(p: PreflightParts): void {
  const text = preflightJson(p);
  const parsed = JSON.parse(text);
  expect(parsed).toEqual(reference(p));
  expect(preflightResponse.parse(parsed)).toEqual(parsed);
}

describe('preflightJson', () => {
  it('writes what the object form serializes to, for targets sharing one settings object', () => {
    expectSame(parts([target(1), target(2, { nodeId: null, executorOnline: false })]));
    // Again: the second time the shared fragment comes from memory.
    expectSame(parts([target(3), target(1)]));
  });

  it('writes each target\'s ignored settings, also beside a settings object another target shares', () => {
    const aiLabel = { setting: 'aiLabel', reason: 'no_control' as const, message: 'juejin has no control for aiLabel with "its" edge executor\n' };
    expectSame(parts([target(1, { ignoredSettings: [aiLabel] }), target(2), target(3, { ignoredSettings: [aiLabel, { ...aiLabel, setting: 'original' }] })]));
  });

  it('writes problems, short quota and unfrozen settings exactly', () => {
    const offline = { code: 'executor_offline' as const, message: 'Node "n" is offline\\ — ünïcode\n', accountId: 2 };
    const p = parts(
      [target(1, { settings: { tags: [] }, fieldSources: {}, settingsSource: [] }), target(2, { problems: [offline], publishable: false, bucket: 'desktop' })],
      {
        quota: [
          { bucket: 'edge', needed: 1, remaining: 5, ok: true },
          { bucket: 'desktop', needed: 1, remaining: 0, ok: false },
        ],
        problems: [offline, { code: 'quota_exceeded', message: 'desktop quota: this request needs 1, 0 remaining', accountId: null }],
      },
    );
    expectSame(p);
    expect(JSON.parse(preflightJson(p)).valid).toBe(false);
  });

  it("writes a health hold as the target's pacing: cooling until its end, restricted with no time", () => {
    const coolUntil = new Date('2030-01-02T03:04:05.678Z');
    const p = parts([target(1), target(2), target(3)], {
      holds: new Map([
        [1, { state: 'cooling' as const, coolUntil }],
        [2, { state: 'restricted' as const, coolUntil: null }],
      ]),
    });
    const parsed = preflightResponse.parse(JSON.parse(preflightJson(p)));
    expect(parsed.targets.map((t) => t.pacing)).toEqual([{ not_before: coolUntil.toISOString(), reason: 'cooling' }, { not_before: null, reason: 'restricted' }, null]);
  });

  it('writes an answer with no targets and no awaiting items', () => {
    const p = parts([]);
    p.plan.awaiting = [];
    expectSame(p);
  });
});

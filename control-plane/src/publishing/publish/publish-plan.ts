/**
 * Turns a publish request into a plan: one target per account with its
 * route, quota bucket and frozen settings, the problems that would stop it
 * now, and the preflight hash. Preflight shows the plan; the formal publish
 * builds the same plan inside its transaction and persists it. Nothing here
 * takes quota, writes, or reads a local file.
 *
 * What answers an error at once (the request itself is wrong, whatever the
 * moment): bad identifiers, unknown platforms, content types or executors the
 * catalog does not route to an account, a node lacking a capability, path
 * form, settings, limits. What is a `problem` (the state of the moment, which
 * preflight reports with valid=false and publish answers as an error):
 * account publishability, executor online, quota.
 */
import {
  type ContentType,
  platformById,
  SETTINGS_CONTRACT_VERSION,
  type SettingsIssue,
  type SettingsMode,
  supports,
} from '@plume/shared';
import type { ApiCaller } from '../../integrators/auth.js';
import type { Db } from '../../db/client.js';
import { resolveAccount } from '../../accounts/account-resolution.js';
import { type AccountRecord, accountsRepository } from '../../accounts/accounts.repository.js';
import { openapiError } from '../../http/openapi-errors.js';
import { awaitingItems, checkCapabilities, checkLimits, checkPaths, checkRoute, stateProblems } from './publish-checks.js';
import { checkCover } from './cover-checks.js';
import { ignoredSettings } from './ignored-settings.js';
import { loadContent, type PublishContent, type PublishInput } from './publish-content.js';
import type { AwaitingItem, Plan, PlannedTarget, Problem } from './plan.types.js';
import type { PreflightHasher } from './preflight-hash.js';
import type { JudgedAccount } from './publish.repository.js';
import { type FieldSource, presetLayerIssues, requestLayerIssues, targetSettings } from './target-settings.js';

export type { FieldSource } from './target-settings.js';


/** The facts a plan from the cache judged its accounts by; undefined when it read them fresh. */
export function judgedAccounts(plan: Plan): { accounts: JudgedAccount[]; presetsOf: ContentType | null } | undefined {
  if (!plan.cached) return undefined;
  const { presetsOf, presets } = plan.cached;
  return { presetsOf, accounts: plan.targets.map(({ account }) => judgedAccount(account, presetsOf ? (presets.get(account.id) ?? null) : undefined)) };
}

function settingsError(issues: SettingsIssue[]): never {
  const deprecated = issues.filter((i) => i.code === 'deprecated_field');
  const shown = deprecated.length ? deprecated : issues;
  const text = shown.slice(0, 5).map((i) => i.message).join('; ');
  const more = shown.length > 5 ? ` (and ${shown.length - 5} more)` : '';
  throw openapiError(deprecated.length ? 'deprecated_field' : 'invalid_settings', `${text}${more}`);
}

/** What a plan judged an account by (`preset` undefined when presets were not read). */
export function judgedAccount(a: AccountRecord, preset: unknown): JudgedAccount {
  return {
    id: a.id,
    userId: a.userId,
    platform: a.platform,
    executor: a.executor,
    nodeId: a.nodeId,
    loginState: a.loginState,
    paired: a.paired,
    node: a.node && {
      kind: a.node.kind,
      status: a.node.status,
      capabilities: a.node.capabilities,
      online: a.node.online,
      authorized: a.node.authorized,
      license: a.node.license ?? null,
    },
    preset,
  };
}

export class PublishPlanner {
  constructor(private readonly hasher: PreflightHasher) {}

  /** `fresh`: read accounts from the database even on the root handle. */
  async plan(db: Db, caller: ApiCaller, input: PublishInput, o: { fresh?: boolean } = {}): Promise<Plan> {
    const { contentType, body } = input;
    if (body.settingsContractVersion !== undefined && body.settingsContractVersion !== SETTINGS_CONTRACT_VERSION) {
      throw openapiError(
        'settings_contract_outdated',
        `settingsContractVersion ${body.settingsContractVersion} is not the current contract (${SETTINGS_CONTRACT_VERSION}); read GET /publish/settings and preflight again`,
      );
    }
    const mode: SettingsMode = body.settingsMode ?? 'account';
    const issues: SettingsIssue[] = [];
    const platformSettings = body.platformSettings ?? {};
    // Each platform's layer is keyed once per request, however many of its accounts are targeted.
    const platformKeys = new Map<string, string>();
    for (const [code, layer] of Object.entries(platformSettings)) {
      if (!platformById(code)) throw openapiError('unknown_platform', `platformSettings.${code}: no platform has the code '${code}' (see GET /meta)`);
      const checked = requestLayerIssues(contentType, code, layer, `platformSettings.${code}`);
      if (checked.key !== null) platformKeys.set(code, checked.key);
      issues.push(...checked.issues);
    }
    const guard = input.contentType === 'video' ? input.body.platforms : undefined;
    for (const code of guard ?? []) {
      if (!platformById(code)) throw openapiError('unknown_platform', `platforms: no platform has the code '${code}' (see GET /meta)`);
      if (!supports(code, 'video')) throw openapiError('content_type_not_supported', `platforms: ${code} does not publish videos`);
    }

    const content = await loadContent(db, caller.userId, input);

    const presetsOf = mode === 'account' ? contentType : null;
    const { accounts, presets, cached } = await accountsRepository.forPlan(db, caller.userId, body.accountIds, presetsOf, o);
    const missing = body.accountIds.filter((id) => !accounts.some((a) => a.id === id));
    if (missing.length) throw openapiError('account_not_found', `No account ${missing.join(', ')} in your account list (GET /accounts)`);
    const accountSettings = body.accountSettings ?? {};
    for (const key of Object.keys(accountSettings)) {
      if (!body.accountIds.includes(Number(key))) throw openapiError('invalid_settings', `accountSettings.${key}: account ${key} is not in accountIds`);
    }

    const accountKeys = new Map<number, string>();
    const routed = body.accountIds.map((id) => {
      const account = accounts.find((a) => a.id === id)!;
      const executor = checkRoute(caller, account, contentType, body.executor);
      if (guard && !guard.includes(account.platform)) {
        throw openapiError('account_platform_mismatch', `account ${id} is on ${account.platform}, which is not in platforms (${guard.join(', ')})`);
      }
      checkCapabilities(account, contentType);
      checkPaths(caller, account, executor, content, contentType);
      const preset = presets.get(id);
      if (preset) issues.push(...presetLayerIssues(contentType, id, account.platform, preset));
      const own = accountSettings[String(id)];
      if (own) {
        const checked = requestLayerIssues(contentType, account.platform, own, `accountSettings.${id}`);
        if (checked.key !== null) accountKeys.set(id, checked.key);
        issues.push(...checked.issues);
      }
      return { account, executor };
    });
    if (issues.length) settingsError(issues);

    const scheduled = body.publishAt !== undefined && body.publishAt !== null;
    const targets: PlannedTarget[] = routed.map(({ account, executor }) => {
      const platformLayer = platformSettings[account.platform];
      const platformKey = platformKeys.get(account.platform) ?? '';
      const accountLayer = accountSettings[String(account.id)];
      const derived = targetSettings({
        contentType,
        accountId: account.id,
        platform: account.platform,
        mode,
        preset: presets.get(account.id),
        platformLayer,
        platformKey,
        accountLayer,
        accountKey: accountKeys.get(account.id) ?? '',
        hasCover: content.hasCover,
        aiLabelRequired: content.aiLabelRequired,
      });
      const { settings } = derived;
      issues.push(...derived.issues);
      issues.push(...checkLimits(account, contentType, content, settings));
      checkCover(account, executor, contentType, content, settings);
      const state = stateProblems(account, contentType);
      if (scheduled && settings.scheduledAt !== undefined && settings.scheduledAt !== null && settings.scheduledAt !== '') {
        throw openapiError(
          'schedule_conflict',
          `account ${account.id} (${account.platform}): publishAt (Plume holds the job until then) and the platform's own scheduledAt (the job runs now and the platform publishes later) cannot both be set; use one`,
        );
      }
      const cms = resolveAccount(account).cms;
      return {
        account,
        executor,
        // CMS plugins run in process; the bucket is the executor's, cms for CMS sites.
        nodeId: cms ? null : account.nodeId,
        bucket: cms ? 'cms' : executor,
        settings,
        settingsSource: derived.source,
        fieldSources: derived.fieldSources,
        settingsHash: derived.settingsHash,
        ignoredSettings: ignoredSettings(account, contentType, settings, derived.fieldSources),
        publishable: state.publishable,
        unpublishableReasons: state.reasons,
        executorOnline: state.online,
        // A scheduled job needs its executor when it is due, not now (publishWindow covers a late return).
        problems: scheduled ? state.problems.filter((p) => p.code !== 'executor_offline') : state.problems,
      };
    });
    if (issues.length) settingsError(issues);

    const hash = await this.hasher.hash({
      userId: caller.userId,
      contentType,
      content: content.hashed,
      executor: body.executor,
      targets: targets.map((t) => ({ accountId: t.account.id, nodeId: t.nodeId, settingsHash: t.settingsHash })),
      settingsContractVersion: SETTINGS_CONTRACT_VERSION,
    });
    return {
      contentType,
      executor: body.executor,
      settingsMode: mode,
      content,
      targets,
      awaiting: awaitingItems(content, targets),
      hash,
      cached: cached ? { presetsOf, presets } : null,
    };
  }
}

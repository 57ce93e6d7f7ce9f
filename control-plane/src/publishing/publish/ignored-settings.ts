/**
 * Settings a target's job would carry that its executor does not apply: the
 * platform has no control for them there (juejin has no AI-content label, a
 * WordPress post no "original" declaration). They stay in the frozen
 * settings (the preflight hash covers those), and preflight names them per
 * target so they are never dropped unseen.
 *
 * What the executor applies comes from its own report: an edge or desktop
 * node's capabilities.adapters, or the in-process CMS plugins. A field is
 * listed when a layer (preset, platformSettings, accountSettings) set it, or
 * when its value is not the contract's default (a cover taken from the
 * article); a default nobody asked for is not news.
 */
import { type ContentType, fieldsFor } from '@plume/shared';
import { cmsAppliedSettings } from '../../executors/web/cms-settings.js';
import { nodeAppliedSettings } from '../../accounts/account-resolution.js';
import type { AccountRecord } from '../../accounts/accounts.repository.js';
import type { FieldSource } from './target-settings.js';

export const IGNORED_SETTING_REASONS = ['no_control'] as const;

export interface IgnoredSetting {
  setting: string;
  reason: (typeof IGNORED_SETTING_REASONS)[number];
  message: string;
}

const NONE: readonly IgnoredSetting[] = Object.freeze([]);

const contractDefault = (contentType: ContentType, platform: string, key: string): unknown => fieldsFor(contentType, platform)?.find((f) => f.key === key)?.default;

export function ignoredSettings(
  account: AccountRecord,
  contentType: ContentType,
  settings: Readonly<Record<string, unknown>>,
  fieldSources: Readonly<Record<string, FieldSource>>,
): readonly IgnoredSetting[] {
  const cms = cmsAppliedSettings(account.platform);
  // null: the executor cannot run the type at all, which checkCapabilities refuses before this matters.
  const applied = cms ?? nodeAppliedSettings(account, contentType);
  if (applied === null) return NONE;
  let ignored: IgnoredSetting[] | null = null;
  for (const key of Object.keys(settings)) {
    if (applied.includes(key)) continue;
    if (fieldSources[key] === 'default' && settings[key] === contractDefault(contentType, account.platform, key)) continue;
    const executor = cms ? `the web executor's ${account.platform} plugin` : `its ${account.node!.kind} executor ${account.node!.id}`;
    (ignored ??= []).push({
      setting: key,
      reason: 'no_control',
      message: `${account.platform} has no control for ${key} with ${executor}: account ${account.id}'s job is published without it`,
    });
  }
  return ignored ?? NONE;
}

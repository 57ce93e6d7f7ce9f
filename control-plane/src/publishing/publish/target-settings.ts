/**
 * The settings half of a publish target: validate the preset, merge the
 * layers, apply the cover rule and the contract's defaults, check what is
 * still missing, and hash the result. All of it is a pure function of the
 * account's preset, the request's two layers for the account, the content
 * type, the platform and whether the content carries a cover — and every
 * preflight of an unchanged request computed it again (a fifth of the
 * route's CPU, bench/openapi-http.mjs).
 *
 * So the answer is remembered per preset object: presets come from the
 * accounts cache (accounts-cache.ts), whose snapshot is replaced — never
 * edited — when a preset changes on any replica, so an edited preset is a
 * new object and misses. Remembered answers die with their preset (a
 * WeakMap); the request's layers enter the key as canonical JSON. Answers are
 * frozen: they are shared between requests, and reach jobs and responses
 * only by being read or serialized.
 */
import {
  applyDefaults,
  canonicalJson,
  checkEffectiveSettings,
  type ContentType,
  fieldsFor,
  mergeSettings,
  platformContract,
  type SettingsIssue,
  type SettingsLayer,
  type SettingsMode,
  settingsHash,
  validateSettingsLayer,
} from '@plume/shared';
import { PerObjectMemo } from '../../accounts/per-object-memo.js';

export type FieldSource = SettingsLayer | 'default';
type Settings = Record<string, unknown>;

export interface TargetSettings {
  settings: Readonly<Settings>;
  source: readonly SettingsLayer[];
  fieldSources: Readonly<Record<string, FieldSource>>;
  settingsHash: string;
  /** What the effective settings still lack (required fields, rule violations). */
  issues: readonly SettingsIssue[];
}

export interface TargetSettingsInput {
  contentType: ContentType;
  accountId: number;
  platform: string;
  mode: SettingsMode;
  /** The account's preset for the content type, as the accounts cache (or a fresh read) holds it. */
  preset: Settings | undefined;
  /** The request's platformSettings[platform] and accountSettings[accountId], with their canonical JSON ('' when absent). */
  platformLayer: Settings | undefined;
  platformKey: string;
  accountLayer: Settings | undefined;
  accountKey: string;
  hasCover: boolean;
  /** The content's AI facts require a label: aiLabel defaults to true instead of the contract's false. */
  aiLabelRequired: boolean;
}

/** Stands for "no preset" (custom mode, or none saved) as a WeakMap key. */
const NO_PRESET: object = Object.freeze({});
/** Per preset: a handful of request shapes in practice; the bound only stops a hostile client growing it. */
const MAX_SHAPES_PER_PRESET = 256;

const derived = new PerObjectMemo<string, TargetSettings>(MAX_SHAPES_PER_PRESET);
const presetIssues = new PerObjectMemo<string, readonly SettingsIssue[]>(MAX_SHAPES_PER_PRESET);

/**
 * The layer's canonical JSON, the key it enters the memo with ('' when there
 * is none); null when the layer has no canonical JSON (a number JSON.parse
 * made infinite, 1e400), which requestLayerIssues refuses.
 */
export function layerKey(layer: unknown): string | null {
  if (layer === undefined) return '';
  try {
    return canonicalJson(layer);
  } catch {
    return null;
  }
}

/** validateSettingsLayer of an account's preset, once per preset object. */
export function presetLayerIssues(contentType: ContentType, accountId: number, platform: string, preset: Settings): readonly SettingsIssue[] {
  return presetIssues.get(preset, `${contentType}\n${accountId}\n${platform}`, () =>
    Object.freeze(validateSettingsLayer(contentType, platform, preset, `the ${contentType} preset of account ${accountId}`)),
  );
}

/** Validated request layers by content type, platform, where and canonical JSON; bounded like a preset's shapes. */
const requestIssues = new Map<string, readonly SettingsIssue[]>();
const MAX_REQUEST_LAYERS = 1024;

/**
 * validateSettingsLayer of a layer the request sent (platformSettings.x,
 * accountSettings.n), once per distinct layer, with the layer's key for
 * targetSettings (null only when there are issues).
 */
export function requestLayerIssues(contentType: ContentType, platform: string, layer: unknown, where: string): { key: string | null; issues: readonly SettingsIssue[] } {
  const key = layerKey(layer);
  if (key === null) return { key, issues: [{ code: 'invalid_settings', field: where, message: `${where} holds a number too large to represent` }] };
  const memoKey = `${contentType}\n${platform}\n${where}\n${key}`;
  let issues = requestIssues.get(memoKey);
  if (issues === undefined) {
    if (requestIssues.size >= MAX_REQUEST_LAYERS) requestIssues.clear();
    issues = Object.freeze(validateSettingsLayer(contentType, platform, layer, where));
    requestIssues.set(memoKey, issues);
  }
  return { key, issues };
}

function compute(i: TargetSettingsInput, preset: Settings | undefined): TargetSettings {
  const merged = mergeSettings(i.mode, preset, i.platformLayer, i.accountLayer);
  const fields = fieldsFor(i.contentType, i.platform) ?? [];
  const fieldSources: Record<string, FieldSource> = { ...merged.fieldSources };
  const base = { ...merged.settings };
  // A cover the content carries is used when the platform takes one and no layer chose otherwise.
  if (base.coverMode === undefined && i.hasCover && platformContract(i.contentType, i.platform)!.cover.custom) {
    base.coverMode = 'custom';
    fieldSources.coverMode = 'default';
  }
  // Content whose own facts say it is AI-made is labelled where the platform has a label, unless a layer chose.
  if (base.aiLabel === undefined && i.aiLabelRequired && fields.some((f) => f.key === 'aiLabel')) {
    base.aiLabel = true;
    fieldSources.aiLabel = 'default';
    // A declaration the label requires takes its AI choice, the one that says what the label says.
    for (const f of fields) {
      if (base[f.key] === undefined && f.requiredWhen?.field === 'aiLabel' && f.requiredWhen.in.includes(true) && f.options?.includes('ai_generated')) {
        base[f.key] = 'ai_generated';
        fieldSources[f.key] = 'default';
      }
    }
  }
  const { settings, defaulted } = applyDefaults(i.contentType, i.platform, base);
  for (const key of defaulted) fieldSources[key] = 'default';
  return {
    settings: Object.freeze(settings),
    source: Object.freeze(merged.source),
    fieldSources: Object.freeze(fieldSources),
    settingsHash: settingsHash(settings),
    issues: Object.freeze(checkEffectiveSettings(i.contentType, i.platform, settings, `account ${i.accountId} (${i.platform})`)),
  };
}

/** The target's effective settings, their sources and hash, and what they still lack. */
export function targetSettings(i: TargetSettingsInput): TargetSettings {
  const preset = i.mode === 'account' ? i.preset : undefined;
  const key = `${i.contentType}\n${i.accountId}\n${i.platform}\n${i.mode}\n${i.hasCover ? 1 : 0}${i.aiLabelRequired ? 1 : 0}\n${i.platformKey}\n${i.accountKey}`;
  return derived.get(preset ?? NO_PRESET, key, () => compute(i, preset));
}

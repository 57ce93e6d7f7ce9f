/**
 * The settings merge rules and the canonical
 * form settings are hashed in. Pure: the control plane freezes the result
 * into each job and an executor can recompute the hash of what it received.
 *
 *  - `account` mode (default): account preset for the content type, then
 *    platformSettings[platform], then accountSettings[accountId]; a later
 *    layer wins field by field (a list replaces a list, it is not appended).
 *  - `custom` mode: the preset is ignored; only this request's layers apply.
 *
 * Overrides apply to the one task; presets are never written back.
 */
import { sha256Hex } from '../encoding.js';

export const SETTINGS_MODES = ['account', 'custom'] as const;
export type SettingsMode = (typeof SETTINGS_MODES)[number];

export type SettingsLayer = 'preset' | 'platform' | 'account';
export type SettingsObject = Record<string, unknown>;

export interface MergedSettings {
  settings: SettingsObject;
  /** Layers that contributed at least one field, in merge order. */
  source: SettingsLayer[];
  /** Which layer each field finally came from. */
  fieldSources: Record<string, SettingsLayer>;
}

export function mergeSettings(
  mode: SettingsMode,
  preset: SettingsObject | null | undefined,
  platformSettings: SettingsObject | null | undefined,
  accountSettings: SettingsObject | null | undefined,
): MergedSettings {
  const layers: Array<[SettingsLayer, SettingsObject | null | undefined]> = [
    ['preset', mode === 'account' ? preset : null],
    ['platform', platformSettings],
    ['account', accountSettings],
  ];
  const settings: SettingsObject = {};
  const fieldSources: Record<string, SettingsLayer> = {};
  const source: SettingsLayer[] = [];
  for (const [name, layer] of layers) {
    if (!layer) continue;
    let contributed = false;
    for (const [key, value] of Object.entries(layer)) {
      if (value === undefined) continue;
      settings[key] = Array.isArray(value) ? [...value] : value;
      fieldSources[key] = name;
      contributed = true;
    }
    if (contributed) source.push(name);
  }
  return { settings, source, fieldSources };
}

/**
 * JSON with object keys sorted at every level and no whitespace: one value,
 * one text. Only JSON values are accepted (no undefined inside arrays, no
 * non-finite numbers), so the text is what any other implementation produces.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('canonicalJson: non-finite number');
    return JSON.stringify(value);
  }
  // Plain loops and one string: this runs over every target's settings on each preflight and publish.
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + canonicalJson(value[i]);
    return `${out}]`;
  }
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    // Default sort compares UTF-16 code units, as `a < b` does.
    const keys = Object.keys(object).sort();
    let out = '{';
    let first = true;
    for (const key of keys) {
      const v = object[key];
      if (v === undefined) continue;
      out += `${first ? '' : ','}${JSON.stringify(key)}:${canonicalJson(v)}`;
      first = false;
    }
    return `${out}}`;
  }
  throw new TypeError(`canonicalJson: ${typeof value} is not a JSON value`);
}

/** The hash stored beside every frozen settings snapshot: lowercase hex SHA-256 of its canonical JSON. */
export function settingsHash(settings: SettingsObject): string {
  return sha256Hex(canonicalJson(settings));
}

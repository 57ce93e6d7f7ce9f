/**
 * The console's preset form and the settings it saves: each contract field's
 * input holds a value or nothing, and nothing is "not in the preset".
 */
import type { AccountPreset } from './api/paths.js';

export type Field = AccountPreset['fields'][number];
/** What a field's input holds: '' (or no item) is "not in the preset". Booleans are 'true' / 'false'. */
export type FormValue = string | number | string[];
export type FormValues = Record<string, FormValue>;

/** The form's values for a stored preset: each field's value, or empty when the preset does not set it. */
export function formValuesOf(fields: readonly Field[], settings: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const v = settings[field.key];
    if (field.type === 'string_list') values[field.key] = Array.isArray(v) ? v.map(String) : [];
    else if (field.type === 'integer') values[field.key] = typeof v === 'number' ? v : '';
    else if (field.type === 'boolean') values[field.key] = typeof v === 'boolean' ? String(v) : '';
    else values[field.key] = typeof v === 'string' ? v : '';
  }
  return values;
}

/** The preset to save: only the fields given a value, each as the contract types it. */
export function settingsOf(fields: readonly Field[], values: FormValues): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const field of fields) {
    const v = values[field.key];
    if (v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    if (field.type === 'boolean') settings[field.key] = v === 'true';
    else settings[field.key] = v;
  }
  return settings;
}

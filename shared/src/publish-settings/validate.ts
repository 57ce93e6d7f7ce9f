/**
 * Validation built from the contract data: one strict zod object per
 * (content type, platform), plus the checks a single zod object cannot express
 * for one layer in isolation (deprecated fields get their own code; required
 * and conditional declarations are judged on the merged result, because any
 * layer may supply them).
 */
import { z } from 'zod';
import type { ContentType } from '../platforms.js';
import { fieldsFor, platformContract, type SettingField } from './contract.js';

export type SettingsIssueCode = 'invalid_settings' | 'deprecated_field';

export interface SettingsIssue {
  code: SettingsIssueCode;
  /** Dotted path the caller sent, e.g. platformSettings.bilibili.tid. */
  field: string;
  message: string;
}

/** What a value outside a fixed list is told: the offered values themselves, which are few enough to read. */
function notAnOption(f: SettingField, input: unknown): string {
  const options = f.options ?? [];
  const shown = options.slice(0, 20).join(', ');
  const more = options.length > 20 ? `, … (${options.length} in all)` : '';
  return `${JSON.stringify(input)} is not one of the values the platform offers for ${f.key}: ${shown}${more} (GET /publish/settings lists them)`;
}

/**
 * A text's width as editors that count a Chinese character double measure it
 * (WeChat's author field): each UTF-16 unit beyond Latin-1 (U+00FF) counts 2,
 * the others 1. A character outside the Basic Multilingual Plane (most emoji)
 * is two such units and counts 4.
 */
export function displayWidth(text: string): number {
  let width = 0;
  for (let i = 0; i < text.length; i++) width += text.charCodeAt(i) > 0xff ? 2 : 1;
  return width;
}

function tooWide(value: string, max: number): string {
  return `is ${displayWidth(value)} wide; the platform takes a width of at most ${max}, counting a Chinese (full-width) character as 2 and a Latin letter, digit or space as 1 (${Math.floor(max / 2)} Chinese characters, or ${max} Latin ones)`;
}

function optionSchema(f: SettingField): z.ZodType<string> {
  return z.enum(f.options as [string, ...string[]], { error: (issue) => notAnOption(f, issue.input) });
}

function fieldSchema(f: SettingField): z.ZodType {
  switch (f.type) {
    case 'boolean':
      return z.boolean();
    case 'integer': {
      let s = z.number().int();
      if (f.min !== undefined) s = s.min(f.min);
      if (f.max !== undefined) s = s.max(f.max);
      return s;
    }
    case 'enum':
      return optionSchema(f);
    case 'string_list': {
      let item: z.ZodType<string>;
      if (f.options) item = optionSchema(f);
      else {
        let text = f.topicNames
          ? z.string().regex(/[^\s#]/, 'names no topic: a tag needs a name besides # and spaces (send it without the leading #)')
          : z.string().regex(/\S/, 'must not be blank');
        if (f.maxLength !== undefined) text = text.max(f.maxLength);
        item = text;
      }
      let list = z.array(item);
      if (f.minItems !== undefined) list = list.min(f.minItems, `takes at least ${f.minItems} item(s) on this platform`);
      if (f.maxItems !== undefined) list = list.max(f.maxItems, `takes at most ${f.maxItems} items on this platform`);
      return list;
    }
    case 'url':
      return z.url({ protocol: /^https?$/ }).max(f.maxLength ?? 2000);
    case 'string':
    case 'text': {
      let s = z.string();
      if (f.minLength !== undefined) s = s.min(f.minLength);
      if (f.maxLength !== undefined) s = s.max(f.maxLength);
      const maxWidth = f.maxWidth;
      if (maxWidth !== undefined) s = s.refine((v) => displayWidth(v) <= maxWidth, { error: (issue) => tooWide(issue.input as string, maxWidth) });
      return s;
    }
  }
}

const cache = new Map<string, z.ZodObject | null>();

/** The strict zod object for one settings layer (every field optional); null when the platform does not take the type. */
export function settingsSchema(contentType: ContentType, platform: string): z.ZodObject | null {
  const id = `${contentType}:${platform}`;
  if (cache.has(id)) return cache.get(id)!;
  const fields = fieldsFor(contentType, platform);
  const schema = fields ? z.strictObject(Object.fromEntries(fields.map((f) => [f.key, fieldSchema(f).optional()]))) : null;
  cache.set(id, schema);
  return schema;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks one layer (a preset, platformSettings[platform] or
 * accountSettings[id]) on its own: deprecated fields, unknown fields, wrong
 * types and values out of range. `where` prefixes every issue's field.
 */
export function validateSettingsLayer(contentType: ContentType, platform: string, value: unknown, where: string): SettingsIssue[] {
  const schema = settingsSchema(contentType, platform);
  if (!schema) return [{ code: 'invalid_settings', field: where, message: `${where}: ${platform} does not publish ${contentType} content, so it takes no ${contentType} settings` }];
  if (!isPlainObject(value)) return [{ code: 'invalid_settings', field: where, message: `${where} must be an object of settings` }];

  const issues: SettingsIssue[] = [];
  const deprecated = platformContract(contentType, platform)?.deprecated ?? [];
  for (const d of deprecated) {
    if (Object.hasOwn(value, d.key)) {
      issues.push({ code: 'deprecated_field', field: `${where}.${d.key}`, message: `${where}.${d.key} is deprecated: ${d.message}` });
    }
  }
  if (issues.length) return issues;

  const parsed = schema.safeParse(value);
  if (parsed.success) return [];
  const known = Object.keys(schema.shape).join(', ');
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        issues.push({ code: 'invalid_settings', field: `${where}.${key}`, message: `${where}.${key} is not a ${platform} ${contentType} setting (known: ${known})` });
      }
      continue;
    }
    const field = [where, ...issue.path.map(String)].join('.');
    issues.push({ code: 'invalid_settings', field, message: `${field}: ${issue.message}` });
  }
  return issues;
}

/**
 * Checks merged settings: required fields and conditional declarations
 * ("required when X is Y"). `where` names the target, e.g. "account 7 (bilibili)".
 */
export function checkEffectiveSettings(contentType: ContentType, platform: string, settings: Record<string, unknown>, where: string): SettingsIssue[] {
  const fields = fieldsFor(contentType, platform) ?? [];
  const issues: SettingsIssue[] = [];
  const hint = `set it in platformSettings.${platform}, accountSettings or the account's ${contentType} preset`;
  for (const f of fields) {
    if (f.refuses && settings[f.key] === f.refuses.value) {
      issues.push({ code: 'invalid_settings', field: f.key, message: `${where}: ${f.key} ${JSON.stringify(f.refuses.value)}: ${f.refuses.message}` });
      continue;
    }
    if (settings[f.key] !== undefined) continue;
    if (f.required) {
      issues.push({ code: 'invalid_settings', field: f.key, message: `${where}: ${f.key} is required for ${platform} ${contentType}; ${hint}` });
    } else if (f.requiredWhen && f.requiredWhen.in.includes(settings[f.requiredWhen.field] as string | boolean | number)) {
      issues.push({
        code: 'invalid_settings',
        field: f.key,
        message: `${where}: ${f.key} is required when ${f.requiredWhen.field} is ${f.requiredWhen.in.map((v) => JSON.stringify(v)).join(' or ')}; ${hint}`,
      });
    }
  }
  return issues;
}

/** Fills in contract defaults for fields no layer set; returns the keys it filled. */
export function applyDefaults(contentType: ContentType, platform: string, settings: Record<string, unknown>): { settings: Record<string, unknown>; defaulted: string[] } {
  const out = { ...settings };
  const defaulted: string[] = [];
  for (const f of fieldsFor(contentType, platform) ?? []) {
    if (out[f.key] === undefined && f.default !== undefined) {
      out[f.key] = Array.isArray(f.default) ? [...f.default] : f.default;
      defaulted.push(f.key);
    }
  }
  return { settings: out, defaulted };
}

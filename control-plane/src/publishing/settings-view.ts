/** Wire form of the settings contract (shared/publish-settings), shared by GET /publish/settings and GET /video/meta. */
import type { ContentLimits, CoverSupport, DeprecatedSetting, SettingField } from '@plume/shared';
import { z } from 'zod';

const settingValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);

export const settingFieldView = z.object({
  key: z.string().describe('Name to use inside platformSettings, accountSettings and presets'),
  type: z.enum(['string', 'text', 'boolean', 'integer', 'enum', 'string_list', 'url']),
  description: z.string(),
  required: z.boolean(),
  required_when: z
    .object({ field: z.string(), in: z.array(z.union([z.string(), z.number(), z.boolean()])) })
    .nullable()
    .describe('Conditional declaration: required when `field` has one of these values'),
  options: z
    .array(z.string())
    .optional()
    .describe("enum: the values it takes. string_list: the only items it takes, from the platform's own fixed list (juejin tags); absent, items are free text. Other values are refused with 422 invalid_settings."),
  default: settingValue.optional().describe('Applied when no layer sets the field'),
  limits: z
    .object({
      min_length: z.number().int().optional(),
      max_length: z.number().int().optional(),
      max_width: z
        .number()
        .int()
        .optional()
        .describe("The widest value the platform's editor takes, as it measures: a Chinese (full-width) character counts 2, a Latin letter, digit or space 1 (WeChat's author: 16, that is 8 Chinese characters)"),
      min: z.number().optional(),
      max: z.number().optional(),
      min_items: z.number().int().optional(),
      max_items: z.number().int().optional(),
    })
    .optional(),
});

export const deprecatedSettingView = z.object({ key: z.string(), replacement: z.string(), message: z.string() });

export const limitsView = z.object({
  title_min_length: z.number().int().optional(),
  title_max_length: z.number().int().optional(),
  content_max_length: z.number().int().optional(),
  min_images: z.number().int().optional(),
  max_images: z.number().int().optional(),
  inline_pictures: z
    .enum(['web_addresses_only'])
    .optional()
    .describe(
      "Articles: pictures in the body must be web (http, https) addresses; the platform's executors cannot upload a local file. An article whose body has a local path or a relative address is refused for this platform with 422 local_picture_unsupported.",
    ),
});

export const coverView = z.object({
  custom: z.boolean().describe('coverMode custom is accepted; a cover the platform does not adopt stops the job instead of falling back to an automatic cover'),
  note: z.string(),
});

export function fieldView(f: SettingField): z.infer<typeof settingFieldView> {
  const limits = {
    ...(f.minLength !== undefined ? { min_length: f.minLength } : {}),
    ...(f.maxLength !== undefined ? { max_length: f.maxLength } : {}),
    ...(f.maxWidth !== undefined ? { max_width: f.maxWidth } : {}),
    ...(f.min !== undefined ? { min: f.min } : {}),
    ...(f.max !== undefined ? { max: f.max } : {}),
    ...(f.minItems !== undefined ? { min_items: f.minItems } : {}),
    ...(f.maxItems !== undefined ? { max_items: f.maxItems } : {}),
  };
  return {
    key: f.key,
    type: f.type,
    description: f.description,
    required: f.required === true,
    required_when: f.requiredWhen ? { field: f.requiredWhen.field, in: [...f.requiredWhen.in] } : null,
    ...(f.options ? { options: [...f.options] } : {}),
    ...(f.default !== undefined ? { default: Array.isArray(f.default) ? [...f.default] : f.default } : {}),
    ...(Object.keys(limits).length ? { limits } : {}),
  };
}

export function limitsOf(l: ContentLimits): z.infer<typeof limitsView> {
  return {
    ...(l.titleMinLength !== undefined ? { title_min_length: l.titleMinLength } : {}),
    ...(l.titleMaxLength !== undefined ? { title_max_length: l.titleMaxLength } : {}),
    ...(l.contentMaxLength !== undefined ? { content_max_length: l.contentMaxLength } : {}),
    ...(l.minImages !== undefined ? { min_images: l.minImages } : {}),
    ...(l.maxImages !== undefined ? { max_images: l.maxImages } : {}),
    ...(l.inlinePictures !== undefined ? { inline_pictures: l.inlinePictures } : {}),
  };
}

export const deprecatedOf = (d: DeprecatedSetting[]) => d.map((x) => ({ key: x.key, replacement: x.replacement, message: x.message }));
export const coverOf = (c: CoverSupport) => ({ custom: c.custom, note: c.note });

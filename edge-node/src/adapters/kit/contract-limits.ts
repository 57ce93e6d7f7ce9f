/**
 * An adapter's limits as the settings contract states them
 * (shared/src/publish-settings): preflight checks a job against the contract,
 * so the node refuses exactly what preflight refused, and a limit is changed
 * in one place. A limit the contract does not state — a fact only the
 * adapter's page knows, or one where the page is stricter than the contract —
 * stays the adapter's own constant, with why.
 */
import { type ContentType, fieldsFor, type PlatformSettingsContract, platformContract, type SettingField } from '@plume/shared';

type Reader = (contract: PlatformSettingsContract, field: (key: string) => SettingField | undefined) => number | undefined;

/** Where each limit is in the contract. */
const READERS = {
  titleMin: (c, _f) => c.limits.titleMinLength,
  titleMax: (c, _f) => c.limits.titleMaxLength,
  /** The optional `title` setting of a dynamic (its title box). */
  titleFieldMax: (_c, f) => f('title')?.maxLength,
  /** The text of a dynamic. */
  textMax: (c, _f) => c.limits.contentMaxLength,
  minImages: (c, _f) => c.limits.minImages,
  maxImages: (c, _f) => c.limits.maxImages,
  tagsMin: (_c, f) => f('tags')?.minItems,
  tagsMax: (_c, f) => f('tags')?.maxItems,
  /** Characters of one tag. */
  tagMax: (_c, f) => f('tags')?.maxLength,
  descriptionMax: (_c, f) => f('description')?.maxLength,
  summaryMax: (_c, f) => f('summary')?.maxLength,
  /** The author's width as the editor measures it (a Chinese character counts 2). */
  authorMaxWidth: (_c, f) => f('author')?.maxWidth,
} satisfies Record<string, Reader>;

export type ContractLimit = keyof typeof READERS;

/**
 * The named limits of a platform's content type, read from the settings contract. A limit the
 * contract does not state for it throws when the adapter module loads: the adapter would
 * otherwise check against nothing.
 */
export function contractLimits<K extends ContractLimit>(type: ContentType, platform: string, keys: readonly K[]): Readonly<Record<K, number>> {
  const contract = platformContract(type, platform);
  if (!contract) throw new Error(`the settings contract has no ${type} for ${platform}`);
  const fields = fieldsFor(type, platform) ?? [];
  const field = (key: string) => fields.find((f) => f.key === key);
  const out = {} as Record<K, number>;
  for (const key of keys) {
    const value = READERS[key](contract, field);
    if (value === undefined) throw new Error(`the settings contract states no ${key} for ${platform} ${type}`);
    out[key] = value;
  }
  return Object.freeze(out);
}

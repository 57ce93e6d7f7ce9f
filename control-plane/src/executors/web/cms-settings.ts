/**
 * The settings fields the web executor applies to each CMS site type: the
 * worker's own (coverMode) and the plugin's. Preflight reports any other
 * field a job would carry as ignored (publish/ignored-settings.ts), and
 * cms-settings.int.test.ts holds the plugins to this list against the CMS
 * simulator: a field outside it changes nothing they send.
 */
import type { CmsType } from './cms-plugin.js';

export const CMS_APPLIED_SETTINGS: Readonly<Record<CmsType, readonly string[]>> = Object.freeze({
  wordpress: Object.freeze(['coverMode', 'status', 'categories', 'tags', 'slug', 'summary']),
  metaweblog: Object.freeze(['coverMode', 'publish', 'categories', 'tags', 'summary']),
});

export function cmsAppliedSettings(platform: string): readonly string[] | null {
  return Object.hasOwn(CMS_APPLIED_SETTINGS, platform) ? CMS_APPLIED_SETTINGS[platform as CmsType] : null;
}

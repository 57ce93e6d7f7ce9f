/**
 * What a node can run, judged from the capabilities it last reported: for a
 * platform and content type, either the settings its adapter applies, or why
 * the node cannot run such a job. The control plane's account list, preflight
 * and publish all ask this, so an account is publishable for a type exactly
 * when its node reported an adapter for that pair.
 *
 * Reports that predate `adapters` (older plume-edge builds, desktop apps not
 * yet updated) name platforms at most, never content types. They are judged
 * conservatively: a platform they do not list is unsupported, and for one
 * they do list the content types are unknown, so nothing is promised
 * (`node_adapters_unreported`) until the node is updated and reconnects.
 */
import type { ContentType } from './platforms.js';
import { type AdapterReport, CHALLENGE_KINDS, type ChallengeKind } from './node-protocol.js';

export const ADAPTER_GAPS = ['node_adapters_unreported', 'platform_unsupported_by_node', 'content_type_unsupported_by_node'] as const;
/**
 * - `node_adapters_unreported`: the node's report predates (platform × content type) pairs.
 * - `platform_unsupported_by_node`: the node runs no adapter for the platform.
 * - `content_type_unsupported_by_node`: it has one, which publishes other content types.
 */
export type AdapterGap = (typeof ADAPTER_GAPS)[number];

/** The part of a capabilities report this judges (stored reports may lack either list). */
export interface AdapterCapabilities {
  adapters?: readonly AdapterReport[];
  platforms?: readonly string[];
}

export type AdapterSupport = { ok: true; settings: readonly string[] } | { ok: false; gap: AdapterGap };

export function adapterSupport(capabilities: AdapterCapabilities, platform: string, contentType: ContentType): AdapterSupport {
  const { adapters, platforms } = capabilities;
  if (!Array.isArray(adapters)) {
    if (Array.isArray(platforms) && !platforms.includes(platform)) return { ok: false, gap: 'platform_unsupported_by_node' };
    return { ok: false, gap: 'node_adapters_unreported' };
  }
  let platformKnown = false;
  for (const a of adapters) {
    if (a.platform !== platform) continue;
    platformKnown = true;
    if (a.contentTypes.includes(contentType)) return { ok: true, settings: a.settings };
  }
  return { ok: false, gap: platformKnown ? 'content_type_unsupported_by_node' : 'platform_unsupported_by_node' };
}

/** The content types the node publishes on the platform (from its report; none when it predates pairs). */
export function nodeContentTypes(capabilities: AdapterCapabilities, platform: string): ContentType[] {
  const types = new Set<ContentType>();
  for (const a of capabilities.adapters ?? []) if (a.platform === platform) for (const t of a.contentTypes) types.add(t);
  return [...types];
}

/**
 * What the platform may ask in the middle of a publish there, as the node's adapters record it
 * (their sourced facts): a job there may wait for a person (onChallenge: wait) or fail fast.
 */
export function nodeChallenges(capabilities: AdapterCapabilities, platform: string): ChallengeKind[] {
  const kinds = new Set<ChallengeKind>();
  for (const a of capabilities.adapters ?? []) if (a.platform === platform) for (const k of a.challenges ?? []) kinds.add(k);
  return CHALLENGE_KINDS.filter((k) => kinds.has(k));
}

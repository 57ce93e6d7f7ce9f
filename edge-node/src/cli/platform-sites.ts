/**
 * Which site each platform's accounts are checked and published on:
 * PLUME_EDGE_PLATFORM_URLS (a replica, a staging site) or the adapter's live
 * site. A trial that names some platforms there and not another sends that
 * other platform's accounts to the live site, simulator cookies and all; these
 * warnings say so where an operator looks (starting `run`, importing or
 * checking an account). The variable is read when a command starts: a running
 * daemon keeps the map it started with.
 */

export interface SiteOptions {
  platform: string;
  platformUrls: Readonly<Record<string, string>>;
  /** The adapter's live site; undefined when this node has no adapter for the platform. */
  defaultBaseUrl: string | undefined;
  /** The cookie domains of a storage state being imported, to compare with the site they will be sent to. */
  cookieDomains?: readonly string[];
}

const RESTART = 'PLUME_EDGE_PLATFORM_URLS is read only when plume-edge starts: restart `plume-edge run` after changing it';

const isLocal = (host: string) => /^(localhost|127\.\d+\.\d+\.\d+|\[?::1\]?)$/i.test(host.replace(/^\./, ''));

/** What is wrong with where this platform's accounts go, or null. */
export function siteWarning(o: SiteOptions): string | null {
  if (o.defaultBaseUrl === undefined || o.platformUrls[o.platform] !== undefined) return null;
  const live = o.defaultBaseUrl;
  const liveHost = new URL(live).hostname;
  const named = Object.keys(o.platformUrls);
  const localCookies = [...new Set((o.cookieDomains ?? []).map((d) => d.replace(/^\./, '')).filter(isLocal))];
  const parts: string[] = [];
  if (named.length) {
    parts.push(`${o.platform} is not in PLUME_EDGE_PLATFORM_URLS (it names ${named.join(', ')}), so ${o.platform} accounts are checked and published on the live site ${live}`);
  } else if (localCookies.length) {
    parts.push(`PLUME_EDGE_PLATFORM_URLS is not set, so ${o.platform} accounts are checked and published on the live site ${live}`);
  } else {
    return null;
  }
  if (localCookies.length) parts.push(`the imported cookies are for ${localCookies.join(', ')} (a local replica), not ${liveHost}: the live site will not see this login`);
  parts.push(`to use a replica or staging site add "${o.platform}": "<base URL>" to PLUME_EDGE_PLATFORM_URLS; ${RESTART}`);
  return parts.join('; ');
}

/** One warning per platform among `platforms` whose accounts go to a live site while the map names others. */
export function startWarnings(platforms: Iterable<string>, platformUrls: Readonly<Record<string, string>>, liveSiteOf: (platform: string) => string | undefined): string[] {
  return [...new Set(platforms)].sort().flatMap((platform) => {
    const warning = siteWarning({ platform, platformUrls, defaultBaseUrl: liveSiteOf(platform) });
    return warning ? [warning] : [];
  });
}

export const warn = (message: string) => process.stderr.write(`plume-edge: warning: ${message}\n`);

/**
 * One address convention for every adapter: adapters name the platform's REAL
 * URLs (creator pages, API hosts, upload hosts). When the node is pointed at a
 * replica (`ctx.baseUrl` differs from the adapter's real origin), the real URL
 * `https://<host><path>?<query>` is served at `<ctx.baseUrl>/<host><path>?<query>`.
 * Against the live site both functions are the identity.
 */
import type { Adapter, AdapterContext } from '../contract.js';

type Origin = Pick<Adapter, 'defaultBaseUrl'>;

const trim = (u: string) => u.replace(/\/+$/, '');

function mapped(ctx: Pick<AdapterContext, 'baseUrl'>, adapter: Origin): boolean {
  return trim(ctx.baseUrl) !== trim(adapter.defaultBaseUrl);
}

/** The address to open or call for the real URL `real`. */
export function liveUrl(ctx: Pick<AdapterContext, 'baseUrl'>, adapter: Origin, real: string): string {
  if (!mapped(ctx, adapter)) return real;
  const u = new URL(real);
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new Error(`liveUrl: not a web address: ${real}`);
  return `${trim(ctx.baseUrl)}/${u.host}${u.pathname}${u.search}${u.hash}`;
}

/**
 * The real URL a page address stands for: the inverse of `liveUrl`, so login
 * redirects and post links are recognised the same way on the live site and
 * on a replica. Addresses outside the replica are returned as they are.
 */
export function realUrl(ctx: Pick<AdapterContext, 'baseUrl'>, adapter: Origin, address: string): URL {
  if (!mapped(ctx, adapter)) return new URL(address);
  const base = trim(ctx.baseUrl);
  if (!address.startsWith(`${base}/`)) return new URL(address);
  const rest = address.slice(base.length + 1);
  return new URL(`https://${rest}`);
}

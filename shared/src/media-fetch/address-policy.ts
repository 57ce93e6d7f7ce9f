/**
 * Which hosts a cover URL may name. Executors download covers on behalf of
 * API callers, so a cover URL must never reach something only the executor
 * can reach: the machine itself, its private network, cloud metadata
 * endpoints (169.254.169.254), and so on. Only globally routable unicast
 * addresses are allowed; every other IANA special-purpose range is refused,
 * with the IPv6 spellings of IPv4 addresses judged by the IPv4 address they
 * carry.
 *
 * The same rules serve two callers: preflight (the URL's form and a literal
 * IP host, without any lookup) and the downloader (every address DNS
 * returned, for every redirect hop).
 */
import ipaddr from 'ipaddr.js';

export interface AddressPolicy {
  /** Tests only: also allow 127.0.0.0/8 and ::1 (a local test server). Never set by a shipped program. */
  allowLoopback?: boolean;
}

/** Why an IP address may not be fetched from (the range's name), or null when it is public unicast. */
export function addressRefusal(ip: string, policy: AddressPolicy = {}): string | null {
  const literal = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  // Zone ids (fe80::1%eth0) name an interface of this machine: link-local by definition.
  if (literal.includes('%')) return 'link-local (zone id)';
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.parse(literal);
  } catch {
    return 'not an IP address';
  }
  if (addr.kind() === 'ipv4') return ipv4Refusal(addr as ipaddr.IPv4, policy);
  return ipv6Refusal(addr as ipaddr.IPv6, policy);
}

const IPV4_NAMES: Record<string, string> = {
  unspecified: 'unspecified (0.0.0.0/8)',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local (169.254.0.0/16)',
  loopback: 'loopback',
  carrierGradeNat: 'carrier-grade NAT (100.64.0.0/10)',
  private: 'private (RFC 1918)',
  reserved: 'reserved or documentation range',
  as112: 'AS112 anycast',
  amt: 'AMT anycast',
  benchmarking: 'benchmarking range',
};

function ipv4Refusal(addr: ipaddr.IPv4, policy: AddressPolicy, via = ''): string | null {
  const range = addr.range();
  if (range === 'unicast') return null;
  if (range === 'loopback' && policy.allowLoopback) return null;
  return `${via}${IPV4_NAMES[range] ?? range}`;
}

function ipv6Refusal(addr: ipaddr.IPv6, policy: AddressPolicy): string | null {
  const range = addr.range();
  // ::ffff:a.b.c.d reaches the IPv4 address a.b.c.d on a dual-stack socket.
  if (range === 'ipv4Mapped') return ipv4Refusal(addr.toIPv4Address(), policy, 'IPv4-mapped ');
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry a public IPv4 address when they are legitimate.
  if (range === 'rfc6052' && addr.parts[2] === 0) return ipv4Refusal(embeddedV4(addr.parts[6]!, addr.parts[7]!), policy, 'NAT64 of ');
  if (range === '6to4') return ipv4Refusal(embeddedV4(addr.parts[1]!, addr.parts[2]!), policy, '6to4 of ');
  if (range === 'loopback' && policy.allowLoopback) return null;
  if (range !== 'unicast') return IPV6_NAMES[range] ?? range;
  // Global unicast is 2000::/3; what ipaddr calls unicast outside it (IPv4-compatible ::a.b.c.d, unassigned space) is not routable.
  if ((addr.parts[0]! & 0xe000) !== 0x2000) return 'outside IPv6 global unicast (2000::/3)';
  return null;
}

const IPV6_NAMES: Record<string, string> = {
  unspecified: 'unspecified (::)',
  linkLocal: 'link-local (fe80::/10)',
  multicast: 'multicast',
  loopback: 'loopback',
  uniqueLocal: 'unique local (fc00::/7)',
  deprecatedSiteLocal: 'site-local (fec0::/10)',
  rfc6145: 'IPv4-translated (RFC 6145)',
  rfc6052: 'local-use NAT64 (64:ff9b:1::/48)',
  teredo: 'Teredo (2001::/32)',
  reserved: 'reserved or documentation range',
  discard: 'discard-only (100::/64)',
};

const embeddedV4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);

/** Names that mean this machine whatever DNS says (RFC 6761). */
const LOCAL_NAME = /(^|\.)localhost\.?$/i;

/**
 * Why a host (as URL.hostname gives it) may not be fetched from before any
 * lookup: a literal IP outside public unicast, or a name of this machine;
 * null when only DNS can tell.
 */
export function hostRefusal(hostname: string, policy: AddressPolicy = {}): string | null {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (ipaddr.isValid(bare)) return addressRefusal(bare, policy);
  if (LOCAL_NAME.test(bare)) return policy.allowLoopback ? null : 'names this machine (localhost)';
  return null;
}

export interface UrlPolicy extends AddressPolicy {
  /** Tests only: accept http: as well as https: (a local test server has no trusted certificate). */
  allowHttp?: boolean;
}

export const MAX_COVER_URL_LENGTH = 2048;

/**
 * Why a URL may not be downloaded as a cover, judged from the URL alone, or
 * null: it must parse, be https, carry no credentials, and not name a
 * non-public literal address or localhost. (A name that resolves to a
 * private address is caught by the downloader, after the lookup.)
 */
export function coverUrlProblem(raw: string, policy: UrlPolicy = {}): string | null {
  if (raw.length > MAX_COVER_URL_LENGTH) return `is longer than ${MAX_COVER_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not a valid URL';
  }
  const schemes = policy.allowHttp ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) return `must be an https URL (not ${url.protocol.replace(/:$/, '')})`;
  if (url.username || url.password) return 'must not carry a user name or password';
  if (!url.hostname) return 'has no host';
  const refused = hostRefusal(url.hostname, policy);
  return refused ? `names a host that is not public: ${refused}` : null;
}

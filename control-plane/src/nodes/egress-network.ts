/**
 * The network an address belongs to, as platforms tend to judge a login's
 * origin: an IPv4 address by its /24, an IPv6 address by its /48 (the usual
 * size of one site's allocation). An IPv4 address written as IPv6
 * (`::ffff:203.0.113.7`, how a dual-stack socket reports an IPv4 peer) is
 * the IPv4 address. Two connections from the same home router, or from two
 * hosts of one data-centre range, give the same network; a move to another
 * ISP, another range or a proxy gives another.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** `a.b.c.0/24` or the compressed `x:y:z::/48`; null for anything that is not an IP address. */
export function egressNetwork(address: string | null | undefined): string | null {
  if (!address) return null;
  // A zone index (fe80::1%eth0) names an interface on this host, not a network.
  const bare = address.trim().replace(/%.*$/, '');
  if (isIPv4(bare)) return ipv4Network(bare);
  if (!isIPv6(bare)) return null;
  const groups = expandIPv6(bare);
  if (!groups) return null;
  // ::ffff:0:0/96: an IPv4 address seen through an IPv6 socket.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return ipv4Network(`${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`);
  }
  return `${compressIPv6([groups[0]!, groups[1]!, groups[2]!, 0, 0, 0, 0, 0])}/48`;
}

function ipv4Network(address: string): string {
  const [a, b, c] = address.split('.').map(Number);
  return `${a}.${b}.${c}.0/24`;
}

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 part included). */
function expandIPv6(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  const groups = [...left, ...Array<number>(missing).fill(0), ...right];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** RFC 5952 text: lower case, no leading zeros, the longest run (≥ 2) of zero groups as `::`. */
function compressIPv6(groups: number[]): string {
  let best = { at: -1, len: 0 };
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.len) best = { at: i, len: j - i };
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.len < 2) return hex.join(':');
  return `${hex.slice(0, best.at).join(':')}::${hex.slice(best.at + best.len).join(':')}`;
}

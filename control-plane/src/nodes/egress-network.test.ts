import { describe, expect, it } from 'vitest';
import { egressNetwork } from './egress-network.js';

describe('egressNetwork', () => {
  it.each([
    ['203.0.113.7', '203.0.113.0/24'],
    ['203.0.113.250', '203.0.113.0/24'],
    ['198.51.100.7', '198.51.100.0/24'],
    ['127.0.0.1', '127.0.0.0/24'],
  ])('reduces IPv4 %s to its /24', (address, network) => {
    expect(egressNetwork(address)).toBe(network);
  });

  it.each([
    ['2001:db8:1234:5678::1', '2001:db8:1234::/48'],
    ['2001:0DB8:1234:ffff:0:0:0:1', '2001:db8:1234::/48'],
    ['2001:db8::1', '2001:db8::/48'],
    ['2001:db8:0:1::1', '2001:db8::/48'],
    ['2001:0:0:1::1', '2001::/48'],
    ['2a02:1:2::1', '2a02:1:2::/48'],
    ['fe80::1%eth0', 'fe80::/48'],
    ['::1', '::/48'],
  ])('reduces IPv6 %s to its /48', (address, network) => {
    expect(egressNetwork(address)).toBe(network);
  });

  it.each([
    ['::ffff:203.0.113.7', '203.0.113.0/24'],
    ['::FFFF:198.51.100.200', '198.51.100.0/24'],
    ['::ffff:cb00:7107', '203.0.113.0/24'],
    ['0:0:0:0:0:ffff:127.0.0.1', '127.0.0.0/24'],
  ])('reads the IPv4-mapped IPv6 address %s as the IPv4 address', (address, network) => {
    expect(egressNetwork(address)).toBe(network);
  });

  it('tells two hosts of one /24 from a host of the next', () => {
    expect(egressNetwork('203.0.113.7')).toBe(egressNetwork('203.0.113.99'));
    expect(egressNetwork('203.0.113.7')).not.toBe(egressNetwork('203.0.114.7'));
    expect(egressNetwork('2001:db8:1::1')).not.toBe(egressNetwork('2001:db8:2::1'));
  });

  it.each([undefined, null, '', 'localhost', '203.0.113', '1:2:3', '2001:db8::1::2', 'gggg::1'])('has no network for %s', (address) => {
    expect(egressNetwork(address)).toBeNull();
  });
});

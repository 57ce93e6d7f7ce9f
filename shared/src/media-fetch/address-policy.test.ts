import { describe, expect, it } from 'vitest';
import { addressRefusal, coverUrlProblem, hostRefusal } from './address-policy.js';

describe('addressRefusal: IPv4', () => {
  it.each([
    ['0.0.0.0', /unspecified/],
    ['0.1.2.3', /unspecified/],
    ['10.0.0.1', /private/],
    ['10.255.255.255', /private/],
    ['172.16.0.1', /private/],
    ['172.31.255.254', /private/],
    ['192.168.1.1', /private/],
    ['127.0.0.1', /loopback/],
    ['127.255.255.254', /loopback/],
    ['169.254.169.254', /link-local/],
    ['169.254.0.1', /link-local/],
    ['100.64.0.1', /carrier-grade NAT/],
    ['100.127.255.254', /carrier-grade NAT/],
    ['224.0.0.1', /multicast/],
    ['239.255.255.250', /multicast/],
    ['255.255.255.255', /broadcast/],
    ['240.0.0.1', /reserved/],
    ['192.0.0.8', /reserved/],
    ['192.0.2.10', /reserved/],
    ['198.51.100.7', /reserved/],
    ['203.0.113.9', /reserved/],
    ['198.18.0.1', /reserved/],
  ])('refuses %s', (ip, why) => {
    expect(addressRefusal(ip)).toMatch(why);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '100.128.0.1', '11.0.0.1', '192.169.0.1'])('allows public %s', (ip) => {
    expect(addressRefusal(ip)).toBeNull();
  });

  it('refuses what is not an address', () => {
    expect(addressRefusal('example.com')).toMatch(/not an IP/);
    expect(addressRefusal('')).toMatch(/not an IP/);
  });
});

describe('addressRefusal: IPv6', () => {
  it.each([
    ['::', /unspecified/],
    ['::1', /loopback/],
    ['[::1]', /loopback/],
    ['fe80::1', /link-local/],
    ['fe80::1%eth0', /link-local/],
    ['febf:ffff::1', /link-local/],
    ['fc00::1', /unique local/],
    ['fd12:3456:789a::1', /unique local/],
    ['fec0::1', /site-local/],
    ['ff02::1', /multicast/],
    ['ff0e::101', /multicast/],
    ['2001:db8::1', /reserved or documentation/],
    ['2001::1', /Teredo/],
    ['100::1', /discard/],
    // IPv4-mapped: judged as the IPv4 address they reach, in every spelling.
    ['::ffff:127.0.0.1', /IPv4-mapped loopback/],
    ['::ffff:7f00:1', /IPv4-mapped loopback/],
    ['0:0:0:0:0:ffff:7f00:0001', /IPv4-mapped loopback/],
    ['::ffff:10.0.0.1', /IPv4-mapped private/],
    ['::ffff:169.254.169.254', /IPv4-mapped link-local/],
    ['::ffff:100.64.0.1', /IPv4-mapped carrier-grade NAT/],
    ['::ffff:0.0.0.0', /IPv4-mapped unspecified/],
    ['::ffff:224.0.0.1', /IPv4-mapped multicast/],
    // NAT64 and 6to4 carry an IPv4 address too.
    ['64:ff9b::7f00:1', /NAT64 of loopback/],
    ['64:ff9b::a9fe:a9fe', /NAT64 of link-local/],
    ['64:ff9b:1::1', /local-use NAT64/],
    ['2002:7f00:1::1', /6to4 of loopback/],
    ['2002:c0a8:101::1', /6to4 of private/],
    // IPv4-compatible (deprecated) and other space outside 2000::/3.
    ['::7f00:1', /outside IPv6 global unicast/],
    ['::127.0.0.1', /loopback/],
    ['4000::1', /outside IPv6 global unicast/],
  ])('refuses %s', (ip, why) => {
    expect(addressRefusal(ip)).toMatch(why);
  });

  it.each(['2606:4700:4700::1111', '2a00:1450:4001:82b::200e', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])('allows public %s', (ip) => {
    expect(addressRefusal(ip)).toBeNull();
  });
});

describe('allowLoopback (tests only)', () => {
  it('allows loopback in every form, and nothing else', () => {
    const policy = { allowLoopback: true };
    for (const ip of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(addressRefusal(ip, policy)).toBeNull();
    for (const ip of ['10.0.0.1', '169.254.169.254', 'fe80::1', '::', '0.0.0.0']) expect(addressRefusal(ip, policy)).not.toBeNull();
  });
});

describe('hostRefusal', () => {
  it('judges literal addresses and names of this machine, leaves other names to DNS', () => {
    expect(hostRefusal('127.0.0.1')).toMatch(/loopback/);
    expect(hostRefusal('[::1]')).toMatch(/loopback/);
    expect(hostRefusal('localhost')).toMatch(/localhost/);
    expect(hostRefusal('LOCALHOST.')).toMatch(/localhost/);
    expect(hostRefusal('api.localhost')).toMatch(/localhost/);
    expect(hostRefusal('cdn.example.com')).toBeNull();
    expect(hostRefusal('localhost.example.com')).toBeNull();
  });
});

describe('coverUrlProblem', () => {
  it('accepts an https URL on a public or named host', () => {
    expect(coverUrlProblem('https://cdn.example.com/a/cover.jpg?x=1')).toBeNull();
    expect(coverUrlProblem('https://8.8.8.8/cover.png')).toBeNull();
    expect(coverUrlProblem('https://[2606:4700:4700::1111]:8443/c.webp')).toBeNull();
  });

  it.each([
    ['http://cdn.example.com/cover.jpg', /https/],
    ['ftp://cdn.example.com/cover.jpg', /https/],
    ['file:///etc/passwd', /https/],
    ['data:image/png;base64,AAAA', /https/],
    ['/srv/media/cover.png', /not a valid URL/],
    ['https://user:pw@cdn.example.com/c.jpg', /user name or password/],
    ['https://127.0.0.1/c.jpg', /loopback/],
    ['https://10.1.2.3/c.jpg', /private/],
    ['https://169.254.169.254/latest/meta-data', /link-local/],
    ['https://[::1]/c.jpg', /loopback/],
    ['https://[::ffff:127.0.0.1]/c.jpg', /IPv4-mapped loopback/],
    ['https://[fd00::1]/c.jpg', /unique local/],
    ['https://localhost/c.jpg', /localhost/],
    // The URL parser's alternative IPv4 spellings normalize to the address they mean.
    ['https://2130706433/c.jpg', /loopback/],
    ['https://0x7f.1/c.jpg', /loopback/],
    ['https://0177.0.0.1/c.jpg', /loopback/],
    ['https://0/c.jpg', /unspecified/],
  ])('refuses %s', (url, why) => {
    expect(coverUrlProblem(url)).toMatch(why);
  });

  it('refuses a URL longer than 2048 characters', () => {
    expect(coverUrlProblem(`https://cdn.example.com/${'a'.repeat(2100)}`)).toMatch(/longer than 2048/);
  });

  it('allows http and loopback only when a test asks for both', () => {
    expect(coverUrlProblem('http://127.0.0.1:8080/c.png', { allowHttp: true })).toMatch(/loopback/);
    expect(coverUrlProblem('http://127.0.0.1:8080/c.png', { allowLoopback: true })).toMatch(/https/);
    expect(coverUrlProblem('http://127.0.0.1:8080/c.png', { allowHttp: true, allowLoopback: true })).toBeNull();
  });
});

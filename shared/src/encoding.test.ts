import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bytesToHex, fromBase64Url, hexToBytes, sha256Hex, toBase64Url, utf8 } from './encoding.js';

describe('happy path', () => {
  it('round-trips every length, including those with partial final groups', () => {
    for (let n = 0; n <= 40; n++) {
      const bytes = new Uint8Array(randomBytes(n));
      const text = toBase64Url(bytes);
      expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
      expect(fromBase64Url(text)).toEqual(bytes);
    }
  });

  it('encodes a view, not its whole backing buffer', () => {
    const backing = new Uint8Array([1, 2, 3, 4, 5, 6]);
    expect(toBase64Url(backing.subarray(2, 4))).toBe(toBase64Url(new Uint8Array([3, 4])));
  });

  it('uses the URL-safe alphabet where standard base64 has + and /', () => {
    expect(toBase64Url(new Uint8Array([0xfb, 0xff]))).toBe('-_8');
    expect(fromBase64Url('-_8')).toEqual(new Uint8Array([0xfb, 0xff]));
  });

  it('hashes UTF-8 text to lowercase hex SHA-256', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('caf\u00e9')).toBe(sha256Hex(new Uint8Array([0x63, 0x61, 0x66, 0xc3, 0xa9])));
    expect(utf8('\u00e9')).toEqual(new Uint8Array([0xc3, 0xa9]));
  });

  it('converts hex both ways', () => {
    expect(bytesToHex(hexToBytes('00ff10Ab'))).toBe('00ff10ab');
  });
});

describe('errors', () => {
  it.each([
    ['padding', 'AA=='],
    ['single padding', 'AAE='],
    ['standard alphabet +', 'a+8'],
    ['standard alphabet /', 'a/8'],
    ['whitespace', 'AA AA'],
    ['line feed', 'AAAA\nAAAA'],
    ['impossible length (4n+1)', 'AAAAA'],
    ['single character', 'A'],
    ['non-ASCII', 'AA\u00e9A'],
  ])('rejects %s', (_, text) => {
    expect(fromBase64Url(text)).toBeNull();
  });

  it('rejects non-canonical trailing bits', () => {
    // One byte 0x00 is "AA"; "AB" decodes to the same byte under a lax decoder.
    expect(fromBase64Url('AA')).toEqual(new Uint8Array([0]));
    expect(fromBase64Url('AB')).toBeNull();
    // Two bytes: the third character carries two unused bits.
    expect(fromBase64Url('AAA')).toEqual(new Uint8Array([0, 0]));
    expect(fromBase64Url('AAB')).toBeNull();
    // A 64-byte signature leaves 4 unused bits in its last character.
    const zeros = toBase64Url(new Uint8Array(64));
    expect(zeros).toBe('A'.repeat(86));
    expect(fromBase64Url(`${'A'.repeat(85)}B`)).toBeNull();
  });

  it('rejects non-strings without throwing', () => {
    expect(fromBase64Url(undefined as unknown as string)).toBeNull();
    expect(fromBase64Url(42 as unknown as string)).toBeNull();
  });

  it('rejects malformed hex', () => {
    expect(() => hexToBytes('abc')).toThrow(TypeError);
    expect(() => hexToBytes('zz')).toThrow(TypeError);
  });
});

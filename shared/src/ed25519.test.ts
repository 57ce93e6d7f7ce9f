import { createHash, createPublicKey, verify as nodeVerify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateKeyPair, publicKeyFromSecret, sign, verify } from './ed25519.js';
import { bytesToHex, hexToBytes } from './encoding.js';
import { RFC8032_ED25519_VECTORS } from './vectors.js';

const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const opensslVerify = (sig: Uint8Array, msg: Uint8Array, pub: Uint8Array) =>
  nodeVerify(null, msg, createPublicKey({ key: Buffer.concat([SPKI_PREFIX, pub]), format: 'der', type: 'spki' }), sig);

const flipBit = (bytes: Uint8Array, index: number) => {
  const copy = new Uint8Array(bytes);
  copy[index]! ^= 0x01;
  return copy;
};

const decoded = RFC8032_ED25519_VECTORS.map((v) => ({
  name: v.name,
  secretKey: hexToBytes(v.secretKey),
  publicKey: hexToBytes(v.publicKey),
  message: hexToBytes(v.message),
  signature: hexToBytes(v.signature),
}));

describe('happy path', () => {
  it('ships the five RFC 8032 section 7.1 vectors', () => {
    expect(RFC8032_ED25519_VECTORS.map((v) => v.name)).toEqual(['TEST 1', 'TEST 2', 'TEST 3', 'TEST 1024', 'TEST SHA(abc)']);
    expect(decoded.map((v) => v.message.length)).toEqual([0, 1, 2, 1023, 64]);
    expect(RFC8032_ED25519_VECTORS[4]!.message).toBe(createHash('sha512').update('abc').digest('hex'));
  });

  it.each(decoded)('$name: derives the public key, signs byte-for-byte, verifies', async (v) => {
    expect(bytesToHex(await publicKeyFromSecret(v.secretKey))).toBe(bytesToHex(v.publicKey));
    expect(bytesToHex(await sign(v.message, v.secretKey))).toBe(bytesToHex(v.signature));
    expect(await verify(v.signature, v.message, v.publicKey)).toBe(true);
  });

  it.each(decoded)('$name: OpenSSL (node:crypto, the server side) agrees', (v) => {
    expect(opensslVerify(v.signature, v.message, v.publicKey)).toBe(true);
  });

  it('signs and verifies with a generated key pair', async () => {
    const { secretKey, publicKey } = await generateKeyPair();
    expect(secretKey).toHaveLength(32);
    expect(publicKey).toEqual(await publicKeyFromSecret(secretKey));
    const message = new TextEncoder().encode('hello');
    expect(await verify(await sign(message, secretKey), message, publicKey)).toBe(true);
  });
});

describe('errors', () => {
  it.each(decoded)('$name: tampered message, signature (R and S) or key fail', async (v) => {
    const tamperedMessage = v.message.length > 0 ? flipBit(v.message, v.message.length - 1) : new Uint8Array([0]);
    expect(await verify(v.signature, tamperedMessage, v.publicKey)).toBe(false);
    expect(await verify(flipBit(v.signature, 0), v.message, v.publicKey)).toBe(false);
    expect(await verify(flipBit(v.signature, 40), v.message, v.publicKey)).toBe(false);
    expect(await verify(v.signature, v.message, flipBit(v.publicKey, 3))).toBe(false);
    const other = decoded.find((o) => o.name !== v.name)!;
    expect(await verify(v.signature, v.message, other.publicKey)).toBe(false);
  });

  it('returns false, never throws, for malformed lengths and non-points', async () => {
    const v = decoded[1]!;
    const cases: [Uint8Array, Uint8Array][] = [
      [v.signature.subarray(0, 63), v.publicKey],
      [new Uint8Array([...v.signature, 0]), v.publicKey],
      [new Uint8Array(0), v.publicKey],
      [v.signature, v.publicKey.subarray(0, 31)],
      [v.signature, new Uint8Array([...v.publicKey, 0])],
      [v.signature, new Uint8Array(0)],
      // Not a point encoding at all.
      [v.signature, new Uint8Array(32).fill(0xff)],
      // S >= L (the group order): non-canonical scalar.
      [new Uint8Array([...v.signature.subarray(0, 32), ...new Uint8Array(32).fill(0xff)]), v.publicKey],
    ];
    for (const [sig, key] of cases) {
      await expect(verify(sig, v.message, key)).resolves.toBe(false);
    }
  });
});

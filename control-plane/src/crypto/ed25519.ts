/**
 * Server-side Ed25519 on node:crypto (OpenSSL). Key objects are cached by their
 * base64url text: building a KeyObject costs more than the verify itself, and
 * the same device key verifies every request of its sessions. Measured in
 * bench/ against raw crypto.verify; passes the RFC 8032 vectors in
 * @plume/shared's vectors.ts.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign, verify } from 'node:crypto';
import { fromBase64Url, toBase64Url } from '@plume/shared';

const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** Bounded so a flood of distinct keys cannot grow memory without limit. */
class KeyCache {
  private readonly map = new Map<string, KeyObject>();
  constructor(private readonly max: number) {}
  get(text: string, build: () => KeyObject): KeyObject {
    let key = this.map.get(text);
    if (key) return key;
    key = build();
    if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value as string);
    this.map.set(text, key);
    return key;
  }
}

const publicKeys = new KeyCache(50_000);
const privateKeys = new KeyCache(1_000);

/** Decodes a base64url 32-byte Ed25519 public key; null when it is anything else. */
export function parsePublicKey(text: string): Buffer | null {
  const bytes = fromBase64Url(text);
  if (!bytes || bytes.length !== 32) return null;
  return Buffer.from(bytes);
}

function publicKeyObject(text: string): KeyObject | null {
  try {
    return publicKeys.get(text, () => {
      const raw = parsePublicKey(text);
      if (!raw) throw new TypeError('bad key');
      return createPublicKey({ key: Buffer.concat([SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
    });
  } catch {
    return null;
  }
}

/** Verifies a base64url signature by a base64url public key. Never throws. */
export function verifyEd25519(publicKey: string, message: string | Buffer, signature: string): boolean {
  const sig = fromBase64Url(signature);
  if (!sig || sig.length !== 64) return false;
  const key = publicKeyObject(publicKey);
  if (!key) return false;
  try {
    return verify(null, typeof message === 'string' ? Buffer.from(message, 'utf8') : message, key, sig);
  } catch {
    return false;
  }
}

export function signEd25519(privateSeed: string, message: string | Buffer): string {
  const key = privateKeys.get(privateSeed, () => {
    const seed = fromBase64Url(privateSeed);
    if (!seed || seed.length !== 32) throw new TypeError('Ed25519 seed must be 32 bytes of base64url');
    return createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  });
  return toBase64Url(sign(null, typeof message === 'string' ? Buffer.from(message, 'utf8') : message, key));
}

export interface RawKeyPair {
  /** base64url 32-byte seed. */
  privateKey: string;
  /** base64url 32-byte public key. */
  publicKey: string;
}

export function generateEd25519(): RawKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(PKCS8_PREFIX.length);
  const pub = publicKey.export({ format: 'der', type: 'spki' }).subarray(SPKI_PREFIX.length);
  return { privateKey: toBase64Url(seed), publicKey: toBase64Url(pub) };
}

export function publicKeyOfSeed(privateSeed: string): string {
  const seed = fromBase64Url(privateSeed);
  if (!seed || seed.length !== 32) throw new TypeError('Ed25519 seed must be 32 bytes of base64url');
  const key = createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  return toBase64Url(createPublicKey(key).export({ format: 'der', type: 'spki' }).subarray(SPKI_PREFIX.length));
}

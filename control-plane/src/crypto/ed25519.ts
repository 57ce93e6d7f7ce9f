/**
 * Server-side Ed25519. Signing and verifying run on libsodium (sodium-native)
 * when it loads, else on node:crypto (OpenSSL); both give the same signatures
 * (Ed25519 is deterministic) and pass the RFC 8032 vectors in @plume/shared's
 * vectors.ts. libsodium because a verify is most of a signed license request's
 * CPU: on this kind of machine libsodium verifies in about 48 µs and signs in
 * 18, OpenSSL 3.0 in 95 and 34. libsodium is also the stricter verifier (it
 * refuses small-order keys and non-canonical points), which no honest device
 * key or signature meets. Keys are cached by their base64url text: decoding
 * (and for OpenSSL building a KeyObject) costs more than the verify itself,
 * and the same device key verifies every request of its sessions.
 */
import { createRequire } from 'node:module';
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign, verify } from 'node:crypto';
import { fromBase64Url, toBase64Url } from '@plume/shared';

const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** Bounded so a flood of distinct keys cannot grow memory without limit. */
class KeyCache<K> {
  private readonly map = new Map<string, K>();
  constructor(private readonly max: number) {}
  get(text: string, build: () => K): K {
    let key = this.map.get(text);
    if (key) return key;
    key = build();
    if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value as string);
    this.map.set(text, key);
    return key;
  }
}

/** The part of sodium-native used here. */
interface Sodium {
  crypto_sign_verify_detached(sig: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean;
  crypto_sign_detached(sig: Uint8Array, message: Uint8Array, secretKey: Uint8Array): void;
  crypto_sign_seed_keypair(publicKey: Uint8Array, secretKey: Uint8Array, seed: Uint8Array): void;
}

function loadSodium(): Sodium | null {
  try {
    return createRequire(import.meta.url)('sodium-native') as Sodium;
  } catch {
    // No prebuilt binding for this platform: node:crypto does the same, slower.
    return null;
  }
}

const sodium = loadSodium();

/** Which implementation signs and verifies (for tests and diagnostics). */
export const ed25519Backend: 'libsodium' | 'node:crypto' = sodium ? 'libsodium' : 'node:crypto';

const publicKeys = new KeyCache<KeyObject>(50_000);
const privateKeys = new KeyCache<KeyObject>(1_000);
const rawPublicKeys = new KeyCache<Buffer>(50_000);
/** libsodium's 64-byte secret key (seed and public key) per base64url seed. */
const sodiumSecretKeys = new KeyCache<Buffer>(1_000);

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

function rawPublicKey(text: string): Buffer | null {
  try {
    return rawPublicKeys.get(text, () => {
      const raw = parsePublicKey(text);
      if (!raw) throw new TypeError('bad key');
      return raw;
    });
  } catch {
    return null;
  }
}

const messageBytes = (message: string | Buffer): Buffer => (typeof message === 'string' ? Buffer.from(message, 'utf8') : message);

/** Verifies a base64url signature by a base64url public key. Never throws. */
export function verifyEd25519(publicKey: string, message: string | Buffer, signature: string): boolean {
  const sig = fromBase64Url(signature);
  if (!sig || sig.length !== 64) return false;
  if (sodium) {
    const raw = rawPublicKey(publicKey);
    if (!raw) return false;
    try {
      return sodium.crypto_sign_verify_detached(sig, messageBytes(message), raw);
    } catch {
      return false;
    }
  }
  const key = publicKeyObject(publicKey);
  if (!key) return false;
  try {
    return verify(null, messageBytes(message), key, sig);
  } catch {
    return false;
  }
}

function seedBytes(privateSeed: string): Uint8Array {
  const seed = fromBase64Url(privateSeed);
  if (!seed || seed.length !== 32) throw new TypeError('Ed25519 seed must be 32 bytes of base64url');
  return seed;
}

export function signEd25519(privateSeed: string, message: string | Buffer): string {
  if (sodium) {
    const secretKey = sodiumSecretKeys.get(privateSeed, () => {
      const sk = Buffer.alloc(64);
      sodium.crypto_sign_seed_keypair(Buffer.alloc(32), sk, seedBytes(privateSeed));
      return sk;
    });
    const signature = Buffer.alloc(64);
    sodium.crypto_sign_detached(signature, messageBytes(message), secretKey);
    return toBase64Url(signature);
  }
  const key = privateKeys.get(privateSeed, () => createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seedBytes(privateSeed)]), format: 'der', type: 'pkcs8' }));
  return toBase64Url(sign(null, messageBytes(message), key));
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

/** The server's Ed25519 (libsodium here) passes the same vectors the reference client (noble) passes, and agrees with node:crypto. */
import { enrollMessage, challengeSignInput, hexToBytes, LICENSE_V2_VECTORS, proofMessage, RFC8032_ED25519_VECTORS, toBase64Url } from '@plume/shared';
import { createPrivateKey, createPublicKey, randomBytes, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ed25519Backend, generateEd25519, parsePublicKey, publicKeyOfSeed, signEd25519, verifyEd25519 } from './ed25519.js';

const b64 = (hex: string) => toBase64Url(hexToBytes(hex));

describe('RFC 8032 vectors', () => {
  for (const v of RFC8032_ED25519_VECTORS) {
    it(v.name, () => {
      const message = Buffer.from(v.message, 'hex');
      expect(publicKeyOfSeed(b64(v.secretKey))).toBe(b64(v.publicKey));
      expect(signEd25519(b64(v.secretKey), message)).toBe(b64(v.signature));
      expect(verifyEd25519(b64(v.publicKey), message, b64(v.signature))).toBe(true);
      const tampered = Buffer.concat([message, Buffer.from([0])]);
      expect(verifyEd25519(b64(v.publicKey), tampered, b64(v.signature))).toBe(false);
    });
  }
});

describe('libsodium and node:crypto', () => {
  it('libsodium is the backend on this platform', () => {
    expect(ed25519Backend).toBe('libsodium');
  });

  it('sign the same bytes and accept each other\'s signatures', () => {
    for (let i = 0; i < 50; i++) {
      const key = generateEd25519();
      const message = randomBytes(i * 7);
      const nodePrivate = createPrivateKey({ key: { kty: 'OKP', crv: 'Ed25519', d: key.privateKey, x: key.publicKey }, format: 'jwk' });
      const nodePublic = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key.publicKey }, format: 'jwk' });
      const ours = signEd25519(key.privateKey, message);
      expect(ours).toBe(sign(null, message, nodePrivate).toString('base64url'));
      expect(verify(null, message, nodePublic, Buffer.from(ours, 'base64url'))).toBe(true);
      const flipped = Buffer.from(ours, 'base64url');
      flipped[i % 64]! ^= 1;
      expect(verifyEd25519(key.publicKey, message, flipped.toString('base64url'))).toBe(false);
    }
  });
});

describe('license v2 canonical vectors', () => {
  const { deviceKey, enroll, challenge, proof, snapshot } = LICENSE_V2_VECTORS;
  it('builds the same texts and signatures as the client', () => {
    for (const v of enroll) {
      expect(enrollMessage(v.input)).toBe(v.message);
      expect(signEd25519(deviceKey.secretKey, v.message)).toBe(v.signature);
      expect(verifyEd25519(deviceKey.publicKey, v.message, v.signature)).toBe(true);
    }
    for (const v of challenge) {
      expect(challengeSignInput(v.input)).toBe(v.message);
      expect(verifyEd25519(deviceKey.publicKey, v.message, v.signature)).toBe(true);
    }
    for (const v of proof) {
      expect(proofMessage(v.input)).toBe(v.message);
      expect(verifyEd25519(deviceKey.publicKey, v.message, v.signature)).toBe(true);
    }
    const [signingInput, sig] = [snapshot.snapshot.slice(0, snapshot.snapshot.lastIndexOf('.')), snapshot.snapshot.slice(snapshot.snapshot.lastIndexOf('.') + 1)];
    expect(signEd25519(snapshot.offlineKey.secretKey, signingInput)).toBe(sig);
  });
});

describe('errors', () => {
  it('never throws on malformed keys or signatures', () => {
    const key = generateEd25519();
    const sig = signEd25519(key.privateKey, 'm');
    expect(verifyEd25519(key.publicKey, 'm', sig)).toBe(true);
    expect(verifyEd25519(key.publicKey, 'm', `${sig}A`)).toBe(false);
    expect(verifyEd25519(key.publicKey, 'm', sig.slice(0, -2))).toBe(false);
    expect(verifyEd25519('not a key', 'm', sig)).toBe(false);
    expect(verifyEd25519(key.publicKey.slice(0, -1), 'm', sig)).toBe(false);
    expect(parsePublicKey(Buffer.alloc(31).toString('base64url'))).toBeNull();
    expect(parsePublicKey(`${Buffer.alloc(32).toString('base64')}`)).toBeNull();
  });
});

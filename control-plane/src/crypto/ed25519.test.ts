/** The server's node:crypto path passes the same vectors the reference client (noble) passes. */
import { enrollMessage, challengeSignInput, hexToBytes, LICENSE_V2_VECTORS, proofMessage, RFC8032_ED25519_VECTORS, toBase64Url } from '@plume/shared';
import { describe, expect, it } from 'vitest';
import { generateEd25519, parsePublicKey, publicKeyOfSeed, signEd25519, verifyEd25519 } from './ed25519.js';

const b64 = (hex: string) => toBase64Url(hexToBytes(hex));

describe('RFC 8032 vectors on node:crypto', () => {
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

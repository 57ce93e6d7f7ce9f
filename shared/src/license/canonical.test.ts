import { createPublicKey, verify as nodeVerify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { publicKeyFromSecret, sign, verify } from '../ed25519.js';
import { bytesToHex, fromBase64Url, hexToBytes, sha256Hex, toBase64Url, utf8 } from '../encoding.js';
import { LICENSE_V2_VECTORS as V } from '../vectors.js';
import { challengeSignInput, enrollMessage, LICENSE_PATHS, proofMessage, proofMessageFromHashes } from './canonical.js';
import { snapshotSigningInput, verifyOfflineSnapshot } from './snapshot.js';

const deviceSeed = hexToBytes(V.deviceKey.secretKeyHex);
const devicePublic = hexToBytes(V.deviceKey.publicKeyHex);
const opensslVerify = (message: string, signature: string, publicKey: Uint8Array) =>
  nodeVerify(
    null,
    Buffer.from(message, 'utf8'),
    createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: toBase64Url(publicKey) }, format: 'jwk' }),
    Buffer.from(fromBase64Url(signature)!),
  );

describe('happy path', () => {
  it('fixed device key: seed 0x01..0x20, both encodings agree', async () => {
    expect(V.deviceKey.secretKeyHex).toBe(bytesToHex(Uint8Array.from({ length: 32 }, (_, i) => i + 1)));
    expect(toBase64Url(deviceSeed)).toBe(V.deviceKey.secretKey);
    expect(toBase64Url(devicePublic)).toBe(V.deviceKey.publicKey);
    expect(bytesToHex(await publicKeyFromSecret(deviceSeed))).toBe(V.deviceKey.publicKeyHex);
  });

  it.each(V.enroll)('enroll known answer: $name', async (v) => {
    expect(enrollMessage(v.input)).toBe(v.message);
    expect(v.message.split('\n')).toHaveLength(9);
    expect(toBase64Url(await sign(utf8(v.message), deviceSeed))).toBe(v.signature);
  });

  it.each(V.challenge)('challenge signInput known answer: $name', async (v) => {
    expect(challengeSignInput(v.input)).toBe(v.message);
    expect(v.message.split('\n')).toHaveLength(8);
    expect(toBase64Url(await sign(utf8(v.message), deviceSeed))).toBe(v.signature);
  });

  it.each(V.proof)('LICENSE-V2-PROOF known answer: $name', async (v) => {
    expect(sha256Hex(v.input.body)).toBe(v.bodySha256);
    expect(sha256Hex(v.input.licenseToken)).toBe(v.tokenSha256);
    expect(proofMessage(v.input)).toBe(v.message);
    expect(proofMessage({ ...v.input, body: utf8(v.input.body) })).toBe(v.message);
    expect(proofMessageFromHashes({ ...v.input, bodySha256: v.bodySha256, tokenSha256: v.tokenSha256 })).toBe(v.message);
    expect(toBase64Url(await sign(utf8(v.message), deviceSeed))).toBe(v.signature);
  });

  it('every vector signature verifies under noble and OpenSSL', async () => {
    for (const v of [...V.enroll, ...V.challenge, ...V.proof]) {
      expect(await verify(fromBase64Url(v.signature)!, utf8(v.message), devicePublic)).toBe(true);
      expect(opensslVerify(v.message, v.signature, devicePublic)).toBe(true);
    }
  });

  it('snapshot vector: re-signing the payload reproduces it, and it verifies inside its window', async () => {
    const { offlineKey, payload, snapshot } = V.snapshot;
    const { signingInput } = snapshotSigningInput(payload);
    const signature = await sign(utf8(signingInput), hexToBytes(offlineKey.secretKeyHex));
    expect(`${signingInput}.${toBase64Url(signature)}`).toBe(snapshot);
    expect(toBase64Url(await publicKeyFromSecret(hexToBytes(offlineKey.secretKeyHex)))).toBe(offlineKey.publicKey);
    const check = await verifyOfflineSnapshot(snapshot, fromBase64Url(offlineKey.publicKey)!, {
      projectKey: payload.projectKey,
      machineId: payload.machineId,
      fingerprintHash: payload.fingerprintHash,
      now: new Date('2026-01-02T00:00:00Z'),
    });
    expect(check).toEqual({ ok: true, payload });
  });
});

describe('errors', () => {
  it('every enroll field is bound: changing any one changes the text', () => {
    const base = V.enroll[0]!;
    for (const key of Object.keys(base.input) as (keyof typeof base.input)[]) {
      expect(enrollMessage({ ...base.input, [key]: `${base.input[key]}x` }), key).not.toBe(base.message);
    }
    // An absent appVersion is the empty string, not "undefined" or "null".
    expect(enrollMessage({ ...base.input, appVersion: undefined }).endsWith('\n')).toBe(true);
    expect(enrollMessage({ ...base.input, appVersion: null })).toBe(enrollMessage({ ...base.input, appVersion: '' }));
  });

  it('every challenge and proof field is bound', () => {
    const ch = V.challenge[0]!;
    for (const key of Object.keys(ch.input) as (keyof typeof ch.input)[]) {
      const changed = key === 'expiresAt' ? { expiresAt: ch.input.expiresAt + 1 } : { [key]: `${ch.input[key]}x` };
      expect(challengeSignInput({ ...ch.input, ...changed }), key).not.toBe(ch.message);
    }
    const proof = V.proof[0]!;
    for (const key of Object.keys(proof.input) as (keyof typeof proof.input)[]) {
      expect(proofMessage({ ...proof.input, [key]: `${proof.input[key]} ` }), key).not.toBe(proof.message);
    }
  });

  it('a re-serialized body (spaces) is a different proof: the body is hashed exactly as sent', () => {
    const v = V.proof[0]!;
    const pretty = JSON.stringify(JSON.parse(v.input.body), null, 1);
    expect(proofMessage({ ...v.input, body: pretty })).not.toBe(v.message);
  });

  it('the paths are the license v2 paths', () => {
    expect(LICENSE_PATHS).toEqual({
      enroll: '/api/license/v2/enroll',
      challenge: '/api/license/v2/challenge',
      renew: '/api/license/v2/renew',
      status: '/api/license/v2/status',
      consume: '/api/license/v2/consume',
    });
  });
});

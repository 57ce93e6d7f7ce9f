import { describe, expect, it } from 'vitest';
import { type Ed25519KeyPair, generateKeyPair, sign } from '../ed25519.js';
import { fromBase64Url, toBase64Url, utf8 } from '../encoding.js';
import {
  assembleSnapshot,
  type OfflineSnapshotPayload,
  type SnapshotExpectation,
  snapshotSigningInput,
  verifyOfflineSnapshot,
} from './snapshot.js';

const NOW = new Date('2026-03-01T12:00:00Z');

const payloadFactory = (over: Partial<OfflineSnapshotPayload> = {}): OfflineSnapshotPayload => ({
  v: 2,
  kid: 'pk_test',
  projectKey: 'acme',
  machineId: 'mch_1',
  fingerprintHash: 'fp_1',
  deviceId: 7,
  sessionId: 'ls_1',
  licenseMode: 'TIME',
  expiresAt: '2026-12-31T00:00:00.000Z',
  remainingCount: null,
  valid: true,
  issuedAt: '2026-03-01T00:00:00.000Z',
  notAfter: '2026-03-04T00:00:00.000Z',
  ...over,
});

const expectation = (over: Partial<SnapshotExpectation> = {}): SnapshotExpectation => ({
  projectKey: 'acme',
  machineId: 'mch_1',
  fingerprintHash: 'fp_1',
  now: NOW,
  ...over,
});

/** Signs any JSON-able value as a payload, so tests can also sign malformed ones. */
async function signRaw(payload: unknown, key: Ed25519KeyPair): Promise<string> {
  const signingInput = `LSV2.${toBase64Url(utf8(JSON.stringify(payload)))}`;
  return assembleSnapshot(signingInput, await sign(utf8(signingInput), key.secretKey));
}

async function issue(key: Ed25519KeyPair, over: Partial<OfflineSnapshotPayload> = {}): Promise<string> {
  const { signingInput } = snapshotSigningInput(payloadFactory(over));
  return assembleSnapshot(signingInput, await sign(utf8(signingInput), key.secretKey));
}

const key = await generateKeyPair();
const otherKey = await generateKeyPair();

describe('happy path', () => {
  it('round-trips: a snapshot it signed verifies and returns the payload', async () => {
    const snapshot = await issue(key);
    expect(snapshot.split('.')).toHaveLength(3);
    expect(snapshot.startsWith('LSV2.')).toBe(true);
    expect(await verifyOfflineSnapshot(snapshot, key.publicKey, expectation())).toEqual({ ok: true, payload: payloadFactory() });
  });

  it('COUNT mode with no license expiry is valid inside the snapshot window', async () => {
    const snapshot = await issue(key, { licenseMode: 'COUNT', expiresAt: null, remainingCount: 3 });
    expect((await verifyOfflineSnapshot(snapshot, key.publicKey, expectation())).ok).toBe(true);
  });

  it('accepts a snapshot signed by any key of a rotation list, and only those', async () => {
    const newKey = await generateKeyPair();
    const byOld = await issue(key);
    const byNew = await issue(newKey);
    const pinned = [key.publicKey, newKey.publicKey];
    expect((await verifyOfflineSnapshot(byOld, pinned, expectation())).ok).toBe(true);
    expect((await verifyOfflineSnapshot(byNew, pinned, expectation())).ok).toBe(true);
    expect(await verifyOfflineSnapshot(byNew, [key.publicKey, otherKey.publicKey], expectation())).toEqual({
      ok: false,
      reason: 'SIGNATURE_INVALID',
    });
    expect(await verifyOfflineSnapshot(byOld, [], expectation())).toEqual({ ok: false, reason: 'SIGNATURE_INVALID' });
  });
});

describe('errors', () => {
  it('rejects a snapshot signed by another key', async () => {
    expect(await verifyOfflineSnapshot(await issue(otherKey), key.publicKey, expectation())).toEqual({
      ok: false,
      reason: 'SIGNATURE_INVALID',
    });
  });

  it('rejects a tampered payload under the original signature', async () => {
    const [prefix, , sig] = (await issue(key)).split('.');
    const forged = toBase64Url(utf8(JSON.stringify(payloadFactory({ valid: true, expiresAt: '2099-01-01T00:00:00.000Z' }))));
    expect(await verifyOfflineSnapshot(`${prefix}.${forged}.${sig}`, key.publicKey, expectation())).toEqual({
      ok: false,
      reason: 'SIGNATURE_INVALID',
    });
  });

  it.each([['projectKey', 'other'], ['machineId', 'mch_2'], ['fingerprintHash', 'fp_2']] as const)(
    'rejects an identity mismatch on %s',
    async (field, value) => {
      const snapshot = await issue(key);
      expect(await verifyOfflineSnapshot(snapshot, key.publicKey, expectation({ [field]: value }))).toEqual({
        ok: false,
        reason: 'IDENTITY_MISMATCH',
      });
    },
  );

  it('rejects an expired snapshot (past notAfter) and an expired license (past expiresAt)', async () => {
    const snapshot = await issue(key);
    const after = new Date('2026-03-04T00:00:01Z');
    expect(await verifyOfflineSnapshot(snapshot, key.publicKey, expectation({ now: after }))).toEqual({
      ok: false,
      reason: 'EXPIRED',
    });
    const licenseEnded = await issue(key, { expiresAt: '2026-03-01T11:59:59.000Z' });
    expect(await verifyOfflineSnapshot(licenseEnded, key.publicKey, expectation())).toEqual({ ok: false, reason: 'EXPIRED' });
  });

  it('fails closed on an unparsable or missing license expiry', async () => {
    for (const expiresAt of ['soon', undefined, 12345]) {
      const snapshot = await signRaw({ ...payloadFactory(), expiresAt }, key);
      expect(await verifyOfflineSnapshot(snapshot, key.publicKey, expectation()), String(expiresAt)).toEqual({
        ok: false,
        reason: 'EXPIRED',
      });
    }
  });

  it('rejects a snapshot whose authorization is not valid', async () => {
    expect(await verifyOfflineSnapshot(await issue(key, { valid: false }), key.publicKey, expectation())).toEqual({
      ok: false,
      reason: 'NOT_VALID',
    });
    // Only the boolean true is valid, not a truthy string.
    const stringy = await signRaw({ ...payloadFactory(), valid: 'false' }, key);
    expect(await verifyOfflineSnapshot(stringy, key.publicKey, expectation())).toEqual({ ok: false, reason: 'NOT_VALID' });
  });

  it('rejects malformed segments without throwing', async () => {
    const good = await issue(key);
    const [prefix, payload, sig] = good.split('.') as [string, string, string];
    const cases = [
      '',
      'LSV2',
      `${prefix}.${payload}`,
      `${good}.extra`,
      `LSV1.${payload}.${sig}`,
      `lsv2.${payload}.${sig}`,
      `${prefix}.${payload}=.${sig}`,
      `${prefix}.${payload}.${sig}==`,
      `${prefix}.${payload.replace(/-/g, '+')}x.${sig}`,
      `${prefix}.${payload}.${sig.slice(0, -1)}`,
      42 as unknown as string,
    ];
    for (const text of cases) {
      const check = await verifyOfflineSnapshot(text, key.publicKey, expectation());
      expect(check.ok, String(text).slice(0, 40)).toBe(false);
      expect(['MALFORMED', 'SIGNATURE_INVALID']).toContain((check as { reason: string }).reason);
    }
    expect((await verifyOfflineSnapshot(`${prefix}.${payload}=.${sig}`, key.publicKey, expectation())) as unknown).toEqual({
      ok: false,
      reason: 'MALFORMED',
    });
  });

  it('rejects a correctly signed payload that is not JSON or not version 2', async () => {
    const notJson = 'LSV2.' + toBase64Url(utf8('not json'));
    const signedNotJson = assembleSnapshot(notJson, await sign(utf8(notJson), key.secretKey));
    expect(await verifyOfflineSnapshot(signedNotJson, key.publicKey, expectation())).toEqual({ ok: false, reason: 'MALFORMED' });
    const v1 = await signRaw({ ...payloadFactory(), v: 1 }, key);
    expect(await verifyOfflineSnapshot(v1, key.publicKey, expectation())).toEqual({ ok: false, reason: 'MALFORMED' });
    expect(fromBase64Url(v1.split('.')[1]!)).not.toBeNull();
  });
});

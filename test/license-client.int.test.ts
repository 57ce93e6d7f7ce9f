/**
 * The reference client (shared/) against a real listening control plane over HTTP: enroll →
 * status → consume (and its retry) → challenge → renew → status, offline
 * snapshot verification, and a clean refusal for each attack.
 */
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { enrollMessage, type FetchLike, LicenseClient, LicenseError, MemoryKeyStore, proofMessage } from '@plume/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEd25519, signEd25519 } from '../control-plane/src/crypto/ed25519.js';
import { createTestApp, type TestApp } from '../control-plane/src/testing/app.js';
import { generateCodes } from '../control-plane/src/testing/license-device.js';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

/** A fetch that remembers every request, so a test can replay or alter one. */
function recordingFetch() {
  const sent: Array<{ url: string; headers: Record<string, string>; body: string }> = [];
  const fetchLike: FetchLike = async (url, init) => {
    sent.push({ url, headers: init.headers, body: init.body });
    return fetch(url, init);
  };
  return { fetchLike, sent };
}

async function rawPost(url: string, body: string, headers: Record<string, string>) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function code(remainingCount = 2): Promise<string> {
  const [c] = await generateCodes(t.app, t.adminHeaders, { licenseMode: 'COUNT', remainingCount });
  return c!;
}

async function refusal(p: Promise<unknown>): Promise<LicenseError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LicenseError);
  return err as LicenseError;
}

describe('happy path', () => {
  it('enroll → status → consume and retry → challenge → renew → status, snapshot verified', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plume-client-'));
    const keyFile = join(dir, 'license.json');
    const client = new LicenseClient({ baseUrl, machineId: 'e2e-machine-1', fingerprintHash: 'e2e-fp-1', appVersion: '3.1.0', keyFile });
    const enrolled = await client.enroll(await code(2));
    expect(enrolled).toMatchObject({ success: true, tokenType: 'LicenseV2', licenseMode: 'COUNT', remainingCount: 2 });
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);

    expect(await client.status()).toMatchObject({ success: true, valid: true, remainingCount: 2 });
    const used = await client.consume('job-42');
    expect(used).toMatchObject({ success: true, idempotent: false, remainingCount: 1 });
    expect(await client.consume('job-42')).toMatchObject({ success: true, idempotent: true, remainingCount: 1 });

    const renewed = await client.renew();
    expect(renewed.licenseToken).not.toBe(enrolled.licenseToken);
    expect(await client.status()).toMatchObject({ success: true, remainingCount: 1 });
    expect(await client.verifyOffline()).toMatchObject({ ok: true, payload: { machineId: 'e2e-machine-1', remainingCount: 1, valid: true } });

    // A second process of the same app (same key file) picks the identity up.
    const again = new LicenseClient({ baseUrl, machineId: 'e2e-machine-1', fingerprintHash: 'e2e-fp-1', keyFile });
    expect(await again.status()).toMatchObject({ success: true });
  });

  it('renews by itself when the token is about to expire', async () => {
    let clockMs = Date.now();
    const store = new MemoryKeyStore();
    const client = new LicenseClient({ baseUrl, machineId: 'e2e-machine-2', fingerprintHash: 'e2e-fp-2', keyStore: store, now: () => clockMs });
    const enrolled = await client.enroll(await code());
    clockMs = Date.parse(enrolled.tokenExpiresAt) - 30_000;
    t.clock.offsetMs = clockMs - Date.now();
    try {
      await client.status();
      expect((await store.load())!.licenseToken).not.toBe(enrolled.licenseToken);
    } finally {
      t.clock.offsetMs = 0;
    }
  });
});

describe('refusals', () => {
  it('replayed nonce, stale timestamp, other key, bare token, drifted or missing fingerprint', async () => {
    const rec = recordingFetch();
    const store = new MemoryKeyStore();
    const client = new LicenseClient({ baseUrl, machineId: 'e2e-machine-3', fingerprintHash: 'e2e-fp-3', keyStore: store, fetch: rec.fetchLike });
    await client.enroll(await code(5));
    await client.status();
    const last = rec.sent.at(-1)!;

    // Replayed nonce: the exact request again.
    expect(await rawPost(last.url, last.body, last.headers)).toMatchObject({ status: 409, body: { success: false, code: 'NONCE_REPLAY' } });

    // Stale timestamp: a client whose clock is ten minutes behind.
    const stale = new LicenseClient({ baseUrl, machineId: 'e2e-machine-3', fingerprintHash: 'e2e-fp-3', keyStore: store, now: () => Date.now() - 600_000 });
    expect((await refusal(stale.status())).code).toBe('TIMESTAMP_OUT_OF_WINDOW');

    const id = (await store.load())!;
    const body = JSON.stringify({ fingerprintHash: 'e2e-fp-3' });
    const headersFor = (privateKey: string, bodyText: string, nonce: string) => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      return {
        authorization: `Bearer ${id.licenseToken}`,
        'x-license-session-id': id.sessionId!,
        'x-license-timestamp': timestamp,
        'x-license-nonce': nonce,
        'x-license-signature': signEd25519(privateKey, proofMessage({ path: '/api/license/v2/status', sessionId: id.sessionId!, timestamp, nonce, body: bodyText, licenseToken: id.licenseToken! })),
      };
    };
    // A signature by another key (a copied token on another machine).
    expect(await rawPost(`${baseUrl}/api/license/v2/status`, body, headersFor(generateEd25519().privateKey, body, 'n_other-key-000001'))).toMatchObject({ status: 401, body: { code: 'SIGNATURE_INVALID' } });
    // A bare token without proof.
    expect(await rawPost(`${baseUrl}/api/license/v2/status`, body, { authorization: `Bearer ${id.licenseToken}` })).toMatchObject({ status: 401, body: { code: 'PROOF_REQUIRED' } });
    // Missing fingerprint, properly signed by the real device key.
    expect(await rawPost(`${baseUrl}/api/license/v2/status`, '{}', headersFor(id.secretKey, '{}', 'n_missing-fp-0001'))).toMatchObject({ status: 403, body: { code: 'FINGERPRINT_MISMATCH' } });
    // Changed fingerprint: the same identity on a machine that fingerprints differently.
    const drifted = new LicenseClient({ baseUrl, machineId: 'e2e-machine-3', fingerprintHash: 'e2e-fp-OTHER', keyStore: store });
    expect((await refusal(drifted.status())).code).toBe('FINGERPRINT_MISMATCH');
    // The genuine client is unaffected.
    expect(await client.status()).toMatchObject({ success: true });
  });

  it('a tampered enroll proof is refused', async () => {
    const key = generateEd25519();
    const c = await code();
    const identity = { projectKey: 'default', code: c, machineId: 'e2e-machine-4', fingerprintHash: 'fp4', devicePublicKey: key.publicKey, appVersion: '1' };
    const signature = signEd25519(key.privateKey, enrollMessage({ ...identity, code: 'SOMETHING-ELSE' }));
    const res = await rawPost(`${baseUrl}/api/license/v2/enroll`, JSON.stringify({ ...identity, deviceSignature: signature }), {});
    expect(res).toMatchObject({ status: 401, body: { success: false, code: 'ENROLL_PROOF_INVALID' } });
  });

  it('an exhausted count is refused and stays at zero', async () => {
    const client = new LicenseClient({ baseUrl, machineId: 'e2e-machine-5', fingerprintHash: 'fp5', keyStore: new MemoryKeyStore() });
    await client.enroll(await code(1));
    expect(await client.consume()).toMatchObject({ success: true, remainingCount: 0 });
    const err = await refusal(client.consume());
    expect(err).toMatchObject({ code: 'CODE_EXHAUSTED', status: 403 });
    expect(await client.status()).toMatchObject({ success: true, valid: false, remainingCount: 0 });
  });
});

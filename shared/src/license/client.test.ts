import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publicKeyFromSecret, verify } from '../ed25519.js';
import { fromBase64Url, sha256Hex, toBase64Url, utf8 } from '../encoding.js';
import { LICENSE_V2_VECTORS as V } from '../vectors.js';
import { LICENSE_PATHS, proofMessage } from './canonical.js';
import { LicenseClient, type LicenseClientOptions } from './client.js';
import { LicenseError } from './errors.js';
import { FakeLicenseServer, type FakeLicenseServerOptions } from './fake-license-server.js';
import { MemoryKeyStore, type StoredIdentity } from './key-store.js';
import { SIGNED_HEADERS } from './wire.js';

const FP = sha256Hex('test-fingerprint');
const START = Date.parse('2026-03-01T12:00:00Z');
let clock = START;
const now = () => clock;

async function setup(over: Partial<LicenseClientOptions> = {}, serverOver: Partial<FakeLicenseServerOptions> = {}) {
  const server = await FakeLicenseServer.create({ now, ...serverOver });
  const keyStore = new MemoryKeyStore();
  const client = new LicenseClient({
    baseUrl: 'https://license.test/',
    projectKey: 'acme',
    machineId: 'mch_1',
    fingerprintHash: FP,
    appVersion: '1.0.0',
    keyStore,
    fetch: server.fetch,
    now,
    ...over,
  });
  return { server, client, keyStore };
}

async function enrolled(over: Partial<LicenseClientOptions> = {}, serverOver: Partial<FakeLicenseServerOptions> = {}) {
  const ctx = await setup(over, serverOver);
  await ctx.client.enroll('CODE-COUNT-1');
  ctx.server.requests.length = 0;
  return ctx;
}

async function rejection(promise: Promise<unknown>): Promise<LicenseError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LicenseError);
  return err as LicenseError;
}

beforeEach(() => {
  clock = START;
});

describe('happy path', () => {
  it('enrolls with a proof the server verifies, then reads status', async () => {
    const { client, server, keyStore } = await setup();
    const res = await client.enroll('CODE-COUNT-1');
    expect(res).toMatchObject({ success: true, tokenType: 'LicenseV2', sessionId: 'ls_fake0001' });
    const stored = (await keyStore.load())!;
    expect(stored).toMatchObject({ projectKey: 'acme', machineId: 'mch_1', sessionId: 'ls_fake0001', deviceId: 7 });
    expect(stored.licenseToken).toBe(server.token);
    expect(stored.publicKey).toBe(toBase64Url(await publicKeyFromSecret(fromBase64Url(stored.secretKey)!)));
    const enrollBody = JSON.parse(server.requests[0]!.body) as Record<string, unknown>;
    expect(enrollBody).toMatchObject({ projectKey: 'acme', code: 'CODE-COUNT-1', machineId: 'mch_1', appVersion: '1.0.0' });
    expect(await client.status()).toMatchObject({ success: true, valid: true, remainingCount: 5 });
  });

  it('signs the enroll proof and the renew signInput exactly as the known-answer vectors', async () => {
    const [enroll, challenge] = [V.enroll[0]!, V.challenge[0]!];
    const identity: StoredIdentity = {
      v: 1,
      secretKey: V.deviceKey.secretKey,
      publicKey: V.deviceKey.publicKey,
      projectKey: enroll.input.projectKey,
      machineId: enroll.input.machineId,
      sessionId: null,
      licenseToken: null,
      tokenExpiresAt: null,
      deviceId: null,
      pinnedPublicKeys: [],
      offlineLicense: null,
      offlineLicenseExpiresAt: null,
    };
    const { client, server } = await setup(
      {
        projectKey: enroll.input.projectKey,
        machineId: enroll.input.machineId,
        fingerprintHash: enroll.input.fingerprintHash,
        appVersion: enroll.input.appVersion!,
        keyStore: new MemoryKeyStore(identity),
      },
      { codes: { [enroll.input.code]: 'TIME' }, sessionId: challenge.input.sessionId },
    );
    await client.enroll(enroll.input.code);
    expect(JSON.parse(server.requests[0]!.body).deviceSignature).toBe(enroll.signature);
    server.nextChallenge = challenge.input;
    await client.renew();
    const renewBody = JSON.parse(server.requests.find((r) => r.path === LICENSE_PATHS.renew)!.body);
    expect(renewBody).toMatchObject({ signature: challenge.signature, challengeId: challenge.input.challengeId });
  });

  it('sends the signed-request headers over the exact compact body it sends', async () => {
    const { client, server, keyStore } = await enrolled();
    await client.status();
    const req = server.requests.at(-1)!;
    const id = (await keyStore.load())!;
    expect(req.path).toBe(LICENSE_PATHS.status);
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers.authorization).toBe(`Bearer ${id.licenseToken}`);
    expect(req.headers[SIGNED_HEADERS.sessionId]).toBe(id.sessionId);
    expect(req.headers[SIGNED_HEADERS.timestamp]).toBe(String(Math.floor(clock / 1000)));
    expect(req.headers[SIGNED_HEADERS.nonce]).toMatch(/^n_[A-Za-z0-9_-]{24}$/);
    expect(req.body).toBe(JSON.stringify(JSON.parse(req.body)));
    expect(JSON.parse(req.body)).toEqual({ projectKey: 'acme', fingerprintHash: FP });
    const proof = (body: string) =>
      proofMessage({
        path: req.path,
        sessionId: req.headers[SIGNED_HEADERS.sessionId]!,
        timestamp: req.headers[SIGNED_HEADERS.timestamp]!,
        nonce: req.headers[SIGNED_HEADERS.nonce]!,
        body,
        licenseToken: id.licenseToken!,
      });
    const sig = fromBase64Url(req.headers[SIGNED_HEADERS.signature]!)!;
    const pub = fromBase64Url(id.publicKey)!;
    expect(await verify(sig, utf8(proof(req.body)), pub)).toBe(true);
    expect(await verify(sig, utf8(proof(`${req.body} `)), pub)).toBe(false);
  });

  it('uses a fresh nonce for every request', async () => {
    const { client, server } = await enrolled();
    await client.status();
    await client.consume();
    await client.consume();
    await client.status();
    const nonces = server.requests.map((r) => r.headers[SIGNED_HEADERS.nonce]);
    expect(nonces).toHaveLength(4);
    expect(new Set(nonces).size).toBe(4);
  });

  it('consume generates a requestId, returns it, and a reused one deducts once', async () => {
    const { client, server } = await enrolled();
    const first = await client.consume();
    expect(first.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(first).toMatchObject({ idempotent: false, remainingCount: 4 });
    expect(JSON.parse(server.requests.at(-1)!.body).requestId).toBe(first.requestId);
    const retry = await client.consume(first.requestId);
    expect(retry).toMatchObject({ idempotent: true, remainingCount: 4, requestId: first.requestId });
  });

  it('ensureFreshToken renews only when the token expires within the margin', async () => {
    const { client, server } = await enrolled({ renewMarginSeconds: 60 });
    clock = START + 13 * 60_000; // 2 minutes left of 15
    expect(await client.ensureFreshToken()).toBe(false);
    await client.status();
    expect(server.paths()).toEqual([LICENSE_PATHS.status]);
    clock = START + 14 * 60_000 + 30_000; // 30 s left
    const oldToken = server.token;
    await client.status();
    expect(server.paths()).toEqual([LICENSE_PATHS.status, LICENSE_PATHS.challenge, LICENSE_PATHS.renew, LICENSE_PATHS.status]);
    expect(server.token).not.toBe(oldToken);
    expect(server.requests.at(-1)!.headers.authorization).toBe(`Bearer ${server.token}`);
  });

  it('concurrent calls near expiry share one renewal', async () => {
    const { client, server } = await enrolled();
    clock = START + 15 * 60_000 - 1_000;
    await Promise.all([client.status(), client.consume(), client.status()]);
    expect(server.paths().filter((p) => p === LICENSE_PATHS.challenge)).toHaveLength(1);
  });

  it('renews and resends once when the server says the token expired', async () => {
    const { client, server } = await enrolled();
    server.expireToken();
    await client.status();
    expect(server.paths()).toEqual([LICENSE_PATHS.status, LICENSE_PATHS.challenge, LICENSE_PATHS.renew, LICENSE_PATHS.status]);
  });

  it('verifies the offline snapshot with the key pinned on first use', async () => {
    const { client, server, keyStore } = await enrolled();
    expect((await keyStore.load())!.pinnedPublicKeys).toEqual([server.offlinePublicKey]);
    expect(await client.verifyOffline()).toMatchObject({ ok: true, payload: { machineId: 'mch_1', fingerprintHash: FP } });
    expect(await client.verifyOffline(new Date(START + 73 * 3600_000))).toEqual({ ok: false, reason: 'EXPIRED' });
  });
});

describe('errors', () => {
  it('turns success:false into a LicenseError with code, message and status', async () => {
    const { client } = await setup();
    const err = await rejection(client.enroll('NOT-A-CODE'));
    expect(err).toMatchObject({ code: 'CODE_INVALID', message: 'CODE_INVALID', status: 404 });
  });

  it('tests success, not only the HTTP status', async () => {
    const { client, server } = await enrolled();
    server.faults.set(LICENSE_PATHS.status, { status: 200, code: 'DEVICE_REVOKED', message: 'revoked' });
    expect(await rejection(client.status())).toMatchObject({ code: 'DEVICE_REVOKED', status: 200 });
  });

  it('reports network failures as NETWORK and keeps the consume requestId for the retry', async () => {
    const { client, server } = await enrolled();
    server.faults.set(LICENSE_PATHS.consume, 'network');
    const err = await rejection(client.consume('req-42'));
    expect(err).toMatchObject({ code: 'NETWORK', status: 0, requestId: 'req-42' });
    expect((await client.consume(err.requestId)).idempotent).toBe(false);
    server.faults.set(LICENSE_PATHS.status, 'not-json');
    expect(await rejection(client.status())).toMatchObject({ code: 'BAD_RESPONSE', status: 502 });
  });

  it('refuses signed calls before enroll without sending anything', async () => {
    const { client, server } = await setup();
    expect(await rejection(client.status())).toMatchObject({ code: 'NOT_ENROLLED' });
    expect(await rejection(client.renew())).toMatchObject({ code: 'NOT_ENROLLED' });
    expect(server.requests).toHaveLength(0);
  });

  it('rejects values that would shift the lines of a signed message, and bad pinned keys', async () => {
    const server = await FakeLicenseServer.create({ now });
    const base = { baseUrl: 'https://x', machineId: 'm', fingerprintHash: FP, keyStore: new MemoryKeyStore(), fetch: server.fetch };
    expect(() => new LicenseClient({ ...base, machineId: 'm\nx' })).toThrow(LicenseError);
    expect(() => new LicenseClient({ ...base, appVersion: '1\n2' })).toThrow(/line breaks/);
    expect(() => new LicenseClient({ ...base, projectKey: '../etc' })).toThrow(LicenseError);
    expect(() => new LicenseClient({ ...base, pinnedPublicKeys: ['AAAA'] })).toThrow(/32-byte/);
    expect(() => new LicenseClient({ ...base, pinnedPublicKeys: [] })).toThrow(/empty/);
    await expect(new LicenseClient(base).enroll('A\nB')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(server.requests).toHaveLength(0);
  });
});

describe('auth', () => {
  const foreign: [string, (s: string, sessionId: string) => string][] = [
    ['another path', (s) => s.replace('/api/license/v2/renew', '/api/license/v2/status')],
    ['another kind of message', (s) => s.replace('LICENSE-V2-CHALLENGE', 'LICENSE-V2-PROOF')],
    ['another method', (s) => s.replace('\nPOST\n', '\nGET\n')],
    ['another session', (s, sid) => s.replace(sid, 'ls_other')],
    ['another fingerprint', (s) => s.replace(FP, sha256Hex('other'))],
    ['an extra line', (s) => `${s}\nextra`],
    ['a trailing newline', (s) => `${s}\n`],
    ['a non-numeric expiry', (s) => s.replace(/\n(\d+)\n/, '\n$1s\n')],
    [
      'a proof message',
      (_, sessionId) =>
        proofMessage({ path: LICENSE_PATHS.consume, sessionId, timestamp: '1', nonce: 'n', body: '{}', licenseToken: 't' }),
    ],
  ];

  it.each(foreign)('renew refuses to sign %s', async (_, rewrite) => {
    const { client, server } = await enrolled();
    server.rewriteSignInput = (s) => rewrite(s, 'ls_fake0001');
    expect(await rejection(client.renew())).toMatchObject({ code: 'SIGN_INPUT_REJECTED' });
    expect(server.paths()).toEqual([LICENSE_PATHS.challenge]);
  });

  it('renew signs an unmodified challenge (the rewrites above are what fail)', async () => {
    const { client, server } = await enrolled();
    server.rewriteSignInput = (s) => s;
    await client.renew();
    expect(server.paths()).toEqual([LICENSE_PATHS.challenge, LICENSE_PATHS.renew]);
  });

  it('rejects a snapshot signed by a key other than the pinned ones; accepts it in a rotation list', async () => {
    const other = toBase64Url(await publicKeyFromSecret(new Uint8Array(32).fill(9)));
    const { client: strict } = await enrolled({ pinnedPublicKeys: [other] });
    expect(await strict.verifyOffline()).toEqual({ ok: false, reason: 'SIGNATURE_INVALID' });
    const { client, server, keyStore } = await setup();
    await client.enroll('CODE-COUNT-1');
    const rotated = new LicenseClient({
      baseUrl: 'https://license.test',
      projectKey: 'acme',
      machineId: 'mch_1',
      fingerprintHash: FP,
      keyStore,
      fetch: server.fetch,
      now,
      pinnedPublicKeys: [other, server.offlinePublicKey],
    });
    expect((await rotated.verifyOffline()).ok).toBe(true);
  });
});

describe('key file', () => {
  // Windows has no POSIX mode bits; FileKeyStore skips the check there.
  const posixOnly = it.skipIf(process.platform === 'win32');
  let dir: string;
  const fileClient = (keyFile: string) => ({
    baseUrl: 'https://license.test',
    projectKey: 'acme',
    machineId: 'mch_1',
    fingerprintHash: FP,
    keyFile,
    now,
  });
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'plume-license-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  posixOnly('writes the identity with mode 0600, atomically, and reads it back', async () => {
    const keyFile = join(dir, 'nested', 'acme.json');
    const { client, server } = await setup({ keyStore: undefined, keyFile });
    await client.enroll('CODE-COUNT-1');
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    expect(await readdir(join(dir, 'nested'))).toEqual(['acme.json']);
    const saved = JSON.parse(await readFile(keyFile, 'utf8')) as StoredIdentity;
    expect(saved.licenseToken).toBe(server.token);
    const again = new LicenseClient({ ...fileClient(keyFile), fetch: server.fetch });
    expect(await again.status()).toMatchObject({ success: true });
  });

  posixOnly('refuses a key file readable by group or others, and does not overwrite it', async () => {
    const keyFile = join(dir, 'acme.json');
    const { client, server } = await setup({ keyStore: undefined, keyFile });
    await client.enroll('CODE-COUNT-1');
    await chmod(keyFile, 0o644);
    const before = await readFile(keyFile, 'utf8');
    const reopened = () => new LicenseClient({ ...fileClient(keyFile), fetch: server.fetch });
    expect(await rejection(reopened().status())).toMatchObject({ code: 'KEY_FILE_INSECURE' });
    expect(await rejection(reopened().enroll('CODE-TIME-1'))).toMatchObject({ code: 'KEY_FILE_INSECURE' });
    expect(await readFile(keyFile, 'utf8')).toBe(before);
    await writeFile(join(dir, 'garbage.json'), '{', { mode: 0o600 });
    const garbage = new LicenseClient({ ...fileClient(join(dir, 'garbage.json')), fetch: server.fetch });
    expect(await rejection(garbage.status())).toMatchObject({ code: 'KEY_FILE_INVALID' });
  });

  it('keeps the device key when enroll fails, so a retry presents the same key', async () => {
    const { client, server, keyStore } = await setup();
    server.faults.set(LICENSE_PATHS.enroll, 'network');
    await rejection(client.enroll('CODE-COUNT-1'));
    const firstKey = (await keyStore.load())!.publicKey;
    await client.enroll('CODE-COUNT-1');
    expect(JSON.parse(server.requests[1]!.body).devicePublicKey).toBe(firstKey);
    expect(toBase64Url(server.device!.publicKey)).toBe(firstKey);
  });
});

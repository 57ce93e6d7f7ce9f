/**
 * Concurrency proof: 500 concurrent consumes (100 requestIds × 5
 * retries) against a COUNT of 60, spread over two control-plane processes
 * sharing one PostgreSQL. Exactly 60 deductions, 0 remaining, every retry
 * idempotent with its first answer's count.
 */
import { randomBytes } from 'node:crypto';
import { enrollMessage, proofMessage } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEd25519, signEd25519 } from '../control-plane/src/crypto/ed25519.js';
import { rows } from '../control-plane/src/db/client.js';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../control-plane/src/testing/db.js';
import { type ControlPlaneProcess, startControlPlane } from './support/control-plane-process.js';

const ADMIN = 'replica-test-admin-token-0123456789';

describe.skipIf(!hasPostgres())('two control-plane replicas on one PostgreSQL', () => {
  let db: TestDatabase;
  let replicas: ControlPlaneProcess[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    const env = { DATABASE_URL: db.url!, PLUME_ADMIN_TOKEN: ADMIN, PLUME_DB_POOL_MAX: '10' };
    // Started together: migrations, default project and key back-fill must not collide.
    replicas = await Promise.all([startControlPlane(env), startControlPlane(env)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.stop()));
    await db?.close();
  });

  const postJson = async (base: string, path: string, body: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };

  it('500 concurrent consumes of 100 requestIds against a count of 60 deduct exactly 60', async () => {
    const [a, b] = replicas as [ControlPlaneProcess, ControlPlaneProcess];
    const gen = await postJson(a.url, '/api/admin/codes/generate', JSON.stringify({ licenseMode: 'COUNT', quantity: 1, remainingCount: 60 }), { authorization: `Bearer ${ADMIN}` });
    const code: string = gen.body.codes[0].code;

    const key = generateEd25519();
    const identity = { projectKey: 'default', code, machineId: 'replica-test-machine', fingerprintHash: 'fp-'.padEnd(64, '0'), devicePublicKey: key.publicKey, appVersion: '2.0.0' };
    const enroll = await postJson(b.url, '/api/license/v2/enroll', JSON.stringify({ ...identity, deviceSignature: signEd25519(key.privateKey, enrollMessage(identity)) }));
    expect(enroll.body.success).toBe(true);
    const { sessionId, licenseToken } = enroll.body;

    const consume = (base: string, requestId: string) => {
      const body = JSON.stringify({ fingerprintHash: identity.fingerprintHash, requestId });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = `n_${randomBytes(18).toString('base64url')}`;
      const signature = signEd25519(key.privateKey, proofMessage({ path: '/api/license/v2/consume', sessionId, timestamp, nonce, body, licenseToken }));
      return postJson(base, '/api/license/v2/consume', body, {
        authorization: `Bearer ${licenseToken}`,
        'x-license-session-id': sessionId,
        'x-license-timestamp': timestamp,
        'x-license-nonce': nonce,
        'x-license-signature': signature,
      }).then((r) => ({ ...r, requestId }));
    };

    const calls = [];
    for (let retry = 0; retry < 5; retry++) {
      for (let i = 0; i < 100; i++) calls.push(consume((i + retry) % 2 === 0 ? a.url : b.url, `req-${i}`));
    }
    const answers = await Promise.all(calls);

    const byRequest = new Map<string, typeof answers>();
    for (const ans of answers) byRequest.set(ans.requestId, [...(byRequest.get(ans.requestId) ?? []), ans]);
    let deducted = 0;
    let refused = 0;
    for (const [requestId, group] of byRequest) {
      expect(group, requestId).toHaveLength(5);
      const ok = group.filter((g) => g.body.success === true);
      if (ok.length === 0) {
        refused++;
        for (const g of group) expect(g, requestId).toMatchObject({ status: 403, body: { success: false, code: 'CODE_EXHAUSTED' } });
        continue;
      }
      expect(ok, `${requestId}: either all five succeed or none`).toHaveLength(5);
      expect(ok.filter((g) => g.body.idempotent === false), requestId).toHaveLength(1);
      expect(new Set(ok.map((g) => g.body.remainingCount)).size, `${requestId}: retries repeat the first count`).toBe(1);
      deducted++;
    }
    expect(deducted).toBe(60);
    expect(refused).toBe(40);

    const [state] = await rows<{ remaining: number; claims: number; deductions: number }>(
      db.database.db,
      sql`select (select remaining_count from activation_codes where code = ${code}) as remaining,
                 (select count(*)::int from consume_requests) as claims,
                 (select count(*)::int from consumption_logs where outcome = 'deducted') as deductions`,
    );
    expect(state).toEqual({ remaining: 0, claims: 60, deductions: 60 });
    // Both outcomes occurred, and nothing else (no 5xx, no 409 from a lost race).
    expect(new Set(answers.map((x) => x.status))).toEqual(new Set([200, 403]));
  }, 60_000);
});

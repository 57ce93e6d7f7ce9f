/**
 * Group commit of signed-request admissions (admission-queue.ts,
 * session.repository.ts ADMIT_SIGNED): several admissions in one statement
 * must each be decided exactly as a statement of their own would decide them.
 * The first part hands the statement batches directly, including ones the
 * queue never builds; the second floods the HTTP routes so the queue batches
 * for real, and counts what was deducted.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { createProject, generateCodes, post, TestDevice } from '../testing/license-device.js';
import { judgedFrom } from './judged-sessions.js';
import { licenseRoutes } from './license.routes.js';
import { LicenseService } from './license.service.js';
import { type AdmitSignedInput, type AdmitSignedResult, sessionRepository } from './session.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const project = (policy: Record<string, number> = {}) => createProject(t, 'batch', policy);

async function enrolled(projectKey: string, remainingCount = 10) {
  const [code] = await generateCodes(t.app, t.adminHeaders, { projectKey, licenseMode: 'COUNT', remainingCount });
  const device = new TestDevice(t.app);
  device.projectKey = projectKey;
  expect((await device.enroll(code!)).body.success).toBe(true);
  return { device, code: code! };
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** An admission as signed-request.ts builds it, judged on the session as it stands now. */
async function admission(device: TestDevice, o: { nonce?: string; consume?: string | null; token?: string; requestsPerWindow?: number } = {}): Promise<AdmitSignedInput> {
  const ctx = (await sessionRepository.byId(t.db.database.db, device.sessionId))!;
  const judged = judgedFrom(ctx);
  const now = new Date();
  const windowStart = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  return {
    tokenHash: tokenHash(o.token ?? device.token),
    judged: { sessionId: judged.sessionId, devicePublicKey: judged.devicePublicKey, policyJson: judged.policyJson, requestsPerWindow: o.requestsPerWindow ?? judged.policy.sessionRequestsPerMinute },
    now,
    nonce: o.nonce ?? `n_${randomBytes(12).toString('base64url')}`,
    nonceExpiresAt: new Date(now.getTime() + 660_000),
    rateKey: `lic:session:${judged.sessionId}`,
    windowStart,
    windowExpiresAt: new Date(windowStart.getTime() + 120_000),
    ...(o.consume !== undefined ? { consume: { requestId: o.consume, fingerprintHash: device.fingerprintHash } } : {}),
  };
}

const admit = (inputs: AdmitSignedInput[]) => sessionRepository.admitSigned(t.db.database.signedRequests, inputs);
const admitted = (answer: unknown) => answer as AdmitSignedResult;

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rows<T>(t.db.database.db, query);
  return row!;
}
const remaining = (code: string) => one<{ n: number }>(sql`select remaining_count as n from activation_codes where code = ${code}`).then((r) => r.n);
const nonceStored = (nonce: string) => one<{ n: number }>(sql`select count(*)::int as n from license_nonces where nonce = ${nonce}`).then((r) => r.n);

describe('one statement, many admissions', () => {
  it('status and consume of different sessions are each admitted, counted and deducted once', async () => {
    const key = await project();
    const [a, b, c, d] = await Promise.all([enrolled(key), enrolled(key), enrolled(key), enrolled(key)]);
    const inputs = [await admission(a!.device), await admission(b!.device, { consume: 'b-1' }), await admission(c!.device, { consume: 'c-1' }), await admission(d!.device)];
    const answers = await admit(inputs);
    expect(answers).toHaveLength(4);
    for (const [i, answer] of answers.entries()) {
      expect(admitted(answer)).toMatchObject({ attempted: true, fresh: true, count: 1 });
      expect(admitted(answer).ctx.sessionId).toBe(inputs[i]!.judged.sessionId);
      expect(await nonceStored(inputs[i]!.nonce)).toBe(1);
    }
    expect(admitted(answers[0]).consumed).toBeNull();
    expect(admitted(answers[1]).consumed).toEqual({ outcome: 'deducted', remaining: 9 });
    expect(admitted(answers[2]).consumed).toEqual({ outcome: 'deducted', remaining: 9 });
    expect(admitted(answers[3]).consumed).toBeNull();
    expect([await remaining(a!.code), await remaining(b!.code), await remaining(c!.code), await remaining(d!.code)]).toEqual([10, 9, 9, 10]);

    // Again, with b retrying its requestId: idempotent, nothing deducted, and c deducts again.
    const again = await admit([await admission(b!.device, { consume: 'b-1' }), await admission(c!.device, { consume: 'c-2' })]);
    expect(admitted(again[0]).consumed).toEqual({ outcome: 'idempotent', remaining: 9 });
    expect(admitted(again[1])).toMatchObject({ count: 2, consumed: { outcome: 'deducted', remaining: 8 } });
    expect([await remaining(b!.code), await remaining(c!.code)]).toEqual([9, 8]);
  });

  it('a second admission of one session in the statement is deferred and writes nothing', async () => {
    const { device, code } = await enrolled(await project());
    const first = await admission(device);
    const second = await admission(device, { consume: 'same-session' });
    const answers = await admit([first, second]);
    expect(admitted(answers[0])).toMatchObject({ attempted: true, fresh: true, count: 1 });
    expect(answers[1]).toBe('deferred');
    expect(await nonceStored(second.nonce)).toBe(0);
    expect(await remaining(code)).toBe(10);
    // Sent again on its own it is admitted as usual.
    const [retried] = await admit([second]);
    expect(admitted(retried)).toMatchObject({ attempted: true, fresh: true, count: 2, consumed: { outcome: 'deducted', remaining: 9 } });
  });

  it('two consumes of one activation code in the statement: the later is deferred, the code deducted once', async () => {
    const { device, code } = await enrolled(await project());
    // A second live session of the same device (and so the same code), as a race of two enrolls could leave.
    const token2 = `lt_${randomBytes(32).toString('base64url')}`;
    const session2 = `ls_${randomBytes(10).toString('hex')}`;
    const ctx = (await sessionRepository.byId(t.db.database.db, device.sessionId))!;
    await rows(
      t.db.database.db,
      sql`insert into license_sessions (id, project_id, device_id, token_hash, token_expires_at)
          values (${session2}, ${ctx.projectId}, ${ctx.deviceId}, ${tokenHash(token2)}, now() + interval '10 minutes')`,
    );
    const other = Object.assign(new TestDevice(t.app), { fingerprintHash: device.fingerprintHash, sessionId: session2, token: token2 });
    const answers = await admit([await admission(device, { consume: 'same-code' }), await admission(other, { consume: 'same-code' })]);
    expect(admitted(answers[0]).consumed).toEqual({ outcome: 'deducted', remaining: 9 });
    expect(answers[1]).toBe('deferred');
    expect(await remaining(code)).toBe(9);
    // A status of the other session shares the statement with a consume of the code freely.
    const mixed = await admit([await admission(device, { consume: 'same-code-2' }), await admission(other)]);
    expect(admitted(mixed[0]).consumed).toEqual({ outcome: 'deducted', remaining: 8 });
    expect(admitted(mixed[1])).toMatchObject({ attempted: true, fresh: true, consumed: null });
  });

  it('a replayed nonce refuses only its own row: nothing consumed for it, the others admitted', async () => {
    const key = await project();
    const [a, b] = await Promise.all([enrolled(key), enrolled(key)]);
    const used = await admission(a!.device, { nonce: 'n_batch-replayed-0001' });
    expect(admitted((await admit([used]))[0]).fresh).toBe(true);
    const answers = await admit([await admission(a!.device, { nonce: 'n_batch-replayed-0001', consume: 'replay-1' }), await admission(b!.device, { consume: 'fresh-1' })]);
    expect(admitted(answers[0])).toMatchObject({ attempted: true, fresh: false, consumed: null });
    expect(admitted(answers[1])).toMatchObject({ attempted: true, fresh: true, consumed: { outcome: 'deducted', remaining: 9 } });
    expect([await remaining(a!.code), await remaining(b!.code)]).toEqual([10, 9]);
  });

  it('a revoked session, an unknown token and an exceeded rate each refuse only their own row', async () => {
    const key = await project();
    const [revoked, ok, limited] = await Promise.all([enrolled(key), enrolled(key), enrolled(key)]);
    const stale = await admission(revoked!.device, { consume: 'rv-1' });
    expect((await post(t.app, `/api/admin/devices/${revoked!.device.deviceId}/revoke`, {}, t.adminHeaders)).body.success).toBe(true);
    const unknown = await admission(ok!.device, { token: 'lt_unknown' });
    const answers = await admit([stale, unknown, await admission(ok!.device, { consume: 'ok-1' }), await admission(limited!.device, { consume: 'lim-1', requestsPerWindow: 0 })]);
    // Revoked since judged: attempted false, the fresh session handed back to judge again.
    expect(admitted(answers[0])).toMatchObject({ attempted: false, fresh: false, consumed: null });
    expect(admitted(answers[0]).ctx.deviceRevokedAt).toBeInstanceOf(Date);
    expect(await nonceStored(stale.nonce)).toBe(0);
    expect(answers[1]).toBeNull();
    expect(admitted(answers[2])).toMatchObject({ attempted: true, fresh: true, consumed: { outcome: 'deducted', remaining: 9 } });
    // Counted, over its limit: no deduction (the caller answers RATE_LIMITED).
    expect(admitted(answers[3])).toMatchObject({ attempted: true, fresh: true, count: 1, consumed: null });
    expect([await remaining(revoked!.code), await remaining(ok!.code), await remaining(limited!.code)]).toEqual([10, 9, 10]);
  });
});

describe('through the routes, under load', () => {
  /** Another replica on the same database, its own service and admission queue. */
  async function replica(): Promise<{ app: FastifyInstance; service: LicenseService }> {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const { database } = t.db;
    const service = new LicenseService({ db: database.db, signedRequests: database.signedRequests, admissionLanes: database.signedRequestConnections });
    await app.register(licenseRoutes(service), { prefix: '/api/license/v2' });
    await app.ready();
    return { app, service };
  }

  it('concurrent consumes and statuses of many sessions on two replicas: batched, each requestId deducted exactly once', async () => {
    const key = await project();
    const devices = await Promise.all(Array.from({ length: 8 }, () => enrolled(key, 20)));
    const replicas = [await replica(), await replica()];
    try {
      const on = (i: number, d: TestDevice) => Object.assign(new TestDevice(replicas[i % 2]!.app), { key: d.key, fingerprintHash: d.fingerprintHash, sessionId: d.sessionId, token: d.token });
      const calls: Array<Promise<{ kind: string; requestId?: string; code: string; status: number; body: Record<string, any> }>> = [];
      // Each device: 12 requestIds, each sent 3 times across both replicas, plus statuses, all at once.
      for (let retry = 0; retry < 3; retry++) {
        for (const [di, { device, code }] of devices.entries()) {
          for (let r = 0; r < 12; r++) {
            const requestId = `q-${r}`;
            calls.push(on(di + r + retry, device).consume(requestId).then((res) => ({ kind: 'consume', requestId, code, ...res })));
          }
          calls.push(on(di + retry, device).status().then((res) => ({ kind: 'status', code, ...res })));
        }
      }
      const answers = await Promise.all(calls);
      for (const a of answers) expect(a, JSON.stringify(a.body)).toMatchObject({ status: 200, body: { success: true } });
      for (const { code } of devices) expect(await remaining(code)).toBe(8);
      // Per requestId: one deduction, the retries idempotent with the same count.
      const byRequest = new Map<string, typeof answers>();
      for (const a of answers.filter((x) => x.kind === 'consume')) byRequest.set(`${a.code}/${a.requestId}`, [...(byRequest.get(`${a.code}/${a.requestId}`) ?? []), a]);
      expect(byRequest.size).toBe(8 * 12);
      for (const [id, group] of byRequest) {
        expect(group.filter((g) => g.body.idempotent === false), id).toHaveLength(1);
        expect(new Set(group.map((g) => g.body.remainingCount)).size, id).toBe(1);
      }
      const logs = await one<{ n: number }>(sql`select count(*)::int as n from consumption_logs l join activation_codes c on c.id = l.code_id join projects p on p.id = c.project_id where p.project_key = ${key} and l.outcome = 'deducted'`);
      expect(logs.n).toBe(8 * 12);
      // The queues did batch: fewer statements than admissions.
      const stats = replicas.map((r) => r.service.admissions.stats);
      const statements = stats.reduce((n, s) => n + s.statements, 0);
      const carried = stats.reduce((n, s) => n + s.admissions, 0);
      expect(carried).toBeGreaterThanOrEqual(answers.length);
      expect(statements).toBeLessThan(carried);
      expect(Math.max(...stats.map((s) => s.largest))).toBeGreaterThan(1);
    } finally {
      await Promise.all(replicas.map((r) => r.app.close()));
    }
  });
});

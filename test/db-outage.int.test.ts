/**
 * PostgreSQL unreachable under load, for one compiled control plane: a TCP
 * proxy between it and PostgreSQL is cut (never the shared server itself),
 * first refusing connections, then accepting and never answering. Meanwhile
 * an integrator publishes with Idempotency-Keys, an operator reads the admin
 * API and a desktop client consumes license uses, each retrying what failed.
 *
 * While cut, every answer is 503 with the surface's envelope, X-Request-Id
 * and Retry-After, within the bound (PLUME_DB_CONNECT_TIMEOUT_MS), and
 * /readyz says not ready. Once restored, requests succeed at once; every
 * retried publish made exactly one batch with one job, every retried consume
 * deducted once, the process lived through it and dispatch went on.
 */
import { randomBytes } from 'node:crypto';
import { enrollMessage, nodeEnrollMessage, proofMessage, sha256Hex } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEd25519, signEd25519 } from '../control-plane/src/crypto/ed25519.js';
import { rows } from '../control-plane/src/db/client.js';
import { FAKE_ADAPTERS, FakeNode } from '../control-plane/src/nodes/testing/fake-node.js';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../control-plane/src/testing/db.js';
import { eventually } from '../control-plane/src/testing/eventually.js';
import { type ControlPlaneProcess, startControlPlane } from './support/control-plane-process.js';
import { type CutMode, startTcpCutProxy, type TcpCutProxy } from './support/tcp-cut-proxy.js';
import { untilReady } from './support/until-ready.js';

const ADMIN = 'db-outage-admin-token-0123456789abcdef';
const VIDEO_DIR = '/srv/plume/videos';
/**
 * PLUME_DB_CONNECT_TIMEOUT_MS. Above its default (3 s): beside the rest of the suite on a two-core
 * machine, opening a connection to the healthy PostgreSQL right after the restore once took longer
 * than 3 s, and this file tests recovery, not how fast a starved machine opens connections.
 */
const CONNECT_TIMEOUT_MS = 5000;
/** The bound on any answer while cut: the connect timeout, plus slack for a loaded two-core machine. */
const ANSWER_BOUND_MS = CONNECT_TIMEOUT_MS + 2000;
/** Long enough for two connect timeouts, so every surface answers while cut. */
const CUT_MS = 11_000;
const COUNT = 1000;

type Surface = 'publish' | 'admin' | 'license' | 'readyz';
interface Answer {
  surface: Surface;
  sentAt: number;
  answeredAt: number;
  status: number;
  body: Record<string, any>;
  requestId: string | null;
  retryAfter: string | null;
  replayed: string | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!hasPostgres())('PostgreSQL unreachable under load', () => {
  let db: TestDatabase;
  let proxy: TcpCutProxy;
  let cp: ControlPlaneProcess;
  let node: FakeNode;
  let heartbeat: NodeJS.Timeout;
  let userId: number;
  let apiKey: string;
  let accountId: number;
  /** One desktop client per consumer: each its own code, device and session. */
  let licenses: Array<{ sessionId: string; licenseToken: string; privateKey: string; fingerprintHash: string; codeId: number }>;
  const answers: Answer[] = [];
  /** Called after each answer is recorded: a wait for an answer listens here instead of polling. */
  const onAnswer = new Set<() => void>();
  /** Per mode: publish keys and consume requestIds that ended in success, with the batch each publish made. */
  const done = { publishes: new Map<string, string>(), consumes: [new Set<string>(), new Set<string>()] };

  async function call(surface: Surface, method: string, path: string, o: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
    const sentAt = performance.now();
    let answer: Answer;
    try {
      const res = await fetch(`${cp.url}${path}`, {
        method,
        headers: { ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}), ...o.headers },
        ...(o.body !== undefined ? { body: typeof o.body === 'string' ? o.body : JSON.stringify(o.body) } : {}),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      answer = {
        surface,
        sentAt,
        answeredAt: performance.now(),
        status: res.status,
        body: text ? (JSON.parse(text) as Record<string, any>) : {},
        requestId: res.headers.get('x-request-id'),
        retryAfter: res.headers.get('retry-after'),
        replayed: res.headers.get('idempotent-replayed'),
      };
    } catch (err) {
      answer = { surface, sentAt, answeredAt: performance.now(), status: 0, body: { error: String(err) }, requestId: null, retryAfter: null, replayed: null };
    }
    answers.push(answer);
    for (const heard of onAnswer) heard();
    return answer;
  }
  const admin = (method: string, path: string, body?: unknown) => call('admin', method, `/api/admin${path}`, { body, headers: { authorization: `Bearer ${ADMIN}` } });

  const publish = (key: string) =>
    call('publish', 'POST', '/api/openapi/v1/publish/video', {
      headers: { authorization: `Bearer ${apiKey}`, 'idempotency-key': key },
      body: { executor: 'edge', accountIds: [accountId], title: `Outage ${key}`, localVideoPath: `${VIDEO_DIR}/${userId}/clip.mp4`, platformSettings: { bilibili: { partitionName: '知识', tags: ['知识'] } } },
    });

  const consume = (client: number, requestId: string) => {
    const license = licenses[client]!;
    const body = JSON.stringify({ fingerprintHash: license.fingerprintHash, requestId });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = `n_${randomBytes(18).toString('base64url')}`;
    const path = '/api/license/v2/consume';
    const signature = signEd25519(license.privateKey, proofMessage({ path, sessionId: license.sessionId, timestamp, nonce, body, licenseToken: license.licenseToken }));
    return call('license', 'POST', path, {
      body,
      headers: {
        authorization: `Bearer ${license.licenseToken}`,
        'x-license-session-id': license.sessionId,
        'x-license-timestamp': timestamp,
        'x-license-nonce': nonce,
        'x-license-signature': signature,
      },
    });
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    const target = new URL(db.url!);
    proxy = await startTcpCutProxy({ host: target.hostname, port: Number(target.port || 5432) });
    cp = await startControlPlane({
      DATABASE_URL: proxy.via(db.url!),
      PLUME_ADMIN_TOKEN: ADMIN,
      PLUME_DB_POOL_MAX: '4',
      PLUME_DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
    });

    const plan = { name: 'outage', permissions: ['publish', 'accounts:read'], perMinuteLimit: 10_000, dailyLimit: 100_000, cmsEnabled: false };
    userId = (await admin('POST', '/users', { name: 'outage', plan, quotas: { edge: 1000 } })).body.user.id;
    apiKey = (await admin('POST', `/users/${userId}/api-keys`, { name: 'k' })).body.apiKey.key;
    const token = (await admin('POST', '/nodes/enrollment-tokens', { kind: 'edge', userIds: [userId], name: 'outage-node' })).body.token as string;
    const key = generateEd25519();
    const machineId = `m-${randomBytes(4).toString('hex')}`;
    const proof = signEd25519(key.privateKey, nodeEnrollMessage({ tokenSha256: sha256Hex(token), publicKey: key.publicKey, machineId }));
    const enrolled = await call('admin', 'POST', '/api/nodes/v1/enroll', { body: { token, publicKey: key.publicKey, machineId, fingerprint: 'fp', proof } });
    expect(enrolled.status).toBe(201);
    const identity = { nodeId: enrolled.body.nodeId as string, secretKey: key.privateKey };
    node = await FakeNode.connect(cp.url, identity);
    await node.hello(identity.nodeId, {
      capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, chromiumVersion: 'test', concurrency: 64, platforms: ['bilibili'], adapters: FAKE_ADAPTERS, videoDir: VIDEO_DIR },
      accounts: [{ externalRef: '30040001', platform: 'bilibili', displayName: 'Outage', loginState: 'logged_in' }],
    });
    // The node stays online (a heartbeat within a minute) for the whole file.
    heartbeat = setInterval(() => node.send({ type: 'heartbeat', activeJobs: [] }), 10_000);
    // The hello is processed asynchronously: wait for the account it reported (the hook's timeout bounds it).
    await untilReady(
      cp.child,
      async () => {
        const [account] = await rows<{ id: number }>(db.database.db, sql`select id from accounts where node_id = ${identity.nodeId}`);
        if (account) accountId = account.id;
        return account !== undefined;
      },
      { what: "the node's account", output: cp.output },
    );

    const codes = (await admin('POST', '/codes/generate', { licenseMode: 'COUNT', quantity: 2, remainingCount: COUNT })).body.codes as Array<{ code: string }>;
    licenses = [];
    for (const [i, { code }] of codes.entries()) {
      const device = generateEd25519();
      const enroll = { projectKey: 'default', code, machineId: `outage-machine-${i}`, fingerprintHash: `fp${i}-`.padEnd(64, '0'), devicePublicKey: device.publicKey, appVersion: '2.0.0' };
      const enrolledDevice = await call('license', 'POST', '/api/license/v2/enroll', { body: { ...enroll, deviceSignature: signEd25519(device.privateKey, enrollMessage(enroll)) } });
      expect(enrolledDevice.body.success).toBe(true);
      const [{ id: codeId }] = await rows<{ id: number }>(db.database.db, sql`select id from activation_codes where code = ${code}`);
      licenses.push({ sessionId: enrolledDevice.body.sessionId, licenseToken: enrolledDevice.body.licenseToken, privateKey: device.privateKey, fingerprintHash: enroll.fingerprintHash, codeId });
    }
    answers.length = 0;
  }, 90_000);

  afterAll(async () => {
    clearInterval(heartbeat);
    await node?.close().catch(() => {});
    await cp?.stop();
    await proxy?.close();
    await db?.close();
  });

  /**
   * Runs the load for one cut: publishers and license consumers each retry
   * one logical request (same Idempotency-Key, same requestId) until it
   * succeeds, then start the next; admin readers and a readiness probe just
   * keep asking. Answers `cutAt` and `restoredAt` (performance.now()).
   */
  async function underLoad(mode: CutMode): Promise<{ cutAt: number; restoredAt: number; restoredWall: number }> {
    let stopping = false;
    let n = 0;
    // What an integrator does after a 503 or an in-flight 409 (faster than Retry-After, to keep the load up).
    const retrying = async (send: () => Promise<Answer>, ok: (a: Answer) => boolean): Promise<Answer> => {
      const deadline = performance.now() + 60_000;
      for (;;) {
        const a = await send();
        if (ok(a)) return a;
        const retryable = a.status === 503 || (a.status === 409 && a.body.error?.code === 'idempotency_key_in_flight');
        if (!retryable || performance.now() > deadline) throw new Error(`${a.surface} answered ${a.status} ${JSON.stringify(a.body)}\n${cp.output().slice(-3000)}`);
        await sleep(150);
      }
    };
    const publisher = async () => {
      while (!stopping) {
        const key = `${mode}-${n++}-${randomBytes(4).toString('hex')}`;
        const a = await retrying(() => publish(key), (x) => x.status === 200);
        done.publishes.set(key, a.body.batch_id);
        // Paced so that every job of the file fits the node's 64 slots (offers are never accepted here).
        await sleep(400);
      }
    };
    const consumer = async (client: number) => {
      while (!stopping) {
        const requestId = `${mode}-${n++}`;
        await retrying(() => consume(client, requestId), (x) => x.status === 200 && x.body.success === true);
        done.consumes[client]!.add(requestId);
        await sleep(50);
      }
    };
    const reader = async (i: number) => {
      while (!stopping) {
        await admin('GET', i % 2 ? `/users/${userId}` : '/projects');
        await sleep(100);
      }
    };
    const prober = async () => {
      while (!stopping) {
        await call('readyz', 'GET', '/readyz');
        await sleep(250);
      }
    };
    const workers = [publisher(), publisher(), consumer(0), consumer(1), reader(0), reader(1), prober()];
    // The three pauses shape the load (a while before, during and after the cut), not waits for the product.
    await sleep(1500);
    const cutAt = performance.now();
    await proxy.cut(mode);
    await sleep(CUT_MS);
    const restoredAt = performance.now();
    const restoredWall = Date.now();
    await proxy.restore();
    await sleep(3000);
    // And on until every surface has answered a request sent after the reconnect's backoff: on a loaded
    // machine a request sent during the cut may still be waiting for its answer when those 3 s end
    // (bounded by the test's own limit, like every wait here).
    const answeredSince = (surface: Surface) => answers.some((a) => a.surface === surface && a.sentAt >= restoredAt + 750);
    await new Promise<void>((resolve) => {
      const heard = () => {
        if (!(['publish', 'admin', 'license', 'readyz'] as const).every(answeredSince)) return;
        onAnswer.delete(heard);
        resolve();
      };
      onAnswer.add(heard);
      heard();
    });
    stopping = true;
    await Promise.all(workers);
    return { cutAt, restoredAt, restoredWall };
  }

  /** The control plane's warnings and errors logged `fromMs` after restoring, for failure messages. */
  const loggedSince = (wall: number, fromMs: number) =>
    cp
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { time: number; msg: string; reason?: string; code?: string; component?: string })
      .filter((o) => o.time >= wall + fromMs)
      .map((o) => `+${o.time - wall} ms ${o.component ?? 'request'}: ${o.msg} ${o.code ?? ''} ${o.reason ?? ''}`)
      .join('\n');

  const ENVELOPES: Record<Exclude<Surface, 'readyz'>, (a: Answer) => void> = {
    publish: (a) => expect(a.body).toEqual({ error: { code: 'service_unavailable', message: expect.stringContaining('Retry-After') } }),
    admin: (a) => expect(a.body).toEqual({ success: false, code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('Retry-After') }),
    license: (a) => expect(a.body).toEqual({ success: false, code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('Retry-After') }),
  };

  describe.each(['refuse', 'blackhole'] as const)('%s', (mode) => {
    let window: { cutAt: number; restoredAt: number; restoredWall: number };
    let mine: Answer[];

    it('carries the load through the cut', async () => {
      const before = answers.length;
      window = await underLoad(mode);
      mine = answers.slice(before);
      expect(cp.child.exitCode, cp.output()).toBeNull();
    }, 120_000);

    it('answers nothing but success, 503 or an in-flight 409, each 503 in its envelope with X-Request-Id and Retry-After', () => {
      const odd = mine.filter((a) => {
        if (a.status === 503) return false;
        if (a.surface === 'publish') return !(a.status === 200 || (a.status === 409 && a.body.error?.code === 'idempotency_key_in_flight'));
        if (a.surface === 'license') return !(a.status === 200 && a.body.success === true);
        return a.status !== 200;
      });
      expect(odd, cp.output().slice(-3000)).toEqual([]);
      for (const a of mine.filter((x) => x.status === 503)) {
        expect(a.requestId, JSON.stringify(a)).toMatch(/\S/);
        if (a.surface === 'readyz') {
          expect(a.body).toEqual({ status: 'unready', service: 'plume-control-plane', reason: 'database unreachable' });
          continue;
        }
        expect(a.retryAfter, JSON.stringify(a)).toBe('2');
        ENVELOPES[a.surface](a);
      }
    });

    it('while cut, every surface answers 503 within the bound; /readyz says not ready', () => {
      const during = mine.filter((a) => a.sentAt >= window.cutAt && a.answeredAt <= window.restoredAt);
      expect(during.length).toBeGreaterThanOrEqual(8);
      for (const surface of ['publish', 'admin', 'license', 'readyz'] as const) {
        const seen = during.filter((a) => a.surface === surface);
        expect(seen.length, `${surface} answers while cut`).toBeGreaterThanOrEqual(1);
        expect(seen.filter((a) => a.status !== 503), surface).toEqual([]);
      }
      const slow = mine.filter((a) => a.sentAt >= window.cutAt && a.sentAt < window.restoredAt && a.answeredAt - a.sentAt > ANSWER_BOUND_MS);
      expect(slow.map((a) => `${a.surface} ${a.status} after ${Math.round(a.answeredAt - a.sentAt)} ms`)).toEqual([]);
    });

    it('once restored, the first requests succeed', () => {
      // Reconnecting waits at most half a second of backoff.
      const after = mine.filter((a) => a.sentAt >= window.restoredAt + 750);
      for (const surface of ['publish', 'admin', 'license', 'readyz'] as const) {
        const seen = after.filter((a) => a.surface === surface);
        expect(seen.length, `${surface} answers after restore`).toBeGreaterThanOrEqual(1);
        expect(
          seen.filter((a) => a.status !== 200).map((a) => `${a.surface} ${a.status} ${JSON.stringify(a.body)} at +${Math.round(a.sentAt - window.restoredAt)} ms`),
          `${surface}; logged after restoring:\n${loggedSince(window.restoredWall, 0)}`,
        ).toEqual([]);
      }
    });
  });

  it('every retried publish made exactly one batch with one job, and a repeat of its key answers that batch', async () => {
    const batches = await rows<{ id: string; jobs: number }>(
      db.database.db,
      sql`select b.id, (select count(*)::int from publish_jobs j where j.batch_id = b.id) as jobs from publish_batches b where b.user_id = ${userId}`,
    );
    const made = [...done.publishes.values()];
    expect(new Set(made).size).toBe(made.length);
    expect(batches.map((b) => b.id).sort()).toEqual([...made].sort());
    expect(batches.filter((b) => b.jobs !== 1)).toEqual([]);
    for (const [key, batchId] of [...done.publishes].slice(0, 10)) {
      const again = await publish(key);
      expect(again.status).toBe(200);
      expect(again.body.batch_id).toBe(batchId);
      expect(again.replayed).toBe('true');
    }
  });

  it('every retried consume deducted once, and a repeat deducts nothing', async () => {
    for (const [client, license] of licenses.entries()) {
      const consumed = done.consumes[client]!;
      const [code] = await rows<{ remaining: number }>(db.database.db, sql`select remaining_count as remaining from activation_codes where id = ${license.codeId}`);
      expect(code!.remaining).toBe(COUNT - consumed.size);
      const [first] = [...consumed];
      const again = await consume(client, first!);
      expect(again.body).toMatchObject({ success: true, idempotent: true });
      const [after] = await rows<{ remaining: number }>(db.database.db, sql`select remaining_count as remaining from activation_codes where id = ${license.codeId}`);
      expect(after!.remaining).toBe(COUNT - consumed.size);
    }
  });

  it("dispatch went on: the account's job is offered to the node, and its later jobs wait behind it, none lost", async () => {
    // An account runs one job at a time: this node never accepts, so one of the account's jobs is
    // offered (again after each offer deadline) while the others stay queued behind it.
    const offered = () => new Set(node.received.filter((m) => m.type === 'offer').map((m) => (m as { jobId: string }).jobId));
    await eventually(
      async () => {
        const jobs = await rows<{ id: string; state: string }>(db.database.db, sql`select id, state from publish_jobs where user_id = ${userId}`);
        const inFlight = jobs.filter((j) => j.state !== 'queued');
        return { onlyQueuedOrOffered: jobs.every((j) => j.state === 'queued' || j.state === 'offered'), inFlight: inFlight.length, sentToNode: inFlight.every((j) => offered().has(j.id)) };
      },
      { interval: 500 },
    ).toEqual({ onlyQueuedOrOffered: true, inFlight: 1, sentToNode: true });
  }, 90_000);
});

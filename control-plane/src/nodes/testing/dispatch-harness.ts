/**
 * A listening control plane with only the node surfaces (enroll, connect,
 * admin nodes) and test-sized timers, on a per-file test database; plus
 * factories for users, accounts and queued jobs. Jobs are inserted the way
 * POST /publish leaves them (state queued, frozen payload and settings, one
 * unit taken from the executor's quota bucket) and announced on plume_jobs.
 */
import { randomBytes } from 'node:crypto';
import { nodeEnrollMessage, sha256Hex } from '@plume/shared';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { adminRoutes } from '../../admin/admin.routes.js';
import { generateEd25519, signEd25519 } from '../../crypto/ed25519.js';
import { type Database, rows } from '../../db/client.js';
import { prepareDatabase } from '../../db/bootstrap.js';
import type { Dispatcher } from '../dispatcher.js';
import type { NodeHub } from '../hub.js';
import { nodesAdminRoutes } from '../nodes.admin.routes.js';
import { InputRelay } from '../../publishing/challenges/input-relay.js';
import { nodeRoutes } from '../nodes.routes.js';
import type { DispatchTimers } from '../timers.js';

/** What src/testing/db.ts's createTestDatabase returns (that folder is not compiled, so it is passed in). */
export interface TestDatabase {
  database: Database;
  url: string | null;
  close(): Promise<void>;
}

export const HARNESS_ADMIN_TOKEN = 'dispatch-harness-admin-token-0123456789';

export interface EnrolledNode {
  nodeId: string;
  secretKey: string;
  publicKey: string;
}

export interface JobRow {
  id: string;
  state: string;
  attempt: number;
  attemptId: string | null;
  nodeEpoch: number | null;
  leaseUntil: Date | null;
  platformPostId: string | null;
  platformUrl: string | null;
  errorCode: string | null;
  feedback: Record<string, unknown> | null;
  verifiedAt: Date | null;
  batchState: string;
}

export interface DispatchHarness {
  url: string;
  app: FastifyInstance;
  db: TestDatabase;
  hub: NodeHub;
  dispatcher: Dispatcher;
  /** This replica's relay of answers to jobs awaiting input. */
  inputs: InputRelay;
  adminHeaders: Record<string, string>;
  createUser(): Promise<number>;
  enroll(o: { userIds: number[]; kind?: 'edge' | 'desktop' | 'web'; name?: string }): Promise<EnrolledNode>;
  createAccount(o: { userId: number; nodeId: string; platform?: string; externalRef?: string; executor?: 'edge' | 'desktop' | 'web' }): Promise<number>;
  createJob(o: {
    userId: number;
    accountId: number;
    nodeId: string;
    platform?: string;
    contentType?: 'article' | 'dynamic' | 'video';
    payload?: Record<string, unknown>;
    /** The node's kind: also the quota bucket the job takes its unit from. */
    executor?: 'edge' | 'desktop' | 'web';
  }): Promise<string>;
  /** used and granted of a user's bucket (0/0 when the user has none). */
  quota(userId: number, bucket: 'edge' | 'desktop' | 'web' | 'cms'): Promise<{ granted: number; used: number }>;
  job(id: string): Promise<JobRow>;
  waitForJob(id: string, done: (j: JobRow) => boolean, timeoutMs?: number): Promise<JobRow>;
  close(): Promise<void>;
}

/** `db` is the test file's database (createTestDatabase); the harness does not close it. */
export async function createDispatchHarness(
  db: TestDatabase,
  o: {
    timers?: Partial<DispatchTimers>;
    replicaId?: string;
    /** PLUME_TRUST_PROXY: believe X-Forwarded-For. */
    trustProxy?: boolean;
    /** The input deadline sweep's period (InputRelay's default otherwise). */
    inputSweepMs?: number;
  } = {},
): Promise<DispatchHarness> {
  await prepareDatabase(db.database);
  const app = Fastify({ logger: process.env.PLUME_TEST_LOG ? { level: process.env.PLUME_TEST_LOG } : false, trustProxy: o.trustProxy ?? false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  let parts: { hub: NodeHub; dispatcher: Dispatcher } | undefined;
  // inputSweepMs: the input deadline sweep's period (the relay's own default otherwise); a test that runs
  // each round itself sets it far away, so no round of the relay's own races it.
  const inputs = new InputRelay({ database: db.database, log: app.log, ...(o.inputSweepMs !== undefined ? { sweepMs: o.inputSweepMs } : {}) });
  await app.register(adminRoutes({ db: db.database.db, bootstrapToken: HARNESS_ADMIN_TOKEN, extensions: [nodesAdminRoutes({ db: db.database.db })] }), {
    prefix: '/api/admin',
  });
  await app.register(
    nodeRoutes({ database: db.database, inputs, ...(o.timers ? { timers: o.timers } : {}), ...(o.replicaId ? { replicaId: o.replicaId } : {}), expose: (p) => (parts = p) }),
    { prefix: '/api/nodes/v1' },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  const adminHeaders = { authorization: `Bearer ${HARNESS_ADMIN_TOKEN}` };
  const d = db.database.db;

  const harness: DispatchHarness = {
    url,
    app,
    db,
    hub: parts!.hub,
    dispatcher: parts!.dispatcher,
    inputs,
    adminHeaders,
    async createUser() {
      const plan = { name: 'test', permissions: ['publish'], perMinuteLimit: 1000, dailyLimit: 100000, cmsEnabled: false };
      const [u] = await rows<{ id: number }>(d, sql`insert into users (name, plan) values ('dispatch test', ${JSON.stringify(plan)}::jsonb) returning id`);
      return u!.id;
    },
    async enroll({ userIds, kind = 'edge', name = 'test node' }) {
      const token = await app.inject({ method: 'POST', url: '/api/admin/nodes/enrollment-tokens', headers: adminHeaders, payload: { kind, userIds, name } });
      if (token.statusCode !== 201) throw new Error(`token: ${token.body}`);
      const key = generateEd25519();
      const plain = token.json().token as string;
      const machineId = `machine-${randomBytes(4).toString('hex')}`;
      const proof = signEd25519(key.privateKey, nodeEnrollMessage({ tokenSha256: sha256Hex(plain), publicKey: key.publicKey, machineId }));
      const res = await app.inject({
        method: 'POST',
        url: '/api/nodes/v1/enroll',
        payload: { token: plain, publicKey: key.publicKey, machineId, fingerprint: 'fp-test', name, proof },
      });
      if (res.statusCode !== 201) throw new Error(`enroll: ${res.body}`);
      return { nodeId: res.json().nodeId as string, secretKey: key.privateKey, publicKey: key.publicKey };
    },
    async createAccount({ userId, nodeId, platform = 'douyin', externalRef = `acc-${randomBytes(3).toString('hex')}`, executor = 'edge' }) {
      const [a] = await rows<{ id: number }>(
        d,
        sql`insert into accounts (user_id, platform, display_name, executor, node_id, login_state, external_ref)
            values (${userId}, ${platform}, ${`Account ${externalRef}`}, ${executor}, ${nodeId}, 'logged_in', ${externalRef}) returning id`,
      );
      return a!.id;
    },
    async createJob({ userId, accountId, nodeId, platform = 'douyin', contentType = 'video', payload, executor = 'edge' }) {
      const batchId = `bat_${randomBytes(8).toString('hex')}`;
      const jobId = `job_${randomBytes(8).toString('hex')}`;
      const body = payload ?? { title: 'A video', localVideoPath: `/srv/videos/${userId}/a.mp4` };
      await d.transaction(async (tx) => {
        // The unit POST /publish takes (granted grows with it: the harness's users have quota enough).
        await tx.execute(sql`insert into quota_buckets (user_id, bucket, granted, used) values (${userId}, ${executor}, 1, 1)
                             on conflict (user_id, bucket) do update set granted = quota_buckets.granted + 1, used = quota_buckets.used + 1`);
        await tx.execute(sql`insert into publish_batches (id, user_id, content_type, executor, state, request_id)
                             values (${batchId}, ${userId}, ${contentType}, ${executor}, 'queued', 'req-test')`);
        await tx.execute(sql`insert into publish_jobs (id, batch_id, user_id, account_id, platform, content_type, executor, node_id, quota_bucket,
                               payload, settings_snapshot, settings_hash, settings_contract_version)
                             values (${jobId}, ${batchId}, ${userId}, ${accountId}, ${platform}, ${contentType}, ${executor}, ${nodeId}, ${executor},
                               ${JSON.stringify(body)}::jsonb, ${JSON.stringify({ tags: ['t'] })}::jsonb, 'sha-test', '2026-01')`);
        await tx.execute(sql`select pg_notify('plume_jobs', ${nodeId})`);
      });
      return jobId;
    },
    async quota(userId, bucket) {
      const [q] = await rows<{ granted: number; used: number }>(d, sql`select granted, used from quota_buckets where user_id = ${userId} and bucket = ${bucket}`);
      return q ?? { granted: 0, used: 0 };
    },
    async job(id) {
      const [j] = await rows<JobRow>(
        d,
        sql`select j.id, j.state, j.attempt, j.attempt_id as "attemptId", j.node_epoch::int as "nodeEpoch", j.lease_until as "leaseUntil",
                   j.platform_post_id as "platformPostId", j.platform_url as "platformUrl", j.error_code as "errorCode", j.feedback,
                   j.verified_at as "verifiedAt", b.state as "batchState"
            from publish_jobs j join publish_batches b on b.id = j.batch_id where j.id = ${id}`,
      );
      if (!j) throw new Error(`no job ${id}`);
      // Raw rows carry timestamps as text on postgres-js.
      const date = (v: Date | string | null) => (v === null ? null : new Date(v));
      return { ...j, leaseUntil: date(j.leaseUntil), verifiedAt: date(j.verifiedAt) };
    },
    // No deadline unless the caller sizes one against a hung process: a loaded machine gets there
    // later, not differently, so by default the running test's timeout is the bound.
    async waitForJob(id, done, timeoutMs = Infinity) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const j = await harness.job(id);
        if (done(j)) return j;
        if (Date.now() > deadline) throw new Error(`job ${id} did not reach the expected state; last: ${JSON.stringify(j)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      await app.close();
    },
  };
  return harness;
}

/**
 * Quota proof: 1,000 concurrent article publishes against an edge
 * quota of 500, spread over two control-plane processes sharing one
 * PostgreSQL. Exactly 500 batches are created, the other 500 are refused with
 * 403 quota_exceeded, and the bucket ends at exactly 0 remaining: the quota is
 * taken by one conditional UPDATE inside each publish transaction, so no
 * interleaving of replicas can overdraw it or lose a unit.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomId } from '../control-plane/src/crypto/tokens.js';
import { rows } from '../control-plane/src/db/client.js';
import { seedAccount, seedNode } from '../control-plane/src/testing/node-seeds.js';
import { FULL_CAPABILITIES } from '../control-plane/src/testing/publish.js';
import { articles } from '../control-plane/src/publishing/publishing.schema.js';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../control-plane/src/testing/db.js';
import { type ControlPlaneProcess, startControlPlane } from './support/control-plane-process.js';

const ADMIN = 'openapi-quota-test-admin-token-0123456789';
const QUOTA = 500;
const PUBLISHES = 1000;

describe.skipIf(!hasPostgres())('publish quota across two control-plane replicas', () => {
  let db: TestDatabase;
  let replicas: ControlPlaneProcess[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    const env = { DATABASE_URL: db.url!, PLUME_ADMIN_TOKEN: ADMIN, PLUME_DB_POOL_MAX: '10' };
    replicas = await Promise.all([startControlPlane(env), startControlPlane(env)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.stop()));
    await db?.close();
  });

  const call = async (base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };

  it(`${PUBLISHES} publishes under a quota of ${QUOTA} leave the bucket at exactly 0`, async () => {
    const [a, b] = replicas as [ControlPlaneProcess, ControlPlaneProcess];
    const admin = { authorization: `Bearer ${ADMIN}` };
    const user = await call(a.url, 'POST', '/api/admin/users', {
      name: 'Quota test',
      plan: { name: 'load', permissions: ['publish', 'accounts:read'], perMinuteLimit: 100_000, dailyLimit: 1_000_000, cmsEnabled: false },
      quotas: { edge: QUOTA },
    }, admin);
    expect(user.status).toBe(201);
    const userId = user.body.user.id as number;
    const key = (await call(b.url, 'POST', `/api/admin/users/${userId}/api-keys`, { name: 'load' }, admin)).body.apiKey.key as string;
    // An enrolled node, connected and heartbeating, that reported the user's zhihu account logged in.
    const { nodeId } = await seedNode(db.database.db, { userIds: [userId], capabilities: FULL_CAPABILITIES, replica: 'quota-test' });
    const accountId = await seedAccount(db.database.db, { userId, platform: 'zhihu', nodeId });
    const articleId = randomId('art');
    await db.database.db.insert(articles).values({
      id: articleId,
      userId,
      title: 'Load',
      content: 'Body',
      contentProvenance: 'human',
      aigc: { label_required: false, display_label: '', applies_to: { text: false, images: false } },
      source: 'import',
    });

    const body = { articleId, executor: 'edge', accountIds: [accountId] };
    const answers = await Promise.all(
      Array.from({ length: PUBLISHES }, (_, i) =>
        call(i % 2 === 0 ? a.url : b.url, 'POST', '/api/openapi/v1/publish', body, { authorization: `Bearer ${key}`, 'idempotency-key': randomUUID() }),
      ),
    );

    const byStatus = new Map<number, number>();
    for (const ans of answers) byStatus.set(ans.status, (byStatus.get(ans.status) ?? 0) + 1);
    expect(Object.fromEntries(byStatus)).toEqual({ 200: QUOTA, 403: PUBLISHES - QUOTA });
    for (const ans of answers.filter((x) => x.status === 403)) expect(ans.body.error.code).toBe('quota_exceeded');
    expect(new Set(answers.filter((x) => x.status === 200).map((x) => x.body.batch_id)).size).toBe(QUOTA);

    const [state] = await rows<{ granted: number; used: number; batches: number; jobs: number }>(
      db.database.db,
      sql`select q.granted, q.used,
                 (select count(*)::int from publish_batches where user_id = ${userId}) as batches,
                 (select count(*)::int from publish_jobs where user_id = ${userId}) as jobs
          from quota_buckets q where q.user_id = ${userId} and q.bucket = 'edge'`,
    );
    expect(state).toEqual({ granted: QUOTA, used: QUOTA, batches: QUOTA, jobs: QUOTA });
    for (const replica of replicas) {
      const me = await call(replica.url, 'GET', '/api/openapi/v1/me', undefined, { authorization: `Bearer ${key}` });
      expect(me.body.quotas.edge).toEqual({ granted: QUOTA, used: QUOTA, remaining: 0 });
    }
  }, 120_000);
});

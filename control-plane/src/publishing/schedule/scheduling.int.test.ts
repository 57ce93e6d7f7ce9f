/**
 * Scheduled publishing through the real control plane (Open API, hub,
 * dispatcher with its scheduler) and a scripted edge node on a real socket:
 * a scheduled job is offered at its publishAt and not before; a node offline
 * then gets it when it returns within the window; a window that ends first
 * fails the job schedule_missed and gives its unit back; cancel and move are
 * idempotent and a job is never both canceled and started; every bad input
 * has its stable code and takes nothing.
 *
 * Timers are the product's defaults (the poll, DispatchTimers.pollMs, is
 * the bound of lateness the scheduler promises) except those the offline node
 * needs: a short sweep and no startup grace.
 */
import { randomBytes } from 'node:crypto';
import { nodeEnrollMessage, sha256Hex } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEd25519, signEd25519 } from '../../crypto/ed25519.js';
import { rows } from '../../db/client.js';
import { FakeNode, FAKE_ADAPTERS } from '../../nodes/testing/fake-node.js';
import { DEFAULT_TIMERS } from '../../nodes/timers.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { eventually } from '../../testing/eventually.js';
import { createUser, type TestUser, v1 } from '../../testing/openapi.js';
import { createArticle, createCmsSite, fixturesOf } from '../../testing/publish.js';
import { PUBLISH_AT_MAX_AHEAD_DAYS, PUBLISH_WINDOW_DEFAULT_S } from './schedule-input.js';

const TIMERS = { sweepMs: 300, startupGraceMs: 0, rejectBackoffMs: 300 };
const POLL_MS = DEFAULT_TIMERS.pollMs;
const VIDEO_DIR = '/srv/videos';

let t: TestApp;
let url: string;
const db = () => t.db.database.db;

beforeAll(async () => {
  t = await createTestApp({ dispatchTimers: TIMERS });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
}, 60_000);
afterAll(async () => t?.close());

interface Node {
  id: string;
  secretKey: string;
  fake: FakeNode;
  accounts: number[];
}

/** An edge node of `user` with `count` bilibili accounts, connected and past its hello. */
async function edgeNode(user: TestUser, count = 1, concurrency = 4): Promise<Node> {
  const made = await t.app.inject({ method: 'POST', url: '/api/admin/nodes/enrollment-tokens', headers: t.adminHeaders, payload: { kind: 'edge', name: 'scheduling', userIds: [user.id] } });
  expect(made.statusCode, made.body).toBe(201);
  const token = made.json().token as string;
  const key = generateEd25519();
  const machineId = `m-${randomBytes(6).toString('hex')}`;
  const proof = signEd25519(key.privateKey, nodeEnrollMessage({ tokenSha256: sha256Hex(token), publicKey: key.publicKey, machineId }));
  const enrolled = await t.app.inject({ method: 'POST', url: '/api/nodes/v1/enroll', payload: { token, publicKey: key.publicKey, machineId, fingerprint: 'fp', proof } });
  expect(enrolled.statusCode, enrolled.body).toBe(201);
  const id = enrolled.json().nodeId as string;
  const refs = Array.from({ length: count }, () => String(30_000_000 + Math.floor(Math.random() * 60_000_000)));
  const fake = await connect(id, key.privateKey, refs, concurrency);
  // The hello is handled asynchronously: wait for the accounts it reported.
  await eventually(async () => (await rows(db(), sql`select id from accounts where node_id = ${id}`)).length).toBe(count);
  const accounts = (await rows<{ id: number }>(db(), sql`select id from accounts where node_id = ${id} order by id`)).map((a) => a.id);
  return { id, secretKey: key.privateKey, fake, accounts };
}

async function connect(nodeId: string, secretKey: string, refs: string[], concurrency = 4): Promise<FakeNode> {
  const fake = await FakeNode.connect(url, { nodeId, secretKey });
  await fake.hello(nodeId, {
    capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, concurrency, platforms: ['bilibili'], adapters: FAKE_ADAPTERS, videoDir: VIDEO_DIR },
    accounts: refs.map((externalRef) => ({ externalRef, platform: 'bilibili', displayName: `b ${externalRef}`, loginState: 'logged_in' })),
  });
  return fake;
}

async function reconnect(node: Node): Promise<FakeNode> {
  const refs = (await rows<{ ref: string }>(db(), sql`select external_ref as ref from accounts where node_id = ${node.id} order by id`)).map((r) => r.ref);
  node.fake = await connect(node.id, node.secretKey, refs);
  return node.fake;
}

const video = (user: TestUser, accountIds: number[], extra: Record<string, unknown> = {}) => ({
  executor: 'edge',
  accountIds,
  title: 'Scheduled clip',
  localVideoPath: `${VIDEO_DIR}/${user.id}/clip.mp4`,
  platformSettings: { bilibili: { partitionName: '知识', tags: ['知识'] } },
  ...extra,
});

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

async function quotaUsed(userId: number, bucket = 'edge'): Promise<number> {
  const [q] = await rows<{ used: number }>(db(), sql`select used from quota_buckets where user_id = ${userId} and bucket = ${bucket}`);
  return q!.used;
}

async function jobState(jobId: string): Promise<{ state: string; errorCode: string | null; publishAt: Date | null; publishDeadline: Date | null }> {
  const [j] = await rows<{ state: string; errorCode: string | null; publishAt: Date | null; publishDeadline: Date | null }>(
    db(),
    sql`select state, error_code as "errorCode", publish_at as "publishAt", publish_deadline as "publishDeadline" from publish_jobs where id = ${jobId}`,
  );
  return { ...j!, publishAt: j!.publishAt && new Date(j!.publishAt), publishDeadline: j!.publishDeadline && new Date(j!.publishDeadline) };
}

/** The job events written for a user (webhook outbox), oldest first. */
async function jobEvents(userId: number, jobId: string): Promise<Array<Record<string, unknown>>> {
  const list = await rows<{ payload: Record<string, unknown> }>(
    db(),
    sql`select payload from webhook_deliveries where user_id = ${userId} and event_type = 'publish.job.updated' and payload ->> 'job_id' = ${jobId} order by created_at`,
  );
  return list.map((r) => r.payload);
}

/** Runs the node's side of an offered job to a success. */
async function runToSuccess(fake: FakeNode, jobId: string, attemptId: string): Promise<void> {
  fake.send({ type: 'accept', jobId, attemptId });
  await fake.next('start', (s) => s.jobId === jobId);
  fake.send({ type: 'commit', jobId, attemptId });
  expect((await fake.next('commit_ack', (a) => a.jobId === jobId)).ok).toBe(true);
  fake.send({ type: 'result', msgId: `m-${jobId}`, jobId, attemptId, outcome: 'succeeded', postId: `BV${jobId.slice(4, 12)}` });
  await fake.next('ack');
}

describe('happy path', () => {
  it('a scheduled video is accepted now (quota taken, state scheduled) and offered at its publishAt, not before, within one poll', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    await db().execute(sql`update users set webhook_url = 'http://127.0.0.1:9/hooks' where id = ${user.id}`);
    const node = await edgeNode(user);
    const before = await quotaUsed(user.id);
    const publishAt = inMs(1500);
    const res = await v1(t.app, user, 'POST', '/publish/video', video(user, node.accounts, { publishAt }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const due = new Date(publishAt).getTime();
    expect(res.body).toMatchObject({ state: 'scheduled', publish_at: new Date(due).toISOString() });
    const job = res.body.jobs[0];
    expect(job).toMatchObject({
      state: 'scheduled',
      publish_at: new Date(due).toISOString(),
      publish_deadline: new Date(due + PUBLISH_WINDOW_DEFAULT_S * 1000).toISOString(),
    });
    expect(await quotaUsed(user.id)).toBe(before + 1);
    const polled = await v1(t.app, user, 'GET', `/publish/${res.body.batch_id}`);
    expect(polled.body).toMatchObject({ state: 'scheduled', publish_at: new Date(due).toISOString(), jobs: [{ state: 'scheduled', publish_at: new Date(due).toISOString() }] });

    const offer = await node.fake.next('offer', (o) => o.jobId === job.job_id);
    const at = Date.now();
    expect(at).toBeGreaterThanOrEqual(due);
    expect(at - due).toBeLessThanOrEqual(POLL_MS);
    await runToSuccess(node.fake, job.job_id, offer.attemptId);
    const done = await v1(t.app, user, 'GET', `/publish/${res.body.batch_id}`);
    expect(done.body).toMatchObject({ state: 'succeeded', publish_at: null, jobs: [{ state: 'succeeded', publish_at: new Date(due).toISOString() }] });
    // Integrators heard it leave the schedule, with its due time, then succeed.
    const events = await jobEvents(user.id, job.job_id);
    expect(events.map((e) => e.state)).toEqual(['queued', 'running', 'succeeded']);
    expect(events[0]).toMatchObject({ publish_at: new Date(due).toISOString(), publish_deadline: job.publish_deadline });
    await node.fake.close();
  });

  it('articles and dynamics are scheduled the same way; an Idempotency-Key replays the scheduled answer', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const node = await edgeNode(user, 2);
    const [art] = await rows<{ id: string }>(
      db(),
      sql`insert into articles (id, user_id, title, content, content_provenance, aigc, source)
          values (${`art_${randomBytes(8).toString('hex')}`}, ${user.id}, 'Scheduled', 'Body text', 'human',
                  '{"label_required":false,"display_label":"","applies_to":{"text":false,"images":false}}'::jsonb, 'import') returning id`,
    );
    const publishAt = inMs(3_600_000);
    const article = await v1(t.app, user, 'POST', '/publish', {
      articleId: art!.id,
      executor: 'edge',
      accountIds: [node.accounts[0]],
      platformSettings: { bilibili: { category: '学习' } },
      publishAt,
      publishWindow: 600,
    });
    expect(article.status, JSON.stringify(article.body)).toBe(200);
    expect(article.body.jobs[0]).toMatchObject({ state: 'scheduled', publish_deadline: new Date(new Date(publishAt).getTime() + 600_000).toISOString() });
    const dynamic = await v1(t.app, user, 'POST', '/publish/dynamic', { executor: 'edge', accountIds: [node.accounts[1]], content: 'Later', publishAt });
    expect(dynamic.status, JSON.stringify(dynamic.body)).toBe(202);
    expect(dynamic.body).toMatchObject({ state: 'scheduled', jobs: [{ state: 'scheduled' }] });

    const key = randomBytes(16).toString('hex');
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/openapi/v1/publish/video',
        headers: { ...user.headers, 'idempotency-key': key },
        payload: video(user, [node.accounts[0]!], { publishAt }),
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({ state: 'scheduled' });
    await node.fake.close();
  });
});

describe('CMS sites', () => {
  it('a scheduled CMS article takes cms quota now and joins the web executor\'s queue when due', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const f = fixturesOf(t);
    const site = await createCmsSite(f, user.id);
    const articleId = await createArticle(f, user.id);
    const before = await quotaUsed(user.id, 'cms');
    const publishAt = inMs(800);
    const res = await v1(t.app, user, 'POST', '/publish', { articleId, executor: 'web', accountIds: [site], publishAt });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const jobId = res.body.jobs[0].job_id as string;
    expect(res.body.jobs[0]).toMatchObject({ state: 'scheduled', executor: 'web' });
    expect(await quotaUsed(user.id, 'cms')).toBe(before + 1);
    // Released when due: queued, node-less, executor web, which is what the CMS executor claims.
    await eventually(async () => (await jobState(jobId)).state).toBe('queued');
    const [row] = await rows<{ nodeId: string | null; executor: string; bucket: string }>(
      db(),
      sql`select node_id as "nodeId", executor, quota_bucket as bucket from publish_jobs where id = ${jobId}`,
    );
    expect(row).toEqual({ nodeId: null, executor: 'web', bucket: 'cms' });
    expect(Date.now()).toBeGreaterThanOrEqual(new Date(publishAt).getTime());
  });
});

describe('a node away at the due time', () => {
  it('gets the job when it returns within the window', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const node = await edgeNode(user);
    await node.fake.close();
    await eventually(async () => (await rows<{ c: number }>(db(), sql`select count(*)::int as c from execution_nodes where id = ${node.id} and connected_replica is null`))[0]!.c).toBe(1);
    // Offline now: a scheduled publish is still accepted (the executor is needed at the due time, not now).
    const publishAt = inMs(500);
    const res = await v1(t.app, user, 'POST', '/publish/video', video(user, node.accounts, { publishAt, publishWindow: 120 }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const jobId = res.body.jobs[0].job_id as string;
    // Due, released to the queue, waiting for its node.
    await eventually(async () => (await jobState(jobId)).state).toBe('queued');
    const fake = await reconnect(node);
    const offer = await fake.next('offer', (o) => o.jobId === jobId);
    expect(Date.now()).toBeGreaterThanOrEqual(new Date(publishAt).getTime());
    await runToSuccess(fake, jobId, offer.attemptId);
    expect((await jobState(jobId)).state).toBe('succeeded');
    await fake.close();
  });

  it('fails schedule_missed and gives the unit back once the window ends without it', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const node = await edgeNode(user);
    await node.fake.close();
    const before = await quotaUsed(user.id);
    // Due four minutes ago (within the past tolerance) with a window ending two seconds from now:
    // released at once, then left waiting for a node that does not come.
    const publishAt = inMs(-240_000);
    const res = await v1(t.app, user, 'POST', '/publish/video', video(user, node.accounts, { publishAt, publishWindow: 242 }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const jobId = res.body.jobs[0].job_id as string;
    expect(await quotaUsed(user.id)).toBe(before + 1);
    await eventually(async () => (await jobState(jobId)).state).toBe('failed');
    const failed = await jobState(jobId);
    expect(failed.errorCode).toBe('schedule_missed');
    expect(Date.now()).toBeGreaterThanOrEqual(failed.publishDeadline!.getTime());
    expect(await quotaUsed(user.id)).toBe(before);
    const view = await v1(t.app, user, 'GET', `/publish/${res.body.batch_id}`);
    expect(view.body).toMatchObject({ state: 'failed', jobs: [{ state: 'failed', error: { code: 'schedule_missed' } }] });
    // The node returning later is offered nothing.
    const fake = await reconnect(node);
    await eventually(async () => (await rows<{ c: number }>(db(), sql`select count(*)::int as c from execution_nodes where id = ${node.id} and connected_replica is not null`))[0]!.c).toBe(1);
    expect(fake.received.filter((m) => m.type === 'offer')).toEqual([]);
    await fake.close();
  });

  it('a window that ended while no replica ran releases the job straight to schedule_missed, refunded', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const node = await edgeNode(user);
    const before = await quotaUsed(user.id);
    // Due 4.5 minutes ago with the shortest window: the deadline passed before the publish was accepted.
    const res = await v1(t.app, user, 'POST', '/publish/video', video(user, node.accounts, { publishAt: inMs(-270_000), publishWindow: 60 }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const jobId = res.body.jobs[0].job_id as string;
    await eventually(async () => (await jobState(jobId)).errorCode).toBe('schedule_missed');
    expect(await quotaUsed(user.id)).toBe(before);
    expect(node.fake.received.filter((m) => m.type === 'offer' && m.jobId === jobId)).toEqual([]);
    await node.fake.close();
  });
});

describe('cancel and move', () => {
  it('are idempotent; a canceled job gives its unit back once; a move changes the due time and says so', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    await db().execute(sql`update users set webhook_url = 'http://127.0.0.1:9/hooks' where id = ${user.id}`);
    const node = await edgeNode(user, 2);
    const before = await quotaUsed(user.id);
    const res = await v1(t.app, user, 'POST', '/publish/video', video(user, node.accounts, { publishAt: inMs(3_600_000) }));
    expect(res.status).toBe(200);
    const batchId = res.body.batch_id as string;
    const [one, two] = res.body.jobs.map((j: { job_id: string }) => j.job_id) as [string, string];
    expect(await quotaUsed(user.id)).toBe(before + 2);

    const cancel1 = await v1(t.app, user, 'POST', `/publish/${batchId}/jobs/${one}/cancel`);
    expect(cancel1.status, JSON.stringify(cancel1.body)).toBe(200);
    expect(cancel1.body.jobs.find((j: { job_id: string }) => j.job_id === one)).toMatchObject({ state: 'canceled' });
    expect(cancel1.body.state).toBe('scheduled');
    const cancelAgain = await v1(t.app, user, 'POST', `/publish/${batchId}/jobs/${one}/cancel`);
    expect(cancelAgain.status).toBe(200);
    expect(cancelAgain.body).toEqual(cancel1.body);
    expect(await quotaUsed(user.id)).toBe(before + 1);
    expect((await jobEvents(user.id, one)).map((e) => e.state)).toEqual(['canceled']);

    const later = new Date(Date.now() + 7_200_000);
    later.setUTCMilliseconds(0);
    // Given in another zone: the same instant.
    const shanghai = new Date(later.getTime() + 8 * 3_600_000).toISOString().replace('.000Z', '+08:00');
    const moved = await v1(t.app, user, 'POST', `/publish/${batchId}/reschedule`, { publishAt: shanghai, publishWindow: 300 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.publish_at).toBe(later.toISOString());
    expect(moved.body.jobs.find((j: { job_id: string }) => j.job_id === two)).toMatchObject({
      state: 'scheduled',
      publish_at: later.toISOString(),
      publish_deadline: new Date(later.getTime() + 300_000).toISOString(),
    });
    expect(moved.body.jobs.find((j: { job_id: string }) => j.job_id === one)).toMatchObject({ state: 'canceled' });
    const movedAgain = await v1(t.app, user, 'POST', `/publish/${batchId}/reschedule`, { publishAt: later.toISOString(), publishWindow: 300 });
    expect(movedAgain.status).toBe(200);
    expect(movedAgain.body).toEqual(moved.body);
    // One event for the move (its new time), none for the repeat.
    const twoEvents = await jobEvents(user.id, two);
    expect(twoEvents).toHaveLength(1);
    expect(twoEvents[0]).toMatchObject({ state: 'scheduled', publish_at: later.toISOString() });
    // A move without a window keeps each job's own.
    const keep = await v1(t.app, user, 'POST', `/publish/${batchId}/jobs/${two}/reschedule`, { publishAt: new Date(later.getTime() + 60_000).toISOString() });
    expect(keep.body.jobs.find((j: { job_id: string }) => j.job_id === two)).toMatchObject({ publish_deadline: new Date(later.getTime() + 360_000).toISOString() });

    // A canceled job cannot be moved.
    const moveCanceled = await v1(t.app, user, 'POST', `/publish/${batchId}/jobs/${one}/reschedule`, { publishAt: later.toISOString() });
    expect(moveCanceled.status).toBe(409);
    expect(moveCanceled.body.error.code).toBe('job_not_scheduled');

    const all = await v1(t.app, user, 'POST', `/publish/${batchId}/cancel`);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ state: 'canceled', publish_at: null, jobs: [{ state: 'canceled' }, { state: 'canceled' }] });
    expect((await v1(t.app, user, 'POST', `/publish/${batchId}/cancel`)).body).toEqual(all.body);
    expect(await quotaUsed(user.id)).toBe(before);
    expect((await rows<{ c: number }>(db(), sql`select count(*)::int as c from quota_refunds where job_id in (${one}, ${two})`))[0]!.c).toBe(2);
    await node.fake.close();
  });

  it('a job that started, or a batch published at once, is not canceled: 409 job_not_scheduled', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const node = await edgeNode(user);
    const now = await v1(t.app, user, 'POST', '/publish/video', video(user, node.accounts));
    expect(now.status).toBe(200);
    const jobId = now.body.jobs[0].job_id as string;
    const offer = await node.fake.next('offer', (o) => o.jobId === jobId);
    const refused = await v1(t.app, user, 'POST', `/publish/${now.body.batch_id}/cancel`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('job_not_scheduled');
    const moved = await v1(t.app, user, 'POST', `/publish/${now.body.batch_id}/jobs/${jobId}/reschedule`, { publishAt: inMs(3_600_000) });
    expect(moved.status).toBe(409);
    expect(moved.body.error.code).toBe('job_not_scheduled');
    await runToSuccess(node.fake, jobId, offer.attemptId);
    await node.fake.close();
  });

  it('cancel against the start, many times at once: each job is either canceled or offered, never both, and only canceled ones are refunded', async () => {
    const user = await createUser(t.app, t.adminHeaders, { quotas: { edge: 200 } });
    // Concurrency above the jobs: every job that is not canceled is offered at once.
    const node = await edgeNode(user, 40, 64);
    const before = await quotaUsed(user.id);
    const publishAt = inMs(4000);
    const res = await v1(t.app, user, 'POST', '/publish/video', video(user, node.accounts, { publishAt }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const batchId = res.body.batch_id as string;
    const jobs = res.body.jobs.map((j: { job_id: string }) => j.job_id) as string[];
    const cancel = async (jobId: string) => {
      const r = await v1(t.app, user, 'POST', `/publish/${batchId}/jobs/${jobId}/cancel`);
      return { jobId, status: r.status, code: r.body?.error?.code as string | undefined };
    };
    // Both outcomes, whatever the machine's speed: the first eight are canceled while surely
    // scheduled (nothing is released before publishAt), the last eight only once they were offered.
    const early = jobs.slice(0, 8);
    const late = jobs.slice(-8);
    const contested = jobs.slice(8, -8);
    const answers = await Promise.all(early.map(cancel));
    expect(answers.map((a) => a.status)).toEqual(early.map(() => 200));
    // The contested ones: five cancels each, fired around the due time (load shaping, not waiting for
    // a state), from 150 ms before it to 150 ms after, so that they meet the scheduled row, its
    // release or the claim that offers it, as the machine's speed has it.
    const due = new Date(publishAt).getTime();
    answers.push(
      ...(await Promise.all(
        contested.flatMap((jobId, i) =>
          Array.from({ length: 5 }, (_, k) =>
            new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, due - Date.now() - 150 + ((i * 5 + k) % 31) * 10))).then(() => cancel(jobId)),
          ),
        ),
      )),
    );
    await eventually(async () => (await rows<{ c: number }>(db(), sql`select count(*)::int as c from publish_jobs where id in (${sql.join(late.map((id) => sql`${id}`), sql`, `)}) and state = 'offered'`))[0]!.c).toBe(late.length);
    answers.push(...(await Promise.all(late.map(cancel))));
    // Every job settles as canceled or offered (the node accepts nothing: offered stays offered).
    await eventually(async () => (await rows<{ c: number }>(db(), sql`select count(*)::int as c from publish_jobs where batch_id = ${batchId} and state not in ('canceled', 'offered')`))[0]!.c).toBe(0);
    const states = new Map((await rows<{ id: string; state: string }>(db(), sql`select id, state from publish_jobs where batch_id = ${batchId}`)).map((r) => [r.id, r.state]));
    const offered = new Set(node.fake.received.filter((m) => m.type === 'offer').map((m) => (m as { jobId: string }).jobId));
    for (const jobId of jobs) {
      const mine = answers.filter((a) => a.jobId === jobId);
      if (states.get(jobId) === 'canceled') {
        expect(offered.has(jobId), jobId).toBe(false);
        expect(mine.every((a) => a.status === 200), JSON.stringify(mine)).toBe(true);
      } else {
        expect(states.get(jobId)).toBe('offered');
        expect(offered.has(jobId), jobId).toBe(true);
        expect(mine.every((a) => a.status === 409 && a.code === 'job_not_scheduled'), JSON.stringify(mine)).toBe(true);
      }
    }
    for (const jobId of early) expect(states.get(jobId)).toBe('canceled');
    for (const jobId of late) expect(states.get(jobId)).toBe('offered');
    const canceled = jobs.filter((j) => states.get(j) === 'canceled').length;
    expect(await quotaUsed(user.id)).toBe(before + jobs.length - canceled);
    expect((await rows<{ c: number }>(db(), sql`select count(*)::int as c from quota_refunds where job_id in (select id from publish_jobs where batch_id = ${batchId})`))[0]!.c).toBe(canceled);
    await node.fake.close();
  }, 120_000);
});

describe('errors', () => {
  it('each bad publishAt or publishWindow has its stable code, on every publish kind and preflight, and takes nothing', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const node = await edgeNode(user);
    const before = await quotaUsed(user.id);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ publishAt: '2030-01-01T09:00:00' }, 400, 'publish_at_invalid'],
      [{ publishAt: '2030-01-01' }, 400, 'publish_at_invalid'],
      [{ publishAt: 1893488400 }, 400, 'publish_at_invalid'],
      [{ publishAt: { at: 'tomorrow' } }, 400, 'publish_at_invalid'],
      [{ publishAt: inMs(-600_000) }, 422, 'publish_at_in_past'],
      [{ publishAt: inMs((PUBLISH_AT_MAX_AHEAD_DAYS + 1) * 86_400_000) }, 422, 'publish_at_too_far'],
      [{ publishAt: inMs(3_600_000), publishWindow: 10 }, 400, 'publish_window_invalid'],
      [{ publishAt: inMs(3_600_000), publishWindow: '900' }, 400, 'publish_window_invalid'],
      [{ publishWindow: 900 }, 400, 'publish_window_invalid'],
      [{ publishAt: inMs(3_600_000), platformSettings: { bilibili: { partitionName: '知识', tags: ['知识'], scheduledAt: inMs(7_200_000) } } }, 422, 'schedule_conflict'],
    ];
    for (const [extra, status, code] of cases) {
      const res = await v1(t.app, user, 'POST', '/publish/video', video(user, node.accounts, extra));
      expect([res.status, res.body.error?.code], JSON.stringify(extra)).toEqual([status, code]);
      const dyn = await v1(t.app, user, 'POST', '/publish/dynamic', { executor: 'edge', accountIds: node.accounts, content: 'x', ...extra });
      if (!('platformSettings' in extra)) expect([dyn.status, dyn.body.error?.code], `dynamic ${JSON.stringify(extra)}`).toEqual([status, code]);
      const pre = await v1(t.app, user, 'POST', '/publish/preflight', { contentType: 'video', ...video(user, node.accounts, extra) });
      expect([pre.status, pre.body.error?.code], `preflight ${JSON.stringify(extra)}`).toEqual([status, code]);
    }
    // The platform's own scheduling alone is still accepted.
    const own = await v1(t.app, user, 'POST', '/publish/video', video(user, node.accounts, { platformSettings: { bilibili: { partitionName: '知识', tags: ['知识'], scheduledAt: inMs(7_200_000) } } }));
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(await quotaUsed(user.id)).toBe(before + 1);
    expect((await rows<{ c: number }>(db(), sql`select count(*)::int as c from publish_jobs where user_id = ${user.id}`))[0]!.c).toBe(1);
    await node.fake.close();
  });

  it('cancel and move name what is missing or wrong', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const other = await createUser(t.app, t.adminHeaders);
    const node = await edgeNode(user);
    const res = await v1(t.app, user, 'POST', '/publish/video', video(user, node.accounts, { publishAt: inMs(3_600_000) }));
    const batchId = res.body.batch_id as string;
    const expectCode = async (r: Promise<{ status: number; body: any }>, status: number, code: string) => {
      const got = await r;
      expect([got.status, got.body.error?.code], JSON.stringify(got.body)).toEqual([status, code]);
    };
    await expectCode(v1(t.app, user, 'POST', '/publish/bat_nosuchbatch/cancel'), 404, 'batch_not_found');
    await expectCode(v1(t.app, other, 'POST', `/publish/${batchId}/cancel`), 404, 'batch_not_found');
    await expectCode(v1(t.app, user, 'POST', `/publish/${batchId}/jobs/job_nosuchjob/cancel`), 404, 'job_not_found');
    await expectCode(v1(t.app, user, 'POST', `/publish/${batchId}/reschedule`, {}), 400, 'publish_at_invalid');
    await expectCode(v1(t.app, user, 'POST', `/publish/${batchId}/reschedule`, { publishAt: '2030-01-01T09:00:00' }), 400, 'publish_at_invalid');
    await expectCode(v1(t.app, user, 'POST', `/publish/${batchId}/reschedule`, { publishAt: inMs(-600_000) }), 422, 'publish_at_in_past');
    await expectCode(v1(t.app, user, 'POST', `/publish/${batchId}/reschedule`, { publishAt: inMs((PUBLISH_AT_MAX_AHEAD_DAYS + 1) * 86_400_000) }), 422, 'publish_at_too_far');
    await expectCode(v1(t.app, user, 'POST', `/publish/${batchId}/reschedule`, { publishAt: inMs(3_600_000), publishWindow: 10 }), 400, 'publish_window_invalid');
    await expectCode(v1(t.app, user, 'POST', `/publish/${batchId}/reschedule`, { publishAt: inMs(3_600_000), extra: 1 }), 400, 'invalid_request');
    // Nothing above changed the job.
    expect((await v1(t.app, user, 'GET', `/publish/${batchId}`)).body).toMatchObject({ state: 'scheduled', publish_at: res.body.publish_at });
    await node.fake.close();
  });
});

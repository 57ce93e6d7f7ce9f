/**
 * The Open API side of a job awaiting input, against what a careless or
 * hostile caller sends: the publish fields onChallenge and inputTimeout out
 * of range, and answers that are not JSON, too large, of a kind a program
 * may not send (a click), with NUL bytes or a code that is no code, for
 * another user's job or a job that waits on no one. Each is refused in the
 * Open API's envelope with X-Request-Id, and nothing reaches a node.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.js';
import { listen } from '../../db/listen.js';
import { until } from '../../testing/eventually.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { createUser, v1 } from '../../testing/openapi.js';
import { publishWorld } from '../../testing/publish.js';
import { INPUTS_CHANNEL } from './challenges.repository.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof publishWorld>>;
let batchId: string;
let jobId: string;
const heard: string[] = [];
let unlisten: () => Promise<void>;

beforeAll(async () => {
  t = await createTestApp();
  w = await publishWorld(t, { quotas: { edge: 10 } });
  const published = await v1(t.app, w.user, 'POST', '/publish', { articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu], onChallenge: 'wait', inputTimeout: 120 });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  batchId = published.body.batch_id;
  jobId = published.body.jobs[0].job_id;
  unlisten = await listen(t.db.database.db, INPUTS_CHANNEL, (payload) => heard.push(payload));
}, 60_000);
afterAll(async () => {
  await unlisten?.();
  await t?.close();
});

const path = () => `/publish/${batchId}/jobs/${jobId}/input`;

/** As the node's challenge report leaves the job (challenges.repository.ts asked). */
async function awaitInput(): Promise<void> {
  await t.db.database.db.execute(sql`update publish_jobs set state = 'running', attempt_id = 'att_bad', node_id = ${w.edge},
    challenge = jsonb_build_object('attemptId', 'att_bad', 'kind', 'sms', 'step', 'publish', 'message', 'code?', 'askedAt', '2030-01-01T00:00:00.000Z'),
    input_deadline = now() + interval '10 minutes' where id = ${jobId}`);
}

function refused(res: Awaited<ReturnType<typeof v1>>, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ error: { code, message: expect.any(String) } });
  expect(res.headers['x-request-id']).toBeTruthy();
}

describe('a job awaiting input, answered badly', () => {
  it('froze the rule the request asked for; a rule out of range is refused before anything is written', async () => {
    const [row] = await rows<{ rule: unknown }>(t.db.database.db, sql`select challenge_rule as rule from publish_jobs where id = ${jobId}`);
    expect(row!.rule).toEqual({ mode: 'wait', timeoutMs: 120_000 });
    const body = { articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu] };
    // Unsaid: fail without a webhook (nobody would hear of the wait), wait with one; 600 s.
    const ruleOf = async (batch: string) =>
      (await rows<{ rule: unknown }>(t.db.database.db, sql`select challenge_rule as rule from publish_jobs where batch_id = ${batch}`))[0]!.rule;
    expect(await ruleOf((await v1(t.app, w.user, 'POST', '/publish', body)).body.batch_id)).toEqual({ mode: 'fail', timeoutMs: 600_000 });
    await t.db.database.db.execute(sql`update users set webhook_url = 'http://127.0.0.1:9/hook' where id = ${w.user.id}`);
    expect(await ruleOf((await v1(t.app, w.user, 'POST', '/publish', body)).body.batch_id)).toEqual({ mode: 'wait', timeoutMs: 600_000 });
    refused(await v1(t.app, w.user, 'POST', '/publish', { ...body, onChallenge: 'maybe' }), 400, 'invalid_request');
    refused(await v1(t.app, w.user, 'POST', '/publish', { ...body, inputTimeout: 5 }), 400, 'invalid_request');
    refused(await v1(t.app, w.user, 'POST', '/publish', { ...body, inputTimeout: '600' }), 400, 'invalid_request');
    const batches = await v1(t.app, w.user, 'GET', `/publish/${batchId}`);
    expect(batches.body.jobs[0].challenge).toBeNull();
  });

  it('refuses every malformed answer in the envelope, and none reaches the node', async () => {
    await awaitInput();
    refused(await v1(t.app, w.user, 'POST', path(), '{"type":"sms",'), 400, 'invalid_json');
    refused(await v1(t.app, w.user, 'POST', path(), { type: 'click', x: 1, y: 2 }), 400, 'invalid_request');
    refused(await v1(t.app, w.user, 'POST', path(), { type: 'sms', code: '12 34' }), 400, 'invalid_request');
    refused(await v1(t.app, w.user, 'POST', path(), { type: 'sms', code: '1234', extra: true }), 400, 'invalid_request');
    refused(await v1(t.app, w.user, 'POST', path(), { type: 'text', text: 'a\u0000b' }), 400, 'invalid_request');
    refused(await v1(t.app, w.user, 'POST', path(), { type: 'text', text: 'x'.repeat(5000) }), 413, 'payload_too_large');
    refused(await v1(t.app, w.user, 'POST', `/publish/${batchId}/jobs/job_nosuchjob/input`, { type: 'sms', code: '1234' }), 404, 'job_not_found');
    // Another integrator's job is no job of theirs.
    const other = await createUser(t.app, t.adminHeaders);
    refused(await v1(t.app, other, 'POST', path(), { type: 'sms', code: '1234' }), 404, 'batch_not_found');
    refused(await v1(t.app, other, 'GET', `/publish/${batchId}/jobs/${jobId}/challenge/screenshot`), 404, 'batch_not_found');
    // The node sent no picture: said so, not an empty image.
    refused(await v1(t.app, w.user, 'GET', `/publish/${batchId}/jobs/${jobId}/challenge/screenshot`), 404, 'job_not_found');
    expect(heard).toEqual([]);

    // A well-formed answer goes through: the channel hears exactly that one.
    const ok = await v1(t.app, w.user, 'POST', path(), { type: 'sms', code: '1234' });
    expect(ok.status).toBe(202);
    await until(() => heard.length, (n) => n > 0);
    expect(heard.map((p) => JSON.parse(p))).toEqual([expect.objectContaining({ t: 'input', jobId, input: { type: 'sms', code: '1234' } })]);
  });

  it('a job whose deadline passed, or that waits on no one, takes no answer', async () => {
    await t.db.database.db.execute(sql`update publish_jobs set input_deadline = now() - interval '1 second' where id = ${jobId}`);
    refused(await v1(t.app, w.user, 'POST', path(), { type: 'sms', code: '1234' }), 409, 'job_not_awaiting_input');
    await t.db.database.db.execute(sql`update publish_jobs set state = 'queued', challenge = null, input_deadline = null where id = ${jobId}`);
    refused(await v1(t.app, w.user, 'POST', path(), { type: 'sms', code: '1234' }), 409, 'job_not_awaiting_input');
    refused(await v1(t.app, w.user, 'GET', `/publish/${batchId}/jobs/${jobId}/challenge/screenshot`), 409, 'job_not_awaiting_input');
  });
});

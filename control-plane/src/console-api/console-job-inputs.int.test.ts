/**
 * Answering a job awaiting input from the console (the integrator, their own
 * jobs only) and the admin API (any user's job): the list of jobs awaiting
 * input, the live page as Server-Sent Events (state, then each new frame,
 * ending once the job awaits input no more), and clicks and SMS codes that
 * reach the relay's channel (plume_job_inputs) for the node holding the page.
 * The job is put in the awaiting state the way a node's challenge leaves it
 * (its challenge naming the running attempt, a deadline, a stored frame).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.js';
import { nodesRepository } from '../nodes/nodes.repository.js';
import { listen } from '../db/listen.js';
import { INPUTS_CHANNEL, type InputNotice } from '../publishing/challenges/challenges.repository.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { ConsoleClient, type Person, person } from '../testing/console.js';
import { eventually } from '../testing/eventually.js';
import { v1 } from '../testing/openapi.js';
import { publishWorld } from '../testing/publish.js';

type World = Awaited<ReturnType<typeof publishWorld>>;
type Event = { event: string; data: any };

let t: TestApp;
let url: string;
let mine: World;
let theirs: World;
let me: Person;
let other: Person;
let admin: Person;
let viewer: Person;
let stopListening: () => Promise<void>;
const heard: InputNotice[] = [];
const db = () => t.db.database.db;
/** A 1×1 white JPEG and PNG, base64: what the node's frames and screenshot are. */
const JPEG = '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';

/** Publishes one article to the user's Zhihu account; its job id. */
async function publishedJob(w: World): Promise<{ jobId: string; batchId: string }> {
  // The seeded node has no socket: it heartbeats here, as a connected node does, or a slow run outlives its online window.
  await nodesRepository.markConnected(db(), w.edge, 'test-replica');
  const res = await v1(t.app, w.user, 'POST', '/publish', { articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu] });
  expect(res.status).toBe(200);
  return { jobId: res.body.jobs[0].job_id as string, batchId: res.body.batch_id as string };
}

/** The job as a node's challenge leaves it: running attempt `attemptId`, an SMS code asked, a frame of its page stored. */
async function awaiting(jobId: string, attemptId: string, kind = 'sms') {
  await db().execute(sql`update publish_jobs set state = 'running', attempt_id = ${attemptId}, lease_until = now() + interval '10 minutes',
      challenge = jsonb_build_object('attemptId', ${attemptId}::text, 'kind', ${kind}::text, 'step', 'publish', 'message', 'Enter the code sent to 138****0000',
                                     'askedAt', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
      input_deadline = now() + interval '10 minutes'
    where id = ${jobId}`);
  await db().execute(sql`insert into job_input_pages (job_id, attempt_id, screenshot_png, frame_seq, frame_jpeg, frame_width, frame_height)
      values (${jobId}, ${attemptId}, ${PNG}, 1, ${JPEG}, 1280, 800)
      on conflict (job_id) do update set attempt_id = excluded.attempt_id, screenshot_png = excluded.screenshot_png, frame_seq = 1,
        frame_jpeg = excluded.frame_jpeg, frame_width = 1280, frame_height = 800`);
}

/** What a node's newer frame does: the stored frame replaced, viewers told. */
async function newFrame(jobId: string, seq: number) {
  await db().execute(sql`update job_input_pages set frame_seq = ${seq}, updated_at = now() where job_id = ${jobId}`);
  await db().execute(sql`select pg_notify(${INPUTS_CHANNEL}, ${JSON.stringify({ t: 'frame', jobId, seq })})`);
}

/** What a node's challenge_cleared does: the job runs again, viewers told. */
async function cleared(jobId: string) {
  await db().execute(sql`update publish_jobs set challenge = null, input_deadline = null where id = ${jobId}`);
  await db().execute(sql`delete from job_input_pages where job_id = ${jobId}`);
  await db().execute(sql`select pg_notify(${INPUTS_CHANNEL}, ${JSON.stringify({ t: 'ended', jobId })})`);
}

/** An event stream read over HTTP (the console's cookie or the admin token); calls `step` after each event until it says done. */
async function stream(path: string, headers: Record<string, string>, step: (seen: Event[]) => boolean | Promise<boolean>): Promise<{ seen: Event[]; ended: boolean }> {
  const res = await fetch(`${url}${path}`, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body!.getReader();
  const seen: Event[] = [];
  let buffer = '';
  let ended = false;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) {
      ended = true;
      break;
    }
    buffer += Buffer.from(value).toString('utf8');
    let cut: number;
    let enough = false;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (event && data) {
        seen.push({ event, data: JSON.parse(data) });
        if (await step(seen)) enough = true;
      }
    }
    if (enough) break;
  }
  if (!ended) await reader.cancel();
  return { seen, ended };
}
const cookieOf = (c: ConsoleClient) => ({ cookie: `plume_console=${c.cookie}` });

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  [mine, theirs] = [await publishWorld(t), await publishWorld(t)];
  [me, other, admin, viewer] = [
    await person(t, 'user', { integratorUserId: mine.user.id }),
    await person(t, 'user', { integratorUserId: theirs.user.id }),
    await person(t, 'admin'),
    await person(t, 'viewer'),
  ];
  stopListening = await listen(t.db.database.db, INPUTS_CHANNEL, (payload) => heard.push(JSON.parse(payload) as InputNotice));
}, 120_000);
afterAll(async () => {
  await stopListening?.();
  await t?.close();
});

describe('the integrator', () => {
  it('sees their job awaiting input, streams its page (state, then each new frame) until it resumes, and only theirs', async () => {
    const { jobId, batchId } = await publishedJob(mine);
    await awaiting(jobId, 'att_stream');

    const list = await me.client.get('/api/console/me/jobs/awaiting-input');
    expect(list.status).toBe(200);
    const listed = list.body.jobs.find((j: { job_id: string }) => j.job_id === jobId);
    expect(listed).toMatchObject({
      job_id: jobId,
      batch_id: batchId,
      platform: 'zhihu',
      account_id: mine.acc.zhihu,
      state: 'awaiting_input',
      challenge: { kind: 'sms', step: 'publish', message: 'Enter the code sent to 138****0000', screenshot_url: `/api/console/me/jobs/${jobId}/challenge/screenshot` },
    });
    expect(new Date(listed.challenge.deadline).getTime()).toBeGreaterThan(Date.now());
    expect((await other.client.get('/api/console/me/jobs/awaiting-input')).body.jobs.map((j: { job_id: string }) => j.job_id)).not.toContain(jobId);
    // The batch says the same, with the console's screenshot link.
    const batch = await me.client.get(`/api/console/me/batches/${batchId}`);
    expect(batch.body.batch.jobs[0]).toMatchObject({ state: 'awaiting_input', challenge: { kind: 'sms' } });

    const shot = await me.client.get(`/api/console/me/jobs/${jobId}/challenge/screenshot`);
    expect(shot.status).toBe(200);
    expect(shot.body).toEqual({ job_id: jobId, kind: 'sms', content_type: 'image/png', data: PNG });

    let step = 0;
    const { seen, ended } = await stream(`/api/console/me/jobs/${jobId}/challenge/events`, cookieOf(me.client), async (s) => {
      const last = s.at(-1)!;
      // The first frame seen: the node sends a newer one; the newer one seen: the challenge is cleared.
      if (last.event === 'frame' && last.data.seq === 1 && step === 0) {
        step = 1;
        await newFrame(jobId, 2);
      } else if (last.event === 'frame' && last.data.seq === 2 && step === 1) {
        step = 2;
        await cleared(jobId);
      }
      return false;
    });
    expect(ended).toBe(true);
    expect(seen[0]).toEqual({ event: 'state', data: { job_id: jobId, batch_id: batchId, platform: 'zhihu', state: 'awaiting_input', challenge: expect.objectContaining({ kind: 'sms' }) } });
    expect(seen.filter((e) => e.event === 'frame').map((e) => e.data)).toEqual([
      { seq: 1, jpeg: JPEG, width: 1280, height: 800 },
      { seq: 2, jpeg: JPEG, width: 1280, height: 800 },
    ]);
    expect(seen.at(-1)).toEqual({ event: 'state', data: { job_id: jobId, batch_id: batchId, platform: 'zhihu', state: 'running', challenge: null } });
    expect((await me.client.get('/api/console/me/jobs/awaiting-input')).body.jobs.map((j: { job_id: string }) => j.job_id)).not.toContain(jobId);
  });

  it("sends clicks and the SMS code to the node's channel; another's job answers 404, a job not awaiting input 409", async () => {
    const { jobId } = await publishedJob(mine);
    await awaiting(jobId, 'att_input');
    const before = heard.length;
    const click = await me.client.post(`/api/console/me/jobs/${jobId}/input`, { type: 'click', x: 640, y: 400 });
    expect(click.status).toBe(202);
    expect(click.body).toEqual({ sent: true });
    expect((await me.client.post(`/api/console/me/jobs/${jobId}/input`, { type: 'sms', code: '246810' })).status).toBe(202);
    const [{ node_id: nodeId }] = await rows<{ node_id: string }>(db(), sql`select node_id from publish_jobs where id = ${jobId}`);
    await eventually(() => heard.slice(before).filter((n) => n.t === 'input' && n.jobId === jobId)).toEqual([
      { t: 'input', jobId, attemptId: 'att_input', nodeId, input: { type: 'click', x: 640, y: 400 } },
      { t: 'input', jobId, attemptId: 'att_input', nodeId, input: { type: 'sms', code: '246810' } },
    ]);

    // Another integrator's job is unknown to them: every route answers 404, nothing is sent.
    const sent = heard.length;
    for (const [method, path, body] of [
      ['GET', `/api/console/me/jobs/${jobId}/challenge`, undefined],
      ['GET', `/api/console/me/jobs/${jobId}/challenge/events`, undefined],
      ['GET', `/api/console/me/jobs/${jobId}/challenge/screenshot`, undefined],
      ['POST', `/api/console/me/jobs/${jobId}/input`, { type: 'sms', code: '135790' }],
      ['POST', '/api/console/me/jobs/job_nosuchjob/input', { type: 'sms', code: '135790' }],
    ] as const) {
      const res = await other.client.request(method, path, body);
      expect({ path, status: res.status, code: res.body.error?.code }).toEqual({ path, status: 404, code: 'not_found' });
    }

    // A job that waits on no one: 409, with the console's envelope.
    const { jobId: queued } = await publishedJob(mine);
    const refused = await me.client.post(`/api/console/me/jobs/${queued}/input`, { type: 'key', key: 'Enter' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'job_not_awaiting_input', message: expect.stringContaining(queued) });
    expect((await me.client.get(`/api/console/me/jobs/${queued}/challenge/screenshot`)).body.error.code).toBe('job_not_awaiting_input');
    expect((await me.client.get(`/api/console/me/jobs/${queued}/challenge`)).body).toMatchObject({ job_id: queued, challenge: null });
    // Its stream is one state event, then the end.
    const { seen, ended } = await stream(`/api/console/me/jobs/${queued}/challenge/events`, cookieOf(me.client), () => false);
    expect(ended).toBe(true);
    expect(seen).toEqual([{ event: 'state', data: expect.objectContaining({ job_id: queued, challenge: null }) }]);

    // A deadline that passed: not awaiting any more, even before the sweep fails it.
    await db().execute(sql`update publish_jobs set input_deadline = now() - interval '1 second' where id = ${jobId}`);
    expect((await me.client.post(`/api/console/me/jobs/${jobId}/input`, { type: 'sms', code: '246810' })).body.error.code).toBe('job_not_awaiting_input');

    // Inputs the schema refuses, and bodies over 4 KB.
    await awaiting(jobId, 'att_input2');
    expect((await me.client.post(`/api/console/me/jobs/${jobId}/input`, { type: 'sms', code: 'not a code!' })).body.error.code).toBe('validation_failed');
    expect((await me.client.post(`/api/console/me/jobs/${jobId}/input`, { type: 'click', x: -1, y: 2 })).body.error.code).toBe('validation_failed');
    const big = await me.client.post(`/api/console/me/jobs/${jobId}/input`, { type: 'text', text: 'x'.repeat(5000) });
    expect({ status: big.status, code: big.body.error.code }).toEqual({ status: 413, code: 'payload_too_large' });
    expect((await me.client.post(`/api/console/me/jobs/${jobId}/input`, { type: 'sms', code: '1' }, { csrf: false })).body.error.code).toBe('csrf_failed');
    expect(heard.slice(sent).filter((n) => n.t === 'input')).toEqual([]);
  });
});

describe('admins', () => {
  it("list, stream and answer any user's job awaiting input, audited; viewers watch but do not answer", async () => {
    const { jobId, batchId } = await publishedJob(theirs);
    await awaiting(jobId, 'att_admin', 'slider');
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/jobs/awaiting-input', headers: t.adminHeaders });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.find((j: { job_id: string }) => j.job_id === jobId)).toMatchObject({
      user_id: theirs.user.id,
      state: 'awaiting_input',
      challenge: { kind: 'slider', screenshot_url: `/api/admin/jobs/${jobId}/challenge/screenshot` },
    });
    expect((await viewer.client.get(`/api/admin/jobs/${jobId}/challenge`)).body).toMatchObject({ success: true, job: { job_id: jobId, batch_id: batchId, state: 'awaiting_input' } });
    const shot = await t.app.inject({ method: 'GET', url: `/api/admin/jobs/${jobId}/challenge/screenshot`, headers: t.adminHeaders });
    expect(shot.json()).toEqual({ success: true, job_id: jobId, kind: 'slider', content_type: 'image/png', data: PNG });

    const { seen } = await stream(`/api/admin/jobs/${jobId}/challenge/events`, cookieOf(viewer.client), (s) => s.some((e) => e.event === 'frame'));
    expect(seen.map((e) => e.event)).toEqual(['state', 'frame']);

    const before = heard.length;
    const res = await admin.client.post(`/api/admin/jobs/${jobId}/input`, { type: 'click', x: 12, y: 34 });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ success: true });
    await eventually(() => heard.slice(before).filter((n) => n.t === 'input' && n.jobId === jobId).map((n) => (n as { input: unknown }).input)).toEqual([{ type: 'click', x: 12, y: 34 }]);
    // The audit row is written once the answer is sent.
    await eventually(async () => rows<{ actor: string; status: number }>(db(), sql`select actor, status_code::int as status from admin_audit_log where path = ${`/api/admin/jobs/${jobId}/input`}`)).toEqual([
      { status: 202, actor: expect.stringContaining(admin.email) },
    ]);

    const refused = await viewer.client.post(`/api/admin/jobs/${jobId}/input`, { type: 'click', x: 1, y: 1 });
    expect(refused.status).toBe(403);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/admin/jobs/job_nosuchjob/input', headers: { ...t.adminHeaders, 'content-type': 'application/json' }, payload: { type: 'key', key: 'Enter' } });
    expect({ status: unknown.statusCode, code: unknown.json().code }).toEqual({ status: 404, code: 'JOB_NOT_FOUND' });
    await cleared(jobId);
    const ended = await t.app.inject({ method: 'POST', url: `/api/admin/jobs/${jobId}/input`, headers: { ...t.adminHeaders, 'content-type': 'application/json' }, payload: { type: 'key', key: 'Enter' } });
    expect({ status: ended.statusCode, code: ended.json().code }).toEqual({ status: 409, code: 'JOB_NOT_AWAITING_INPUT' });
  });
});

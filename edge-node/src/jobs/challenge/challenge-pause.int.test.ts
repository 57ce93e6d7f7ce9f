/**
 * A platform that asks a person mid-publish, as the node meets it: a real Chromium profile per
 * account, a small local site that shows an SMS-code dialog over its editor (prepare) or a
 * slider in front of its publish button (before the gate), and the runner driven as the
 * control plane drives it (offer, start, commit_ack, job_input, cancel).
 * - rule absent (fail): the job fails `challenge_required` with evidence, nothing is committed;
 * - rule `wait`: `challenge` (with a screenshot) goes out, the page streams as `job_frame`s,
 *   the person's answer (an SMS code, a click) clears it, `challenge_cleared` goes out and the
 *   job passes the gate once and succeeds; an ordinary popover of the page left behind the
 *   answered dialog does not hold the pause (the step runs again and dismisses it);
 * - a cancel during the pause gives the job back and commits nothing;
 * - a paused job holds no concurrency slot: another account's job runs meanwhile on a node of
 *   concurrency 1.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JobChallengeRule, JobSpec, LoginInput, NodeMessage, NodeMessageOf } from '@plume/shared';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountRegistry } from '../../accounts/accounts.js';
import type { Adapter } from '../../adapters/contract.js';
import { profileLauncher } from '../../browser/chromium.js';
import { CommitJournal } from '../commit-journal.js';
import { Outbox } from '../../control/outbox.js';
import { JobRunner } from '../job-runner.js';

const CHROMIUM = '/usr/bin/chromium';
const USER_ID = 7;
const WAIT: JobChallengeRule = { mode: 'wait', timeoutMs: 60_000 };

/** What the site asks, and what it was told. */
interface Site {
  url: string;
  smsPending: boolean;
  sliderPending: boolean;
  identityPending: boolean;
  /** The editor shows a guide popover on every load (kuaishou's 在这里填写作品描述 · 跳过): the adapter dismisses it. */
  guide: boolean;
  codes: string[];
  posts: string[];
  server: Server;
}

const EDITOR = (sms: boolean, guide: boolean) => `<!doctype html><html><head><meta charset="utf-8"><title>发布文章</title></head><body>
  <h1>发布文章</h1>
  <input id="title" placeholder="请输入标题" style="width:300px">
  <div contenteditable="true"><p>收不到验证码怎么办</p></div>
  ${guide ? '<div id="guide" role="alertdialog" style="position:fixed;left:35%;top:35%;width:30%;height:30%;background:#fff"><p>在这里填写作品描述</p><button id="skip" onclick="document.getElementById(\'guide\').remove()">跳过</button></div>' : ''}
  ${
    sms
      ? `<div class="ant-modal-wrap" style="position:fixed;inset:0;background:rgba(0,0,0,.4)">
    <div class="ant-modal" role="dialog" style="width:400px;margin:100px auto;background:#fff;padding:20px">
      <p>为了您的账号安全，请输入短信验证码</p>
      <input id="code" type="text" placeholder="请输入验证码">
      <button id="ok" onclick="fetch('/verify', { method: 'POST', body: document.getElementById('code').value }).then(() => document.querySelector('.ant-modal-wrap').remove())">确定</button>
    </div>
  </div>`
      : ''
  }
</body></html>`;

const HOME = (identity: boolean) => `<!doctype html><html><head><meta charset="utf-8"><title>创作中心</title></head><body>
  <h1>创作中心</h1>
  ${identity ? '<div role="dialog" style="position:fixed;top:100px;left:200px;width:500px;height:300px;background:#fff">为保障账号安全，请完成身份验证<button>去验证</button></div>' : ''}
</body></html>`;

const PUBLISH = (slider: boolean) => `<!doctype html><html><head><meta charset="utf-8"><title>发布</title></head><body style="margin:0">
  <button id="publish" style="position:absolute;left:500px;top:20px">发布</button>
  ${
    slider
      ? `<div id="captcha_container" style="position:fixed;left:100px;top:100px;width:200px;height:100px;background:#eee">
    <div class="captcha_verify_container" style="width:200px;height:100px" onclick="fetch('/slide', { method: 'POST' }).then(() => document.getElementById('captcha_container').remove())">拖动滑块完成拼图</div>
  </div>`
      : ''
  }
</body></html>`;

async function site(): Promise<Site> {
  const s = { smsPending: false, sliderPending: false, identityPending: false, guide: false, codes: [] as string[], posts: [] as string[] } as Site;
  s.server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const html = (text: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(text);
      if (req.url === '/home') return html(HOME(s.identityPending));
      if (req.url === '/editor') return html(EDITOR(s.smsPending, s.guide));
      if (req.url === '/publish') return html(PUBLISH(s.sliderPending));
      if (req.url === '/verify') {
        s.codes.push(body);
        if (body === '123456') s.smsPending = false;
        return res.writeHead(204).end();
      }
      if (req.url === '/slide') {
        s.sliderPending = false;
        return res.writeHead(204).end();
      }
      if (req.url === '/post') {
        s.posts.push(body);
        return res.writeHead(204).end();
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => s.server.listen(0, '127.0.0.1', r));
  s.url = `http://127.0.0.1:${(s.server.address() as AddressInfo).port}`;
  return s;
}

interface World {
  runner: JobRunner;
  site: Site;
  sent: NodeMessage[];
  events: string[];
  clip: string;
  stop: () => void;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function world(concurrency = 2): Promise<World> {
  const root = mkdtempSync(join(tmpdir(), 'plume-challenge-'));
  const stateDir = join(root, 'state');
  const videoDir = join(root, 'videos');
  mkdirSync(join(videoDir, String(USER_ID)), { recursive: true });
  writeFileSync(join(videoDir, String(USER_ID), 'clip.mp4'), 'FAKE');
  mkdirSync(stateDir, { recursive: true });
  const accounts = new AccountRegistry(stateDir);
  for (const ref of ['acc-1', 'acc-2']) accounts.upsert({ externalRef: ref, platform: 'testplat', displayName: ref, loginState: 'logged_in' });
  const s = await site();
  const sent: NodeMessage[] = [];
  const events: string[] = [];
  const adapter: Adapter = {
    platform: 'testplat',
    contentTypes: ['video'],
    defaultBaseUrl: s.url,
    settingKeys: [],
    checkLogin: async (page, ctx) => {
      await page.goto(`${ctx.baseUrl}/home`);
      return { externalRef: 'acc', displayName: 'acc' };
    },
    prepare: async (page, job, ctx) => {
      events.push(`prepare ${job.jobId}`);
      ctx.progress('open_editor');
      await page.goto(`${ctx.baseUrl}/editor`);
      ctx.progress('fill');
      const reachable = (id: string) => page.evaluate(`(() => { const t = document.getElementById(${JSON.stringify(id)}); const r = t.getBoundingClientRect(); return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === t; })()`);
      // The page's own guide is the adapter's to dismiss, as kuaishou's is.
      if ((await page.locator('#guide').count()) > 0) {
        if (!(await reachable('skip'))) throw new Error('the guide is covered');
        await page.click('#skip');
      }
      // A dialog over the editor takes the click: the step fails as it does on the platform, at
      // once (a click that waits for its target would fail only at its timeout, which a loaded
      // machine reaches without any dialog).
      if (!(await reachable('title'))) throw new Error('the title field is covered');
      await page.fill('#title', (job.payload as { title: string }).title);
      return { title: (job.payload as { title: string }).title };
    },
    publish: async (page, job, ctx, prepared) => {
      await page.goto(`${ctx.baseUrl}/publish`);
      await ctx.beforePublish();
      events.push(`click ${job.jobId}`);
      await page.evaluate(`fetch('/post', { method: 'POST', body: ${JSON.stringify(`${job.jobId}:${(prepared as { title: string }).title}`)} })`);
      return { postId: `p-${job.jobId}`, url: `${ctx.baseUrl}/p/${job.jobId}` };
    },
    verify: async () => ({ found: false }),
  };
  const outbox = new Outbox(stateDir).open();
  const transport = (m: NodeMessage) => {
    sent.push(m);
    return true;
  };
  outbox.useTransport(transport);
  const runner = new JobRunner({
    adapters: { get: (p) => (p === 'testplat' ? adapter : undefined), canRun: (p) => p === 'testplat', platforms: () => ['testplat'], source: 'test' },
    accounts,
    outbox,
    journal: new CommitJournal(stateDir).open(),
    send: transport,
    connected: () => true,
    launchProfile: profileLauncher({ executablePath: CHROMIUM, headless: true, stateDir }),
    videoDir,
    stateDir,
    concurrency,
    platformUrls: { testplat: s.url },
    onAccountsChanged: () => {},
    log: pino({ level: process.env.CHALLENGE_TEST_LOG ?? 'silent' }),
  });
  // Commits are acknowledged as the control plane would, once each.
  const acked = new Set<string>();
  const acks = setInterval(() => {
    for (const m of sent) {
      if (m.type !== 'commit' || acked.has(m.jobId)) continue;
      acked.add(m.jobId);
      runner.commitAck({ type: 'commit_ack', jobId: m.jobId, attemptId: m.attemptId, ok: true });
    }
  }, 10);
  const w: World = { runner, site: s, sent, events, clip: join(videoDir, String(USER_ID), 'clip.mp4'), stop: () => clearInterval(acks) };
  cleanups.push(
    () => rmSync(root, { recursive: true, force: true }),
    () => new Promise<void>((r) => s.server.close(() => r())),
    async () => {
      // Every job ends (a test that failed midway cancels what it left) before the site and the profiles go.
      for (const j of runner.activeJobs()) runner.cancel({ type: 'cancel', jobId: j.jobId, attemptId: j.attemptId, reason: 'test_over' });
      await until(() => runner.busy === 0);
      w.stop();
    },
  );
  return w;
}

function spec(ref: string, title: string, clip: string, challenge?: JobChallengeRule): JobSpec {
  return {
    userId: USER_ID,
    platform: 'testplat',
    contentType: 'video',
    account: { id: 1, externalRef: ref, displayName: ref },
    payload: { title, localVideoPath: clip },
    settings: {},
    settingsHash: 'sha',
    settingsContractVersion: '2026-01',
    createdAt: new Date().toISOString(),
    ...(challenge ? { challenge } : {}),
  };
}

/** offer → accept → start, as the control plane drives it. */
function run(w: World, jobId: string, ref: string, challenge?: JobChallengeRule): void {
  const attemptId = `att_${jobId}`;
  w.runner.offer({ type: 'offer', jobId, attemptId, platform: 'testplat', contentType: 'video', deadline: Date.now() + 30_000 });
  w.runner.start({ type: 'start', jobId, attemptId, job: spec(ref, `title-${jobId}`, w.clip, challenge), leaseUntil: Date.now() + 120_000 });
}

const of = <T extends NodeMessage['type']>(w: World, type: T, jobId: string) => w.sent.filter((m): m is NodeMessageOf<T> => m.type === type && m.jobId === jobId);
/** Until `what` holds: no deadline of its own (a loaded machine gets there later, not differently); the test's timeout bounds it. */
const until = async (what: () => boolean) => {
  while (!what()) await new Promise((r) => setTimeout(r, 25));
};
const input = (w: World, jobId: string, i: LoginInput) =>
  w.runner.jobInput({ type: 'job_input', jobId, attemptId: `att_${jobId}`, input: i });

describe.skipIf(!existsSync(CHROMIUM))('a job meets a challenge before its commit', () => {
  it('without a rule to wait, an SMS dialog in prepare fails the job challenge_required, with evidence and no commit', async () => {
    const w = await world();
    w.site.smsPending = true;
    run(w, 'job_fail', 'acc-1');
    await until(() => of(w, 'result', 'job_fail').length > 0);
    const [result] = of(w, 'result', 'job_fail');
    expect(result).toMatchObject({ outcome: 'failed', error: { code: 'challenge_required', step: 'fill' } });
    expect(result!.error!.message).toContain('sms');
    expect(result!.evidence?.screenshotPng?.length).toBeGreaterThan(100);
    expect(of(w, 'challenge', 'job_fail')).toEqual([]);
    expect(of(w, 'commit', 'job_fail')).toEqual([]);
    expect(w.site.posts).toEqual([]);
  }, 120_000);

  it('without a rule to wait, a slider before the gate fails the job challenge_required at publish, nothing committed', async () => {
    const w = await world();
    w.site.sliderPending = true;
    run(w, 'job_fail_slider', 'acc-1', { mode: 'fail', timeoutMs: 60_000 });
    await until(() => of(w, 'result', 'job_fail_slider').length > 0);
    expect(of(w, 'result', 'job_fail_slider')[0]).toMatchObject({ outcome: 'failed', error: { code: 'challenge_required', step: 'publish' } });
    expect(of(w, 'commit', 'job_fail_slider')).toEqual([]);
    expect(w.events).toEqual(['prepare job_fail_slider']);
  }, 120_000);

  it('without a rule to wait, an identity check right after the login check fails the job there, before any editor opens', async () => {
    const w = await world();
    w.site.identityPending = true;
    run(w, 'job_identity', 'acc-1');
    await until(() => of(w, 'result', 'job_identity').length > 0);
    expect(of(w, 'result', 'job_identity')[0]).toMatchObject({ outcome: 'failed', error: { code: 'challenge_required', step: 'check_login' } });
    expect(of(w, 'result', 'job_identity')[0]!.error!.message).toContain('身份验证');
    expect(w.events).toEqual([]);
  }, 120_000);

  it('waiting: an SMS code answers the dialog in prepare, the job resumes and passes the gate once', async () => {
    const w = await world();
    w.site.smsPending = true;
    run(w, 'job_sms', 'acc-1', WAIT);
    await until(() => of(w, 'challenge', 'job_sms').length > 0);
    const [challenge] = of(w, 'challenge', 'job_sms');
    expect(challenge).toMatchObject({ kind: 'sms', step: 'fill' });
    expect(challenge!.message).toContain('短信验证码');
    expect(challenge!.screenshotPng!.length).toBeGreaterThan(100);
    expect(challenge!.msgId).toMatch(/^c_/);
    // The paused job keeps its lease: it is still reported, running.
    expect(w.runner.activeJobs()).toEqual([{ jobId: 'job_sms', attemptId: 'att_job_sms', phase: 'running' }]);
    await until(() => of(w, 'job_frame', 'job_sms').length > 0);
    const [frame] = of(w, 'job_frame', 'job_sms');
    expect(frame!.jpeg.length).toBeGreaterThan(100);
    expect(frame!.width).toBeGreaterThan(0);
    input(w, 'job_sms', { type: 'sms', code: '123456' });
    await until(() => of(w, 'challenge_cleared', 'job_sms').length > 0);
    expect(of(w, 'challenge_cleared', 'job_sms')[0]).toMatchObject({ step: 'fill' });
    await until(() => of(w, 'result', 'job_sms').length > 0);
    expect(of(w, 'result', 'job_sms')[0]).toMatchObject({ outcome: 'succeeded', postId: 'p-job_sms' });
    expect(w.site.codes).toEqual(['123456']);
    expect(of(w, 'commit', 'job_sms')).toHaveLength(1);
    expect(w.site.posts).toEqual(['job_sms:title-job_sms']);
    // No frame after the pause ended.
    const frames = of(w, 'job_frame', 'job_sms').length;
    const order = w.sent.filter((m) => 'jobId' in m && m.jobId === 'job_sms').map((m) => m.type);
    expect(order.lastIndexOf('job_frame')).toBeLessThan(order.indexOf('challenge_cleared'));
    expect(frames).toBeGreaterThan(0);
  }, 120_000);

  it('waiting: once the SMS code is taken, the guide popover the page also shows does not hold the pause: the step runs again and publishes once', async () => {
    const w = await world();
    w.site.smsPending = true;
    w.site.guide = true;
    run(w, 'job_guide', 'acc-1', WAIT);
    await until(() => of(w, 'challenge', 'job_guide').length > 0);
    expect(of(w, 'challenge', 'job_guide')[0]).toMatchObject({ kind: 'sms', step: 'fill' });
    input(w, 'job_guide', { type: 'sms', code: '123456' });
    await until(() => of(w, 'result', 'job_guide').length > 0);
    expect(of(w, 'result', 'job_guide')[0]).toMatchObject({ outcome: 'succeeded', postId: 'p-job_guide' });
    // One pause, ended when the SMS dialog went: the popover was never reported as a challenge of its own.
    expect(of(w, 'challenge', 'job_guide')).toHaveLength(1);
    expect(of(w, 'challenge_cleared', 'job_guide')).toHaveLength(1);
    expect(of(w, 'commit', 'job_guide')).toHaveLength(1);
    expect(w.events).toEqual(['prepare job_guide', 'prepare job_guide', 'click job_guide']);
    expect(w.site.posts).toEqual(['job_guide:title-job_guide']);
  }, 120_000);

  it('waiting: a click on the slider before the gate clears it, then the gate and the click happen once', async () => {
    const w = await world();
    w.site.sliderPending = true;
    run(w, 'job_slider', 'acc-1', WAIT);
    await until(() => of(w, 'challenge', 'job_slider').length > 0);
    expect(of(w, 'challenge', 'job_slider')[0]).toMatchObject({ kind: 'slider', step: 'publish' });
    // Not yet at the gate: no commit asked while a person is needed.
    expect(of(w, 'commit', 'job_slider')).toEqual([]);
    await until(() => of(w, 'job_frame', 'job_slider').length > 0);
    // The slider sits at (100, 100)-(300, 200) in the page's CSS pixels.
    input(w, 'job_slider', { type: 'click', x: 150, y: 150 });
    await until(() => of(w, 'result', 'job_slider').length > 0);
    expect(of(w, 'result', 'job_slider')[0]).toMatchObject({ outcome: 'succeeded' });
    expect(of(w, 'challenge_cleared', 'job_slider')).toHaveLength(1);
    expect(of(w, 'commit', 'job_slider')).toHaveLength(1);
    expect(w.events).toEqual(['prepare job_slider', 'click job_slider']);
    expect(w.site.posts).toHaveLength(1);
  }, 120_000);

  it('a cancel while the job waits (its deadline passed) gives it back without any commit', async () => {
    const w = await world();
    w.site.sliderPending = true;
    run(w, 'job_cancel', 'acc-1', WAIT);
    await until(() => of(w, 'challenge', 'job_cancel').length > 0);
    w.runner.cancel({ type: 'cancel', jobId: 'job_cancel', attemptId: 'att_job_cancel', reason: 'input_timeout' });
    await until(() => w.runner.busy === 0);
    expect(of(w, 'reject', 'job_cancel')).toEqual([expect.objectContaining({ reason: 'cancelled' })]);
    expect(of(w, 'commit', 'job_cancel')).toEqual([]);
    expect(of(w, 'result', 'job_cancel')).toEqual([]);
    expect(of(w, 'challenge_cleared', 'job_cancel')).toEqual([]);
    expect(w.site.posts).toEqual([]);
    // An answer that comes after is dropped: the page is gone.
    input(w, 'job_cancel', { type: 'click', x: 150, y: 150 });
    expect(w.site.sliderPending).toBe(true);
  }, 120_000);

  it('a paused job holds no slot: on a node of concurrency 1 another account runs meanwhile', async () => {
    const w = await world(1);
    w.site.sliderPending = true;
    run(w, 'job_paused', 'acc-1', WAIT);
    await until(() => of(w, 'challenge', 'job_paused').length > 0);
    w.site.sliderPending = false;
    // The slider is answered for the site; the paused page still shows it until a person clicks.
    run(w, 'job_other', 'acc-2', WAIT);
    expect(of(w, 'accept', 'job_other')).toHaveLength(1);
    expect(of(w, 'reject', 'job_other')).toEqual([]);
    await until(() => of(w, 'result', 'job_other').length > 0);
    expect(of(w, 'result', 'job_other')[0]).toMatchObject({ outcome: 'succeeded' });
    // The other job leaves the runner once its browser closed (just after its result); the paused one stays, leased.
    await until(() => w.runner.activeJobs().length === 1);
    expect(w.runner.activeJobs()).toEqual([{ jobId: 'job_paused', attemptId: 'att_job_paused', phase: 'running' }]);
    input(w, 'job_paused', { type: 'click', x: 150, y: 150 });
    await until(() => of(w, 'result', 'job_paused').length > 0);
    expect(of(w, 'result', 'job_paused')[0]).toMatchObject({ outcome: 'succeeded' });
    expect(w.site.posts.sort()).toEqual(['job_other:title-job_other', 'job_paused:title-job_paused']);
  }, 120_000);
});

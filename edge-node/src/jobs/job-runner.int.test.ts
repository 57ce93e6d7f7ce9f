/**
 * The node's side of what the control plane charges and takes back, with a
 * real Chromium profile per account and a scripted adapter:
 * - a job started while the same account runs another one waits, and
 *   reports `started` (what the control plane charges an attempt on) only
 *   when its turn comes;
 * - a job waits while another plume-edge process (the CLI) holds the
 *   account's profile, and a scheduled login check never runs while the
 *   account runs a job;
 * - a commit whose acknowledgement does not come in time is given back as
 *   `commit_refused`, and a late acknowledgement never leads to a click:
 *   why the control plane may queue such a job again at once.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ControlMessageOf, JobSpec, NodeMessage } from '@plume/shared';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { lockAccount } from '../accounts/account-lock.js';
import { AccountRegistry } from '../accounts/accounts.js';
import type { Adapter } from '../adapters/contract.js';
import { profileLauncher } from '../browser/chromium.js';
import { CommitJournal } from './commit-journal.js';
import { Outbox } from '../control/outbox.js';
import { LoginChecks } from '../login/login-check.js';
import { JobRunner } from './job-runner.js';

const CHROMIUM = '/usr/bin/chromium';
const USER_ID = 7;

interface World {
  runner: JobRunner;
  /** The daemon's login checks, in the runner's account turns. */
  loginChecks: LoginChecks;
  /** A video inside the owner's directory: the sandbox lets it through. */
  clip: string;
  /** Live messages (accept, reject, commit) and outbox messages, in the order they went out. */
  sent: NodeMessage[];
  events: string[];
  release: () => void;
  stateDir: string;
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function world(o: { commitTimeoutMs?: number } = {}): World {
  const root = mkdtempSync(join(tmpdir(), 'plume-runner-'));
  dirs.push(root);
  const stateDir = join(root, 'state');
  const videoDir = join(root, 'videos');
  mkdirSync(join(videoDir, String(USER_ID)), { recursive: true });
  writeFileSync(join(videoDir, String(USER_ID), 'clip.mp4'), 'FAKE');
  mkdirSync(stateDir, { recursive: true });
  const accounts = new AccountRegistry(stateDir);
  accounts.upsert({ externalRef: 'acc-1', platform: 'testplat', displayName: 'One', loginState: 'logged_in' });
  const sent: NodeMessage[] = [];
  const events: string[] = [];
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const adapter: Adapter = {
    platform: 'testplat',
    contentTypes: ['video'],
    defaultBaseUrl: 'about:blank',
    settingKeys: [],
    checkLogin: async () => ({ externalRef: 'acc-1', displayName: 'One' }),
    prepare: async (_page, job) => {
      events.push(`prepare ${job.jobId}`);
      // The first job holds the account until the test lets it go.
      if (job.payload.title === 'hold') await held;
    },
    publish: async (_page, job, ctx) => {
      await ctx.beforePublish();
      events.push(`click ${job.jobId}`);
      return { postId: `p-${job.jobId}`, url: `https://example.test/${job.jobId}` };
    },
    verify: async () => ({ found: false }),
  };
  const outbox = new Outbox(stateDir).open();
  const transport = (m: NodeMessage) => {
    sent.push(m);
    return true;
  };
  outbox.useTransport(transport);
  const adapters = { get: (p: string) => (p === 'testplat' ? adapter : undefined), canRun: (p: string) => p === 'testplat', platforms: () => ['testplat'], reports: () => [], source: 'supplied' as const };
  const launchProfile = profileLauncher({ executablePath: CHROMIUM, headless: true, stateDir });
  const runner = new JobRunner({
    adapters,
    accounts,
    outbox,
    journal: new CommitJournal(stateDir).open(),
    send: transport,
    connected: () => true,
    launchProfile,
    videoDir,
    stateDir,
    concurrency: 2,
    platformUrls: {},
    onAccountsChanged: () => {},
    log: pino({ level: 'silent' }),
    ...(o.commitTimeoutMs ? { commitTimeoutMs: o.commitTimeoutMs } : {}),
  });
  const loginChecks = new LoginChecks({ turns: runner, adapters, accounts, platformUrls: {}, launchProfile, onAccountsChanged: () => {}, log: pino({ level: 'silent' }) });
  return { runner, loginChecks, clip: join(videoDir, String(USER_ID), 'clip.mp4'), sent, events, release, stateDir };
}

function spec(title: string, localVideoPath: string): JobSpec {
  return {
    userId: USER_ID,
    platform: 'testplat',
    contentType: 'video',
    account: { id: 1, externalRef: 'acc-1', displayName: 'One' },
    payload: { title, localVideoPath },
    settings: {},
    settingsHash: 'sha',
    settingsContractVersion: '2026-01',
    createdAt: new Date().toISOString(),
  };
}

/** offer → accept → start, as the control plane drives it. */
function run(w: World, jobId: string, title: string): void {
  const attemptId = `att_${jobId}`;
  w.runner.offer({ type: 'offer', jobId, attemptId, platform: 'testplat', contentType: 'video', deadline: Date.now() + 30_000 });
  const start: ControlMessageOf<'start'> = { type: 'start', jobId, attemptId, job: spec(title, w.clip), leaseUntil: Date.now() + 120_000 };
  w.runner.start(start);
}

const startedOf = (w: World, jobId: string) => w.sent.filter((m) => m.type === 'progress' && m.jobId === jobId && m.step === 'started');
/** Until `what` holds: no deadline of its own (a loaded machine gets there later, not differently); the test's timeout bounds it. */
const until = async (what: () => boolean) => {
  while (!what()) await new Promise((r) => setTimeout(r, 25));
};

describe.skipIf(!existsSync(CHROMIUM))('job runner', () => {
  it('a job waiting behind the same account reports started only when it gets the account', async () => {
    const w = world();
    run(w, 'job_first', 'hold');
    run(w, 'job_second', 'go');
    await until(() => w.events.includes('prepare job_first'));
    // Both were started by the control plane; only the first one is running on the account.
    expect(startedOf(w, 'job_first')).toHaveLength(1);
    // A pause for a wrong start to show: a slow machine can only make this pass, never fail.
    await new Promise((r) => setTimeout(r, 300));
    expect(startedOf(w, 'job_second')).toEqual([]);
    // Commits are acknowledged as the control plane would.
    const acks = setInterval(() => {
      for (const m of w.sent.splice(0).filter((x) => x.type === 'commit')) {
        if (m.type === 'commit') w.runner.commitAck({ type: 'commit_ack', jobId: m.jobId, attemptId: m.attemptId, ok: true });
      }
    }, 10);
    try {
      w.release();
      await until(() => w.events.includes('click job_second') && w.runner.busy === 0);
    } finally {
      clearInterval(acks);
    }
    expect(w.events).toEqual(['prepare job_first', 'click job_first', 'prepare job_second', 'click job_second']);
  }, 120_000);

  it('a commit never acknowledged in time is given back as commit_refused, and a late acknowledgement clicks nothing', async () => {
    const w = world({ commitTimeoutMs: 300 });
    run(w, 'job_gate', 'go');
    await until(() => w.sent.some((m) => m.type === 'commit'));
    await until(() => w.sent.some((m) => m.type === 'reject'));
    expect(w.sent.find((m) => m.type === 'reject')).toMatchObject({ jobId: 'job_gate', attemptId: 'att_job_gate', reason: 'commit_refused' });
    // The control plane had recorded the commit; its acknowledgement arrives after the node gave up.
    w.runner.commitAck({ type: 'commit_ack', jobId: 'job_gate', attemptId: 'att_job_gate', ok: true });
    // A pause for a wrong click to show: a slow machine can only make this pass, never fail.
    await new Promise((r) => setTimeout(r, 300));
    expect(w.events).toEqual(['prepare job_gate']);
    expect(w.runner.activeJobs()).toEqual([]);
    expect(w.sent.filter((m) => m.type === 'result')).toEqual([]);
  }, 120_000);

  it('a job waits while a plume-edge command holds the account, and runs once it lets go', async () => {
    const w = world();
    const release = await lockAccount(w.stateDir, 'acc-1');
    run(w, 'job_locked', 'go');
    // A pause for a wrong start to show while the lock is held: a slow machine can only make this pass, never fail.
    await new Promise((r) => setTimeout(r, 1000));
    expect(startedOf(w, 'job_locked')).toEqual([]);
    expect(w.events).toEqual([]);
    const acks = setInterval(() => {
      for (const m of w.sent.splice(0).filter((x) => x.type === 'commit')) {
        if (m.type === 'commit') w.runner.commitAck({ type: 'commit_ack', jobId: m.jobId, attemptId: m.attemptId, ok: true });
      }
    }, 10);
    try {
      await release();
      await until(() => w.events.includes('click job_locked') && w.runner.busy === 0);
    } finally {
      clearInterval(acks);
    }
  }, 120_000);

  it('a scheduled login check is refused (busy) while the account runs a job or a command holds it, and runs when it is free', async () => {
    const w = world();
    run(w, 'job_hold', 'hold');
    await until(() => w.events.includes('prepare job_hold'));
    expect(w.runner.accountBusy('acc-1')).toBe(true);
    expect(await w.loginChecks.check('acc-1')).toBe('busy');
    w.runner.cancel({ type: 'cancel', jobId: 'job_hold', attemptId: 'att_job_hold' });
    w.release();
    await until(() => w.runner.busy === 0 && !w.runner.accountBusy('acc-1'));
    const release = await lockAccount(w.stateDir, 'acc-1');
    expect(await w.loginChecks.check('acc-1')).toBe('busy');
    await release();
    const before = Date.now();
    expect(await w.loginChecks.check('acc-1')).toBe('checked');
    expect(Date.parse(new AccountRegistry(w.stateDir).get('acc-1')!.checkedAt!)).toBeGreaterThanOrEqual(before);
  }, 120_000);
});

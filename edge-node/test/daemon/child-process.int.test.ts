/**
 * The real edge daemon as a child process against a listening control plane,
 * driving real Chromium: enroll, accounts import and the refusals to start
 * through the shipped `plume-edge` (compiled dist/cli.js); jobs through the
 * test entry point (test/support/edge-daemon-entry.mjs: the same compiled
 * program given a scripted adapter): a job from queued to succeeded, kill -9
 * before and after the commit, a sandbox refusal, SIGTERM drain. And the
 * shipped CLI runs the platform registry and nothing else: it refuses
 * PLUME_EDGE_TEST_ADAPTER without loading the module it names.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../control-plane/src/db/client.js';
import { createDispatchHarness, type DispatchHarness } from '../../../control-plane/src/nodes/testing/dispatch-harness.js';
import { createTestDatabase, type TestDatabase } from '../../../control-plane/src/testing/db.js';
import { eventually } from '../../../control-plane/src/testing/eventually.js';
import { adapterPlatforms, adapterReports, allAdapters } from '../../src/adapters/registry.js';
import { untilReady } from '../../../test/support/until-ready.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
/** The compiled program with the scripted adapter of test/support/scripted-douyin-adapter.mjs. */
const SCRIPTED = fileURLToPath(new URL('../../../test/support/edge-daemon-entry.mjs', import.meta.url));

let db: TestDatabase;
let h: DispatchHarness;
let work: string;
let stateDir: string;
let videoDir: string;
let publishLog: string;
let userId: number;
let nodeId: string;
const children: ChildProcess[] = [];

/** The shipped plume-edge, run to its exit. */
function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...baseEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

function baseEnv(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: work,
    PLUME_EDGE_STATE_DIR: stateDir,
    PLUME_EDGE_VIDEO_DIR: videoDir,
    PLUME_TEST_PUBLISH_LOG: publishLog,
    PLUME_EDGE_DRAIN_SECONDS: '2',
    LOG_LEVEL: process.env.PLUME_TEST_LOG ?? 'warn',
  };
}

interface Daemon {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/** `run` through the test entry point (scripted adapter), once connected and past hello. */
async function startDaemon(env: Record<string, string> = {}): Promise<Daemon> {
  const before = await epoch();
  const child = spawn(process.execPath, [SCRIPTED, 'run'], { env: { ...baseEnv(), LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  // Connected and past hello: the session epoch moved and the capabilities were recorded.
  await untilReady(child, async () => (await epoch()) > before && h.hub.session(nodeId)?.ready === true, {
    what: 'daemon connected',
    output: () => output,
    intervalMs: 50,
  });
  return { child, output: () => output, exited };
}

const epoch = async () => (await rows<{ e: number }>(db.database.db, sql`select session_epoch::int as e from execution_nodes where id = ${nodeId}`))[0]?.e ?? 0;
const events = () => (existsSync(publishLog) ? readFileSync(publishLog, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, string>) : []);
const accountId = async () => (await rows<{ id: number }>(db.database.db, sql`select id from accounts where node_id = ${nodeId} and external_ref = 'dy-main'`))[0]!.id;

beforeAll(async () => {
  db = await createTestDatabase();
  h = await createDispatchHarness(db, {
    timers: { leaseMs: 6000, offerDeadlineMs: 5000, commitMinLeaseMs: 1000, pollMs: 300, sweepMs: 300, startupGraceMs: 0, verifyIntervalMs: 1000, heartbeatMs: 1000 },
  });
  userId = await h.createUser();
  work = mkdtempSync(join(tmpdir(), 'plume-edge-it-'));
  stateDir = join(work, 'state');
  videoDir = join(work, 'videos');
  publishLog = join(work, 'published.jsonl');
  mkdirSync(join(videoDir, String(userId)), { recursive: true });
  writeFileSync(join(videoDir, String(userId), 'clip.mp4'), 'FAKE-MP4-BYTES');
  writeFileSync(join(work, 'secret.mp4'), 'NOT-YOURS');
  // What PLUME_EDGE_TEST_ADAPTER would name: a module that leaves a mark when it is loaded.
  writeFileSync(join(work, 'planted-adapter.mjs'), `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(join(work, 'planted-loaded'))}, '1');\nexport const adapters = [];\n`);
}, 60_000);

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await h?.close();
  await db?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('enroll and start', { timeout: 90_000 }, () => {
  it('enrolls with a token: key pair generated on the node, private key 0600', async () => {
    const token = await h.app.inject({ method: 'POST', url: '/api/admin/nodes/enrollment-tokens', headers: h.adminHeaders, payload: { kind: 'edge', userIds: [userId], name: 'edge-it' } });
    const enrolled = await cli(['enroll', '--url', h.url, '--token', token.json().token, '--name', 'edge-it']);
    expect(enrolled.code, enrolled.out).toBe(0);
    nodeId = /enrolled as (node_\S+)/.exec(enrolled.out)![1]!;
    expect(statSync(join(stateDir, 'node.key')).mode & 0o777).toBe(0o600);
    const identity = JSON.parse(readFileSync(join(stateDir, 'node.json'), 'utf8'));
    expect(identity).toMatchObject({ nodeId, controlUrl: h.url });
    expect(JSON.stringify(identity)).not.toContain(readFileSync(join(stateDir, 'node.key'), 'utf8').trim());
    const again = await cli(['enroll', '--url', h.url, '--token', token.json().token]);
    expect(again.code).toBe(78);
    expect(again.out).toContain('already enrolled');
  });

  it('refuses to run without the video directory or with a key others can read, saying what to fix', async () => {
    const noVideos = await cli(['run'], { PLUME_EDGE_VIDEO_DIR: '' });
    expect(noVideos.code).toBe(78);
    expect(noVideos.out).toContain('PLUME_EDGE_VIDEO_DIR is not set');
    const missing = await cli(['run'], { PLUME_EDGE_VIDEO_DIR: join(work, 'nope') });
    expect(missing.code, missing.out).toBe(78);
    expect(missing.out).toContain('is not a directory');
    chmodSync(join(stateDir, 'node.key'), 0o644);
    const loose = await cli(['run']);
    chmodSync(join(stateDir, 'node.key'), 0o600);
    expect(loose.code).toBe(78);
    expect(loose.out).toContain('chmod 600');
    const unenrolled = await cli(['run'], { PLUME_EDGE_STATE_DIR: join(work, 'empty-state') });
    expect(unenrolled.code).toBe(78);
    expect(unenrolled.out).toContain('plume-edge enroll');
    // Several CLI starts in a row: each loads the daemon's modules (≈ 1.5 s of CPU), slow on a loaded machine.
  }, 90_000);

  it('the shipped CLI refuses PLUME_EDGE_TEST_ADAPTER for every command and never loads the module it names', async () => {
    const before = await epoch();
    const planted = { PLUME_EDGE_TEST_ADAPTER: join(work, 'planted-adapter.mjs') };
    for (const args of [['run'], ['accounts', 'check'], ['check', 'douyin', '--account', 'dy-main'], ['doctor']]) {
      const refused = await cli(args, planted);
      expect(refused.code, args.join(' ')).toBe(78);
      expect(refused.out, args.join(' ')).toContain('PLUME_EDGE_TEST_ADAPTER is not accepted: plume-edge runs only the platform adapters it is built with');
    }
    expect(existsSync(join(work, 'planted-loaded'))).toBe(false);
    // `run` stopped before connecting: no session was opened.
    expect(await epoch()).toBe(before);
    // Several CLI starts in a row: each loads the daemon's modules (≈ 1.5 s of CPU), slow on a loaded machine.
  }, 90_000);

  it('imports a Playwright storage state into the account\'s profile', async () => {
    const state = join(work, 'storage.json');
    writeFileSync(state, JSON.stringify({
      cookies: [{ name: 'sid', value: 'abc', domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }],
      origins: [{ origin: 'http://127.0.0.1:9', localStorage: [{ name: 'token', value: 't1' }] }],
    }));
    const imported = await cli(['accounts', 'import', '--ref', 'dy-main', '--platform', 'douyin', '--name', 'Main', '--storage-state', state]);
    expect(imported.code, imported.out).toBe(0);
    expect(imported.out).toContain('imported 1 cookie(s) and 1 origin(s)');
    expect(existsSync(join(stateDir, 'profiles', 'dy-main'))).toBe(true);
    const list = await cli(['accounts']);
    expect(list.out).toMatch(/dy-main\tdouyin\tunknown\tMain/);
    const bad = await cli(['accounts', 'import', '--ref', '../x', '--platform', 'douyin', '--storage-state', state]);
    expect(bad.code).toBe(64);
  });
});

// Hang guards: each wait below is bounded only against a daemon that hangs, not against a slow one.
describe('jobs', { timeout: 180_000 }, () => {
  it('runs a queued job to succeeded in Chromium, reporting progress, accounts and inventory', async () => {
    const daemon = await startDaemon();
    expect(daemon.output()).toContain('ADAPTERS SUPPLIED BY THE EMBEDDING PROGRAM');
    await eventually(accountId).toBeGreaterThan(0);
    const jobId = await h.createJob({ userId, accountId: await accountId(), nodeId, payload: { title: 'Hi', localVideoPath: join(videoDir, String(userId), 'clip.mp4') } });
    const done = await h.waitForJob(jobId, (j) => j.state === 'succeeded' || j.state === 'failed', 90_000);
    expect(done, daemon.output()).toMatchObject({ state: 'succeeded', platformPostId: `post-${jobId}`, attempt: 1 });
    expect(done.feedback).toMatchObject({ progress: { step: 'upload', bytesSent: 14, bytesTotal: 14 } });
    expect(events().filter((e) => e.jobId === jobId)).toEqual([
      { event: 'uploaded', jobId, name: 'clip.mp4', text: 'FAKE-MP4-BYTES' },
      { event: 'published', jobId, attemptId: done.attemptId },
    ]);
    const [account] = await rows<{ loginState: string }>(db.database.db, sql`select login_state as "loginState" from accounts where node_id = ${nodeId}`);
    expect(account!.loginState).toBe('logged_in');
    await eventually(async () => (await rows(db.database.db, sql`select 1 from node_inventories where node_id = ${nodeId} and files @> ${JSON.stringify([{ path: join(videoDir, String(userId), 'clip.mp4') }])}::jsonb`)).length).toBe(1);
    const [caps] = await rows<{ c: Record<string, unknown> }>(db.database.db, sql`select capabilities as c from execution_nodes where id = ${nodeId}`);
    expect(caps!.c).toMatchObject({ localVideoFile: 1, publishSettingsSnapshot: 1, concurrency: 2, platforms: ['douyin'] });
    // What its adapters run, pair by pair (this test adapter declares no settings it applies).
    expect(caps!.c.adapters).toEqual([{ platform: 'douyin', contentTypes: ['article', 'dynamic', 'video'], settings: [], challenges: ['sms', 'slider', 'identity', 'dialog'] }]);
    expect(String(caps!.c.chromiumVersion)).toMatch(/^\d+\./);
    daemon.child.kill('SIGTERM');
    expect(await daemon.exited).toBe(0);
  });

  it('a path outside the owner\'s tree fails the job before anything is uploaded', async () => {
    const daemon = await startDaemon();
    const jobId = await h.createJob({ userId, accountId: await accountId(), nodeId, payload: { title: 'x', localVideoPath: join(work, 'secret.mp4') } });
    const done = await h.waitForJob(jobId, (j) => j.state === 'failed' || j.state === 'succeeded', 90_000);
    expect(done).toMatchObject({ state: 'failed', errorCode: 'path_refused' });
    expect(events().filter((e) => e.jobId === jobId)).toEqual([]);
    daemon.child.kill('SIGTERM');
    await daemon.exited;
  });

  it('kill -9 before the commit: the job is re-queued and completed after the restart, published once', async () => {
    const daemon = await startDaemon();
    const jobId = await h.createJob({ userId, accountId: await accountId(), nodeId, payload: { title: 'k1', localVideoPath: join(videoDir, String(userId), 'clip.mp4'), test: 'hang_before_commit' } });
    await expect.poll(() => events().some((e) => e.jobId === jobId && e.event === 'hanging_before_commit'), { timeout: 90_000 }).toBe(true);
    daemon.child.kill('SIGKILL');
    await daemon.exited;
    // The account's lock as the killed daemon left it: taken over only once stale (20 s, account-lock.ts).
    const lockPath = join(stateDir, 'locks', 'dy-main.lock');
    expect(statSync(lockPath, { throwIfNoEntry: false }), 'the job held its account lock when the daemon was killed').toBeDefined();
    // Connecting waits on no account: the lock is kept fresh, as a live holder keeps it, until the
    // restarted daemon has connected (a daemon that waited on it would never connect). Then it is
    // left to go stale and the job is taken over.
    const keepFresh = setInterval(() => {
      const now = new Date();
      utimesSync(lockPath, now, now);
    }, 1000);
    let restarted: Daemon;
    try {
      restarted = await startDaemon();
    } finally {
      clearInterval(keepFresh);
    }
    const done = await h.waitForJob(jobId, (j) => j.state === 'succeeded' || j.state === 'failed', 90_000);
    expect(done, restarted.output()).toMatchObject({ state: 'succeeded', attempt: 2 });
    expect(events().filter((e) => e.jobId === jobId && e.event === 'published')).toHaveLength(1);
    restarted.child.kill('SIGTERM');
    await restarted.exited;
  }, 180_000);

  it('kill -9 after the commit: unknown, then verification finds the post: exactly one publish', async () => {
    const daemon = await startDaemon();
    const jobId = await h.createJob({ userId, accountId: await accountId(), nodeId, payload: { title: 'k2', localVideoPath: join(videoDir, String(userId), 'clip.mp4'), test: 'hang_after_click' } });
    await expect.poll(() => events().some((e) => e.jobId === jobId && e.event === 'published'), { timeout: 90_000 }).toBe(true);
    expect((await h.job(jobId)).state).toBe('committed');
    expect(existsSync(join(stateDir, 'journal'))).toBe(true);
    daemon.child.kill('SIGKILL');
    await daemon.exited;
    const restarted = await startDaemon();
    const done = await h.waitForJob(jobId, (j) => j.state === 'succeeded' || j.state === 'failed' || j.state === 'queued', 90_000);
    expect(done, restarted.output()).toMatchObject({ state: 'succeeded', attempt: 1, platformPostId: `post-${jobId}` });
    expect(done.verifiedAt).not.toBeNull();
    expect(events().filter((e) => e.jobId === jobId && e.event === 'published')).toHaveLength(1);
    restarted.child.kill('SIGTERM');
    await restarted.exited;
  }, 180_000);

  it('SIGTERM drains: a job not yet committed is given back within the bound and the daemon exits 0', async () => {
    const daemon = await startDaemon();
    const jobId = await h.createJob({ userId, accountId: await accountId(), nodeId, payload: { title: 'd', localVideoPath: join(videoDir, String(userId), 'clip.mp4'), test: 'hang_before_commit' } });
    await expect.poll(() => events().some((e) => e.jobId === jobId && e.event === 'hanging_before_commit'), { timeout: 90_000 }).toBe(true);
    const t0 = Date.now();
    daemon.child.kill('SIGTERM');
    expect(await daemon.exited).toBe(0);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(daemon.output()).toContain('drain bound reached');
    const parked = await h.job(jobId);
    expect(['queued', 'offered']).toContain(parked.state);
    // Given back before the commit: the attempt is not charged.
    expect(parked.attempt).toBe(0);
    expect(events().filter((e) => e.jobId === jobId && e.event === 'published')).toHaveLength(0);
  });
});

describe('the shipped daemon', { timeout: 90_000 }, () => {
  /** Enrolls a node of that kind, runs `plume-edge run` until its report is recorded, and returns that report. */
  async function registryReport(kind: 'edge' | 'desktop'): Promise<unknown> {
    const state = join(work, `registry-state-${kind}`);
    const token = await h.app.inject({ method: 'POST', url: '/api/admin/nodes/enrollment-tokens', headers: h.adminHeaders, payload: { kind, userIds: [userId], name: `${kind}-registry` } });
    const enrolled = await cli(['enroll', '--url', h.url, '--token', token.json().token], { PLUME_EDGE_STATE_DIR: state });
    expect(enrolled.code, enrolled.out).toBe(0);
    const registryNode = /enrolled as (node_\S+)/.exec(enrolled.out)![1]!;
    const child = spawn(process.execPath, [CLI, 'run'], { env: { ...baseEnv(), PLUME_EDGE_STATE_DIR: state, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const reported = async () =>
      (await rows<{ c: Record<string, unknown> }>(db.database.db, sql`select capabilities as c from execution_nodes where id = ${registryNode}`))[0]?.c;
    await expect.poll(async () => (await reported())?.adapters, { timeout: 20_000, interval: 100, message: output }).toBeDefined();
    const caps = await reported();
    expect(output).not.toContain('ADAPTERS SUPPLIED');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    return caps;
  }

  it('runs the platform registry: a node started by plume-edge reports every adapter the build carries for its kind', async () => {
    const caps = (await registryReport('edge')) as { adapters: unknown; platforms: string[] };
    expect(caps.adapters).toEqual(adapterReports(allAdapters(), 'edge'));
    expect(caps.platforms).toEqual(adapterPlatforms('edge'));
  });

  it('an edge node never offers YouTube (desktop-only in the catalog); a desktop node does', async () => {
    // The edge node's report is the edge view (the case above): no YouTube in it.
    expect(adapterPlatforms('edge')).not.toContain('youtube');
    expect(adapterReports(allAdapters(), 'edge').some((a) => a.platform === 'youtube')).toBe(false);
    const desktop = (await registryReport('desktop')) as { adapters: Array<{ platform: string }>; platforms: string[] };
    expect(desktop.platforms).toContain('youtube');
    expect(desktop.adapters).toEqual(adapterReports(allAdapters(), 'desktop'));
    expect(desktop.adapters.filter((a) => a.platform === 'youtube')).toEqual([expect.objectContaining({ platform: 'youtube', contentTypes: ['video'] })]);
  });
});


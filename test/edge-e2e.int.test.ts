/**
 * End to end with nothing stubbed: the full control-plane app, the compiled
 * `plume-edge` daemon with the real platform adapters, Debian's Chromium, and
 * the platform simulator. An operator enrolls the node and imports an
 * account's storage state; an integrator publishes a video through the Open
 * API; the simulator receives exactly one post with the file's bytes. Then
 * the platform's answer to the click is lost: the job becomes unknown and the
 * adapter's read-only lookup resolves it, still with one post.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../control-plane/src/testing/app.js';
import { createUser, type TestUser, v1 } from '../control-plane/src/testing/openapi.js';
import { startSimulator, type Simulator } from './platform-simulator/index.js';

const CLI = fileURLToPath(new URL('../edge-node/dist/cli.js', import.meta.url));
const ACCOUNT = '30010077';
const SETTINGS = { bilibili: { partitionName: '知识', tags: ['Plume'], aiLabel: true, copyright: 'original' } };

let t: TestApp;
let sim: Simulator;
let user: TestUser;
let url: string;
let work: string;
let stateDir: string;
let userDir: string;
let daemon: ChildProcess | undefined;
let daemonOutput = '';

const env = () => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: work,
  PLUME_EDGE_STATE_DIR: stateDir,
  PLUME_EDGE_VIDEO_DIR: join(work, 'videos'),
  PLUME_EDGE_PLATFORM_URLS: JSON.stringify({ bilibili: sim.baseUrl('bilibili') }),
  LOG_LEVEL: process.env.PLUME_TEST_LOG ?? 'warn',
});

function cli(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

async function batchDone(batchId: string, timeoutMs = 60_000): Promise<Record<string, any>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await v1(t.app, user, 'GET', `/publish/${batchId}`);
    if (['succeeded', 'failed', 'partial'].includes(res.body.state)) return res.body;
    if (Date.now() > deadline) throw new Error(`batch ${batchId} still ${res.body.state}: ${JSON.stringify(res.body)}\n${daemonOutput}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  [t, sim] = await Promise.all([createTestApp(), startSimulator()]);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  user = await createUser(t.app, t.adminHeaders, { quotas: { edge: 10 } });
  work = mkdtempSync(join(tmpdir(), 'plume-e2e-'));
  stateDir = join(work, 'state');
  userDir = join(work, 'videos', String(user.id));
  mkdirSync(userDir, { recursive: true });
  writeFileSync(join(userDir, 'clip.mp4'), randomBytes(300 * 1024));
  writeFileSync(join(userDir, 'cover.jpg'), randomBytes(40 * 1024));
  sim.setLoggedIn('bilibili', ACCOUNT, true, 'Plume Lab');
  sim.configure('bilibili', { transcodeMs: 300, chunkDelayMs: 0 });

  // The operator: a token for this user, enroll, import the account's browser session.
  const token = await t.app.inject({ method: 'POST', url: '/api/admin/nodes/enrollment-tokens', headers: t.adminHeaders, payload: { kind: 'edge', userIds: [user.id], name: 'e2e' } });
  const enrolled = await cli(['enroll', '--url', url, '--token', token.json().token]);
  if (enrolled.code !== 0) throw new Error(enrolled.out);
  const cookie = sim.sessionCookie('bilibili', ACCOUNT);
  writeFileSync(
    join(work, 'state.json'),
    JSON.stringify({ cookies: [{ name: cookie.name, value: cookie.value, domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }], origins: [] }),
  );
  const imported = await cli(['accounts', 'import', '--ref', ACCOUNT, '--platform', 'bilibili', '--name', 'Lab', '--storage-state', join(work, 'state.json')]);
  if (imported.code !== 0) throw new Error(imported.out);

  daemon = spawn(process.execPath, [CLI, 'run'], { env: { ...env(), LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
  daemon.stdout!.on('data', (d: Buffer) => (daemonOutput += d.toString()));
  daemon.stderr!.on('data', (d: Buffer) => (daemonOutput += d.toString()));
}, 90_000);

afterAll(async () => {
  if (daemon && daemon.exitCode === null) daemon.kill('SIGKILL');
  await Promise.all([t?.close(), sim?.close()]);
  if (work) rmSync(work, { recursive: true, force: true });
});

async function bilibiliAccount(): Promise<Record<string, any> | undefined> {
  const res = await v1(t.app, user, 'GET', '/accounts');
  return (res.body.items ?? res.body.accounts ?? []).find((a: { platform: string }) => a.platform === 'bilibili');
}

describe('happy path', () => {
  it('the node and its account show up online; doctor passes', async () => {
    await expect.poll(async () => (await bilibiliAccount())?.executor_online, { timeout: 20_000, message: daemonOutput }).toBe(true);
    // The node checks the imported profile's login itself (the node is the source of truth for it).
    await expect.poll(async () => (await bilibiliAccount())?.publishable, { timeout: 30_000, message: daemonOutput }).toBe(true);
    const nodes = await v1(t.app, user, 'GET', '/execution-nodes');
    expect(nodes.body.nodes).toHaveLength(1);
    expect(nodes.body.nodes[0]).toMatchObject({ online: true, status: 'online', capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1 } });
    expect(nodes.body.nodes[0].video_dir).toBe(`${join(work, 'videos')}/${user.id}/`);
    const doctor = await cli(['doctor']);
    expect(doctor.code, doctor.out).toBe(0);
    expect(doctor.out).toMatch(/ok\s+node identity\s+accepted by the control plane/);
    expect(doctor.out).toMatch(/ok\s+clock skew/);
  });

  it('a video published through the Open API reaches the platform once, with the file\'s bytes', async () => {
    const account = (await bilibiliAccount())!;
    const res = await v1(t.app, user, 'POST', '/publish/video', {
      executor: 'edge',
      accountIds: [account.id],
      title: 'Plume 端到端',
      localVideoPath: join(userDir, 'clip.mp4'),
      coverImagePath: join(userDir, 'cover.jpg'),
      platformSettings: SETTINGS,
    });
    expect(res.status, `${JSON.stringify(res.body)}\n${daemonOutput}`).toBe(200);
    const batch = await batchDone(res.body.batch_id);
    expect(batch.state, JSON.stringify(batch)).toBe('succeeded');
    const posts = sim.publishes('bilibili');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account: ACCOUNT, title: 'Plume 端到端' });
    expect(posts[0]!.media.find((m) => m.kind === 'video')?.sha256).toBe(sha256(join(userDir, 'clip.mp4')));
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
  });
});

describe('faults', () => {
  it('the answer to the click is lost: unknown, then the read-only lookup finds the one post', async () => {
    sim.reset();
    sim.configure('bilibili', { transcodeMs: 300, chunkDelayMs: 0, dropPublishResponse: true });
    const account = (await bilibiliAccount())!;
    const res = await v1(t.app, user, 'POST', '/publish/video', {
      executor: 'edge',
      accountIds: [account.id],
      title: 'Lost answer',
      localVideoPath: join(userDir, 'clip.mp4'),
      platformSettings: SETTINGS,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const batch = await batchDone(res.body.batch_id, 90_000);
    expect(batch.state, JSON.stringify(batch)).toBe('succeeded');
    expect(batch.jobs[0].verified_at).toEqual(expect.any(String));
    expect(sim.publishes('bilibili')).toHaveLength(1);
  });

  it('SIGTERM: the node leaves cleanly and its account is offline', async () => {
    daemon!.kill('SIGTERM');
    const code = await new Promise<number | null>((r) => (daemon!.exitCode !== null ? r(daemon!.exitCode) : daemon!.once('exit', (c) => r(c))));
    expect(code).toBe(0);
    await expect.poll(async () => (await bilibiliAccount())?.executor_online, { timeout: 10_000 }).toBe(false);
  });
});

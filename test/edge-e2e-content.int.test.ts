/**
 * End to end for the two other content types, with nothing stubbed: the
 * control-plane app, the compiled `plume-edge` daemon with the real juejin
 * and weibo adapters in Debian's Chromium, and the platform simulator. An
 * ARTICLE published through `POST /publish` to a juejin account and a DYNAMIC
 * through `POST /publish/dynamic` to a weibo account each end succeeded with
 * exactly one post on the simulator. One daemon and one control plane serve
 * both cases.
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
const JUEJIN = 'jj_e2e_1';
const WEIBO = '6600112233';
const ARTICLE = '# Plume 端到端\n\n一篇经由 **Open API** 发布的文章。\n\n```ts\nconst x = 1;\n```\n';

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
  PLUME_EDGE_PLATFORM_URLS: JSON.stringify({ juejin: sim.baseUrl('juejin'), weibo: sim.baseUrl('weibo') }),
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

async function importAccount(platform: string, ref: string): Promise<void> {
  sim.setLoggedIn(platform, ref, true);
  const cookie = sim.sessionCookie(platform, ref);
  const file = join(work, `state-${platform}.json`);
  writeFileSync(
    file,
    JSON.stringify({ cookies: [{ name: cookie.name, value: cookie.value, domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }], origins: [] }),
  );
  const imported = await cli(['accounts', 'import', '--ref', ref, '--platform', platform, '--name', `Lab ${platform}`, '--storage-state', file]);
  if (imported.code !== 0) throw new Error(imported.out);
}

async function account(platform: string): Promise<Record<string, any> | undefined> {
  const res = await v1(t.app, user, 'GET', '/accounts');
  return (res.body.items ?? res.body.accounts ?? []).find((a: { platform: string }) => a.platform === platform);
}

beforeAll(async () => {
  [t, sim] = await Promise.all([createTestApp(), startSimulator()]);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  user = await createUser(t.app, t.adminHeaders, { quotas: { edge: 10 } });
  work = mkdtempSync(join(tmpdir(), 'plume-e2e-content-'));
  stateDir = join(work, 'state');
  userDir = join(work, 'videos', String(user.id));
  mkdirSync(userDir, { recursive: true });
  writeFileSync(join(userDir, 'photo.png'), randomBytes(30 * 1024));

  const token = await t.app.inject({ method: 'POST', url: '/api/admin/nodes/enrollment-tokens', headers: t.adminHeaders, payload: { kind: 'edge', userIds: [user.id], name: 'e2e-content' } });
  const enrolled = await cli(['enroll', '--url', url, '--token', token.json().token]);
  if (enrolled.code !== 0) throw new Error(enrolled.out);
  await importAccount('juejin', JUEJIN);
  await importAccount('weibo', WEIBO);

  daemon = spawn(process.execPath, [CLI, 'run'], { env: { ...env(), LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
  daemon.stdout!.on('data', (d: Buffer) => (daemonOutput += d.toString()));
  daemon.stderr!.on('data', (d: Buffer) => (daemonOutput += d.toString()));
}, 120_000);

afterAll(async () => {
  if (daemon && daemon.exitCode === null) daemon.kill('SIGKILL');
  await Promise.all([t?.close(), sim?.close()]);
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('edge executor, other content types', () => {
  it('both accounts are online and publishable on the node', async () => {
    for (const platform of ['juejin', 'weibo']) {
      await expect.poll(async () => (await account(platform))?.publishable, { timeout: 45_000, message: daemonOutput }).toBe(true);
    }
  }, 100_000);

  it('an ARTICLE through POST /publish reaches juejin once', async () => {
    const created = await v1(t.app, user, 'POST', '/articles', { title: 'Plume 掘金端到端', content: ARTICLE, contentProvenance: 'human' });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const acc = (await account('juejin'))!;
    const res = await v1(t.app, user, 'POST', '/publish', {
      articleId: created.body.article_id,
      executor: 'edge',
      accountIds: [acc.id],
      platformSettings: { juejin: { category: 'backend', tags: ['TypeScript'], summary: '经由 Open API 与边缘节点发布的一篇测试文章' } },
    });
    expect(res.status, `${JSON.stringify(res.body)}\n${daemonOutput}`).toBe(200);
    const batch = await batchDone(res.body.batch_id, 90_000);
    expect(batch.state, JSON.stringify(batch)).toBe('succeeded');
    const posts = sim.publishes('juejin');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account: JUEJIN, title: 'Plume 掘金端到端', body: ARTICLE });
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
  }, 120_000);

  it('a DYNAMIC through POST /publish/dynamic reaches weibo once, with the image', async () => {
    const acc = (await account('weibo'))!;
    const res = await v1(t.app, user, 'POST', '/publish/dynamic', {
      executor: 'edge',
      accountIds: [acc.id],
      content: 'Plume 端到端动态 #Plume#',
      images: [join(userDir, 'photo.png')],
      platformSettings: { weibo: { visibility: 'public' } },
    });
    expect(res.status, `${JSON.stringify(res.body)}\n${daemonOutput}`).toBe(202);
    const batch = await batchDone(res.body.batch_id, 90_000);
    expect(batch.state, JSON.stringify(batch)).toBe('succeeded');
    const posts = sim.publishes('weibo');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account: WEIBO });
    expect(posts[0]!.body).toContain('Plume 端到端动态');
    expect(posts[0]!.media.find((m) => m.kind === 'image')?.sha256).toBe(sha256(join(userDir, 'photo.png')));
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
  }, 120_000);
});

/**
 * A YouTube video published through Plume Desktop on Linux, end to end with
 * nothing stubbed: the in-process control plane on loopback, the compiled
 * `plume-desktop` program (its state in a temp HOME), Debian's Chromium, the
 * YouTube Studio replica of the platform simulator.
 *
 * The video is a real H.264 MP4 recorded by Chromium (the same maker as the
 * node's site checks) and the thumbnail a PNG, both in the desktop's default
 * allowed folders (its Videos and Pictures). The desktop reports `os: linux`,
 * so the control plane checks the job's paths as Linux paths. A COUNT code of
 * two uses: the video goes out once through the Open API's
 * `POST /publish/video` with `executor=desktop` and costs one use recorded
 * with the job id; a second video, named outside the allowed folders, is
 * refused by the desktop with `path_outside_allowed_folders` before its
 * browser opens YouTube, and costs nothing.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../control-plane/src/testing/eventually.js';
import { type TestApp } from '../control-plane/src/testing/app.js';
import { type TestUser, v1 } from '../control-plane/src/testing/openapi.js';
import { launchChromium } from '../edge-node/src/adapters/browser.js';
import { ensureCheckMedia } from '../edge-node/src/site-checks/check-media.js';
import { fileDigest } from './platform-simulator/harness.js';
import { startSimulator, type Simulator } from './platform-simulator/index.js';
import { type DesktopWorld, desktopWorld, importSimAccount } from './support/desktop-world.js';
import { accountOf, waitForBatch } from './support/edge-world.js';
import { startListeningApp } from './support/listening-app.js';

/** A channel id: UC and 22 characters. */
const CHANNEL = 'UCdEsKtOpPlUmEcHaNnEl012';
const YT = 'youtube';
let t: TestApp;
let url: string;
let user: TestUser;
let sim: Simulator;
let desk: DesktopWorld;
let browser: Browser;
let code = '';
let mediaDir = '';
const files = { video: '', cover: '', outside: '' };

const admin = async (method: 'GET' | 'POST', path: string, payload?: unknown) => {
  const res = await t.app.inject({ method, url: path, headers: t.adminHeaders, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() };
};
const api = (method: Parameters<typeof v1>[2], path: string, body?: unknown) => v1(t.app, user, method, path, body);
const account = async () => accountOf((await api('GET', '/accounts?contentType=video')).body, YT);
/** The consumption log of one requestId (the last day: the query needs a range). */
const uses = async (requestId: string) => {
  const range = `from=${new Date(Date.now() - 86_400_000).toISOString()}&to=${new Date(Date.now() + 60_000).toISOString()}`;
  const res = await admin('GET', `/api/admin/logs?keyword=${requestId}&${range}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items as Array<{ requestId: string; outcome: string }>;
};
const remaining = async () => (await admin('GET', `/api/admin/codes?keyword=${code}`)).body.items[0].remainingCount as number;
const batchOf = (batchId: string, timeoutMs: number) => waitForBatch(async (id) => (await api('GET', `/publish/${id}`)).body, batchId, timeoutMs, () => desk.output());

beforeAll(async () => {
  const [cp, s] = await Promise.all([startListeningApp({ quotas: { desktop: 10 } }, 'desktop-youtube'), startSimulator()]);
  ({ t, url, user } = cp);
  sim = s;
  desk = desktopWorld({ name: 'desktop-youtube', sim, platforms: [YT] });
  browser = await launchChromium();
  // A real clip and picture, made by Chromium's MediaRecorder and canvas (no encoder to install).
  mediaDir = mkdtempSync(join(tmpdir(), 'plume-desktop-youtube-media-'));
  const made = await ensureCheckMedia(mediaDir, () => browser.newPage());
  files.video = join(desk.home, 'Videos', 'coast-drive.mp4');
  files.cover = join(desk.home, 'Pictures', 'coast-thumbnail.png');
  files.outside = join(desk.home, 'Documents', 'coast-drive.mp4');
  mkdirSync(join(desk.home, 'Documents'));
  copyFileSync(made.video, files.video);
  copyFileSync(made.image, files.cover);
  copyFileSync(made.video, files.outside);
}, 120_000);

afterAll(async () => {
  // PLUME_DESKTOP_TEST_DUMP=<file>: the app's log is written there, to read after a failure.
  if (process.env.PLUME_DESKTOP_TEST_DUMP) writeFileSync(process.env.PLUME_DESKTOP_TEST_DUMP, desk?.output() ?? '');
  await browser?.close();
  await desk?.close();
  if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
  await Promise.all([t?.close(), sim?.close()]);
});

describe('happy path', () => {
  it('an activated Linux desktop with a YouTube channel logged in is the user’s video executor for youtube', async () => {
    const generated = await admin('POST', '/api/admin/codes/generate', { quantity: 1, licenseMode: 'COUNT', remainingCount: 2, userId: user.id });
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    code = generated.body.codes[0].code as string;
    const activated = await desk.cli(['activate', '--server', url, '--code', code]);
    expect(activated.code, activated.out).toBe(0);
    expect((await desk.cli(['browser', '--path', '/usr/bin/chromium'])).code).toBe(0);
    const imported = await importSimAccount(desk, sim, { platform: YT, ref: CHANNEL, name: 'Desk YouTube' });
    expect(imported.code, imported.out).toBe(0);
    await desk.start();
    // The account's own answer while it is not publishable yet: its reasons show in a failure.
    await eventually(async () => {
      const a = await account();
      return a?.publishable === true ? true : JSON.stringify(a ?? null);
    }).toBe(true);
    expect(await account()).toMatchObject({ platform: YT, executor: 'desktop', executor_online: true });
    // Its log names the program it is, with the operating system it reports.
    expect(desk.output()).toMatch(/"kind":"desktop","os":"linux".*"msg":"plume-desktop running"/);
  }, 180_000);

  it('a video through POST /publish/video with executor=desktop reaches YouTube once with the file’s bytes and settings, and costs one use recorded with the job id', async () => {
    const request = {
      executor: 'desktop',
      accountIds: [(await account())!.id],
      title: 'Coast drive from a desktop',
      localVideoPath: files.video,
      coverImagePath: files.cover,
      platformSettings: { youtube: { description: 'Along the coast.\n\nPublished from Plume Desktop.', tags: ['plume', 'coast'], privacyStatus: 'unlisted', madeForKids: false, playlistName: 'Road trips', coverMode: 'custom' } },
    };
    const pre = await api('POST', '/publish/preflight', { ...request, contentType: 'video' });
    expect(pre.status, JSON.stringify(pre.body)).toBe(200);
    expect(pre.body.valid, JSON.stringify(pre.body)).toBe(true);
    const res = await api('POST', '/publish/video', { ...request, preflightHash: pre.body.preflight_hash, settingsContractVersion: pre.body.settings_contract_version });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const batch = await batchOf(res.body.batch_id, 180_000);
    expect(batch.state, `${JSON.stringify(batch)}\n${desk.output()}`).toBe('succeeded');

    const posts = sim.publishes(YT);
    expect(posts).toHaveLength(1);
    const [post] = posts;
    expect(post).toMatchObject({ account: CHANNEL, title: 'Coast drive from a desktop' });
    expect(post!.body.replace(/\s+/g, ' ').trim()).toBe('Along the coast. Published from Plume Desktop.');
    expect(post!.settings).toEqual({ privacy: 'unlisted', madeForKids: false, playlists: ['Road trips'], tags: ['plume', 'coast'], scheduledAt: null });
    expect(post!.media).toEqual([
      { kind: 'video', ...(await fileDigest(files.video)) },
      { kind: 'cover', ...(await fileDigest(files.cover)) },
    ]);
    const [job] = batch.jobs;
    expect(job).toMatchObject({ state: 'succeeded', platform: YT, platform_post_id: post!.postId, platform_url: post!.url, error: null });
    expect(post!.url).toBe(`${sim.baseUrl(YT)}/www.youtube.com/watch?v=${post!.postId}`);

    await eventually(() => uses(job.job_id)).toEqual([expect.objectContaining({ requestId: job.job_id, outcome: 'deducted' })]);
    expect(await remaining()).toBe(1);
  }, 240_000);
});

describe('errors', () => {
  it('a video outside the allowed folders is refused by the desktop with path_outside_allowed_folders before its browser opens YouTube; no use is spent', async () => {
    const uploadPages = sim.hits('/www.youtube.com/upload');
    const uploads = sim.hits('/sim/upload/');
    const before = await remaining();
    const res = await api('POST', '/publish/video', {
      executor: 'desktop',
      accountIds: [(await account())!.id],
      title: 'Not from an allowed folder',
      localVideoPath: files.outside,
      platformSettings: { youtube: { madeForKids: false } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const batch = await batchOf(res.body.batch_id, 120_000);
    expect(batch.state, JSON.stringify(batch)).toBe('failed');
    const [job] = batch.jobs;
    expect(job).toMatchObject({ state: 'failed', platform_post_id: null, platform_url: null, error: { code: 'path_outside_allowed_folders' } });
    expect(job.error.message).toContain('not inside a folder this computer allows jobs to read');
    expect(sim.hits('/www.youtube.com/upload')).toBe(uploadPages);
    expect(sim.hits('/sim/upload/')).toBe(uploads);
    expect(sim.publishes(YT)).toHaveLength(1);
    expect(await uses(job.job_id)).toEqual([]);
    expect(await remaining()).toBe(before);
  }, 180_000);
});

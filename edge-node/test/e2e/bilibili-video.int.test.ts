/**
 * End to end with nothing stubbed: the full control-plane app, the compiled
 * `plume-edge` daemon with the real platform adapters, Debian's Chromium, and
 * the platform simulator. An operator enrolls the node and imports an
 * account's storage state; an integrator publishes a video through the Open
 * API; the simulator receives exactly one post with the file's bytes. Then
 * the platform's answer to the click is lost: the job becomes unknown and the
 * adapter's read-only lookup resolves it, still with one post.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEdgeE2e } from '../../../test/support/edge-e2e.js';

const ACCOUNT = '30010077';
const SETTINGS = { bilibili: { partitionName: '知识', tags: ['Plume'], aiLabel: true, copyright: 'original' } };

const e = useEdgeE2e({
  name: 'e2e',
  files: { 'clip.mp4': 300 * 1024, 'cover.jpg': 40 * 1024 },
  accounts: [{ platform: 'bilibili', ref: ACCOUNT, name: 'Lab', displayName: 'Plume Lab' }],
  configure: (sim) => sim.configure('bilibili', { chunkDelayMs: 0 }),
});

describe('happy path', () => {
  it('the node and its account show up online; doctor passes', async () => {
    await expect.poll(async () => (await e.account('bilibili'))?.executor_online, { timeout: 20_000, message: e.node.output() }).toBe(true);
    // The node checks the imported profile's login itself (the node is the source of truth for it).
    await expect.poll(async () => (await e.account('bilibili'))?.publishable, { timeout: 30_000, message: e.node.output() }).toBe(true);
    const nodes = await e.api('GET', '/execution-nodes');
    expect(nodes.body.nodes).toHaveLength(1);
    expect(nodes.body.nodes[0]).toMatchObject({ online: true, status: 'online', capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1 } });
    expect(nodes.body.nodes[0].video_dir).toBe(`${join(e.node.work, 'videos')}/${e.user.id}/`);
    const doctor = await e.node.cli(['doctor']);
    expect(doctor.code, doctor.out).toBe(0);
    expect(doctor.out).toMatch(/ok\s+node identity\s+accepted by the control plane/);
    expect(doctor.out).toMatch(/ok\s+clock skew/);
    expect(doctor.out).toMatch(/ok\s+chinese font\s+.*CJK/);
  }, 75_000); // its polls alone may take 50 s

  it('bilibili video: published through the Open API reaches the platform once, with the file\'s bytes', async () => {
    const account = (await e.account('bilibili'))!;
    const res = await e.api('POST', '/publish/video', {
      executor: 'edge',
      accountIds: [account.id],
      title: 'Plume 端到端',
      localVideoPath: join(e.node.userDir, 'clip.mp4'),
      coverImagePath: join(e.node.userDir, 'cover.jpg'),
      platformSettings: SETTINGS,
    });
    expect(res.status, `${JSON.stringify(res.body)}\n${e.node.output()}`).toBe(200);
    const batch = await e.batchDone(res.body.batch_id);
    expect(batch.state, JSON.stringify(batch)).toBe('succeeded');
    const posts = e.sim.publishes('bilibili');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account: ACCOUNT, title: 'Plume 端到端' });
    expect(posts[0]!.media.find((m) => m.kind === 'video')?.sha256).toBe(e.sha256(join(e.node.userDir, 'clip.mp4')));
    expect(batch.jobs[0]).toMatchObject({ state: 'succeeded', platform_post_id: posts[0]!.postId });
    // The daemon sent the chunks itself from the sandbox's descriptor; Chromium sent none (upload-offload.ts).
    expect(e.sim.hits('.bilivideo.com/', 'daemon')).toBeGreaterThan(0);
    expect(e.sim.hits('.bilivideo.com/', 'browser')).toBe(2); // only the page's multipart init and completion calls
  }, 90_000); // batchDone waits up to 60 s
});

describe('faults', () => {
  it('the answer to the click is lost: unknown, then the read-only lookup finds the one post', async () => {
    e.sim.reset();
    e.sim.configure('bilibili', { chunkDelayMs: 0, dropPublishResponse: true });
    const account = (await e.account('bilibili'))!;
    const res = await e.api('POST', '/publish/video', {
      executor: 'edge',
      accountIds: [account.id],
      title: 'Lost answer',
      localVideoPath: join(e.node.userDir, 'clip.mp4'),
      platformSettings: SETTINGS,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const batch = await e.batchDone(res.body.batch_id, 90_000);
    expect(batch.state, JSON.stringify(batch)).toBe('succeeded');
    expect(batch.jobs[0].verified_at).toEqual(expect.any(String));
    expect(e.sim.publishes('bilibili')).toHaveLength(1);
  }, 120_000); // batchDone waits up to 90 s

  it('SIGTERM: the node leaves cleanly and its account is offline', async () => {
    expect(await e.node.stopDaemon('SIGTERM')).toBe(0);
    await expect.poll(async () => (await e.account('bilibili'))?.executor_online, { timeout: 10_000 }).toBe(false);
  });
});

/**
 * YouTube videos in real Chromium against the YouTube Studio replica: the
 * upload dialog's details (title, description, thumbnail, playlist, audience,
 * tags under Show more), Next to Visibility (or a scheduled time), Publish
 * behind the commit gate, the id from the dialog's link, and verify through
 * the channel's content list. Each tolerated form the sources record (the
 * older audience radio names, a shorts link, the processing dialog) has a case.
 */
import { describe, expect, it } from 'vitest';
import type { VideoJob } from '../../src/adapters/contract.js';
import { youtubeAdapter as adapter } from '../../src/adapters/youtube/adapter.js';
import { brief, expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract } from '../../../test/support/adapter-contract.js';
import { useVideoJobs, type VideoJobOptions } from '../../../test/support/video-page-cases.js';

const P = 'youtube';
/** A channel id: UC and 22 characters. */
const ACCOUNT = 'UCaBcDeFgHiJkLmNoPqRsTuV';

const jobs = useVideoJobs(P, ACCOUNT, { tag: 'yt', title: 'Plume video' });
const { fx, media } = jobs;
/** YouTube asks every video whether it is made for kids: every job answers unless the case says otherwise. */
const makeJob = (j: VideoJobOptions = {}): VideoJob => jobs.makeJob({ ...j, settings: { madeForKids: false, ...j.settings } });
const letters = (s: string) => s.replace(/\s+/g, ' ').trim();
const described = (job: VideoJob) => letters(`Plume 发布的第 ${job.payload.title.split(' ').pop()} 条视频 第二段简介`);

const FULL = { description: 'A drive along the coast.\n\nFilmed with Plume.', tags: ['plume', 'road trip', '#coast'], privacyStatus: 'unlisted', madeForKids: true, playlistName: 'Road trips', coverMode: 'custom' };

const contract: AdapterContract<VideoJob> = {
  fixture: fx,
  adapter,
  account: ACCOUNT,
  makeJob: () => makeJob(),
  publishesOnce: {
    title: 'publishes once with every setting applied: title, description, thumbnail, playlist, audience, tags, visibility',
    async check({ post, result, ctx }) {
      expect(post.title).toMatch(/^Plume video \d+$/);
      expect(letters(post.body)).toBe('A drive along the coast. Filmed with Plume.');
      expect(post.media).toEqual([
        { kind: 'video', ...(await fileDigest(media.video)) },
        { kind: 'cover', ...(await fileDigest(media.cover)) },
      ]);
      expect(post.settings).toEqual({ privacy: 'unlisted', madeForKids: true, playlists: ['Road trips'], tags: ['plume', 'road trip', 'coast'], scheduledAt: null });
      expect(result.postId).toMatch(/^[A-Za-z0-9_-]{11}$/);
      expect(result.url).toBe(`${fx.sim.baseUrl(P)}/www.youtube.com/watch?v=${result.postId}`);
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'upload', 'fill', 'apply_settings', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: {
    title: 'prepare is safe to repeat: a playlist the channel lacks is created once and the video published once',
    job: () => makeJob({ settings: { playlistName: 'Plume weekly' } }),
    check: (posts) => expect(posts[0]!.settings).toMatchObject({ playlists: ['Plume weekly'], privacy: 'public', madeForKids: false }),
  },
  verifyJob: () => makeJob(),
  editorChanged: { omit: 'title-textbox', step: 'fill', control: 'title box' },
};

// The first case publishes with every setting: its job is the full one.
contract.makeJob = (() => {
  let first = true;
  return () => {
    if (!first) return makeJob();
    first = false;
    return makeJob({ cover: true, settings: FULL });
  };
})();

describe('happy path', () => {
  happyPathContract(contract);

  it('without settings beyond the audience: public, the payload description as plain text, no thumbnail, no playlist, no tags', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ cover: true, settings: { coverMode: 'auto' } });
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const [post] = fx.sim.publishes(P);
    expect(post!.postId).toBe(result.postId);
    expect(letters(post!.body)).toBe(described(job));
    expect(post!.settings).toEqual({ privacy: 'public', madeForKids: false, playlists: [], tags: [], scheduledAt: null });
    expect(post!.media.map((m) => m.kind)).toEqual(['video']);
  }, FLOW_TIMEOUT_MS);

  it('scheduledAt schedules the video for that minute (public then); verify finds it in the content list', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const at = new Date(Math.ceil((Date.now() + 2 * 86_400_000) / 60_000) * 60_000).toISOString();
    const job = makeJob({ settings: { scheduledAt: at } });
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const [post] = fx.sim.publishes(P);
    expect(post!.settings).toMatchObject({ privacy: 'public', scheduledAt: at });
    expect(await adapter.verify(page, job, ctx)).toEqual({ found: true, postId: result.postId, url: result.url, candidates: 1 });
  }, FLOW_TIMEOUT_MS);

  it('the older audience radio names (NOT_MADE_FOR_KIDS) and a shorts link are both taken', async () => {
    fx.sim.configure(P, { forms: { audience: 'legacy', link: 'shorts' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const [post] = fx.sim.publishes(P);
    expect(result.postId).toBe(post!.postId);
    expect(post!.settings).toMatchObject({ madeForKids: false });
  }, FLOW_TIMEOUT_MS);

  it('a video YouTube is still processing is published all the same: the Video processing dialog is the acceptance', async () => {
    fx.sim.configure(P, { transcodeMs: 600_000 });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    expect(await page.locator('ytcp-uploads-still-processing-dialog').isVisible()).toBe(true);
    expect(fx.sim.publishes(P).map((p) => p.postId)).toEqual([result.postId]);
  }, FLOW_TIMEOUT_MS);
});

describe('errors', () => {
  errorContract(contract);

  it('settings YouTube would refuse stop the job before the browser moves', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const refused = [
      { settings: { madeForKids: undefined }, field: 'madeForKids' },
      { settings: { tags: Array.from({ length: 60 }, (_, i) => `tag number ${i}`) }, field: 'tags' },
      { settings: { tags: ['#'] }, field: 'tags' },
      { settings: { scheduledAt: new Date(Date.now() + 86_400_000).toISOString(), privacyStatus: 'private' }, field: 'privacyStatus' },
      { settings: { scheduledAt: new Date(Date.now() - 60_000).toISOString() }, field: 'scheduledAt' },
      { settings: { privacyStatus: 'friends' }, field: 'privacyStatus' },
    ];
    for (const r of refused) {
      const err = await expectAdapterError(adapter.prepare(page, makeJob({ settings: r.settings }), ctx), 'setting_unavailable', 'apply_settings');
      expect(err.details.field, JSON.stringify(r.settings)).toBe(r.field);
    }
    await expectAdapterError(adapter.prepare(page, makeJob({ title: 'a <b> title' }), ctx), 'publish_rejected', 'fill');
    await expectAdapterError(adapter.prepare(page, makeJob({ title: 'x'.repeat(101) }), ctx), 'publish_rejected', 'fill');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { coverMode: 'custom' } }), ctx), 'cover_rejected', 'apply_settings');
    expect(page.url()).toBe('about:blank');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);

  it('publish_rejected when YouTube refuses the video at Publish; nothing is published', async () => {
    fx.sim.configure(P, { rejectPublish: 'This video violates our Community Guidelines' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
    expect(err.message).toContain('Community Guidelines');
    expect(ctx.gate.calls).toBe(1);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('upload_failed when YouTube refuses the file, with its reason', async () => {
    fx.sim.configure(P, { rejectVideo: 'Invalid file format' });
    const err = await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), makeJob(), fx.ctx()), 'upload_failed', 'upload');
    expect(err.message).toContain('Invalid file format');
  }, FLOW_TIMEOUT_MS);

  it('cover_rejected when YouTube refuses the thumbnail, or the dialog has lost its thumbnail input; nothing is published', async () => {
    fx.sim.configure(P, { rejectCover: 'Thumbnail must be smaller than 2 MB' });
    const refused = await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), makeJob({ cover: true }), fx.ctx(brief('selectorMs'))), 'cover_rejected', 'upload');
    expect(refused.message).toContain('smaller than 2 MB');
    fx.sim.configure(P, { rejectCover: false, omit: ['thumbnail-input'] });
    const gone = await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), makeJob({ cover: true }), fx.ctx(brief('selectorMs'))), 'editor_changed', 'upload');
    expect(gone.message).toContain('thumbnail input');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('a dialog without its audience radios, tags box toggle or visibility radios is editor_changed at apply_settings', async () => {
    for (const [omit, names, settings] of [
      ['kids-radios', 'not made for kids radio', {}],
      ['toggle-button', 'Show more', { tags: ['plume'] }],
      ['privacy-radios', '#privacy-radios', {}],
    ] as const) {
      fx.sim.configure(P, { omit: [omit] });
      const err = await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), makeJob({ settings }), fx.ctx(brief('selectorMs'))), 'editor_changed', 'apply_settings');
      expect(err.message, omit).toContain(names);
    }
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('publish on a page that is not the prepared upload dialog is editor_changed and never passes the gate', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    await page.goto(`${fx.sim.baseUrl(P)}/studio.youtube.com/channel/${ACCOUNT}/videos/upload`);
    await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'editor_changed', 'publish');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);

  it("a job for another channel, or verify in another channel's profile, is login_required", async () => {
    const page = await fx.open(ACCOUNT);
    const other = jobs.makeJob({ account: 'UCzzzzzzzzzzzzzzzzzzzzzz', settings: { madeForKids: false } });
    await expectAdapterError(adapter.prepare(page, other, fx.ctx()), 'login_required', 'open_editor');
    await expectAdapterError(adapter.verify(page, other, fx.ctx()), 'login_required', 'check_login');
  }, FLOW_TIMEOUT_MS);
});

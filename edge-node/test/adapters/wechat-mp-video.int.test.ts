/**
 * 微信公众号 video messages in real Chromium against the Official Account
 * replica: the video editor (type=15) with its tip closed, the file into its
 * video input until 上传成功, the title in the title box (not the keyword
 * box), and 保存, which saves a draft only; then the draft box, the draft's
 * card by its title and its 发表 (or 群发), and the same 发表 dialog,
 * 继续发表 and 微信验证 wait as an article; the video is read back from the
 * account's lists by its title. The cases every adapter shares are in
 * test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import type { VideoJob } from '../../src/adapters/contract.js';
import { wechatMpAdapter as adapter } from '../../src/adapters/wechat-mp/adapter.js';
import { decodeQrPng } from '../../src/login/qr.js';
import { brief, expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract } from '../../../test/support/adapter-contract.js';
import { useVideoJobs } from '../../../test/support/video-page-cases.js';

const P = 'wechat_mp';
const ACCOUNT = 'gh_3f2e1d0c9b8a';

const { fx, media, makeJob } = useVideoJobs(P, ACCOUNT, { tag: 'wxv', title: '公众号视频' });

const contract: AdapterContract<VideoJob> = {
  fixture: fx,
  adapter,
  account: ACCOUNT,
  makeJob: () => makeJob(),
  publishesOnce: {
    title: 'publishes once: the video bytes and the title, saved as a draft and published from the draft box',
    async check({ post, result, job, ctx }) {
      expect(post.title).toBe(job.payload.title);
      expect(post.body).toBe('');
      expect(post.media).toEqual([{ kind: 'video', ...(await fileDigest(media.video)) }]);
      expect(post.settings).toEqual({ type: 'video' });
      expect(result).toEqual({ postId: post.postId, url: post.url });
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'upload', 'fill', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: { job: () => makeJob(), check: (posts) => expect(posts[0]!.media.map((m) => m.kind)).toEqual(['video']) },
  verifyJob: () => makeJob(),
  editorChanged: { omit: 'video-title', step: 'fill', control: 'title input' },
};

describe('happy path', () => {
  happyPathContract(contract);

  it('a cover, a description and settings without a control are logged, not applied; the keyword box stays empty', async () => {
    const page = await fx.open(ACCOUNT);
    const infos: Array<Record<string, unknown>> = [];
    const ctx = fx.ctx({ log: { debug: () => {}, warn: () => {}, info: (o) => infos.push(o) } });
    const job = makeJob({ cover: true, settings: { description: '设置里的简介', tags: ['公众号'], aiLabel: true, visibility: 'public', coverMode: 'auto' } });
    const prepared = await adapter.prepare(page, job, ctx);
    expect(await page.locator('.js_keyword').inputValue()).toBe('');
    await adapter.publish(page, job, ctx, prepared);
    expect(fx.sim.publishes(P)).toHaveLength(1);
    expect(infos).toContainEqual({ platform: P, ignored: ['description', 'tags', 'aiLabel'] });
    expect(infos).toContainEqual({ platform: P, notApplied: ['coverImagePath', 'description'] });
  }, FLOW_TIMEOUT_MS);

  it('without the tip, with the card’s 群发 and 群发成功 as the page’s word, the draft is published the same way', async () => {
    fx.sim.configure(P, { forms: { 'video-tip': 'absent', 'card-publish': '群发', 'published-word': '群发成功', continue: 'absent' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    expect(result.postId).toBe(fx.sim.publishes(P)[0]!.postId);
    expect(ctx.gate.calls).toBe(1);
  }, FLOW_TIMEOUT_MS);

  it('an older draft of the same title waits in the draft box: the newest, the one prepare saved, is published', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    await adapter.prepare(page, job, ctx);
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    const token = new URL(page.url()).searchParams.get('token');
    await page.goto(`${fx.sim.baseUrl(P)}/mp.weixin.qq.com/cgi-bin/appmsg?t=media/appmsg_list&action=list_card&type=10&token=${token}&lang=zh_CN`);
    expect(await page.locator('.weui-desktop-card').filter({ hasText: job.payload.title }).count()).toBe(1);
    expect(fx.sim.publishes(P)).toHaveLength(1);
  }, FLOW_TIMEOUT_MS);
});

describe('errors', () => {
  errorContract(contract);

  it('what the editor has no control for, or would refuse, stops the job before the browser moves', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    await expectAdapterError(adapter.prepare(page, makeJob({ cover: true, settings: { coverMode: 'custom' } }), ctx), 'setting_unavailable', 'apply_settings');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { visibility: 'private' } }), ctx), 'setting_unavailable', 'apply_settings');
    await expectAdapterError(adapter.prepare(page, makeJob({ title: '长'.repeat(65) }), ctx), 'publish_rejected', 'fill');
    await expectAdapterError(adapter.prepare(page, makeJob({ title: '   ' }), ctx), 'publish_rejected', 'fill');
    expect(page.url()).toBe('about:blank');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);

  it('upload_failed with WeChat’s reason when it refuses the video; an editor without its video input or 保存 is editor_changed', async () => {
    fx.sim.configure(P, { rejectVideo: '视频格式不支持' });
    const err = await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), makeJob(), fx.ctx(brief('selectorMs'))), 'upload_failed', 'upload');
    expect(err.message).toContain('视频格式不支持');
    fx.sim.configure(P, { rejectVideo: false, omit: ['video-input'] });
    const gone = await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), makeJob(), fx.ctx(brief('selectorMs'))), 'editor_changed', 'open_editor');
    expect(gone.message).toContain('video upload input');
    fx.sim.configure(P, { omit: ['video-save'] });
    const noSave = await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), makeJob(), fx.ctx(brief('selectorMs'))), 'editor_changed', 'fill');
    expect(noSave.message).toContain('保存');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('a draft box without the draft is editor_changed at publish and never passes the gate', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx(brief('selectorMs'));
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    fx.sim.configure(P, { omit: ['draft-cards'] });
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'editor_changed', 'publish');
    expect(err.message).toContain('draft box');
    expect(ctx.gate.calls).toBe(0);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('a refused publish (shown in the dialog) is publish_rejected with WeChat’s reason; nothing is published', async () => {
    fx.sim.configure(P, { rejectPublish: '视频涉嫌违规' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
    expect(err.message).toContain('视频涉嫌违规');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);
});

describe('微信验证', () => {
  it('the adapter reports the administrator’s scan and waits for it; once the phone confirms, WeChat publishes the video', async () => {
    fx.sim.configure(P, { forms: { verify: 'qr' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const publishing = adapter.publish(page, job, ctx, prepared);
    await expect.poll(() => ctx.events.some((e) => e.step === 'publish' && e.detail?.phase === 'admin_scan'), { timeout: 10_000 }).toBe(true);
    expect(fx.sim.publishes(P)).toHaveLength(0);
    const src = await page.locator('img.js_qrcode').getAttribute('src');
    const text = decodeQrPng(Buffer.from(src!.replace(/^data:image\/png;base64,/, ''), 'base64'));
    await fx.sim.scan(text!, { account: ACCOUNT });
    const result = await publishing;
    expect(result.postId).toBe(fx.sim.publishes(P)[0]!.postId);
  }, FLOW_TIMEOUT_MS);

  it('in the video scripts’ words — a dialog headed 群发 confirmed with 发送, the scan as a bare QR picture — the scan is reported and waited for the same way', async () => {
    fx.sim.configure(P, { forms: { verify: 'qr-picture', 'dialog-words': '群发', 'card-publish': '群发' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const publishing = adapter.publish(page, job, ctx, prepared);
    await expect.poll(() => ctx.events.some((e) => e.step === 'publish' && e.detail?.phase === 'admin_scan'), { timeout: 10_000 }).toBe(true);
    expect(fx.sim.publishes(P)).toHaveLength(0);
    expect(await page.getByRole('heading', { name: '微信验证' }).count()).toBe(0);
    const src = await page.locator('img.js_qrcode').getAttribute('src');
    expect(src).toContain('qrcode');
    const picture = await page.request.get(new URL(src!, page.url()).href);
    await fx.sim.scan(decodeQrPng(await picture.body())!, { account: ACCOUNT });
    const result = await publishing;
    expect(result.postId).toBe(fx.sim.publishes(P)[0]!.postId);
    expect(ctx.gate.calls).toBe(1);
  }, FLOW_TIMEOUT_MS);
});

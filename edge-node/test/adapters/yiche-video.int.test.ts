/**
 * yiche (易车号) videos in real Chromium against the yiche replica's video
 * page: the title and the description into their boxes, the file into the
 * page's video input, and 发布. The cases it shares with other video pages are in
 * test/support/video-page-cases.ts.
 */
import { describe, expect, it } from 'vitest';
import type { VideoJob } from '../../src/adapters/contract.js';
import { yicheAdapter as adapter } from '../../src/adapters/yiche/adapter.js';
import { expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, FLOW_TIMEOUT_MS } from '../../../test/support/adapter-contract.js';
import { useVideoJobs, videoPageCases } from '../../../test/support/video-page-cases.js';
import { refusalFormCases } from '../../../test/support/refusal-forms.js';

const P = 'yiche';
const ACCOUNT = '50817263';

const { fx, media, makeJob } = useVideoJobs(P, ACCOUNT, { tag: 'ycv', title: '易车号视频' });

const contract: AdapterContract<VideoJob> = {
  fixture: fx,
  adapter,
  account: ACCOUNT,
  makeJob: () => makeJob(),
  publishesOnce: {
    title: 'publishes once: the video bytes, the title, the description as plain text',
    async check({ post, result, job, ctx }) {
      expect(post.title).toBe(job.payload.title);
      expect(post.body).toBe(`Plume 发布的第 ${job.payload.title.split(' ')[1]} 条视频\n\n第二段简介`);
      expect(post.media).toEqual([{ kind: 'video', ...(await fileDigest(media.video)) }]);
      expect(post.settings).toEqual({ type: 'video' });
      expect(result.url).toBe(`${fx.sim.baseUrl(P)}/vc.yiche.com/vplay/${result.postId}.html`);
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'fill', 'upload', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: { job: () => makeJob(), check: (posts) => expect(posts[0]!.media.map((m) => m.kind)).toEqual(['video']) },
  verifyJob: () => makeJob(),
  editorChanged: { omit: 'title-input', step: 'fill', control: 'title input' },
};

videoPageCases({ contract, makeJob, descriptionBox: 'description-box' });

describe('login check', () => {
  it('reads the account the page’s login script holds (Bitauto.Login.result) when /api/user/info is gone, and publishes as that account', async () => {
    fx.sim.configure(P, { forms: { 'account-call': 'page-global' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    expect(await adapter.checkLogin(page, ctx)).toEqual({ externalRef: ACCOUNT, displayName: `user_${ACCOUNT}` });
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    expect((await adapter.publish(page, job, ctx, prepared)).postId).toBe(fx.sim.publishes(P)[0]!.postId);
  }, FLOW_TIMEOUT_MS);

  it('another account held by the page is login_required at open_editor', async () => {
    fx.sim.configure(P, { forms: { 'account-call': 'page-global' } });
    const page = await fx.open('50810000');
    await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'login_required', 'open_editor');
  }, FLOW_TIMEOUT_MS);
});

describe('refusal forms', () => {
  refusalFormCases({ ...contract, forms: { el: 'an Element UI message', 'el-notification': 'an Element UI notification', ant: 'an Ant Design message', 'role-alert': 'an ARIA alert' }, successForm: 'el' });
});

describe('the publish control', () => {
  it('a control reading 提交 with data-ctitle="fabu" (the article page’s recorded form) publishes once', async () => {
    fx.sim.configure(P, { forms: { 'video-button': 'tijiao' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const posts = fx.sim.publishes(P);
    expect(posts).toHaveLength(1);
    expect(result.postId).toBe(posts[0]!.postId);
    expect(ctx.gate.calls).toBe(1);
  }, FLOW_TIMEOUT_MS);

  it('a 发布 and a 提交 control side by side name no one publish: editor_changed, nothing clicked or published', async () => {
    fx.sim.configure(P, { forms: { 'video-button': 'both' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'editor_changed', 'publish');
    expect(err.message).toContain('several controls');
    expect(ctx.gate.calls).toBe(0);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);
});

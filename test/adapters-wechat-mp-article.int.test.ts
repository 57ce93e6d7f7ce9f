/**
 * 微信公众号 articles in real Chromium against the Official Account replica:
 * the session token from the home page's commonData, every picture and the
 * cover through the material upload, links written out as text (WeChat
 * refuses links to other sites), the draft saved through operate_appmsg with
 * author, 阅读原文, comments and digest, then published from the draft's edit
 * page through 发表 and its confirmation dialog; the post is read back from the
 * account's article list. The cases every adapter shares are in
 * test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ArticleJob } from '../edge-node/src/adapters/contract.js';
import { articleHtml, wechatMpAdapter as adapter } from '../edge-node/src/adapters/wechat-mp.js';
import { expectAdapterError, fileDigest } from './platform-simulator/harness.js';
import { articleDraftContract, type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from './support/adapter-contract.js';

const P = 'wechat_mp';
const ACCOUNT = 'gh_3f2e1d0c9b8a';
const CONTENT = '## 小标题\n\n一段 **加粗** 的正文，见[说明](https://example.com/why)，或 <https://example.com/raw>。\n';
/** A picture on WeChat's picture host. */
const CDN_PICTURE = /https:\/\/mmbiz\.qpic\.cn\/mmbiz_png\/[0-9a-f]{16}\/0\?wx_fmt=(png|jpeg)/g;

let cover: string;
let figure: string;
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    cover = await media.file('cover.jpg', 30 * 1024);
    figure = await media.file('figure.png', 20 * 1024);
  },
});

function makeJob(o: { title?: string; content?: string; settings?: Record<string, unknown>; cover?: boolean } = {}): ArticleJob {
  seq++;
  return {
    jobId: `job_wx${seq}`,
    attemptId: `att_wx${seq}`,
    platform: P,
    contentType: 'article',
    account: { id: 'acc_wx', externalRef: ACCOUNT },
    payload: { title: o.title ?? `公众号测试文章 ${seq}`, content: o.content ?? CONTENT, ...(o.cover === false ? {} : { coverImage: cover }) },
    settings: o.settings ?? { author: 'Plume', sourceUrl: 'https://example.com/original', openComment: true, summary: '一篇测试公众号发布流程的文章', aiLabel: true },
    settingsHash: 'sha256:test',
    createdAt: new Date().toISOString(),
  };
}

const contract: AdapterContract<ArticleJob> = {
  fixture: fx,
  adapter,
  account: ACCOUNT,
  makeJob: () => makeJob(),
  publishesOnce: {
    title: 'publishes once: links as text with their address, the cover uploaded, author, 阅读原文, comments and digest in the draft; aiLabel ignored',
    async check({ post, result, job, ctx }) {
      expect(post.title).toBe(job.payload.title);
      expect(post.body).toBe(articleHtml(CONTENT));
      expect(post.body).toContain('见说明（https://example.com/why），或 https://example.com/raw。');
      expect(post.body).not.toContain('<a ');
      expect(post.settings).toEqual({ author: 'Plume', sourceUrl: 'https://example.com/original', openComment: true, digest: '一篇测试公众号发布流程的文章' });
      expect(post.media).toEqual([{ kind: 'cover', ...(await fileDigest(cover)) }]);
      expect(result).toEqual({ postId: expect.stringMatching(/^\d{10}$/), url: expect.stringMatching(new RegExp(`^${fx.sim.baseUrl(P)}/mp\\.weixin\\.qq\\.com/s/[\\w-]{22}$`)) });
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'fill', 'upload', 'apply_settings', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: {
    // No cover given: the body's first picture is the cover WeChat requires.
    job: () => makeJob({ cover: false, settings: {}, content: `正文\n\n![图](${figure})` }),
    check(posts) {
      expect(posts[0]!.settings).toEqual({ author: '', sourceUrl: '', openComment: false, digest: '' });
      expect(posts[0]!.body.replace(CDN_PICTURE, 'PIC')).toBe('<p>正文</p>\n<p><img src="PIC" alt="图" /></p>');
      expect(posts[0]!.media.map((m) => m.kind)).toEqual(['cover', 'image']);
      expect(posts[0]!.media[0]!.sha256).toBe(posts[0]!.media[1]!.sha256);
    },
  },
  verifyJob: () => makeJob(),
  editorChanged: { omit: 'title-input', step: 'open_editor', control: 'title input' },
};

describe('happy path', () => {
  happyPathContract(contract);

  it('a picture from a local file becomes WeChat’s own copy before the draft is saved', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ content: `开头\n\n![图一](${figure})\n\n结尾` });
    await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx);
    const post = fx.sim.publishes(P)[0]!;
    expect(post.body.replace(CDN_PICTURE, 'PIC')).toBe('<p>开头</p>\n<p><img src="PIC" alt="图一" /></p>\n<p>结尾</p>');
    expect(post.media).toEqual([{ kind: 'cover', ...(await fileDigest(cover)) }, { kind: 'image', ...(await fileDigest(figure)) }]);
  }, FLOW_TIMEOUT_MS);
});

describe('errors', () => {
  errorContract(contract);
  articleDraftContract({
    fixture: fx,
    adapter,
    account: ACCOUNT,
    job: makeJob,
    picture: () => figure,
    badTitles: ['长'.repeat(65), '   '],
    otherDraftUrl: () => `${fx.sim.baseUrl(P)}/mp.weixin.qq.com/cgi-bin/appmsg?t=media/appmsg_edit&action=edit&type=77&appmsgid=2247480000&token=1&lang=zh_CN`,
  });

  it('an article with neither a cover nor a picture is cover_rejected before the browser moves', async () => {
    const page = await fx.open(ACCOUNT);
    await expectAdapterError(adapter.prepare(page, makeJob({ cover: false, settings: {} }), fx.ctx()), 'cover_rejected', 'upload');
    expect(page.url()).toBe('about:blank');
  }, FLOW_TIMEOUT_MS);

  it('a draft save that names no appMsgId is editor_changed at fill; nothing is published', async () => {
    fx.sim.configure(P, { omit: ['app-msg-id'] });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'editor_changed', 'fill');
    expect(err.message).toContain('appMsgId');
    await expectAdapterError(adapter.publish(page, makeJob(), ctx), 'editor_changed', 'publish');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);

  it('login_required when the session is another account’s', async () => {
    const page = await fx.open('gh_000000000999');
    await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'login_required', 'open_editor');
  }, FLOW_TIMEOUT_MS);

  it('an edit page without its 发表 control is editor_changed at publish and never passes the gate', async () => {
    fx.sim.configure(P, { omit: ['publish-button'] });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx), 'editor_changed', 'publish');
    expect(err.message).toContain('发表');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);
});

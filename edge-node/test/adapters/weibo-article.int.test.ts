/**
 * weibo articles (头条文章) in real Chromium against the replica: the Markdown
 * rendered to HTML, images from other sites copied onto weibo, the cover on
 * weibo's picture host, the AI declaration from the settings or the article's
 * `aigc` facts. The cases every adapter shares are in test/support/adapter-contract.ts.
 */
import { markdownToHtml } from '@plume/shared';
import { describe, expect, it } from 'vitest';
import type { ArticleJob } from '../../src/adapters/contract.js';
import { weiboAdapter as adapter } from '../../src/adapters/weibo/adapter.js';
import { expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, errorContract, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';

const P = 'weibo';
const ACCOUNT = '5566770001';
const CONTENT = '## 小标题\n\n一段 **加粗** 的正文，含 [链接](https://example.com)。\n\n- 一\n- 二\n';
const IMAGE = 'https://images.example.com/a.png';

let cover: string;
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    cover = await media.file('cover.jpg', 45 * 1024);
  },
});

function makeJob(o: { content?: string; settings?: Record<string, unknown>; cover?: boolean; aigc?: boolean } = {}): ArticleJob {
  seq++;
  return {
    jobId: `job_wba${seq}`,
    attemptId: `att_wba${seq}`,
    platform: P,
    contentType: 'article',
    account: { id: 'acc_wa', externalRef: ACCOUNT },
    payload: {
      title: `微博文章 ${seq}`,
      content: o.content ?? CONTENT,
      ...(o.cover === false ? {} : { coverImage: cover }),
      ...(o.aigc === undefined ? {} : { aigc: { label_required: o.aigc } }),
    },
    settings: o.settings ?? { summary: '一篇用来测试的微博文章' },
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
    title: 'publishes once: the Markdown as HTML, summary, the cover on weibo, no AI declaration by default',
    async check({ post, result, job }) {
      // The editor sends FormData, whose text fields travel with CRLF line breaks, as in any browser.
      expect(post.title).toBe(job.payload.title);
      expect(post.body.replace(/\r\n/g, '\n')).toBe(markdownToHtml(CONTENT));
      expect(post.body).toContain('<strong>加粗</strong>');
      expect(post.settings).toMatchObject({ kind: 'article', summary: '一篇用来测试的微博文章', aiDeclared: false });
      expect(post.settings.cover).toMatch(/^https:\/\/wx2\.sinaimg\.cn\/large\/\w+\.jpg$/);
      expect(post.media).toEqual([{ kind: 'cover', ...(await fileDigest(cover)) }]);
      expect(result.url).toBe(`${fx.sim.baseUrl(P)}/weibo.com/ttarticle/p/show?id=${result.postId}`);
    },
  },
  repeatedPrepare: {
    job: () => makeJob({ cover: false, settings: {} }),
    check(posts) {
      expect(posts[0]!.media).toEqual([]);
      expect(posts[0]!.settings).toMatchObject({ summary: '', cover: '' });
    },
  },
  verifyJob: () => makeJob({ cover: false }),
  editorChanged: { omit: 'config-uid', step: 'open_editor', control: '$CONFIG.uid' },
};

describe('happy path', () => {
  happyPathContract(contract);

  it('an image from another site is copied onto weibo before the draft is saved', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ content: `开头\n\n![图](${IMAGE})\n`, cover: false });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    const body = fx.sim.publishes(P)[0]!.body;
    expect(body).not.toContain(IMAGE);
    expect(body).toMatch(/<img src="https:\/\/wx2\.sinaimg\.cn\/large\/[0-9a-f]{32}\.jpg" alt="图"/);
  });

  it('a local picture stops the job before the browser moves: weibo copies pictures by web address only', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const start = page.url();
    const err = await expectAdapterError(adapter.prepare(page, makeJob({ content: `开头\n\n![图](${IMAGE})\n\n![本地](figure.png)\n`, cover: false }), ctx), 'upload_failed', 'upload');
    expect(err.message).toContain('"figure.png"');
    expect(page.url()).toBe(start);
    expect(ctx.gate.calls).toBe(0);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });

  it('the AI declaration follows aiLabel, else the article\'s aigc facts', async () => {
    for (const [job, declared] of [
      [makeJob({ cover: false, aigc: true, settings: {} }), true],
      [makeJob({ cover: false, aigc: true, settings: { aiLabel: false } }), false],
      [makeJob({ cover: false, settings: { aiLabel: true } }), true],
    ] as const) {
      fx.sim.reset();
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx();
      const prepared = await adapter.prepare(page, job, ctx);
      await adapter.publish(page, job, ctx, prepared);
      expect(fx.sim.publishes(P)[0]!.settings.aiDeclared, JSON.stringify(job.settings)).toBe(declared);
    }
  }, 120_000);
});

describe('the publish answer and the author’s posts in each recorded form', () => {
  const articleUrl = (id: string) => `${fx.sim.baseUrl(P)}/weibo.com/ttarticle/p/show?id=${id}`;

  it('the publish call sends the announcing text public clients send; an answer with code "A00006" and no address is read back from the author’s posts', async () => {
    fx.sim.configure(P, { forms: { articleAnswer: 'bare' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ cover: false });
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const posts = fx.sim.publishes(P);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.settings.text).toBe(`发布了头条文章：《${job.payload.title}》`);
    expect(result).toEqual({ postId: posts[0]!.postId, url: articleUrl(posts[0]!.postId) });
    expect(ctx.gate.calls).toBe(1);
  });

  it('an article row in the app’s form (page_info object_type article, page_id, an articlebrowser address, the title in content1) is found by verify and by the read-back', async () => {
    fx.sim.configure(P, { forms: { articleRow: 'app', articleAnswer: 'bare' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ cover: false });
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const posts = fx.sim.publishes(P);
    expect(posts).toHaveLength(1);
    expect(result).toEqual({ postId: posts[0]!.postId, url: articleUrl(posts[0]!.postId) });
    expect(await adapter.verify(page, job, ctx)).toEqual({ found: true, postId: posts[0]!.postId, url: articleUrl(posts[0]!.postId), candidates: 1 });
  });
});

describe('errors', () => {
  errorContract(contract);

  it('cover_rejected when weibo refuses the cover; nothing is published', async () => {
    fx.sim.configure(P, { rejectCover: '图片尺寸过小' });
    const page = await fx.open(ACCOUNT);
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'cover_rejected', 'upload');
    expect(err.message).toContain('图片尺寸过小');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });

  it('publish_rejected when weibo refuses the article', async () => {
    fx.sim.configure(P, { rejectPublish: '内容涉嫌违规' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ cover: false });
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
    expect(err.message).toContain('内容涉嫌违规');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });

  it('a title over 32 characters or a summary over 44 is refused before the browser moves', async () => {
    const page = await fx.open(ACCOUNT);
    const long = { ...makeJob(), payload: { title: '题'.repeat(33), content: CONTENT } };
    await expectAdapterError(adapter.prepare(page, long, fx.ctx()), 'publish_rejected', 'fill');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { summary: '导'.repeat(45) } }), fx.ctx()), 'setting_unavailable', 'apply_settings');
    expect(page.url()).toBe('about:blank');
  });
});

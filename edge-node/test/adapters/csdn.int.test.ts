/**
 * CSDN adapter end to end: real Chromium against the platform simulator,
 * whose API gateway checks every request's signature.
 * The cases every adapter shares are in test/support/adapter-contract.ts.
 */
import { markdownToHtml } from '@plume/shared';
import { describe, expect, it } from 'vitest';
import type { ArticleJob } from '../../src/adapters/contract.js';
import { CSDN_DEFAULT_TAG, csdnAdapter as adapter, postTime } from '../../src/adapters/csdn/adapter.js';
import { expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, errorContract, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';

const P = 'csdn';
const ACCOUNT = 'plume_writer';
const CONTENT = '# Plume 发布\n\n一篇 **Markdown** 文章，含代码：\n\n```python\nprint("hi")\n```\n\n| 列 | 值 |\n|---|---|\n| a | 1 |\n\n![外链图](https://images.example.com/figure-1.png)\n';

let cover: string;
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    cover = await media.file('cover.jpg', 40 * 1024);
  },
});
const open = (account = ACCOUNT) => fx.open(account);

function makeJob(o: { title?: string; content?: string; coverImage?: string | undefined; settings?: Record<string, unknown> } = {}): ArticleJob {
  seq++;
  return {
    jobId: `job_cs${seq}`,
    attemptId: `att_cs${seq}`,
    platform: P,
    contentType: 'article',
    account: { id: 'acc_cs', externalRef: ACCOUNT },
    payload: { title: o.title ?? `CSDN 测试文章 ${seq}`, content: o.content ?? CONTENT, ...('coverImage' in o ? (o.coverImage ? { coverImage: o.coverImage } : {}) : { coverImage: cover }) },
    settings: o.settings ?? { tags: ['python', '经验分享'], summary: '一篇用来测试 CSDN 发布流程的文章', articleType: 'original', aiLabel: true },
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
    title: 'publishes once: the Markdown as written with its HTML, tags, summary and the custom cover',
    async check({ post, result, job, ctx }) {
      expect(post).toMatchObject({ title: job.payload.title, body: CONTENT });
      expect(post.settings).toMatchObject({ tags: ['python', '经验分享'], type: 'original', originalLink: '', description: '一篇用来测试 CSDN 发布流程的文章', html: markdownToHtml(CONTENT), readType: 'public' });
      expect(post.media).toEqual([{ kind: 'cover', ...(await fileDigest(cover)) }]);
      expect(result.url).toBe(`${fx.sim.baseUrl(P)}/blog.csdn.net/${ACCOUNT}/article/details/${result.postId}`);
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'fill', 'apply_settings', 'upload', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: {
    // A repost without tags: its original link, CSDN's default tag, no cover (auto).
    job: () => makeJob({ settings: { articleType: 'repost', originalUrl: 'https://example.com/original', coverMode: 'auto' } }),
    check(posts) {
      expect(posts[0]!.settings).toMatchObject({ tags: [CSDN_DEFAULT_TAG], type: 'repost', originalLink: 'https://example.com/original', description: '' });
      expect(posts[0]!.media).toEqual([]);
    },
  },
  verifyJob: () => makeJob({ coverImage: undefined }),
  editorChanged: { omit: 'draft-id', step: 'fill', control: 'data.id' },
};

describe('happy path', () => {
  happyPathContract(contract);
});

describe('errors', () => {
  errorContract(contract);

  it('login_required when the gateway answers HTTP 401 without a session (the editor page staying)', async () => {
    fx.sim.configure(P, { forms: { 'no-session': '401' } });
    const page = await fx.open(ACCOUNT, false);
    const ctx = fx.ctx();
    await expectAdapterError(adapter.checkLogin(page, ctx), 'login_required', 'check_login');
    await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'login_required', 'open_editor');
    await expectAdapterError(adapter.verify(page, makeJob(), ctx), 'login_required', 'check_login');
    expect(ctx.gate.calls).toBe(0);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });

  it('login_required when the profile is logged in as another account', async () => {
    const page = await open('someone_else');
    await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'login_required', 'open_editor');
  });

  it('cover_rejected stops the job before publish', async () => {
    fx.sim.configure(P, { rejectCover: '图片违规' });
    const page = await open();
    const ctx = fx.ctx();
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'cover_rejected', 'upload');
    expect(err.message).toContain('图片违规');
    await expectAdapterError(adapter.prepare(page, makeJob({ coverImage: undefined, settings: { coverMode: 'custom' } }), ctx), 'cover_rejected', 'upload');
    expect(ctx.gate.calls).toBe(0);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });

  it('settings and titles CSDN would refuse stop the job before anything is saved', async () => {
    const page = await open();
    const ctx = fx.ctx();
    const saves = fx.sim.hits('/mdeditor/saveArticle');
    const repost = await expectAdapterError(adapter.prepare(page, makeJob({ settings: { articleType: 'translated' } }), ctx), 'setting_unavailable', 'apply_settings');
    expect(repost.details).toEqual({ field: 'originalUrl' });
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { tags: ['a', 'b', 'c', 'd', 'e', 'f'] } }), ctx), 'setting_unavailable', 'apply_settings');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { summary: '摘'.repeat(257) } }), ctx), 'setting_unavailable', 'apply_settings');
    await expectAdapterError(adapter.prepare(page, makeJob({ title: '四个字的' }), ctx), 'publish_rejected', 'fill');
    await expectAdapterError(adapter.prepare(page, makeJob({ content: '![本地图](/home/me/a.png)' }), ctx), 'upload_failed', 'upload');
    expect(fx.sim.hits('/mdeditor/saveArticle')).toBe(saves);
    expect(ctx.gate.calls).toBe(0);
  });

  it('publish_rejected when CSDN refuses the article', async () => {
    fx.sim.configure(P, { rejectPublish: '文章内容审核未通过' });
    const page = await open();
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
    expect(err.message).toContain('文章内容审核未通过');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });

  it('publish outside the prepared draft page is editor_changed and never passes the gate', async () => {
    const page = await open();
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    await page.goto(`${fx.sim.baseUrl(P)}/editor.csdn.net/md/`);
    await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'editor_changed', 'publish');
    expect(ctx.gate.calls).toBe(0);
  });
});

describe('the list time', () => {
  it('reads Beijing time and Unix seconds; anything else is no time (never matches a job)', () => {
    expect(postTime('2026-03-01 08:30:00')).toBe('2026-03-01T00:30:00.000Z');
    expect(postTime(1772325000)).toBe('2026-03-01T00:30:00.000Z');
    expect(postTime('yesterday')).toBeNull();
  });
});

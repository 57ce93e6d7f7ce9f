/**
 * juejin adapter end to end: real Chromium against the platform simulator.
 * The cases every adapter shares are in test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ArticleJob } from '../edge-node/src/adapters/contract.js';
import { juejinAdapter as adapter, autoSummary } from '../edge-node/src/adapters/juejin.js';
import { expectAdapterError, fileDigest } from './platform-simulator/harness.js';
import { type AdapterContract, errorContract, happyPathContract, useAdapterFixture } from './support/adapter-contract.js';

const P = 'juejin';
const ACCOUNT = 'jj_1001';
const CONTENT = '# Plume 发布\n\n这是一篇 **Markdown** 文章，含代码：\n\n```ts\nconst x = 1;\n```\n\n- 列表一\n- 列表二\n\n[链接](https://example.com)\n';
const IMAGE_SRC = 'https://images.example.com/figure-1.png';
/** juejin's image host, where the replica re-hosts an external image (urlSave). */
const REHOSTED = /!\[图一\]\(https:\/\/p3-juejin\.byteimg\.com\/tos-cn-i-k3u1fbpfcp\/[0-9a-f]{40}~tplv-k3u1fbpfcp-watermark\.image\)/;

let cover: string;
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    cover = await media.file('cover.png', 60 * 1024);
  },
});
const open = (account = ACCOUNT) => fx.open(account);

function makeJob(overrides: { title?: string; content?: string; coverImage?: string | undefined; settings?: Record<string, unknown>; account?: string } = {}): ArticleJob {
  seq++;
  return {
    jobId: `job_jj${seq}`,
    attemptId: `att_jj${seq}`,
    platform: P,
    contentType: 'article',
    account: { id: 'acc_1', externalRef: overrides.account ?? ACCOUNT },
    payload: { title: overrides.title ?? `掘金测试文章 ${seq}`, content: overrides.content ?? CONTENT, ...('coverImage' in overrides ? { coverImage: overrides.coverImage } : { coverImage: cover }) },
    settings: overrides.settings ?? { category: 'backend', tags: ['TypeScript', 'Node.js'], summary: '一篇用来测试掘金发布流程的文章', aiLabel: true },
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
    title: 'publishes once with the Markdown as written, category, tags and the custom cover',
    async check({ post, result, job, ctx }) {
      expect(post).toMatchObject({ title: job.payload.title, body: CONTENT });
      expect(post.settings).toMatchObject({ category: '后端', tags: ['TypeScript', 'Node.js'], summary: '一篇用来测试掘金发布流程的文章' });
      expect(post.settings.coverUrl).toMatch(/^https:\/\/p3-juejin\.byteimg\.com\//);
      expect(post.media).toEqual([{ kind: 'cover', ...(await fileDigest(cover)) }]);
      expect(result.url).toBe(`${fx.sim.baseUrl(P)}/juejin.cn/post/${result.postId}`);
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'fill', 'apply_settings', 'upload', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: {
    // coverMode auto: juejin picks the cover even though the article has one; no summary: the text's first 100 characters.
    job: () => makeJob({ settings: { category: 'frontend', tags: ['TypeScript', 'Node.js'], coverMode: 'auto' } }),
    check(posts) {
      expect(posts[0]!.settings).toMatchObject({ category: '前端', tags: ['TypeScript', 'Node.js'], summary: autoSummary(CONTENT), coverUrl: '' });
      expect(posts[0]!.settings.summary).toMatch(/^Plume 发布 这是一篇 Markdown 文章/);
      expect(posts[0]!.media).toEqual([]);
    },
  },
  verifyJob: () => makeJob({ coverImage: undefined }),
  editorChanged: { omit: 'category_name', step: 'apply_settings', control: 'category list' },
};

describe('happy path', () => {
  happyPathContract(contract);
});

describe('verify', () => {
  it('reports every candidate when the same title appears twice in the window (a person decides)', async () => {
    const page = await open();
    const ctx = fx.ctx();
    const job = makeJob({ coverImage: undefined });
    for (let i = 0; i < 2; i++) {
      await adapter.prepare(page, job, ctx);
      await adapter.publish(page, job, ctx);
    }
    const newest = fx.sim.publishes(P)[1]!;
    expect(await adapter.verify(page, job, ctx)).toEqual({ found: true, postId: newest.postId, url: newest.url, candidates: 2 });
    // A job created after both posts cannot claim them.
    const later = { ...job, createdAt: new Date(Date.now() + 60 * 60_000).toISOString() };
    expect(await adapter.verify(page, later, ctx)).toEqual({ found: false });
  });
});

describe('errors', () => {
  errorContract(contract);

  it('login_required when the profile is logged in as another account', async () => {
    const page = await open('jj_other');
    await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'login_required', 'open_editor');
  });

  it('cover_rejected stops the job before publish', async () => {
    fx.sim.configure(P, { rejectCover: '封面尺寸不符合要求' });
    const page = await open();
    const ctx = fx.ctx();
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'cover_rejected', 'upload');
    expect(err.message).toContain('封面尺寸不符合要求');
    // custom without a cover file cannot be honoured either, and fails before the browser moves
    await expectAdapterError(adapter.prepare(page, makeJob({ coverImage: undefined, settings: { category: 'backend', tags: ['Go'], coverMode: 'custom' } }), ctx), 'cover_rejected', 'upload');
    expect(ctx.gate.calls).toBe(0);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });

  it('setting_unavailable for a tag juejin does not offer, before anything is published', async () => {
    const page = await open();
    const job = makeJob({ settings: { category: 'backend', tags: ['NoSuchTag'] } });
    await expectAdapterError(adapter.prepare(page, job, fx.ctx()), 'setting_unavailable', 'apply_settings');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { tags: ['Go'] } }), fx.ctx()), 'setting_unavailable', 'apply_settings');
  });

  it('publish_rejected when the platform refuses the post', async () => {
    fx.sim.configure(P, { rejectPublish: '内容涉嫌违规' });
    const page = await open();
    const ctx = fx.ctx();
    const job = makeJob();
    await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx), 'publish_rejected', 'publish');
    expect(err.message).toContain('内容涉嫌违规');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });

  it('a draft juejin refuses at publish (its own rule: a summary) is publish_rejected, nothing published', async () => {
    const page = await open();
    const ctx = fx.ctx();
    const job = makeJob();
    await adapter.prepare(page, job, ctx);
    // The draft loses its summary between prepare and publish (edited elsewhere): juejin's own check refuses it.
    const draftId = /\/editor\/drafts\/(\d+)$/.exec(page.url())![1];
    await page.evaluate(async ({ base, id }) => {
      const token = (await fetch(`${base}/api.juejin.cn/user_api/v1/sys/token`, { method: 'HEAD', headers: { 'x-secsdk-csrf-request': '1' } })).headers.get('x-ware-csrf-token')!.split(',')[1]!;
      await fetch(`${base}/api.juejin.cn/content_api/v1/article_draft/update`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-secsdk-csrf-token': token },
        body: JSON.stringify({ id, title: 'x', mark_content: 'x', category_id: '6809637769959178254', tag_ids: ['6809640364677267469'], brief_content: '' }),
      });
    }, { base: fx.sim.baseUrl(P), id: draftId });
    const err = await expectAdapterError(adapter.publish(page, job, ctx), 'publish_rejected', 'publish');
    expect(err.message).toContain('摘要');
    expect(ctx.gate.calls).toBe(1);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });

  it('publish outside the prepared draft page is editor_changed and never passes the gate', async () => {
    const page = await open();
    const ctx = fx.ctx();
    await page.goto(`${fx.sim.baseUrl(P)}/juejin.cn/creator/home`);
    await expectAdapterError(adapter.publish(page, makeJob(), ctx), 'editor_changed', 'publish');
    expect(ctx.gate.calls).toBe(0);
  });
});

describe('inline images', () => {
  it('an external image in the Markdown is re-hosted on juejin before the draft is saved', async () => {
    const page = await open();
    const ctx = fx.ctx();
    const content = `正文开头\n\n![图一](${IMAGE_SRC})\n\n正文结尾\n`;
    const job = makeJob({ content, coverImage: undefined });
    await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx);
    const body = fx.sim.publishes(P)[0]!.body;
    expect(body).toMatch(REHOSTED);
    expect(body).not.toContain(IMAGE_SRC);
    expect(body.replace(REHOSTED, '![图一](X)')).toBe('正文开头\n\n![图一](X)\n\n正文结尾\n');
  });

  it('upload_failed when juejin cannot copy an image; nothing is published', async () => {
    fx.sim.configure(P, { rejectImages: '图片抓取失败' });
    const page = await open();
    const ctx = fx.ctx();
    const err = await expectAdapterError(adapter.prepare(page, makeJob({ content: `![图一](${IMAGE_SRC})` }), ctx), 'upload_failed', 'upload');
    expect(err.message).toContain('图片抓取失败');
    expect(ctx.gate.calls).toBe(0);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });
});

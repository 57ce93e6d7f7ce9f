/**
 * juejin adapter end to end: real Chromium against the platform simulator.
 * The cases every adapter shares are in test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ArticleJob } from '../edge-node/src/adapters/contract.js';
import { juejinAdapter as adapter } from '../edge-node/src/adapters/juejin.js';
import { expectAdapterError, fileDigest } from './platform-simulator/harness.js';
import { type AdapterContract, errorContract, happyPathContract, useAdapterFixture } from './support/adapter-contract.js';

const P = 'juejin';
const ACCOUNT = 'jj_1001';
const CONTENT = '# Plume 发布\n\n这是一篇 **Markdown** 文章，含代码：\n\n```ts\nconst x = 1;\n```\n\n- 列表一\n- 列表二\n\n[链接](https://example.com)\n';

let cover: string;
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    cover = await media.file('cover.png', 60 * 1024);
  },
});
const open = (account = ACCOUNT) => fx.open(account);

function makeJob(overrides: { title?: string; coverImage?: string | undefined; settings?: Record<string, unknown>; account?: string } = {}): ArticleJob {
  seq++;
  return {
    jobId: `job_jj${seq}`,
    attemptId: `att_jj${seq}`,
    platform: P,
    contentType: 'article',
    account: { id: 'acc_1', externalRef: overrides.account ?? ACCOUNT },
    payload: { title: overrides.title ?? `掘金测试文章 ${seq}`, content: CONTENT, ...('coverImage' in overrides ? { coverImage: overrides.coverImage } : { coverImage: cover }) },
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
      expect(post.media).toEqual([{ kind: 'cover', ...(await fileDigest(cover)) }]);
      expect(result.url).toBe(`${fx.sim.baseUrl(P)}/post/${result.postId}`);
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'fill', 'apply_settings', 'upload', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: {
    // coverMode auto: juejin picks the cover even though the article has one.
    job: () => makeJob({ settings: { category: 'frontend', tags: ['TypeScript', 'Node.js'], coverMode: 'auto' } }),
    check(posts) {
      expect(posts[0]!.settings).toMatchObject({ category: '前端', tags: ['TypeScript', 'Node.js'] });
      expect(posts[0]!.media).toEqual([]);
    },
  },
  verifyJob: () => makeJob({ coverImage: undefined }),
  editorChanged: { omitTestId: 'markdown-editor', step: 'fill', control: 'Markdown editor' },
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

  it('publish_rejected, not unknown, when the editor refuses to send anything', async () => {
    const page = await open();
    const ctx = fx.ctx();
    const job = makeJob();
    await adapter.prepare(page, job, ctx);
    // The editor loses a setting between prepare and publish; its own check stops the send.
    await page.locator('input[name=category]:checked').evaluate((el) => ((el as unknown as { checked: boolean }).checked = false));
    const err = await expectAdapterError(adapter.publish(page, job, ctx), 'publish_rejected', 'publish');
    expect(err.message).toContain('请选择分类');
    expect(err.details.sent).toBe(false);
    expect(ctx.gate.calls).toBe(1);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });
});

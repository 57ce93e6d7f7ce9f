/**
 * zhihu adapter end to end: real Chromium against the platform simulator.
 * The cases every adapter shares are in test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ArticleJob } from '../../src/adapters/contract.js';
import { zhihuAdapter as adapter } from '../../src/adapters/zhihu/adapter.js';
import { zhihuHtml } from '../../src/adapters/zhihu/html.js';
import { expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, errorContract, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';

const P = 'zhihu';
const ACCOUNT = '9b1e0c2f4a7d43e8b6c15f0a2d9e7c31';
const CONTENT = '# Plume 发布\n\n一篇 **Markdown** 文章，含代码：\n\n```ts\nconst x = 1 < 2;\n```\n\n| 列 | 值 |\n|---|---|\n| a | 1 |\n\n- [x] 列表一\n- 列表二\n\n[链接](https://example.com)\n';
const IMAGE_SRC = 'https://images.example.com/figure-1.png';
/** zhihu's copy of an image (uploaded_images) as the replica names it. */
const COPIED = /<figure><img src="https:\/\/pic4\.zhimg\.com\/v2-[0-9a-f]{32}_r\.jpg" alt="图一" \/><\/figure>/;

let cover: string;
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    cover = await media.file('cover.png', 48 * 1024);
  },
});
const open = (account = ACCOUNT) => fx.open(account);

function makeJob(o: { title?: string; content?: string; coverImage?: string | undefined; settings?: Record<string, unknown>; account?: string; aigc?: ArticleJob['payload']['aigc'] } = {}): ArticleJob {
  seq++;
  return {
    jobId: `job_zh${seq}`,
    attemptId: `att_zh${seq}`,
    platform: P,
    contentType: 'article',
    account: { id: 'acc_zh', externalRef: o.account ?? ACCOUNT },
    payload: {
      title: o.title ?? `知乎测试文章 ${seq}`,
      content: o.content ?? CONTENT,
      ...('coverImage' in o ? (o.coverImage ? { coverImage: o.coverImage } : {}) : { coverImage: cover }),
      ...(o.aigc ? { aigc: o.aigc } : {}),
    },
    settings: o.settings ?? { tags: ['TypeScript', '编程'], column: 'Plume 实验室', aiLabel: true },
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
    title: 'publishes once: zhihu HTML, topics, column, the AI statement and the custom cover',
    async check({ post, result, job, ctx }) {
      expect(post).toMatchObject({ title: job.payload.title, body: zhihuHtml(CONTENT) });
      expect(post.body).toContain('<pre lang="ts"><code>const x = 1 &lt; 2;</code></pre>');
      expect(post.body).toContain('<table data-draft-node="block" data-draft-type="table" data-size="normal" data-row-style="normal"><tbody><tr><th>列</th><th>值</th></tr><tr><td>a</td><td>1</td></tr></tbody></table>');
      expect(post.body).toContain('<li>☑ 列表一</li>');
      expect(post.settings).toMatchObject({ topics: ['TypeScript', '编程'], column: 'Plume 实验室', declaration: '包含 AI 辅助创作' });
      expect(post.settings.titleImage).toMatch(/^https:\/\/pic4\.zhimg\.com\/v2-[0-9a-f]{32}$/);
      expect(post.media).toEqual([{ kind: 'cover', ...(await fileDigest(cover)) }]);
      expect(result.url).toBe(`${fx.sim.baseUrl(P)}/zhuanlan.zhihu.com/p/${result.postId}`);
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'fill', 'apply_settings', 'upload', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: {
    // coverMode auto: zhihu gets no cover even though the article has one; no aiLabel: no statement.
    job: () => makeJob({ settings: { tags: ['Python'], coverMode: 'auto' } }),
    check(posts) {
      expect(posts[0]!.settings).toMatchObject({ topics: ['Python'], column: null, declaration: null, titleImage: '' });
      expect(posts[0]!.media).toEqual([]);
    },
  },
  verifyJob: () => makeJob({ coverImage: undefined }),
  editorChanged: { omit: 'title-input', step: 'open_editor', control: 'title input' },
};

describe('happy path', () => {
  happyPathContract(contract);

  it('the article\'s own AI facts set the statement when the settings give no aiLabel', async () => {
    const page = await open();
    const ctx = fx.ctx();
    const job = makeJob({ coverImage: undefined, settings: {}, aigc: { label_required: true } });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    expect(fx.sim.publishes(P)[0]!.settings).toMatchObject({ declaration: '包含 AI 辅助创作', topics: [], column: null });
  });

  it('the same cover a second time is not uploaded again (zhihu knows its hash)', async () => {
    const page = await open();
    const ctx = fx.ctx();
    const puts = fx.sim.hits('/zhihu-pics-upload.zhimg.com/');
    for (let i = 0; i < 2; i++) {
      const job = makeJob({ settings: {} });
      const prepared = await adapter.prepare(page, job, ctx);
      await adapter.publish(page, job, ctx, prepared);
    }
    const posts = fx.sim.publishes(P);
    expect(posts.map((p) => p.media)).toEqual([[{ kind: 'cover', ...(await fileDigest(cover)) }], [{ kind: 'cover', ...(await fileDigest(cover)) }]]);
    expect(fx.sim.hits('/zhihu-pics-upload.zhimg.com/') - puts).toBe(1);
  });
});

describe('the publish answer in each recorded form', () => {
  for (const [form, what] of [
    ['publish', 'names the article as publish.id inside data.result'],
    ['none', 'is accepted but names no article: it is read back from the member’s article list'],
  ] as const) {
    it(`an answer that ${what}; one article, never published twice`, async () => {
      fx.sim.configure(P, { forms: { articleAnswer: form } });
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx();
      const job = makeJob({ coverImage: undefined });
      const prepared = await adapter.prepare(page, job, ctx);
      const result = await adapter.publish(page, job, ctx, prepared);
      const posts = fx.sim.publishes(P);
      expect(posts).toHaveLength(1);
      expect(result).toEqual({ postId: posts[0]!.postId, url: `${fx.sim.baseUrl(P)}/zhuanlan.zhihu.com/p/${posts[0]!.postId}` });
      expect(ctx.gate.calls).toBe(1);
    });
  }
});

describe('errors', () => {
  errorContract(contract);

  it('login_required when the profile is logged in as another account', async () => {
    const page = await open('0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f');
    await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'login_required', 'open_editor');
  });

  it('setting_unavailable for a topic or column zhihu does not have, before any draft exists', async () => {
    const page = await open();
    const ctx = fx.ctx();
    const creates = fx.sim.hits('/api/articles/drafts');
    const topic = await expectAdapterError(adapter.prepare(page, makeJob({ settings: { tags: ['不存在的话题'] } }), ctx), 'setting_unavailable', 'apply_settings');
    expect(topic.message).toContain('不存在的话题');
    const column = await expectAdapterError(adapter.prepare(page, makeJob({ settings: { column: '别人的专栏' } }), ctx), 'setting_unavailable', 'apply_settings');
    expect(column.details).toEqual({ field: 'column' });
    expect(fx.sim.hits('/api/articles/drafts')).toBe(creates);
    expect(ctx.gate.calls).toBe(0);
  });

  it('cover_rejected stops the job before publish', async () => {
    fx.sim.configure(P, { rejectCover: '图片尺寸过小' });
    const page = await open();
    const ctx = fx.ctx();
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'cover_rejected', 'upload');
    expect(err.message).toContain('图片尺寸过小');
    await expectAdapterError(adapter.prepare(page, makeJob({ coverImage: undefined, settings: { coverMode: 'custom' } }), ctx), 'cover_rejected', 'upload');
    expect(ctx.gate.calls).toBe(0);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });

  it('publish_rejected when zhihu refuses the article', async () => {
    fx.sim.configure(P, { rejectPublish: '内容涉嫌违规' });
    const page = await open();
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
    expect(err.message).toContain('内容涉嫌违规');
    expect(ctx.gate.calls).toBe(1);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });

  it('a title over 100 characters is refused before the browser moves', async () => {
    const page = await open();
    const ctx = fx.ctx();
    await expectAdapterError(adapter.prepare(page, makeJob({ title: '长'.repeat(101) }), ctx), 'publish_rejected', 'fill');
    expect(ctx.events).toEqual([]);
  });

  it('publish outside the prepared draft page is editor_changed and never passes the gate', async () => {
    const page = await open();
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    await page.goto(`${fx.sim.baseUrl(P)}/zhuanlan.zhihu.com/write`);
    await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'editor_changed', 'publish');
    expect(ctx.gate.calls).toBe(0);
  });
});

describe('inline images', () => {
  it('a picture from another site is copied onto zhihu before the draft is saved', async () => {
    const page = await open();
    const ctx = fx.ctx();
    const content = `正文开头\n\n![图一](${IMAGE_SRC})\n\n正文结尾\n`;
    const job = makeJob({ content, coverImage: undefined, settings: {} });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    const body = fx.sim.publishes(P)[0]!.body;
    expect(body).toMatch(COPIED);
    expect(body).not.toContain(IMAGE_SRC);
    expect(body.replace(COPIED, 'X')).toBe('<p>正文开头</p>\nX\n<p>正文结尾</p>');
  });

  it('upload_failed when zhihu cannot copy a picture, or for a picture on this machine; nothing is published', async () => {
    const page = await open();
    const ctx = fx.ctx();
    const local = await expectAdapterError(adapter.prepare(page, makeJob({ content: '![图](./figure.png)', settings: {} }), ctx), 'upload_failed', 'upload');
    expect(local.message).toContain('./figure.png');
    fx.sim.configure(P, { rejectImages: '图片抓取失败' });
    const err = await expectAdapterError(adapter.prepare(page, makeJob({ content: `![图一](${IMAGE_SRC})`, settings: {} }), ctx), 'upload_failed', 'upload');
    expect(err.message).toContain('图片抓取失败');
    expect(ctx.gate.calls).toBe(0);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });
});

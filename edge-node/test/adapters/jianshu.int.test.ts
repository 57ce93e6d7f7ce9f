/**
 * jianshu adapter end to end: real Chromium against the platform simulator.
 * The cases every adapter shares are in test/support/adapter-contract.ts.
 */
import { markdownToHtml } from '@plume/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ArticleJob } from '../../src/adapters/contract.js';
import { jianshuAdapter as adapter } from '../../src/adapters/jianshu/adapter.js';
import { brief, expectAdapterError } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, errorContract, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';

const P = 'jianshu';
/** jianshu names an account by the number in its avatar's address. */
const ACCOUNT = '12192974';
const CONTENT = '# Plume 发布\n\n一篇 **Markdown** 文章，含代码：\n\n```js\nconsole.log(1 < 2);\n```\n\n| 列 | 值 |\n|---|---|\n| a | 1 |\n';
const IMAGE_SRC = 'https://images.example.com/figure-1.png';
const COPIED = /https:\/\/upload-images\.jianshu\.io\/upload_images\/12192974-[0-9a-f]{16}\.png/;

let cover: string;
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    cover = await media.file('cover.png', 20 * 1024);
  },
});
const open = (account = ACCOUNT) => fx.open(account);

function makeJob(o: { title?: string; content?: string; settings?: Record<string, unknown> } = {}): ArticleJob {
  seq++;
  return {
    jobId: `job_js${seq}`,
    attemptId: `att_js${seq}`,
    platform: P,
    contentType: 'article',
    account: { id: 'acc_js', externalRef: ACCOUNT },
    payload: { title: o.title ?? `简书测试文章 ${seq}`, content: o.content ?? CONTENT, coverImage: cover },
    settings: o.settings ?? { notebook: '随笔' },
    settingsHash: 'sha256:test',
    createdAt: new Date().toISOString(),
  };
}

/** The account switches its default editor on jianshu's settings page (the replica's save of it). */
async function useMarkdownEditor(page: Page, markdown: boolean): Promise<void> {
  await page.goto(`${fx.sim.baseUrl(P)}/www.jianshu.com/writer`);
  const status = await page.evaluate(
    async ({ base, type }) => (await fetch(`${base}/www.jianshu.com/settings/basic.json`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ preferred_note_type: type }) })).status,
    { base: fx.sim.baseUrl(P), type: markdown ? 'markdown' : 'plain' },
  );
  expect(status).toBe(200);
}

const contract: AdapterContract<ArticleJob> = {
  fixture: fx,
  adapter,
  account: ACCOUNT,
  makeJob: () => makeJob(),
  publishesOnce: {
    title: 'publishes once: the HTML rendering for the rich-text editor, in the chosen notebook',
    check({ post, result, job, ctx }) {
      expect(post).toMatchObject({ title: job.payload.title, body: markdownToHtml(CONTENT), settings: { notebook: '随笔', noteType: 'rich' }, media: [] });
      expect(post.body).toContain('<pre><code class="language-js">console.log(1 &lt; 2);</code></pre>');
      expect(result.url).toMatch(new RegExp(`^${fx.sim.baseUrl(P)}/www\\.jianshu\\.com/p/[0-9a-f]{12}$`));
      expect(result.url).toBe(post.url);
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'fill', 'apply_settings', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: {
    // No notebook named: the account's first.
    job: () => makeJob({ settings: {} }),
    check(posts) {
      expect(posts[0]!.settings).toEqual({ notebook: '日记本', noteType: 'rich' });
    },
  },
  verifyJob: () => makeJob(),
  editorChanged: { omit: 'note-id', step: 'fill', control: 'note create: the answer has no id' },
};

describe('happy path', () => {
  happyPathContract(contract);

  it('an account writing in the Markdown editor gets the Markdown as written', async () => {
    const page = await open();
    await useMarkdownEditor(page, true);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    const post = fx.sim.publishes(P)[0]!;
    expect(post).toMatchObject({ postId: result.postId, body: CONTENT, settings: { notebook: '随笔', noteType: 'markdown' } });
  });

  it('a writer that sets an X-CSRF-Token cookie gets it back on the note save, which it refuses without', async () => {
    fx.sim.configure(P, { forms: { csrf: 'required' } });
    const page = await open();
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    expect(fx.sim.publishes(P)).toHaveLength(1);
    expect(fx.sim.publishes(P)[0]).toMatchObject({ postId: result.postId, url: result.url });
    // The same save without the token is sent on to the sign-in page.
    const bare = await page.evaluate(async (u) => (await fetch(u, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' })).url, `${fx.sim.baseUrl(P)}/www.jianshu.com/author/notes/${result.postId}`);
    expect(bare).toMatch(/\/sign_in$/);
  });

  it('aiLabel, tags and summary have no control on jianshu: logged as ignored, the post goes out without them', async () => {
    const page = await open();
    const logged: Array<Record<string, unknown>> = [];
    const ctx = fx.ctx({ log: { debug: () => {}, warn: () => {}, info: (o) => logged.push(o) } });
    const job = makeJob({ settings: { aiLabel: true, tags: ['x'], summary: 's', notebook: '随笔' } });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    expect(logged).toContainEqual({ platform: P, ignored: ['aiLabel', 'tags', 'summary'] });
    expect(fx.sim.publishes(P)).toHaveLength(1);
  });

  it('a site check\'s note is removed again (soft_destroy); nothing is published', async () => {
    const page = await open();
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const listed = async () => page.evaluate(async (base) => {
      const books = (await (await fetch(`${base}/www.jianshu.com/author/notebooks`)).json()) as Array<{ id: number }>;
      let n = 0;
      for (const b of books) n += ((await (await fetch(`${base}/www.jianshu.com/author/notebooks/${b.id}/notes`)).json()) as unknown[]).length;
      return n;
    }, fx.sim.baseUrl(P));
    expect(await listed()).toBe(1);
    await adapter.discardDraft!(page, job, ctx, prepared);
    expect(await listed()).toBe(0);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });
});

describe('errors', () => {
  errorContract(contract);

  it('login_required when the profile is logged in as another account', async () => {
    const page = await open('30457112');
    await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'login_required', 'open_editor');
  });

  it('a custom cover is refused (jianshu shows the first picture); an unknown notebook, or none, stops the job', async () => {
    const page = await open();
    const ctx = fx.ctx(brief('selectorMs'));
    const creates = fx.sim.hits('/author/notes');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { coverMode: 'custom' } }), ctx), 'cover_rejected', 'upload');
    const unknown = await expectAdapterError(adapter.prepare(page, makeJob({ settings: { notebook: '不存在的文集' } }), ctx), 'setting_unavailable', 'apply_settings');
    expect(unknown.message).toContain('不存在的文集');
    fx.sim.configure(P, { omit: ['notebooks'] });
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: {} }), ctx), 'setting_unavailable', 'apply_settings');
    expect(fx.sim.hits('/author/notes')).toBe(creates);
    expect(ctx.gate.calls).toBe(0);
  });

  it('publish_rejected when jianshu refuses to make the note public', async () => {
    fx.sim.configure(P, { rejectPublish: '文章包含敏感信息' });
    const page = await open();
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
    expect(err.message).toContain('文章包含敏感信息');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });

  it('publish outside the prepared note is editor_changed and never passes the gate', async () => {
    const page = await open();
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    await page.goto(`${fx.sim.baseUrl(P)}/www.jianshu.com/writer#/notebooks/1/notes/2`);
    await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'editor_changed', 'publish');
    expect(ctx.gate.calls).toBe(0);
  });
});

describe('inline images', () => {
  it('a picture from another site is copied onto jianshu, in the HTML and in the Markdown', async () => {
    const page = await open();
    const ctx = fx.ctx();
    const content = `正文开头\n\n![图一](${IMAGE_SRC})\n`;
    for (const markdown of [false, true]) {
      await useMarkdownEditor(page, markdown);
      const job = makeJob({ content });
      const prepared = await adapter.prepare(page, job, ctx);
      await adapter.publish(page, job, ctx, prepared);
    }
    const [rich, md] = fx.sim.publishes(P).map((p) => p.body);
    expect(rich).toMatch(COPIED);
    expect(rich!.replace(COPIED, 'X')).toBe('<p>正文开头</p>\n<p><img src="X" alt="图一" /></p>');
    expect(md!.replace(COPIED, 'X')).toBe('正文开头\n\n![图一](X)\n');
  });

  it('upload_failed when jianshu cannot copy a picture; nothing is published', async () => {
    fx.sim.configure(P, { rejectImages: '图片获取失败' });
    const page = await open();
    const ctx = fx.ctx();
    const err = await expectAdapterError(adapter.prepare(page, makeJob({ content: `![图一](${IMAGE_SRC})` }), ctx), 'upload_failed', 'upload');
    expect(err.message).toContain('图片获取失败');
    expect(ctx.gate.calls).toBe(0);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });
});

/**
 * xiaohongshu articles (长文) in real Chromium against the replica: 写长文 →
 * 新的创作, the title and the body pasted as HTML, 一键排版 with a template,
 * 下一步 while the pictures are drawn, then the publish form's 正文描述,
 * topics, location, visibility and 发布. The cases every adapter shares are
 * in test/support/adapter-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ArticleJob } from '../../src/adapters/contract.js';
import { textOf } from '../../src/adapters/kit/article-markup.js';
import { markdownToPlainText } from '../../src/adapters/markdown.js';
import { xiaohongshuAdapter as adapter } from '../../src/adapters/xiaohongshu/adapter.js';
import { articleDescription } from '../../src/adapters/xiaohongshu/article.js';
import { expectAdapterError } from '../../../test/platform-simulator/harness.js';
import { XHS_TEMPLATES } from '../../../test/platform-simulator/xiaohongshu-article.js';
import { type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';

const P = 'xiaohongshu';
const ACCOUNT = '5f3e0c2a00000000010a7c01';
const IMAGE = 'https://images.example.com/figure-2.png';
const CONTENT = `## 为什么写长文\n\n一段 **加粗** 的正文，含 [一个链接](https://example.com/x)。\n\n- 第一点\n- 第二点\n\n![图二](${IMAGE})\n\n> 引用的一句话`;
const letters = (html: string) => textOf(html).replace(/\s+/g, '');

let seq = 0;
const fx = useAdapterFixture(P);

function makeJob(o: { title?: string; content?: string; settings?: Record<string, unknown> } = {}): ArticleJob {
  seq++;
  return {
    jobId: `job_xa${seq}`,
    attemptId: `att_xa${seq}`,
    platform: P,
    contentType: 'article',
    account: { id: 'acc_xa', externalRef: ACCOUNT },
    payload: { title: o.title ?? `小红书长文 ${seq}`, content: o.content ?? CONTENT },
    settings: o.settings ?? { tags: ['Plume'], template: XHS_TEMPLATES[1], visibility: 'private', location: '上海市' },
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
    title: 'publishes once: the article pasted as HTML, the chosen template, its text as 正文描述 with the topic, location and visibility',
    check({ post, result, job, ctx }) {
      expect(post.title).toBe(job.payload.title);
      expect(post.body).toContain('<h2>为什么写长文</h2>');
      expect(post.body).toContain('<strong>加粗</strong>');
      expect(post.body).toContain('<li>第二点</li>');
      expect(post.body).toContain(`<img src="${IMAGE}" alt="图二">`);
      expect(post.body).toContain('<blockquote>');
      expect(letters(post.body)).toBe(letters('为什么写长文一段 加粗 的正文，含 一个链接。第一点第二点引用的一句话'));
      expect(post.settings).toEqual({
        type: 'article',
        template: XHS_TEMPLATES[1],
        description: markdownToPlainText(CONTENT),
        topics: ['Plume'],
        location: '上海市',
        visibility: '仅自己可见',
        postTime: null,
      });
      // xiaohongshu draws the pictures (the cover among them): nothing of ours is uploaded.
      expect(post.media).toEqual([]);
      expect(result.url).toBe(`${fx.sim.baseUrl(P)}/www.xiaohongshu.com/explore/${result.postId}`);
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'fill', 'apply_settings', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: {
    job: () => makeJob({ settings: { summary: '一句话的正文描述' } }),
    check(posts) {
      // No template named: the one xiaohongshu preselects.
      expect(posts[0]!.settings).toMatchObject({ template: XHS_TEMPLATES[0], description: '一句话的正文描述', topics: [], visibility: '公开可见', location: null });
      expect(letters(posts[0]!.body)).toBe(letters('为什么写长文一段 加粗 的正文，含 一个链接。第一点第二点引用的一句话'));
    },
  },
  verifyJob: () => makeJob({ settings: {} }),
  editorChanged: { omit: 'new-creation', step: 'open_editor', control: '新的创作 button' },
};

describe('happy path', () => {
  happyPathContract(contract);

  it("scheduled publishing uses xiaohongshu's own on the article's publish form", async () => {
    const when = new Date(Date.now() + 3 * 3600_000);
    when.setUTCSeconds(0, 0);
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ settings: { scheduledAt: when.toISOString() } });
    const prepared = await adapter.prepare(page, job, ctx);
    expect((await page.locator('#publish').innerText()).trim()).toBe('定时发布');
    await adapter.publish(page, job, ctx, prepared);
    expect(fx.sim.publishes(P)[0]!.settings.postTime).toBe(when.toISOString());
  }, FLOW_TIMEOUT_MS);

  it('the 正文描述 is the summary, else the article text cut to the 1,000 characters the form takes', () => {
    expect(articleDescription(makeJob(), '给定的描述')).toBe('给定的描述');
    expect(articleDescription(makeJob({ content: '短文。' }), undefined)).toBe('短文。');
    const long = articleDescription(makeJob({ content: '字'.repeat(1500) }), undefined);
    expect(Array.from(long)).toHaveLength(1000);
    expect(long.endsWith('字…')).toBe(true);
  });
});

describe('errors', () => {
  errorContract(contract);

  it('login_required when the profile is logged in as another account', async () => {
    const page = await fx.open('5f3e0c2a00000000010a7c99');
    await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'login_required', 'open_editor');
  }, FLOW_TIMEOUT_MS);

  it('a title over 20 characters, an empty body or a local picture is refused before the browser moves', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    await expectAdapterError(adapter.prepare(page, makeJob({ title: '长'.repeat(21) }), ctx), 'publish_rejected', 'fill');
    await expectAdapterError(adapter.prepare(page, makeJob({ content: '  \n' }), ctx), 'publish_rejected', 'fill');
    await expectAdapterError(adapter.prepare(page, makeJob({ content: '正文\n\n![本地](figure.png)' }), ctx), 'upload_failed', 'upload');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { summary: '述'.repeat(1001) } }), ctx), 'setting_unavailable', 'apply_settings');
    expect(page.url()).toBe('about:blank');
  }, FLOW_TIMEOUT_MS);

  it('a template xiaohongshu does not offer is setting_unavailable, naming those it offers', async () => {
    const page = await fx.open(ACCOUNT);
    const err = await expectAdapterError(adapter.prepare(page, makeJob({ settings: { template: '不存在的模板' } }), fx.ctx()), 'setting_unavailable', 'apply_settings');
    expect(err.details).toMatchObject({ field: 'template', offered: [...XHS_TEMPLATES] });
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('publish_rejected when xiaohongshu refuses the note at publish', async () => {
    fx.sim.configure(P, { rejectPublish: '内容违规' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ settings: {} });
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
    expect(err.message).toContain('内容违规');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);
});

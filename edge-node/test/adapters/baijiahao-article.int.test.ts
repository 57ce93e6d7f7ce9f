/**
 * 百家号 articles in real Chromium against the 百家号 replica: the Markdown
 * as the editor's HTML, every picture and the cover through 百家号's picture
 * upload (a local file through the sandbox, a web address through the
 * daemon's own downloader), the draft saved and then published with the
 * editor's token, the AI declaration (aigc_bjh_status), the abstract. The
 * cases every adapter shares are in test/support/adapter-contract.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImageFetcher } from '@plume/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleHtml, baijiahaoAdapter as adapter } from '../../src/adapters/baijiahao/adapter.js';
import type { ArticleJob } from '../../src/adapters/contract.js';
import { JobMedia } from '../../src/jobs/media.js';
import { brief, expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { articleDraftContract, type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';
import { type CoverServer, PNG_1X1, serve, sha256, startCoverServer } from '../../../test/support/cover-server.js';

const P = 'baijiahao';
const ACCOUNT = '1588000000000001';
const CONTENT = '## 小标题\n\n一段 **加粗** 的正文，含 `行内代码` 与 [一个链接](https://example.com/x)。\n\n```ts\nconst x = 1 < 2;\n```\n\n| 项目 | 数量 |\n|---|---|\n| 苹果 | 3 |\n';
/** A picture on 百家号's own host. */
const OWN_PICTURE = /https:\/\/pic\.rmb\.bdstatic\.com\/bjh\/news\/[0-9a-f]{16}\.(png|jpeg)/g;

let cover: string;
let figure: string;
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    cover = await media.file('cover.jpg', 40 * 1024);
    figure = await media.file('figure.png', 20 * 1024);
  },
});

function makeJob(o: { title?: string; content?: string; settings?: Record<string, unknown>; cover?: boolean; aigc?: boolean; account?: string } = {}): ArticleJob {
  seq++;
  return {
    jobId: `job_bjh${seq}`,
    attemptId: `att_bjh${seq}`,
    platform: P,
    contentType: 'article',
    account: { id: 'acc_bjh', externalRef: o.account ?? ACCOUNT },
    payload: {
      title: o.title ?? `百家号测试文章 ${seq}`,
      content: o.content ?? CONTENT,
      ...(o.cover === false ? {} : { coverImage: cover }),
      ...(o.aigc === undefined ? {} : { aigc: { label_required: o.aigc } }),
    },
    settings: o.settings ?? { aiLabel: true, summary: '一篇测试百家号发布流程的文章' },
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
    title: 'publishes once: the Markdown as the editor HTML, the cover uploaded, the AI declaration and the abstract',
    async check({ post, result, job, ctx }) {
      expect(post.title).toBe(job.payload.title);
      expect(post.body).toBe(articleHtml(CONTENT));
      expect(post.body).toContain('<pre><code>const x = 1 &lt; 2;</code></pre>');
      expect(post.body).toContain('<table>');
      expect(post.settings).toEqual({ aigc: true, abstract: '一篇测试百家号发布流程的文章', coverLayout: 'one' });
      expect(post.media).toEqual([{ kind: 'cover', ...(await fileDigest(cover)) }]);
      expect(result).toEqual({ postId: expect.stringMatching(/^\d{16}$/), url: `${fx.sim.baseUrl(P)}/baijiahao.baidu.com/s?id=${result.postId}` });
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'fill', 'upload', 'apply_settings', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: {
    // No cover, no settings: no AI declaration, no abstract, no cover picture.
    job: () => makeJob({ cover: false, settings: {} }),
    check(posts) {
      expect(posts[0]!.settings).toEqual({ aigc: false, abstract: '', coverLayout: 'one' });
      expect(posts[0]!.media).toEqual([]);
    },
  },
  verifyJob: () => makeJob({ cover: false }),
  editorChanged: { omit: 'edit-token', step: 'open_editor', control: '__BJH__INIT__AUTH__' },
};

describe('happy path', () => {
  happyPathContract(contract);

  it('a picture from a local file becomes 百家号’s own copy before the draft is saved', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ content: `开头\n\n![图一](${figure})\n\n结尾`, cover: false, settings: {} });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    const post = fx.sim.publishes(P)[0]!;
    expect(post.body.replace(OWN_PICTURE, 'PIC')).toBe('<p>开头</p>\n<p><img src="PIC" alt="图一" /></p>\n<p>结尾</p>');
    expect(post.media).toEqual([{ kind: 'image', ...(await fileDigest(figure)) }]);
    expect(ctx.events).toContainEqual({ step: 'upload', detail: { phase: 'images', percent: 100 } });
  }, FLOW_TIMEOUT_MS);

  it('the AI declaration follows the article’s aigc facts when the settings give none; aiLabel false wins', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ cover: false, settings: {}, aigc: true });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    expect(fx.sim.publishes(P)[0]!.settings.aigc).toBe(true);
    fx.sim.reset();
    const off = makeJob({ cover: false, settings: { aiLabel: false }, aigc: true });
    const preparedOff = await adapter.prepare(page, off, ctx);
    await adapter.publish(page, off, ctx, preparedOff);
    expect(fx.sim.publishes(P)[0]!.settings.aigc).toBe(false);
  }, FLOW_TIMEOUT_MS);

  it('discardDraft removes the draft prepare saved; nothing is left to publish', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ cover: false });
    const prepared = await adapter.prepare(page, job, ctx);
    const draftId = new URL(page.url()).searchParams.get('article_id');
    const token = await page.evaluate(() => (globalThis as { __BJH__INIT__AUTH__?: string }).__BJH__INIT__AUTH__!);
    const list = () =>
      page.evaluate(
        async ({ base, token }) => {
          const res = await fetch(`${base}/baijiahao.baidu.com/pcui/article/lists?currentPage=1&pageSize=20&search=&type=news&collection=&dynamic=1`, { headers: { token } });
          return ((await res.json()) as { data: { list: Array<{ article_id: string; status: string }> } }).data.list;
        },
        { base: fx.sim.baseUrl(P), token },
      );
    expect(await list()).toEqual([expect.objectContaining({ article_id: draftId, status: 'draft' })]);
    await adapter.discardDraft!(page, job, ctx, prepared);
    expect(await list()).toEqual([]);
    await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'editor_changed', 'publish');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);
});

describe('pictures given by web address', () => {
  let images: CoverServer;
  let staging: string;
  beforeAll(async () => {
    images = await startCoverServer();
    images.route('/figure.png', serve(PNG_1X1, 'image/png'));
    staging = await mkdtemp(join(tmpdir(), 'plume-bjh-staging-'));
  });
  afterAll(async () => {
    await images?.close();
    await rm(staging, { recursive: true, force: true });
  });

  it('are downloaded by the node’s image fetcher (as the daemon does) and uploaded to 百家号', async () => {
    // The daemon's JobMedia with a fetcher allowed to reach this local host (the shipped one refuses loopback).
    const media = new JobMedia(fx.media.dir, 0, staging, new ImageFetcher({ testOnly: { allowLoopback: true, allowHttp: true } }));
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx({ openFile: (path) => media.open(path) });
    const job = makeJob({ content: `![网图](${images.origin}/figure.png)`, cover: false, settings: {} });
    try {
      const prepared = await adapter.prepare(page, job, ctx);
      await adapter.publish(page, job, ctx, prepared);
    } finally {
      await media.close();
    }
    const post = fx.sim.publishes(P)[0]!;
    expect(post.body).not.toContain(images.origin);
    expect(post.body).toMatch(OWN_PICTURE);
    expect(post.media).toEqual([{ kind: 'image', size: PNG_1X1.length, sha256: sha256(PNG_1X1) }]);
    expect(images.hits).toEqual(['/figure.png']);
  }, FLOW_TIMEOUT_MS);
});

describe('publish answers', () => {
  // ret.article_id and ret.url (the replica's default), ret.id, ret.url alone, and errmsg "success"
  // without errno or any id: every recorded form gives the draft's article and its address.
  for (const form of ['id', 'url', 'success']) {
    it(`an accepted answer in the ${form} form gives the published draft`, async () => {
      fx.sim.configure(P, { forms: { 'publish-answer': form } });
      const page = await fx.open(ACCOUNT);
      const ctx = fx.ctx();
      const job = makeJob({ cover: false });
      const prepared = await adapter.prepare(page, job, ctx);
      const result = await adapter.publish(page, job, ctx, prepared);
      const post = fx.sim.publishes(P)[0]!;
      expect(result).toEqual({ postId: post.postId, url: `${fx.sim.baseUrl(P)}/baijiahao.baidu.com/s?id=${post.postId}` });
    }, FLOW_TIMEOUT_MS);
  }
});

describe('verify', () => {
  it('a draft with the job’s title is not the post: only a published article counts', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ cover: false });
    const prepared = await adapter.prepare(page, job, ctx);
    const other = await page.context().newPage();
    expect(await adapter.verify(other, job, ctx)).toEqual({ found: false });
    const result = await adapter.publish(page, job, ctx, prepared);
    expect(await adapter.verify(other, job, ctx)).toEqual({ found: true, postId: result.postId, url: result.url, candidates: 1 });
    // A job created after the post cannot claim it.
    expect(await adapter.verify(other, { ...job, createdAt: new Date(Date.now() + 60 * 60_000).toISOString() }, ctx)).toEqual({ found: false });
  }, FLOW_TIMEOUT_MS);
});

describe('errors', () => {
  errorContract(contract);

  it('login_required when the profile is logged in as another account', async () => {
    const page = await fx.open('1588000000000999');
    await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'login_required', 'open_editor');
  }, FLOW_TIMEOUT_MS);

  articleDraftContract({
    fixture: fx,
    adapter,
    account: ACCOUNT,
    job: makeJob,
    picture: () => figure,
    badTitles: ['短', '长'.repeat(31)],
    otherDraftUrl: () => `${fx.sim.baseUrl(P)}/baijiahao.baidu.com/builder/rc/edit?type=news&article_id=1700000000000001`,
  });

  it('a draft save that names no article is editor_changed at fill', async () => {
    fx.sim.configure(P, { omit: ['article_id'] });
    const page = await fx.open(ACCOUNT);
    const err = await expectAdapterError(adapter.prepare(page, makeJob({ cover: false }), fx.ctx(brief('selectorMs'))), 'editor_changed', 'fill');
    expect(err.message).toContain('ret.article_id');
  }, FLOW_TIMEOUT_MS);
});

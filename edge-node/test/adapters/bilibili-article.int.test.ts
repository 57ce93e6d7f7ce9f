/**
 * bilibili articles (专栏) end to end: real Chromium against the bilibili
 * replica (the editor page, on article-text/home or york/read-editor, upload_bfs for the pictures and the cover, the
 * draft save, the submission of the draft, the creator's article list).
 * The cases every adapter shares are in test/support/adapter-contract.ts.
 */
import { markdownToHtml } from '@plume/shared';
import { describe, expect, it } from 'vitest';
import { bilibiliAdapter as adapter } from '../../src/adapters/bilibili/adapter.js';
import type { ArticleJob } from '../../src/adapters/contract.js';
import { expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';

const P = 'bilibili';
const ACCOUNT = '30040004';
const SETTINGS = { category: '学习', tags: ['Plume', '专栏'], summary: '一篇经由 Plume 发布的专栏', original: true, coverMode: 'custom' };
/** A picture on another site: the test's openFile stands in for the node's downloader. */
const REMOTE = 'https://img.example.com/pics/remote.png?size=large&v=2';

let cover: string;
let inline: string;
let remote: string;
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    cover = await media.file('cover.jpg', 30 * 1024);
    inline = await media.file('inline.png', 20 * 1024);
    remote = await media.file('remote.png', 10 * 1024);
  },
});
const open = () => fx.open(ACCOUNT);
/** A context whose openFile fetches REMOTE the way the node's downloader would (from a local copy). */
const remoteCtx = () => {
  const ctx = fx.ctx();
  const local = ctx.openFile;
  ctx.openFile = (path) => local(path === REMOTE ? remote : path);
  return ctx;
};

function makeJob(overrides: { content?: string; settings?: Record<string, unknown>; coverImage?: string | undefined } = {}): ArticleJob {
  seq++;
  return {
    jobId: `job_ba${seq}`,
    attemptId: `att_ba${seq}`,
    platform: P,
    contentType: 'article',
    account: { id: 'acc_ba', externalRef: ACCOUNT },
    payload: {
      title: `B站专栏测试 ${seq}`,
      content: overrides.content ?? `# 专栏 ${seq}\n\n**Plume** 发布的专栏。\n\n![本机图片](${inline})\n\n- 第一点\n- 第二点\n`,
      ...('coverImage' in overrides ? { coverImage: overrides.coverImage } : { coverImage: cover }),
    },
    settings: overrides.settings ?? SETTINGS,
    settingsHash: 'sha256:test',
    createdAt: new Date().toISOString(),
  };
}

/** Draft saves so far (the simulator counts requests over the whole file). */
const draftSaves = () => fx.sim.hits('/x/article/creative/draft/addupdate');

/** The pictures' addresses on bilibili's image host, in the order the HTML shows them. */
const hosted = (html: string) => [...html.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]!);

const contract: AdapterContract<ArticleJob> = {
  fixture: fx,
  adapter,
  account: ACCOUNT,
  makeJob: () => makeJob(),
  publishesOnce: {
    title: 'publishes once: HTML with its picture moved onto bilibili, the cover, category by name, tags, summary, 原创',
    async check({ post, result, job }) {
      const pics = hosted(post.body);
      expect(pics).toHaveLength(1);
      expect(pics[0]).toMatch(/^http:\/\/i0\.hdslb\.com\/bfs\/new_dyn\//);
      // Apart from the picture's address, the HTML is the Markdown rendered (a form sends its line breaks as CRLF).
      expect(post.body.replace(/\r\n/g, '\n')).toBe(markdownToHtml(job.payload.content).replace(`src="${inline}"`, `src="${pics[0]}"`));
      expect(post).toMatchObject({ title: job.payload.title });
      expect(post.settings).toEqual({ kind: 'article', category: '学习', tags: ['Plume', '专栏'], summary: SETTINGS.summary, original: true, reprint: false, cover: 'custom' });
      expect(post.media).toEqual([
        { kind: 'cover', ...(await fileDigest(cover)) },
        { kind: 'image', ...(await fileDigest(inline)) },
      ]);
      expect(result).toEqual({ postId: post.postId, url: `${fx.sim.baseUrl(P)}/www.bilibili.com/read/cv${post.postId}` });
    },
  },
  repeatedPrepare: {
    job: () => makeJob(),
    check(posts) {
      expect(hosted(posts[0]!.body)).toHaveLength(1);
    },
  },
  verifyJob: () => makeJob({ content: '只有文字的专栏。', coverImage: undefined, settings: { category: '数码' } }),
  editorChanged: { omit: 'article-title', step: 'open_editor', control: 'title box' },
};

describe('happy path', () => {
  happyPathContract(contract);

  it('a second prepare saves into the draft the first made, and that draft is what is published', async () => {
    const page = await fx.open(ACCOUNT, true, { isolated: true });
    const ctx = fx.ctx();
    const job = makeJob();
    // The draft each save names, read from the request as Chromium sends it (a response body can be gone once the page moves on).
    const saves: Array<string | null> = [];
    page.on('request', (r) => {
      if (!r.url().includes('/x/article/creative/draft/addupdate')) return;
      saves.push(/name="aid"\r\n\r\n([^\r]*)\r\n/.exec(r.postDataBuffer()?.toString('latin1') ?? '')?.[1] ?? null);
    });
    let prepared = await adapter.prepare(page, job, ctx);
    prepared = await adapter.prepare(page, job, ctx, prepared);
    const result = await adapter.publish(page, job, ctx, prepared);
    expect(saves).toHaveLength(2);
    expect(saves[0] ?? '').toBe('');
    expect(saves[1]).toMatch(/^\d+$/);
    expect(result.postId).toBe(saves[1]);
    expect(fx.sim.publishes(P).filter((p) => p.title === job.payload.title)).toHaveLength(1);
  }, FLOW_TIMEOUT_MS);

  it("a picture from another site is downloaded by the node and moved onto bilibili; the author's choice of no cover holds", async () => {
    const page = await open();
    const ctx = remoteCtx();
    const job = makeJob({ content: `外站图片：\n\n![外站](${REMOTE})`, coverImage: undefined, settings: { category: '数码', original: false } });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
    const [post] = fx.sim.publishes(P);
    expect(post!.body).not.toContain('img.example.com');
    expect(post!.media).toEqual([{ kind: 'image', ...(await fileDigest(remote)) }]);
    expect(post!.settings).toMatchObject({ category: '数码', original: false, cover: 'none' });
  }, FLOW_TIMEOUT_MS);
});

describe('the editor page', () => {
  it('an account whose editor is on york/read-editor (article-text/home shows none) is taken there, and the article published once', async () => {
    fx.sim.configure(P, { forms: { 'article-editor': 'york' } });
    const page = await open();
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    expect(new URL(page.url()).pathname).toContain('/york/read-editor');
    const result = await adapter.publish(page, job, ctx, prepared);
    const posts = fx.sim.publishes(P);
    expect(posts).toHaveLength(1);
    expect(result.postId).toBe(posts[0]!.postId);
    expect(ctx.gate.calls).toBe(1);
  }, FLOW_TIMEOUT_MS);
});

describe('the publish answer', () => {
  // Public code records the editor answering with the cv id (data.aid from the submission, data.dyn_rid
  // from its opus form) or with the opus id only (data.dyn_id_str); an answer may also name none.
  const listReads = () => fx.sim.hits('/x/article/creative/article/list');
  for (const [form, readsList] of [
    ['aid', false],
    ['dyn_rid', false],
    ['dyn_id_str', true],
    ['none', true],
  ] as const) {
    it(`answer naming ${form === 'none' ? 'no id' : `data.${form}`}: the article by its cv id${readsList ? ', read back from the list' : ''}`, async () => {
      fx.sim.configure(P, { forms: { 'article-answer': form } });
      const page = await open();
      const ctx = fx.ctx();
      const job = makeJob({ content: '只有文字的专栏。', coverImage: undefined, settings: { category: '数码' } });
      const prepared = await adapter.prepare(page, job, ctx);
      const before = listReads();
      const result = await adapter.publish(page, job, ctx, prepared);
      const [post] = fx.sim.publishes(P);
      expect(result).toEqual({ postId: post!.postId, url: `${fx.sim.baseUrl(P)}/www.bilibili.com/read/cv${post!.postId}` });
      expect(listReads() - before).toBe(readsList ? 1 : 0);
      expect(ctx.gate.calls).toBe(1);
    }, FLOW_TIMEOUT_MS);
  }
});

describe('errors', () => {
  errorContract(contract);

  it('no category, or one bilibili does not list, is refused before the browser moves', async () => {
    const page = await open();
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { tags: ['a'] } }), fx.ctx()), 'setting_unavailable', 'apply_settings');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { category: '编程' } }), fx.ctx()), 'setting_unavailable', 'apply_settings');
    const long = makeJob();
    long.payload.title = '题'.repeat(41);
    await expectAdapterError(adapter.prepare(page, long, fx.ctx()), 'publish_rejected', 'fill');
    expect(page.url()).toBe('about:blank');
  }, FLOW_TIMEOUT_MS);

  it('cover_rejected when bilibili refuses the cover: the job stops rather than publish without it', async () => {
    fx.sim.configure(P, { rejectImages: '图片格式错误' });
    const page = await open();
    const ctx = fx.ctx();
    const before = draftSaves();
    const err = await expectAdapterError(adapter.prepare(page, makeJob({ content: '没有图片' }), ctx), 'cover_rejected', 'upload');
    expect(err.message).toContain('图片格式错误');
    expect(draftSaves()).toBe(before);
  }, FLOW_TIMEOUT_MS);

  it('upload_failed when a picture of the article cannot be had; no draft is saved', async () => {
    const page = await open();
    const before = draftSaves();
    const err = await expectAdapterError(adapter.prepare(page, makeJob({ content: `![丢失](${fx.media.dir}/missing.png)` }), fx.ctx()), 'upload_failed', 'upload');
    expect(err.message).toContain('missing.png');
    expect(draftSaves()).toBe(before);
  }, FLOW_TIMEOUT_MS);

  it('publish_rejected when bilibili refuses the submission; nothing is published', async () => {
    fx.sim.configure(P, { rejectPublish: '内容审核未通过' });
    const page = await open();
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
    expect(err.message).toContain('内容审核未通过');
    expect(ctx.gate.calls).toBe(1);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('publish of a job whose draft prepare did not save clicks nothing', async () => {
    const page = await open();
    const ctx = fx.ctx();
    const prepared = await adapter.prepare(page, makeJob(), ctx);
    await expectAdapterError(adapter.publish(page, makeJob(), ctx, prepared), 'editor_changed', 'publish');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);
});

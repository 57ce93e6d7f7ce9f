/**
 * juejin adapter end to end: real Chromium against the platform simulator.
 * The cases every adapter shares are in test/support/adapter-contract.ts.
 * The body's local pictures are opened through the node's own media sandbox
 * (JobMedia), as the daemon opens them.
 */
import { mkdir, mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleJob } from '../../src/adapters/contract.js';
import { juejinAdapter as adapter, autoSummary } from '../../src/adapters/juejin/adapter.js';
import { JobMedia } from '../../src/jobs/media.js';
import { expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, errorContract, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';
import { JPEG_HEAD, PNG_1X1, sha256 } from '../../../test/support/cover-server.js';

const P = 'juejin';
const ACCOUNT = 'jj_1001';
const CONTENT = '# Plume 发布\n\n这是一篇 **Markdown** 文章，含代码：\n\n```ts\nconst x = 1;\n```\n\n- 列表一\n- 列表二\n\n[链接](https://example.com)\n';
const IMAGE_SRC = 'https://images.example.com/figure-1.png';
/** juejin's image host, where the replica re-hosts an external image (urlSave). */
const REHOSTED = /!\[图一\]\(https:\/\/p3-juejin\.byteimg\.com\/tos-cn-i-k3u1fbpfcp\/[0-9a-f]{40}~tplv-k3u1fbpfcp-watermark\.image\)/;
/** An upload's address on juejin's image host (article_pic). */
const UPLOADED = /https:\/\/p3-juejin\.byteimg\.com\/tos-cn-i-k3u1fbpfcp\/[0-9a-f]{16}~tplv-k3u1fbpfcp-watermark\.image/g;
/** Requests the replica has seen so far for drafts and for picture uploads (its counters run across tests). */
const calls = () => ({ drafts: fx.sim.hits('/content_api/v1/article_draft/'), uploads: fx.sim.hits('/content_api/v1/upload/article_pic') });
/** The job owner whose media directory (PLUME_EDGE_VIDEO_DIR/<id>/) holds the body's pictures. */
const OWNER = 7;

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
      const prepared = await adapter.prepare(page, job, ctx);
      await adapter.publish(page, job, ctx, prepared);
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
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
    expect(err.message).toContain('内容涉嫌违规');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });

  it('a draft juejin refuses at publish (its own rule: a summary) is publish_rejected, nothing published', async () => {
    const page = await open();
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
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
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
    expect(err.message).toContain('摘要');
    expect(ctx.gate.calls).toBe(1);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  });

  it('publish outside the prepared draft page is editor_changed and never passes the gate', async () => {
    const page = await open();
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    await page.goto(`${fx.sim.baseUrl(P)}/juejin.cn/creator/home`);
    await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'editor_changed', 'publish');
    expect(ctx.gate.calls).toBe(0);
  });
});

describe('inline images', () => {
  it('an external image in the Markdown is re-hosted on juejin before the draft is saved', async () => {
    const page = await open();
    const ctx = fx.ctx();
    const content = `正文开头\n\n![图一](${IMAGE_SRC})\n\n正文结尾\n`;
    const job = makeJob({ content, coverImage: undefined });
    const prepared = await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx, prepared);
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

describe('local pictures', () => {
  let staging: string;
  let png: string;
  let jpeg: string;
  let mine: string;
  beforeAll(async () => {
    mine = join(fx.media.dir, String(OWNER));
    await mkdir(mine, { recursive: true });
    png = join(mine, 'figure one.png');
    jpeg = join(mine, 'photo.jpg');
    await writeFile(png, PNG_1X1);
    await writeFile(jpeg, JPEG_HEAD);
    staging = await mkdtemp(join(tmpdir(), 'plume-juejin-staging-'));
  });
  afterAll(async () => rm(staging, { recursive: true, force: true }));

  /** A context that opens files as the daemon does: through the sandbox, for the job's owner only. */
  function sandboxed() {
    const media = new JobMedia(fx.media.dir, OWNER, join(staging, String(++seq)));
    return { media, ctx: fx.ctx({ openFile: (path) => media.open(path) }) };
  }

  it('are uploaded through juejin’s picture upload; the one post names the copies and no local path', async () => {
    const page = await open();
    const { media, ctx } = sandboxed();
    const content = `开头\n\n![图一](<${png}> "说明")\n\n中间 ![照片](${jpeg}) 与再一次 ![图一again](<${png}>)\n\n![网图](${IMAGE_SRC})\n\n结尾\n`;
    const job = makeJob({ content, coverImage: undefined });
    try {
      const prepared = await adapter.prepare(page, job, ctx);
      await adapter.publish(page, job, ctx, prepared);
    } finally {
      await media.close();
    }
    const posts = fx.sim.publishes(P);
    expect(posts).toHaveLength(1);
    const body = posts[0]!.body;
    expect(body).not.toContain(fx.media.dir);
    expect(body).not.toContain(IMAGE_SRC);
    const urls = body.match(UPLOADED)!;
    expect(urls).toHaveLength(3);
    expect(urls[0]).toBe(urls[2]);
    expect(urls[0]).not.toBe(urls[1]);
    expect(body.replace(UPLOADED, 'UP').replace(/\/[0-9a-f]{40}~/, '/WEB~')).toBe(
      '开头\n\n![图一](UP "说明")\n\n中间 ![照片](UP) 与再一次 ![图一again](UP)\n\n![网图](https://p3-juejin.byteimg.com/tos-cn-i-k3u1fbpfcp/WEB~tplv-k3u1fbpfcp-watermark.image)\n\n结尾\n',
    );
    // Each file uploaded once, in order; what juejin stored are the files' own bytes.
    expect(posts[0]!.media).toEqual([
      { kind: 'image', size: PNG_1X1.length, sha256: sha256(PNG_1X1) },
      { kind: 'image', size: JPEG_HEAD.length, sha256: sha256(JPEG_HEAD) },
      { kind: 'image', size: PNG_1X1.length, sha256: sha256(PNG_1X1) },
    ]);
    expect(ctx.events.filter((e) => e.detail?.phase === 'images').map((e) => e.detail!.percent)).toEqual([0, 50, 100]);
    expect(ctx.gate.calls).toBe(1);
  }, FLOW_TIMEOUT_MS);

  it('a relative path or one outside the owner’s media directory is upload_failed before any draft or upload', async () => {
    const elsewhere = join(fx.media.dir, 'stranger.png');
    await writeFile(elsewhere, PNG_1X1);
    const before = calls();
    for (const bad of ['figure.png', './pics/figure.png', elsewhere, join(fx.media.dir, '8', 'x.png'), `${mine}/../stranger.png`]) {
      const page = await open();
      const { media, ctx } = sandboxed();
      try {
        const err = await expectAdapterError(adapter.prepare(page, makeJob({ content: `正文\n\n![坏](${bad})\n\n![好](${jpeg})`, coverImage: undefined }), ctx), 'upload_failed', 'upload');
        expect(err.message, bad).toContain(`cannot open the picture ${bad}`);
        expect(err.details, bad).toMatchObject({ path: bad });
      } finally {
        await media.close();
      }
      expect(ctx.gate.calls).toBe(0);
    }
    expect(fx.sim.publishes(P)).toHaveLength(0);
    expect(calls()).toEqual(before);
  }, FLOW_TIMEOUT_MS);

  it('a picture over juejin’s size limit is upload_failed before it is read or sent', async () => {
    const big = join(mine, 'huge.png');
    await writeFile(big, '');
    await truncate(big, 20 * 1024 * 1024 + 1);
    const before = calls();
    const page = await open();
    const { media, ctx } = sandboxed();
    try {
      const err = await expectAdapterError(adapter.prepare(page, makeJob({ content: `![大](${big})`, coverImage: undefined }), ctx), 'upload_failed', 'upload');
      expect(err.message).toContain(`${20 * 1024 * 1024 + 1} bytes`);
    } finally {
      await media.close();
    }
    expect(calls()).toEqual(before);
  }, FLOW_TIMEOUT_MS);

  it('upload_failed with juejin’s own words when it refuses a picture; nothing is saved or published', async () => {
    fx.sim.configure(P, { rejectImages: '图片格式不支持' });
    const before = calls();
    const page = await open();
    const { media, ctx } = sandboxed();
    try {
      const err = await expectAdapterError(adapter.prepare(page, makeJob({ content: `![图一](<${png}>)`, coverImage: undefined }), ctx), 'upload_failed', 'upload');
      expect(err.message).toContain('图片格式不支持');
      expect(err.message).toContain(png);
    } finally {
      await media.close();
    }
    expect(ctx.gate.calls).toBe(0);
    expect(calls()).toEqual({ drafts: before.drafts, uploads: before.uploads + 1 });
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);
});

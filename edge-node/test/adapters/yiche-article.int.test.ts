/**
 * yiche (易车号) articles in real Chromium against the yiche replica's article
 * page: the title, the cover into *竖版封面图 (封面编辑 → 完成裁剪 → 确定) and
 * *封面图, the Markdown pasted as HTML into the Quill editor, each picture
 * pasted over its place as a file the page uploads itself, 含AI生成内容, and
 * 提交. The cases every adapter shares are in test/support/adapter-contract.ts.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { ImageFetcher } from '@plume/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleJob } from '../../src/adapters/contract.js';
import { textOf } from '../../src/adapters/kit/article-markup.js';
import { yicheAdapter as adapter } from '../../src/adapters/yiche/adapter.js';
import { JobMedia } from '../../src/jobs/media.js';
import { brief, expectAdapterError, fileDigest } from '../../../test/platform-simulator/harness.js';
import { type AdapterContract, errorContract, expectCoverRefusalAndMissingControls, FLOW_TIMEOUT_MS, happyPathContract, useAdapterFixture } from '../../../test/support/adapter-contract.js';
import { type CoverServer, serve, sha256, startCoverServer } from '../../../test/support/cover-server.js';
import { refusalFormCases } from '../../../test/support/refusal-forms.js';

const P = 'yiche';
const ACCOUNT = '50817264';
const KEYED_PICTURE = /<img src="mp\/[0-9a-f]{16}\.jpg"[^>]*class="imgborder">/g;
const letters = (html: string) => textOf(html).replace(/\s+/g, '');

/** A PNG of `width`×1 transparent pixels (decodable, so the browser can size it). */
function png(width: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 4);
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', deflateSync(row)), chunk('IEND', Buffer.alloc(0))]);
}

let cover: string;
let figure: string;
let wide: string;
let seq = 0;
const fx = useAdapterFixture(P, {
  setup: async (media) => {
    cover = await media.file('cover.jpg', 40 * 1024);
    figure = join(media.dir, 'figure.png');
    await writeFile(figure, png(320));
    wide = join(media.dir, 'wide.png');
    await writeFile(wide, png(5001));
  },
});

const content = () =>
  ['## 试驾感受', '一段 **加粗** 的正文，含 [一个链接](https://example.com/x)。', `![车头](${figure})`, '- 第一点\n- 第二点', '| 车型 | 续航 |\n|---|---|\n| 标准版 | 520 km |'].join('\n\n');

function makeJob(o: { title?: string; content?: string; settings?: Record<string, unknown>; cover?: boolean; aigc?: boolean } = {}): ArticleJob {
  seq++;
  return {
    jobId: `job_yca${seq}`,
    attemptId: `att_yca${seq}`,
    platform: P,
    contentType: 'article',
    account: { id: 'acc_yca', externalRef: ACCOUNT },
    payload: {
      title: o.title ?? `易车号文章测试 ${seq}`,
      content: o.content ?? content(),
      ...(o.cover === false ? {} : { coverImage: cover }),
      ...(o.aigc === undefined ? {} : { aigc: { label_required: o.aigc } as NonNullable<ArticleJob['payload']['aigc']> }),
    },
    settings: o.settings ?? { coverMode: 'custom', aiLabel: true },
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
    title: 'publishes once: the title, both covers, the Markdown pasted as HTML, the picture pasted at its place and saved by its key, 含AI生成内容',
    async check({ post, result, job, ctx }) {
      expect(post.title).toBe(job.payload.title);
      expect(post.body).toContain('<h2>试驾感受</h2>');
      expect(post.body).toContain('<strong>加粗</strong>');
      expect(post.body).toContain('<a href="https://example.com/x">一个链接</a>');
      expect(post.body.match(KEYED_PICTURE)).toHaveLength(1);
      // The picture stands where the Markdown put it: after the paragraph, before the list.
      expect(post.body.indexOf('一个链接')).toBeLessThan(post.body.search(KEYED_PICTURE));
      expect(post.body.search(KEYED_PICTURE)).toBeLessThan(post.body.indexOf('第一点'));
      expect(post.body).not.toContain('yiche-picture');
      expect(post.body).toContain('<p><strong>车型 | 续航</strong></p>');
      expect(letters(post.body)).toBe(letters('试驾感受一段 加粗 的正文，含 一个链接。第一点第二点车型 | 续航标准版 | 520 km'));
      const c = await fileDigest(cover);
      const f = await fileDigest(figure);
      expect(post.media).toEqual([
        { kind: 'cover', ...c },
        { kind: 'cover', ...c },
        { kind: 'image', ...f },
      ]);
      // 同意转发 and 同意生成摘要 stay as the page has them (是); 单图 stays chosen.
      expect(post.settings).toEqual({ type: 'article', declaration: '含AI生成内容', reprint: 1, aiSummary: 1, coverRadio: 0 });
      expect(result).toEqual({ postId: expect.stringMatching(/^\d+$/), url: `${fx.sim.baseUrl(P)}/news.yiche.com/hao/wenzhang/${result.postId}/` });
      expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'fill', 'upload', 'apply_settings', 'publish', 'read_back']));
    },
  },
  repeatedPrepare: {
    job: () => makeJob({ content: '第一段。\n\n第二段。' }),
    check(posts) {
      // The second paste replaced the first: the text is there once.
      expect(letters(posts[0]!.body)).toBe('第一段。第二段。');
    },
  },
  verifyJob: () => makeJob(),
  editorChanged: { omit: 'title-input', step: 'open_editor', control: 'title input' },
};

describe('happy path', () => {
  happyPathContract(contract);

  it('the AI declaration follows the article’s aigc facts unless aiLabel says otherwise; settings without a control are logged', async () => {
    const infos: Array<Record<string, unknown>> = [];
    const ctx = fx.ctx({ log: { debug: () => {}, warn: () => {}, info: (o) => infos.push(o) } });
    const plain = '只有一段正文，没有图片。';
    let page = await fx.open(ACCOUNT);
    const byFacts = makeJob({ content: plain, aigc: true, settings: { coverMode: 'custom', tags: ['新能源'], original: true } });
    const preparedByFacts = await adapter.prepare(page, byFacts, ctx);
    await adapter.publish(page, byFacts, ctx, preparedByFacts);
    page = await fx.open(ACCOUNT);
    const overridden = makeJob({ content: plain, aigc: true, settings: { coverMode: 'custom', aiLabel: false } });
    const preparedOverridden = await adapter.prepare(page, overridden, ctx);
    await adapter.publish(page, overridden, ctx, preparedOverridden);
    const [first, second] = fx.sim.publishes(P);
    expect(first!.settings.declaration).toBe('含AI生成内容');
    expect(second!.settings.declaration).toBeNull();
    expect(first!.media.map((m) => m.kind)).toEqual(['cover', 'cover']);
    expect(infos).toContainEqual({ platform: P, ignored: ['tags', 'original'] });
  }, FLOW_TIMEOUT_MS);
});

describe('pictures from the web', () => {
  const WEB_PICTURE = png(48);
  let images: CoverServer;
  let staging: string;
  beforeAll(async () => {
    images = await startCoverServer();
    images.route('/figure.png', serve(WEB_PICTURE, 'image/png'));
    images.route('/cover.png', serve(WEB_PICTURE, 'image/png'));
    staging = await mkdtemp(join(tmpdir(), 'plume-yiche-staging-'));
  });
  afterAll(async () => {
    await images?.close();
    await rm(staging, { recursive: true, force: true });
  });

  it('are downloaded by the node’s image fetcher (as the daemon does) and pasted like local ones; a cover on the web too', async () => {
    // The daemon's JobMedia with a fetcher allowed to reach this local host (the shipped one refuses loopback).
    const media = new JobMedia(fx.media.dir, 0, staging, new ImageFetcher({ testOnly: { allowLoopback: true, allowHttp: true } }));
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx({ openFile: (path) => media.open(path) });
    const made = makeJob({ content: `网图之前的一段。\n\n![网图](${images.origin}/figure.png)\n\n网图之后的一段。` });
    const job = { ...made, payload: { ...made.payload, coverImage: `${images.origin}/cover.png` } };
    try {
      const prepared = await adapter.prepare(page, job, ctx);
      await adapter.publish(page, job, ctx, prepared);
    } finally {
      await media.close();
    }
    const post = fx.sim.publishes(P)[0]!;
    expect(post.body).not.toContain(images.origin);
    expect(post.body.match(KEYED_PICTURE)).toHaveLength(1);
    const picture = { size: WEB_PICTURE.length, sha256: sha256(WEB_PICTURE) };
    expect(post.media).toEqual([{ kind: 'cover', ...picture }, { kind: 'cover', ...picture }, { kind: 'image', ...picture }]);
    expect(images.hits.sort()).toEqual(['/cover.png', '/figure.png']);
  }, FLOW_TIMEOUT_MS);
});

describe('errors', () => {
  errorContract(contract);

  it('login_required when the profile is logged in as another account', async () => {
    const page = await fx.open('50817999');
    await expectAdapterError(adapter.prepare(page, makeJob(), fx.ctx()), 'login_required', 'open_editor');
  }, FLOW_TIMEOUT_MS);

  it('what the page would refuse stops the job before the browser moves: titles outside 5–28, no cover, coverMode auto, an unreadable picture, a non-boolean aiLabel', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    await expectAdapterError(adapter.prepare(page, makeJob({ title: '四个字的' }), ctx), 'publish_rejected', 'fill');
    await expectAdapterError(adapter.prepare(page, makeJob({ title: '长'.repeat(29) }), ctx), 'publish_rejected', 'fill');
    const noCover = await expectAdapterError(adapter.prepare(page, makeJob({ cover: false }), ctx), 'cover_rejected', 'upload');
    expect(noCover.message).toContain('竖版封面图');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { coverMode: 'auto' } }), ctx), 'setting_unavailable', 'apply_settings');
    const missing = join(fx.media.dir, 'missing.png');
    await expectAdapterError(adapter.prepare(page, makeJob({ content: `正文。\n\n![图](${missing})` }), ctx), 'upload_failed', 'upload');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { coverMode: 'custom', aiLabel: 'yes' } }), ctx), 'setting_unavailable', 'apply_settings');
    expect(page.url()).toBe('about:blank');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);

  it('cover_rejected when yiche refuses the cover; a page without *竖版封面图 or one that takes no paste is editor_changed', async () => {
    await expectCoverRefusalAndMissingControls(fx, adapter, ACCOUNT, () => makeJob(), {
      refusal: '封面尺寸不符合要求',
      missing: [
        { omit: 'vertical-cover', step: 'upload', names: '竖版封面图' },
        { omit: 'paste-handler', step: 'fill', names: 'did not take the pasted article' },
      ],
    });
  }, FLOW_TIMEOUT_MS);

  it('upload_failed when yiche refuses a body picture, or the picture is wider than 5,000 px; nothing is published', async () => {
    fx.sim.configure(P, { rejectImages: '图片格式不支持' });
    const refused = await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), makeJob(), fx.ctx()), 'upload_failed', 'upload');
    expect(refused.message).toContain('图片格式不支持');
    fx.sim.configure(P, { rejectImages: false });
    const tooWide = await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), makeJob({ content: `正文。\n\n![宽图](${wide})` }), fx.ctx()), 'upload_failed', 'upload');
    expect(tooWide.message).toContain('5000 px');
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('a page without the 内容声明 group is editor_changed when the article must carry the AI label', async () => {
    fx.sim.configure(P, { omit: ['statement-box'] });
    const err = await expectAdapterError(adapter.prepare(await fx.open(ACCOUNT), makeJob({ content: '正文。' }), fx.ctx(brief('selectorMs'))), 'editor_changed', 'apply_settings');
    expect(err.message).toContain('内容声明');
  }, FLOW_TIMEOUT_MS);

  it('publish_rejected when yiche refuses the article at 提交', async () => {
    fx.sim.configure(P, { rejectPublish: '今日发文数量已达上限' });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob({ content: '正文。' });
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
    expect(err.message).toContain('今日发文数量已达上限');
    expect(ctx.gate.calls).toBe(1);
    expect(fx.sim.publishes(P)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('提交 away from the prepared article is editor_changed and never passes the gate', async () => {
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    await page.goto(`${fx.sim.baseUrl(P)}/mp.yiche.com/videos/video`);
    await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'editor_changed', 'publish');
    // The article page, but not holding this job's title.
    await page.goto(`${fx.sim.baseUrl(P)}/mp.yiche.com/article/index-new`);
    await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'editor_changed', 'publish');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);
});

describe('a confirmation after 提交', () => {
  it('is clicked once when the page asks before sending; the article is published once', async () => {
    fx.sim.configure(P, { forms: { confirm: 'dialog' } });
    const page = await fx.open(ACCOUNT);
    const ctx = fx.ctx();
    const job = makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    expect(fx.sim.publishes(P)).toHaveLength(1);
    expect(result.postId).toBe(fx.sim.publishes(P)[0]!.postId);
    expect(ctx.gate.calls).toBe(1);
  }, FLOW_TIMEOUT_MS);
});

describe('refusal forms', () => {
  refusalFormCases({ ...contract, forms: { el: 'an Element UI message', 'el-notification': 'an Element UI notification', ant: 'an Ant Design message', 'role-alert': 'an ARIA alert' }, successForm: 'el' });
});

/**
 * weibo adapter end to end: real Chromium against the platform simulator.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DynamicJob } from '../edge-node/src/adapters/contract.js';
import { markdownToPlainText } from '../edge-node/src/adapters/markdown.js';
import { weiboAdapter as adapter } from '../edge-node/src/adapters/weibo.js';
import { expectAdapterError, fileDigest, launchTestBrowser, makeCtx, makeMediaDir, openAs, type MediaDir } from './platform-simulator/harness.js';
import { startSimulator, type Simulator } from './platform-simulator/index.js';

const P = 'weibo';
const ACCOUNT = '5566778899';

let browser: Browser;
let sim: Simulator;
let media: MediaDir;
let images: string[];
let context: BrowserContext | undefined;
let seq = 0;

function makeJob(overrides: { content?: string; images?: string[]; settings?: Record<string, unknown> } = {}): DynamicJob {
  seq++;
  return {
    jobId: `job_wb${seq}`,
    attemptId: `att_wb${seq}`,
    platform: P,
    contentType: 'dynamic',
    account: { id: 'acc_2', externalRef: ACCOUNT },
    payload: {
      content: overrides.content ?? `## 今日动态 ${seq}\n\n**Plume** 发布测试，第 ${seq} 条。\n\n- 第一点\n- 第二点\n\n详情见 [文档](https://example.com/docs)`,
      images: overrides.images ?? images,
    },
    settings: overrides.settings ?? { visibility: 'friends', tags: ['Plume', '发布测试'] },
    settingsHash: 'sha256:test',
    createdAt: new Date().toISOString(),
  };
}

async function open(account = ACCOUNT, loggedIn = true): Promise<Page> {
  const opened = await openAs(browser, sim, P, account, loggedIn);
  context = opened.context;
  return opened.page;
}

beforeAll(async () => {
  [browser, sim, media] = await Promise.all([launchTestBrowser(), startSimulator(), makeMediaDir()]);
  images = [await media.file('one.jpg', 80 * 1024), await media.file('two.png', 120 * 1024)];
});
afterAll(async () => {
  await Promise.all([browser?.close(), sim?.close(), media?.remove()]);
});
beforeEach(() => sim.reset());
afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe('happy path', () => {
  it('posts once: plain text with its line breaks, both pictures, chosen visibility', async () => {
    const page = await open();
    const ctx = makeCtx(sim.baseUrl(P));
    const job = makeJob();

    expect((await adapter.checkLogin(page, ctx)).externalRef).toBe(ACCOUNT);
    await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx);

    const posts = sim.publishes(P);
    expect(posts).toHaveLength(1);
    const post = posts[0]!;
    const text = `${markdownToPlainText(job.payload.content)}\n#Plume# #发布测试#`;
    expect(text).toContain('\n• 第一点\n• 第二点\n');
    expect(post).toMatchObject({ account: ACCOUNT, body: text, postId: result.postId, url: result.url, settings: { visibility: '好友圈' } });
    expect(post.media).toEqual(await Promise.all(images.map(async (p) => ({ kind: 'image', ...(await fileDigest(p)) }))));
    expect(result.url).toBe(`${sim.baseUrl(P)}/${ACCOUNT}/${result.postId}`);
    const total = (await fileDigest(images[0]!)).size + (await fileDigest(images[1]!)).size;
    expect(ctx.events).toContainEqual({ step: 'upload', detail: { bytesSent: total, bytesTotal: total, percent: 100 } });
    expect(ctx.gate.calls).toBe(1);
  });

  it('prepare is safe to repeat: twice, then one publish, gives one post with two pictures', async () => {
    const page = await open();
    const ctx = makeCtx(sim.baseUrl(P));
    const job = makeJob();
    await adapter.prepare(page, job, ctx);
    await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx);
    expect(sim.publishes(P)).toHaveLength(1);
    expect(sim.publishes(P)[0]!.media).toHaveLength(2);
  });

  it('verify finds a published post and does not find an unpublished one', async () => {
    const page = await open();
    const ctx = makeCtx(sim.baseUrl(P));
    const job = makeJob({ images: [], settings: { visibility: 'self' } });
    await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx);
    expect(await adapter.verify(page, job, ctx)).toEqual({ found: true, postId: result.postId, url: result.url, candidates: 1 });
    expect(await adapter.verify(page, makeJob(), ctx)).toEqual({ found: false });
  });
});

describe('errors', () => {
  it('login_required when the session is gone; nothing is published', async () => {
    const page = await open(ACCOUNT, false);
    const ctx = makeCtx(sim.baseUrl(P));
    await expectAdapterError(adapter.checkLogin(page, ctx), 'login_required', 'check_login');
    await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'login_required', 'open_editor');
    await expectAdapterError(adapter.verify(page, makeJob(), ctx), 'login_required', 'check_login');
    expect(sim.publishes(P)).toHaveLength(0);
  });

  it('upload_failed when weibo refuses a picture; nothing is published', async () => {
    sim.configure(P, { rejectImages: '图片格式不支持' });
    const page = await open();
    const ctx = makeCtx(sim.baseUrl(P));
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'upload_failed', 'upload');
    expect(err.message).toContain('图片格式不支持');
    expect(ctx.gate.calls).toBe(0);
    expect(sim.publishes(P)).toHaveLength(0);
  });

  it('upload_failed when the sandbox refuses a file', async () => {
    const page = await open();
    const ctx = makeCtx(sim.baseUrl(P), {
      openFile: async (path) => {
        throw new Error(`${path} is outside the video directory`);
      },
    });
    await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'upload_failed', 'upload');
  });

  it('a refusing commit gate prevents the click', async () => {
    const page = await open();
    const ctx = makeCtx(sim.baseUrl(P));
    const job = makeJob();
    await adapter.prepare(page, job, ctx);
    ctx.gate.refuse = true;
    await expect(adapter.publish(page, job, ctx)).rejects.toThrow('commit refused');
    await page.waitForTimeout(300);
    expect(sim.publishes(P)).toHaveLength(0);
  });

  it('a missing control is editor_changed, naming the step', async () => {
    sim.configure(P, { omitTestIds: ['visibility-select'] });
    const page = await open();
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), makeCtx(sim.baseUrl(P))), 'editor_changed', 'apply_settings');
    expect(err.message).toContain('visibility menu');
  });

  it('text over 2000 characters is refused before anything is opened', async () => {
    const page = await open();
    const err = await expectAdapterError(adapter.prepare(page, makeJob({ content: '字'.repeat(1995), settings: { tags: ['话题1'] } }), makeCtx(sim.baseUrl(P))), 'publish_rejected', 'fill');
    expect(err.details).toMatchObject({ length: 2001, max: 2000 }); // 1995 + "\n#话题1#": the topics count too
    expect(page.url()).toBe('about:blank');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { visibility: 'everyone' } }), makeCtx(sim.baseUrl(P))), 'setting_unavailable', 'apply_settings');
  });

  it('an aborted job stops before the browser moves', async () => {
    const page = await open();
    const abort = new AbortController();
    abort.abort(new Error('job cancelled'));
    await expect(adapter.prepare(page, makeJob(), makeCtx(sim.baseUrl(P), { signal: abort.signal }))).rejects.toThrow('job cancelled');
    expect(page.url()).toBe('about:blank');
  });

  it('a lost answer is readback_failed (outcome unknown), and verify then finds the post', async () => {
    sim.configure(P, { dropPublishResponse: true });
    const page = await open();
    const ctx = makeCtx(sim.baseUrl(P));
    const job = makeJob();
    await adapter.prepare(page, job, ctx);
    await expectAdapterError(adapter.publish(page, job, ctx), 'readback_failed', 'read_back');
    expect(await adapter.verify(page, job, ctx)).toMatchObject({ found: true, postId: sim.publishes(P)[0]!.postId, candidates: 1 });
  });
});

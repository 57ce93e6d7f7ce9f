/**
 * juejin adapter end to end: real Chromium against the platform simulator.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ArticleJob } from '../edge-node/src/adapters/contract.js';
import { juejinAdapter as adapter } from '../edge-node/src/adapters/juejin.js';
import { expectAdapterError, fileDigest, launchTestBrowser, makeCtx, makeMediaDir, openAs, type MediaDir } from './platform-simulator/harness.js';
import { startSimulator, type Simulator } from './platform-simulator/index.js';

const P = 'juejin';
const ACCOUNT = 'jj_1001';
const CONTENT = '# Plume 发布\n\n这是一篇 **Markdown** 文章，含代码：\n\n```ts\nconst x = 1;\n```\n\n- 列表一\n- 列表二\n\n[链接](https://example.com)\n';

let browser: Browser;
let sim: Simulator;
let media: MediaDir;
let cover: string;
let context: BrowserContext | undefined;
let seq = 0;

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

async function open(account = ACCOUNT, loggedIn = true): Promise<Page> {
  const opened = await openAs(browser, sim, P, account, loggedIn);
  context = opened.context;
  return opened.page;
}

beforeAll(async () => {
  [browser, sim, media] = await Promise.all([launchTestBrowser(), startSimulator(), makeMediaDir()]);
  cover = await media.file('cover.png', 60 * 1024);
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
  it('publishes once with the Markdown as written, category, tags and the custom cover', async () => {
    const page = await open();
    const ctx = makeCtx(sim.baseUrl(P));
    const job = makeJob();

    expect(await adapter.checkLogin(page, ctx)).toEqual({ externalRef: ACCOUNT, displayName: `user_${ACCOUNT}` });
    await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx);

    const posts = sim.publishes(P);
    expect(posts).toHaveLength(1);
    const post = posts[0]!;
    expect(post).toMatchObject({ account: ACCOUNT, title: job.payload.title, body: CONTENT, postId: result.postId, url: result.url });
    expect(post.settings).toMatchObject({ category: '后端', tags: ['TypeScript', 'Node.js'], summary: '一篇用来测试掘金发布流程的文章' });
    expect(post.media).toEqual([{ kind: 'cover', ...(await fileDigest(cover)) }]);
    expect(result.url).toBe(`${sim.baseUrl(P)}/post/${result.postId}`);
    expect(ctx.gate.calls).toBe(1);
    expect(new Set(ctx.events.map((e) => e.step))).toEqual(new Set(['check_login', 'open_editor', 'fill', 'apply_settings', 'upload', 'publish', 'read_back']));
  });

  it('prepare is safe to repeat: twice, then one publish, gives one post', async () => {
    const page = await open();
    const ctx = makeCtx(sim.baseUrl(P));
    // coverMode auto: juejin picks the cover even though the article has one.
    const job = makeJob({ settings: { category: 'frontend', tags: ['TypeScript', 'Node.js'], coverMode: 'auto' } });
    await adapter.prepare(page, job, ctx);
    await adapter.prepare(page, job, ctx);
    await adapter.publish(page, job, ctx);
    expect(sim.publishes(P)).toHaveLength(1);
    expect(sim.publishes(P)[0]!.settings).toMatchObject({ category: '前端', tags: ['TypeScript', 'Node.js'] });
    expect(sim.publishes(P)[0]!.media).toEqual([]);
  });

  it('verify finds a published post and does not find an unpublished one', async () => {
    const page = await open();
    const ctx = makeCtx(sim.baseUrl(P));
    const job = makeJob({ coverImage: undefined });
    await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx);

    expect(await adapter.verify(page, job, ctx)).toEqual({ found: true, postId: result.postId, url: result.url, candidates: 1 });
    expect(await adapter.verify(page, makeJob(), ctx)).toEqual({ found: false });
    expect(sim.publishes(P)).toHaveLength(1);
  });
});

describe('verify', () => {
  it('reports every candidate when the same title appears twice in the window (a person decides)', async () => {
    const page = await open();
    const ctx = makeCtx(sim.baseUrl(P));
    const job = makeJob({ coverImage: undefined });
    for (let i = 0; i < 2; i++) {
      await adapter.prepare(page, job, ctx);
      await adapter.publish(page, job, ctx);
    }
    const newest = sim.publishes(P)[1]!;
    expect(await adapter.verify(page, job, ctx)).toEqual({ found: true, postId: newest.postId, url: newest.url, candidates: 2 });
    // A job created after both posts cannot claim them.
    const later = { ...job, createdAt: new Date(Date.now() + 60 * 60_000).toISOString() };
    expect(await adapter.verify(page, later, ctx)).toEqual({ found: false });
  });
});

describe('errors', () => {
  it('login_required when the session is gone; nothing is published', async () => {
    const page = await open(ACCOUNT, false);
    const ctx = makeCtx(sim.baseUrl(P));
    await expectAdapterError(adapter.checkLogin(page, ctx), 'login_required', 'check_login');
    await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'login_required', 'open_editor');
    expect(ctx.gate.calls).toBe(0);
    expect(sim.publishes(P)).toHaveLength(0);
  });

  it('login_required when the profile is logged in as another account', async () => {
    const page = await open('jj_other');
    await expectAdapterError(adapter.prepare(page, makeJob(), makeCtx(sim.baseUrl(P))), 'login_required', 'open_editor');
  });

  it('cover_rejected stops the job before publish', async () => {
    sim.configure(P, { rejectCover: '封面尺寸不符合要求' });
    const page = await open();
    const ctx = makeCtx(sim.baseUrl(P));
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), ctx), 'cover_rejected', 'upload');
    expect(err.message).toContain('封面尺寸不符合要求');
    // custom without a cover file cannot be honoured either, and fails before the browser moves
    await expectAdapterError(adapter.prepare(page, makeJob({ coverImage: undefined, settings: { category: 'backend', tags: ['Go'], coverMode: 'custom' } }), ctx), 'cover_rejected', 'upload');
    expect(ctx.gate.calls).toBe(0);
    expect(sim.publishes(P)).toHaveLength(0);
  });

  it('a refusing commit gate prevents the click', async () => {
    const page = await open();
    const ctx = makeCtx(sim.baseUrl(P));
    const job = makeJob();
    await adapter.prepare(page, job, ctx);
    ctx.gate.refuse = true;
    await expect(adapter.publish(page, job, ctx)).rejects.toThrow('commit refused');
    await page.waitForTimeout(300); // a click would have reached the simulator by now
    expect(ctx.gate.calls).toBe(1);
    expect(sim.publishes(P)).toHaveLength(0);
  });

  it('a missing control is editor_changed, naming the step', async () => {
    sim.configure(P, { omitTestIds: ['markdown-editor'] });
    const page = await open();
    const err = await expectAdapterError(adapter.prepare(page, makeJob(), makeCtx(sim.baseUrl(P))), 'editor_changed', 'fill');
    expect(err.message).toContain('Markdown editor');
  });

  it('setting_unavailable for a tag juejin does not offer, before anything is published', async () => {
    const page = await open();
    const job = makeJob({ settings: { category: 'backend', tags: ['NoSuchTag'] } });
    await expectAdapterError(adapter.prepare(page, job, makeCtx(sim.baseUrl(P))), 'setting_unavailable', 'apply_settings');
    await expectAdapterError(adapter.prepare(page, makeJob({ settings: { tags: ['Go'] } }), makeCtx(sim.baseUrl(P))), 'setting_unavailable', 'apply_settings');
  });

  it('publish_rejected when the platform refuses the post', async () => {
    sim.configure(P, { rejectPublish: '内容涉嫌违规' });
    const page = await open();
    const ctx = makeCtx(sim.baseUrl(P));
    const job = makeJob();
    await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx), 'publish_rejected', 'publish');
    expect(err.message).toContain('内容涉嫌违规');
    expect(sim.publishes(P)).toHaveLength(0);
  });

  it('publish_rejected, not unknown, when the editor refuses to send anything', async () => {
    const page = await open();
    const ctx = makeCtx(sim.baseUrl(P));
    const job = makeJob();
    await adapter.prepare(page, job, ctx);
    // The editor loses a setting between prepare and publish; its own check stops the send.
    await page.locator('input[name=category]:checked').evaluate((el) => ((el as unknown as { checked: boolean }).checked = false));
    const err = await expectAdapterError(adapter.publish(page, job, ctx), 'publish_rejected', 'publish');
    expect(err.message).toContain('请选择分类');
    expect(err.details.sent).toBe(false);
    expect(ctx.gate.calls).toBe(1);
    expect(sim.publishes(P)).toHaveLength(0);
  });

  it('a lost answer is readback_failed (outcome unknown), and verify then finds the post', async () => {
    sim.configure(P, { dropPublishResponse: true });
    const page = await open();
    const ctx = makeCtx(sim.baseUrl(P));
    const job = makeJob();
    await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx), 'readback_failed', 'read_back');
    expect(err.outcomeUnknown).toBe(true);
    const found = await adapter.verify(page, job, ctx);
    expect(found).toMatchObject({ found: true, postId: sim.publishes(P)[0]!.postId });
    expect(sim.publishes(P)).toHaveLength(1);
  });
});

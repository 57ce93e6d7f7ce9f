/**
 * What every platform adapter must do, whatever it publishes: one fixture per
 * adapter test file (one Chromium, the simulator, generated media, one page
 * that each test gets back clean) and the cases every adapter shares,
 * registered from a platform descriptor. A platform's file keeps only what is
 * its own: what its post looks like, and the errors only it can raise.
 *
 * Usage, in edge-node/test/adapters/<platform>[-<type>].int.test.ts:
 *   const fx = useAdapterFixture(P, { setup: async (media) => { … } });
 *   const contract: AdapterContract<VideoJob> = { fixture: fx, adapter, account: ACCOUNT, makeJob, … };
 *   describe('happy path', () => { happyPathContract(contract); it(…platform-specific…); });
 *   describe('errors', () => { errorContract(contract); it(…platform-specific…); });
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Adapter, AdapterContext, ArticleJob, PublishJob, PublishResult, Step } from '../../edge-node/src/adapters/contract.js';
import { brief, expectAdapterError, launchTestBrowser, makeCtx, makeMediaDir, openAs, signInAs, type MediaDir, type TestContext } from '../platform-simulator/harness.js';
import { startSimulator, type PlatformOptions, type Publish, type Simulator } from '../platform-simulator/index.js';

export interface AdapterFixture {
  readonly platform: string;
  readonly sim: Simulator;
  readonly media: MediaDir;
  /**
   * A page whose session cookie names `account`: the file's one page, reset for this test (no
   * cookies, storage or cache of an earlier test; every other page closed, the last document
   * unloaded after the test). `isolated` gives a browser context of the test's own instead,
   * closed after the test: for a test that adds init scripts, routes or listeners to the page
   * or its context, which would outlive it on the shared page.
   */
  open(account: string, loggedIn?: boolean, options?: { isolated?: boolean }): Promise<Page>;
  /** A recording AdapterContext pointed at this platform on the simulator. */
  ctx(overrides?: Partial<AdapterContext>): TestContext;
}

export interface AdapterFixtureOptions {
  /** Runs once after the media dir exists: write the files the jobs refer to. */
  setup?(media: MediaDir): Promise<void>;
  /** Runs before each test, after the simulator forgot the previous one. */
  beforeEach?(sim: Simulator): void;
}

/**
 * The file's one page. A page's first document costs Chromium about ten times what a navigation
 * in a page that exists does (a new renderer for the site; measured 0.6–0.9 s of CPU against
 * 0.1 s), and adapter tests are most of the suite's browser work: so tests share a page, and
 * `quiesce` and `clean` take from it whatever a test could leave for the next.
 */
interface SharedPage {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
}

async function sharedPage(browser: Browser): Promise<SharedPage> {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { context, page, cdp: await context.newCDPSession(page) };
}

/**
 * After a test: its other pages closed and its document unloaded, so none of its scripts keeps
 * talking to the simulator. The document may still have work queued when the adapter returns (a
 * publish page that goes to the new post once it has read the answer, as zhihu's does). Its scripts
 * are stopped first, so it can start no navigation from then on; but one it started before can
 * still commit after ours began (Playwright then reports ours as interrupted), and on a busy machine
 * the navigations queued in Chromium can outlast any number of tries. So when the reset is
 * interrupted, the page's context is closed instead: a closed page navigates nowhere, and the next
 * `open` starts a new context and page (the cost of a first document, paid only then). Not the page
 * alone: Playwright's page.close() on such a page sometimes never returned (3 runs in about 25 of
 * the fixture's own test); closing its context returned in all 45 tried.
 */
async function quiesce(shared: SharedPage): Promise<void> {
  await Promise.all(shared.context.pages().filter((p) => p !== shared.page).map((p) => p.close()));
  await shared.cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
  const blank = await shared.page.goto('about:blank').then(
    () => true,
    (e: unknown) => {
      if (e instanceof Error && e.message.includes('is interrupted by another navigation')) return false;
      throw e;
    },
  );
  if (blank) await shared.cdp.send('Emulation.setScriptExecutionDisabled', { value: false });
  else await shared.context.close();
}

/** Before a test: what a fresh context would have, no cookie, no stored data, an empty cache. */
async function clean(shared: SharedPage, origin: string): Promise<void> {
  await shared.context.clearCookies();
  await shared.context.clearPermissions();
  await shared.cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await shared.cdp.send('Network.clearBrowserCache');
}

/** Registers the file's hooks; the fixture's fields are readable from the first test on. */
export function useAdapterFixture(platform: string, options: AdapterFixtureOptions = {}): AdapterFixture {
  let browser: Browser | undefined;
  let sim: Simulator | undefined;
  let media: MediaDir | undefined;
  let shared: SharedPage | undefined;
  let isolated: BrowserContext[] = [];
  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`adapter fixture: ${name} is not ready (used outside a test?)`);
    return value;
  };

  beforeAll(async () => {
    [browser, sim, media] = await Promise.all([launchTestBrowser(), startSimulator(), makeMediaDir()]);
    await options.setup?.(media);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), sim?.close(), media?.remove()]);
  });
  beforeEach(() => {
    ready(sim, 'simulator').reset();
    options.beforeEach?.(ready(sim, 'simulator'));
  });
  afterEach(async () => {
    const closing = isolated;
    isolated = [];
    await Promise.all(closing.map((c) => c.close()));
    // A page a test closed (or crashed), or quiesce closed, is replaced by the next open.
    if (shared && !shared.page.isClosed()) await quiesce(shared);
  });

  return {
    platform,
    get sim() {
      return ready(sim, 'simulator');
    },
    get media() {
      return ready(media, 'media dir');
    },
    async open(account, loggedIn = true, openOptions = {}) {
      const b = ready(browser, 'browser');
      const s = ready(sim, 'simulator');
      if (openOptions.isolated) {
        const opened = await openAs(b, s, platform, account, loggedIn);
        isolated.push(opened.context);
        return opened.page;
      }
      // A second open in the same test gets a page as new as the first did.
      if (shared && !shared.page.isClosed() && (shared.page.url() !== 'about:blank' || shared.context.pages().length > 1)) await quiesce(shared);
      if (!shared || shared.page.isClosed()) {
        await shared?.context.close();
        shared = await sharedPage(b);
      }
      await clean(shared, new URL(s.baseUrl(platform)).origin);
      await signInAs(shared.context, s, platform, account, loggedIn);
      return shared.page;
    },
    ctx: (overrides) => makeCtx(ready(sim, 'simulator').baseUrl(platform), overrides),
  };
}

/**
 * Vitest's cap for one case that drives a whole flow in Chromium (login check,
 * uploads, form, publish; often twice): some thirty round trips to the browser.
 * Measured on the douyin cases: 20–32 s each at a load of 40–47 on 2 cores,
 * where every round trip takes 0.1–0.7 s. The adapters' own waits are what
 * fail a case that goes wrong; this only stops a hung one.
 */
export const FLOW_TIMEOUT_MS = 120_000;

/** One platform as the shared cases see it. Jobs are built lazily: media exists only once the fixture's setup ran. */
export interface AdapterContract<J extends PublishJob> {
  fixture: AdapterFixture;
  adapter: Adapter;
  /** The account the fixture's sessions and the jobs name. */
  account: string;
  /** A valid job for `account`; each call is a new job (new ids, new title or text). */
  makeJob(): J;
  /** The first happy-path case: check login, prepare, publish once. */
  publishesOnce: {
    title: string;
    /** Simulator options for this case only (applied before the page opens). */
    simOptions?: Partial<PlatformOptions>;
    /** What this platform's one post must look like. */
    check(c: { post: Publish; result: PublishResult; job: J; ctx: TestContext }): Promise<void> | void;
  };
  /** prepare twice, publish once. */
  repeatedPrepare: {
    title?: string;
    job(): J;
    check(posts: Publish[]): void;
  };
  /** The job the verify case publishes and then looks up. */
  verifyJob(): J;
  /**
   * A control the editor stops offering: the step and the control's name the error must carry.
   * `omit` names it the way the platform's replica does (its `omit` option).
   */
  editorChanged: { omit: string; step: Step; control: string };
  /** Simulator options for the lost-answer case, besides dropping the answer. */
  lostAnswerOptions?: Partial<PlatformOptions>;
}

export function happyPathContract<J extends PublishJob>(d: AdapterContract<J>): void {
  const { fixture: fx, adapter, account } = d;

  it(d.publishesOnce.title, async () => {
    if (d.publishesOnce.simOptions) fx.sim.configure(fx.platform, d.publishesOnce.simOptions);
    const page = await fx.open(account);
    const ctx = fx.ctx();
    const job = d.makeJob();

    expect(await adapter.checkLogin(page, ctx)).toEqual({ externalRef: account, displayName: `user_${account}` });
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);

    const posts = fx.sim.publishes(fx.platform);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ account, postId: result.postId, url: result.url });
    await d.publishesOnce.check({ post: posts[0]!, result, job, ctx });
    expect(ctx.gate.calls).toBe(1);
  }, FLOW_TIMEOUT_MS);

  it(d.repeatedPrepare.title ?? 'prepare is safe to repeat: twice, then one publish, gives one post', async () => {
    const page = await fx.open(account);
    const ctx = fx.ctx();
    const job = d.repeatedPrepare.job();
    let prepared = await adapter.prepare(page, job, ctx);
    prepared = await adapter.prepare(page, job, ctx, prepared);
    await adapter.publish(page, job, ctx, prepared);
    const posts = fx.sim.publishes(fx.platform);
    expect(posts).toHaveLength(1);
    d.repeatedPrepare.check(posts);
  }, FLOW_TIMEOUT_MS);

  it('verify finds a published post and does not find an unpublished one', async () => {
    const page = await fx.open(account);
    const ctx = fx.ctx();
    const job = d.verifyJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const result = await adapter.publish(page, job, ctx, prepared);
    expect(await adapter.verify(page, job, ctx)).toEqual({ found: true, postId: result.postId, url: result.url, candidates: 1 });
    expect(await adapter.verify(page, d.makeJob(), ctx)).toEqual({ found: false });
    // verify is read-only: still the one post.
    expect(fx.sim.publishes(fx.platform)).toHaveLength(1);
  }, FLOW_TIMEOUT_MS);
}

export function errorContract<J extends PublishJob>(d: AdapterContract<J>): void {
  const { fixture: fx, adapter, account } = d;

  it('login_required when the session is gone; nothing is published', async () => {
    const page = await fx.open(account, false);
    const ctx = fx.ctx();
    await expectAdapterError(adapter.checkLogin(page, ctx), 'login_required', 'check_login');
    await expectAdapterError(adapter.prepare(page, d.makeJob(), ctx), 'login_required', 'open_editor');
    await expectAdapterError(adapter.verify(page, d.makeJob(), ctx), 'login_required', 'check_login');
    expect(ctx.gate.calls).toBe(0);
    expect(fx.sim.publishes(fx.platform)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('a refusing commit gate prevents the click', async () => {
    const page = await fx.open(account);
    const ctx = fx.ctx();
    const job = d.makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    ctx.gate.refuse = true;
    await expect(adapter.publish(page, job, ctx, prepared)).rejects.toThrow('commit refused');
    await page.waitForTimeout(300); // a click would have reached the simulator by now
    expect(ctx.gate.calls).toBe(1);
    expect(fx.sim.publishes(fx.platform)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('a missing control is editor_changed, naming the step', async () => {
    fx.sim.configure(fx.platform, { omit: [d.editorChanged.omit] });
    const page = await fx.open(account);
    const err = await expectAdapterError(adapter.prepare(page, d.makeJob(), fx.ctx(brief('selectorMs'))), 'editor_changed', d.editorChanged.step);
    expect(err.message).toContain(d.editorChanged.control);
  }, FLOW_TIMEOUT_MS);

  it('a lost answer is readback_failed (outcome unknown), and verify then finds the post', async () => {
    fx.sim.configure(fx.platform, { ...d.lostAnswerOptions, dropPublishResponse: true });
    const page = await fx.open(account);
    const ctx = fx.ctx(brief('publishMs'));
    const job = d.makeJob();
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'readback_failed', 'read_back');
    expect(err.outcomeUnknown).toBe(true);
    expect(await adapter.verify(page, job, ctx)).toMatchObject({ found: true, postId: fx.sim.publishes(fx.platform)[0]!.postId, candidates: 1 });
    expect(fx.sim.publishes(fx.platform)).toHaveLength(1);
  }, FLOW_TIMEOUT_MS);
}

/**
 * Article adapters that put every picture on the platform's own host and save
 * a draft before the publish step (百家号, 搜狐号, 网易号, 企鹅号, 大鱼号, 一点号):
 * what the platform refuses, and where, is the same for all of them.
 */
export interface ArticleDraftContract {
  fixture: AdapterFixture;
  adapter: Adapter;
  account: string;
  /** A valid article job for `account`, with what the case changes. */
  job(o?: { title?: string; content?: string; cover?: boolean; settings?: Record<string, unknown> }): ArticleJob;
  /** A local picture file the jobs may embed (ready once the fixture's setup ran). */
  picture(): string;
  /** Titles refused before the browser moves (too long, too short…). */
  badTitles: string[];
  /** The replica address of a draft page that is not the prepared one. */
  otherDraftUrl(): string;
}

export function articleDraftContract(d: ArticleDraftContract): void {
  const { fixture: fx, adapter, account } = d;

  it('titles the platform refuses are publish_rejected before the browser moves', async () => {
    const page = await fx.open(account);
    const ctx = fx.ctx();
    for (const title of d.badTitles) await expectAdapterError(adapter.prepare(page, d.job({ title }), ctx), 'publish_rejected', 'fill');
    expect(page.url()).toBe('about:blank');
  }, FLOW_TIMEOUT_MS);

  it('cover_rejected when the platform refuses the cover, or coverMode custom has no cover; nothing is published', async () => {
    fx.sim.configure(fx.platform, { rejectCover: '封面尺寸不符合要求' });
    const page = await fx.open(account);
    const ctx = fx.ctx();
    const err = await expectAdapterError(adapter.prepare(page, d.job({ content: '正文' }), ctx), 'cover_rejected', 'upload');
    expect(err.message).toContain('封面尺寸不符合要求');
    await expectAdapterError(adapter.prepare(page, d.job({ cover: false, settings: { coverMode: 'custom' } }), ctx), 'cover_rejected', 'upload');
    expect(ctx.gate.calls).toBe(0);
    expect(fx.sim.publishes(fx.platform)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('upload_failed when the platform refuses a picture, or the picture cannot be read', async () => {
    fx.sim.configure(fx.platform, { rejectImages: '图片格式不支持' });
    const page = await fx.open(account);
    const ctx = fx.ctx();
    const err = await expectAdapterError(adapter.prepare(page, d.job({ cover: false, settings: {}, content: `![图](${d.picture()})` }), ctx), 'upload_failed', 'upload');
    expect(err.message).toContain('图片格式不支持');
    fx.sim.configure(fx.platform, { rejectImages: false });
    await expectAdapterError(adapter.prepare(page, d.job({ content: `![图](${join(fx.media.dir, 'missing.png')})` }), ctx), 'upload_failed', 'upload');
    expect(fx.sim.publishes(fx.platform)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('publish_rejected when the platform refuses the article at publish', async () => {
    fx.sim.configure(fx.platform, { rejectPublish: '内容涉嫌违规' });
    const page = await fx.open(account);
    const ctx = fx.ctx();
    const job = d.job();
    const prepared = await adapter.prepare(page, job, ctx);
    const err = await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'publish_rejected', 'publish');
    expect(err.message).toContain('内容涉嫌违规');
    expect(ctx.gate.calls).toBe(1);
    expect(fx.sim.publishes(fx.platform)).toHaveLength(0);
  }, FLOW_TIMEOUT_MS);

  it('publish away from the prepared draft’s page is editor_changed and never passes the gate', async () => {
    const page = await fx.open(account);
    const ctx = fx.ctx();
    const job = d.job();
    const prepared = await adapter.prepare(page, job, ctx);
    await page.goto(d.otherDraftUrl());
    await expectAdapterError(adapter.publish(page, job, ctx, prepared), 'editor_changed', 'publish');
    expect(ctx.gate.calls).toBe(0);
  }, FLOW_TIMEOUT_MS);
}

/**
 * A page whose cover the platform refuses, then the same page without each of
 * some controls: the refusal is cover_rejected at upload with the platform's
 * own words, each missing control editor_changed at its step naming it, and
 * nothing is published.
 */
export async function expectCoverRefusalAndMissingControls<J extends PublishJob>(
  fx: AdapterFixture,
  adapter: Adapter,
  account: string,
  makeJob: () => J,
  o: { refusal: string; missing: Array<{ omit: string; step: Step; names: string }> },
): Promise<void> {
  fx.sim.configure(fx.platform, { rejectCover: o.refusal });
  const refused = await expectAdapterError(adapter.prepare(await fx.open(account), makeJob(), fx.ctx()), 'cover_rejected', 'upload');
  expect(refused.message).toContain(o.refusal);
  fx.sim.configure(fx.platform, { rejectCover: false });
  for (const m of o.missing) {
    fx.sim.configure(fx.platform, { omit: [m.omit] });
    const changed = await expectAdapterError(adapter.prepare(await fx.open(account), makeJob(), fx.ctx(brief('selectorMs'))), 'editor_changed', m.step);
    expect(changed.message, m.omit).toContain(m.names);
  }
  expect(fx.sim.publishes(fx.platform)).toHaveLength(0);
}

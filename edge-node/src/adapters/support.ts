/**
 * Building blocks every adapter uses, so that each adapter module reads as its
 * platform's flow and nothing else: finding controls (a missing one is
 * `editor_changed`), the login check, media through the sandbox, polling, and
 * the read-only matching of `verify`. The publish click is in publish-click.ts.
 */
import type { Locator, Page, Response } from 'playwright-core';
import {
  AdapterError,
  DEFAULT_TIMEOUTS,
  type AdapterContext,
  type AdapterErrorCode,
  type AdapterTimeouts,
  type LoginInfo,
  type OpenedFile,
  type PublishJob,
  type Step,
  type VerifyResult,
} from './contract.js';

export function timeouts(ctx: AdapterContext): AdapterTimeouts {
  return { ...DEFAULT_TIMEOUTS, ...ctx.timeouts };
}

export function siteUrl(ctx: AdapterContext, path: string): string {
  return ctx.baseUrl.replace(/\/+$/, '') + path;
}

/** Waits for a control the adapter relies on; its absence means the site changed. */
export async function need(
  scope: Page | Locator,
  selector: string,
  step: Step,
  what: string,
  ctx: AdapterContext,
  state: 'visible' | 'attached' = 'visible',
): Promise<Locator> {
  const loc = scope.locator(selector).first();
  try {
    await loc.waitFor({ state, timeout: timeouts(ctx).selectorMs });
  } catch (e) {
    if (!isTimeout(e)) throw e;
    if (!(await stillMissing(loc, state, ctx))) return loc;
    throw new AdapterError('editor_changed', step, `${what} not found (${selector})`, { selector, url: pageOf(scope).url() });
  }
  return loc;
}

/**
 * One more look at the page once a control's wait ran out. A wait's clock runs
 * in this process while the page may be unable to answer: the first query on
 * a new document sets up Playwright's selector engine in it, and a page busy
 * with its own scripts (an app hydrating) answers no query until they yield.
 * On a loaded machine either outlasts a control's timeout (measured: 1.2–1.6 s
 * for the first query on the douyin creator page at a load of 38 on 2 cores,
 * 0.1 s for the next), so a control is declared missing only when the page,
 * once it answers, does not show it. Waiting for that answer is bounded like
 * a navigation; a page that never answers is stuck (a plain, retryable error).
 */
async function stillMissing(loc: Locator, state: 'visible' | 'attached', ctx: AdapterContext): Promise<boolean> {
  const look = (async () => (await loc.count()) > 0 && (state === 'attached' || (await loc.isVisible())))();
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the page did not answer a query within ${timeouts(ctx).navigationMs} ms`)), timeouts(ctx).navigationMs);
  });
  try {
    return !(await Promise.race([look, stuck]));
  } finally {
    clearTimeout(timer);
    look.catch(() => {});
  }
}

/**
 * `page.goto`, again (three tries in all) if the page was still on its way elsewhere. Platforms move
 * their own page after a step (to the new post after publishing, to a list after a
 * save); a navigation started then interrupts ours. We let theirs finish and go again.
 */
async function gotoSettled(page: Page, url: string, ctx: AdapterContext): Promise<Response | null> {
  const options = { waitUntil: 'domcontentloaded', timeout: timeouts(ctx).navigationMs } as const;
  for (let attempt = 1; ; attempt++) {
    const leaving = page.url();
    try {
      return await page.goto(url, options);
    } catch (err) {
      // Chromium reports the cancelled navigation either way, depending on when theirs began.
      const cancelled = err instanceof Error && /interrupted by another navigation|net::ERR_ABORTED/.test(err.message);
      if (!cancelled || attempt === 3) throw err;
      // Theirs has begun but may not have arrived: wait until the page has left (2 s at most).
      await page.waitForURL((u) => u.href !== leaving, { waitUntil: 'domcontentloaded', timeout: 2_000 }).catch(() => {});
      ctx.signal.throwIfAborted();
    }
  }
}

/**
 * Navigates to a page that needs a session. Platforms answer a missing session by
 * redirecting to their login page, which `isLoginPage` recognises.
 */
export async function openLoggedIn(
  page: Page,
  url: string,
  step: Step,
  ctx: AdapterContext,
  isLoginPage: (url: URL) => boolean,
): Promise<void> {
  ctx.signal.throwIfAborted();
  const res = await gotoSettled(page, url, ctx);
  if (isLoginPage(new URL(page.url()))) {
    throw new AdapterError('login_required', step, 'no session: the platform redirected to its login page', { url: page.url() });
  }
  // A 5xx is the platform's trouble, not ours: a plain Error lets the daemon retry the step.
  if (res && res.status() >= 500) throw new Error(`${url} answered HTTP ${res.status()}`);
}

/** Reads who the page says is logged in (`data-uid` + text of the account badge). */
export async function readAccount(page: Page, selector: string, step: Step, ctx: AdapterContext): Promise<LoginInfo> {
  const badge = await need(page, selector, step, 'logged-in account badge', ctx, 'attached');
  const externalRef = (await badge.getAttribute('data-uid'))?.trim();
  if (!externalRef) throw new AdapterError('editor_changed', step, `account badge has no data-uid (${selector})`, { selector });
  return { externalRef, displayName: (await badge.innerText()).trim() };
}

/** A profile logged in as someone else must never publish this job. */
export function assertAccount(info: LoginInfo, job: PublishJob, step: Step): void {
  if (info.externalRef !== job.account.externalRef) {
    throw new AdapterError('login_required', step, `browser profile is logged in as ${info.externalRef}, job is for ${job.account.externalRef}`, {
      loggedInAs: info.externalRef,
    });
  }
}

/** Fills a text control and reads it back: an editor that silently alters text has changed. */
export async function fillChecked(loc: Locator, value: string, step: Step, what: string): Promise<void> {
  await loc.fill(value);
  const got = await loc.inputValue();
  if (got !== value) {
    throw new AdapterError('editor_changed', step, `${what} did not keep the text (${got.length} of ${value.length} characters)`);
  }
}

/** Opens media through the sandbox; a refusal is the given code (upload_failed, cover_rejected). */
export async function openMedia(ctx: AdapterContext, path: string, step: Step, code: AdapterErrorCode, what: string): Promise<OpenedFile> {
  try {
    return await ctx.openFile(path);
  } catch (e) {
    throw new AdapterError(code, step, `cannot open ${what}: ${(e as Error).message}`, { path });
  }
}

export function countChars(text: string): number {
  return Array.from(text).length;
}

/** Rejects content the platform's editor would refuse, before anything is clicked. */
export function assertMaxChars(text: string, max: number, step: Step, what: string): void {
  const n = countChars(text);
  if (n > max) throw new AdapterError('publish_rejected', step, `${what} has ${n} characters; the platform accepts at most ${max}`, { length: n, max });
}

/** Polls `read` until `done` holds, reporting nothing itself; throws `onTimeout()` when time runs out. */
export async function poll<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  opts: { intervalMs: number; timeoutMs: number; signal: AbortSignal; onValue?: (value: T) => void; onTimeout: () => Error },
): Promise<T> {
  const deadline = Date.now() + opts.timeoutMs;
  for (;;) {
    opts.signal.throwIfAborted();
    const value = await read();
    opts.onValue?.(value);
    if (done(value)) return value;
    if (Date.now() >= deadline) throw opts.onTimeout();
    await new Promise((r) => setTimeout(r, opts.intervalMs));
  }
}

/** Clock skew tolerated between the platform's timestamps and ours. */
const VERIFY_SKEW_MS = 10 * 60_000;

/** Whether a post dated `postedAt` can belong to this job (not before the job existed). */
export function inJobWindow(postedAt: string | null, job: PublishJob): boolean {
  if (!postedAt) return false;
  const at = Date.parse(postedAt);
  return Number.isFinite(at) && at >= Date.parse(job.createdAt) - VERIFY_SKEW_MS;
}

export function absoluteUrl(href: string, page: Page): string {
  return new URL(href, page.url()).toString();
}

export function isTimeout(e: unknown): boolean {
  return e instanceof Error && e.name === 'TimeoutError';
}

function pageOf(scope: Page | Locator): Page {
  return 'page' in scope && typeof scope.page === 'function' ? scope.page() : (scope as Page);
}

export interface ListedPost {
  postId: string;
  url: string;
  /** Title or text as the list shows it. */
  text: string;
  postedAt: string | null;
}

/**
 * Reads a platform's post list (read-only): for each row, the post link, the
 * text shown (`text` selector, else the link's own text) and its <time>.
 */
export async function listedPosts(
  list: Locator,
  rowSelector: string,
  sel: { link: string; text?: string },
  idOf: (href: string) => string | undefined,
  page: Page,
): Promise<ListedPost[]> {
  const rows = await list.locator(rowSelector).evaluateAll(
    (els, s) =>
      els.map((el) => {
        const link = el.querySelector(s.link);
        const textEl = (s.text ? el.querySelector(s.text) : link) as { innerText?: string; textContent: string | null } | null;
        return {
          href: link?.getAttribute('href') ?? '',
          text: (textEl?.innerText ?? textEl?.textContent ?? '').trim(),
          postedAt: el.querySelector('time')?.getAttribute('datetime') ?? null,
        };
      }),
    sel,
  );
  return rows.flatMap((r) => {
    const postId = r.href ? idOf(r.href) : undefined;
    return postId ? [{ postId, url: absoluteUrl(r.href, page), text: r.text, postedAt: r.postedAt }] : [];
  });
}

/** Picks this job's post out of a list read from the platform (newest first); read-only. */
export function matchPost(posts: readonly ListedPost[], job: PublishJob, matches: (text: string) => boolean): VerifyResult {
  const hits = posts.filter((p) => matches(p.text) && inJobWindow(p.postedAt, job));
  const first = hits[0];
  return first ? { found: true, postId: first.postId, url: first.url, candidates: hits.length } : { found: false };
}

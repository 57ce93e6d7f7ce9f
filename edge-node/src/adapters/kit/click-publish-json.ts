/**
 * The publish click for editors whose publish request answers with the post
 * itself (id, link): checks the button, passes the commit gate, clicks once,
 * and reads the platform's JSON answer to that one request — accepted (the
 * caller gets the post out of it), refused (`publish_rejected`: nothing was
 * published) or unknown (`readback_failed`: only `verify` may resolve it).
 * A refusal the page shows before any publish request left is a definite no.
 *
 * The answer is read while the browser holds it paused (DevTools Fetch domain,
 * response stage), because editors navigate away the moment they have it
 * (xiaohongshu goes to /publish/success) and a body read afterwards is gone.
 * The request itself is the browser's own: nothing is re-sent or rewritten.
 */
import type { Locator, Page, Request } from 'playwright-core';
import { AdapterError, type AdapterContext } from '../contract.js';
import { outcomeUnknown } from '../publish-click.js';
import { isTimeout, timeouts } from '../support.js';
import { type ApiVerdict, verificationRefused } from './api-publish.js';
import { asksVerification } from './challenge.js';
import { refusalIn, refusalText } from './refusal.js';

export interface JsonPublishClick<T> {
  button: Locator;
  isPublishRequest(req: Request): boolean;
  /**
   * DevTools URL patterns (`*` wildcards) covering the publish request, one or several
   * when the platform is recorded sending it to more than one address; `isPublishRequest`
   * decides among their matches.
   */
  urlPattern: string | readonly string[];
  /**
   * Where the page shows its own refusal (a toast, an inline error): a Locator, or a CSS
   * selector list of every message form recorded for the platform, read through
   * `refusalIn` (visible matches only, a success-worded message never counts).
   */
  refusal: Locator | string;
  /**
   * Reads the complete JSON answer: the post, or the platform's refusal. `text`
   * is the answer as it came, for ids a JSON number cannot hold exactly.
   */
  judge(body: unknown, text: string): ApiVerdict<T>;
  /**
   * The button of a confirmation the platform may show after the click. When it shows
   * before the publish request has left, it is clicked once: it completes the one commit
   * the gate allowed. When the click sends the request itself, it is never touched.
   */
  confirm?: Locator;
}

export async function clickPublishForJson<T>(page: Page, click: JsonPublishClick<T>, ctx: AdapterContext): Promise<T> {
  const t = timeouts(ctx);
  ctx.signal.throwIfAborted();
  ctx.progress('publish');
  try {
    await click.button.click({ trial: true, timeout: t.selectorMs });
  } catch (e) {
    // A button locator matching several controls (Playwright's strict mode) names no one publish.
    if (/strict mode violation/.test((e as Error).message)) throw new AdapterError('editor_changed', 'publish', 'several controls could be the publish button; nothing was clicked', { url: page.url() });
    if (!isTimeout(e)) throw e;
    const enabled = await click.button.isEnabled().catch(() => false);
    throw new AdapterError(enabled ? 'editor_changed' : 'publish_rejected', 'publish', 'publish button is not clickable; nothing was clicked', { url: page.url(), enabled });
  }
  const refusal = typeof click.refusal === 'string' ? refusalIn(page, click.refusal) : click.refusal.filter({ visible: true });
  const staleRefusal = (await refusal.count()) > 0;
  let sent = false;
  const onRequest = (req: Request) => {
    if (click.isPublishRequest(req)) sent = true;
  };
  page.on('request', onRequest);
  const capture = await captureAnswer(page, click);
  try {
    await ctx.beforePublish(); // if the gate says no, there is no click
    ctx.log.info({ step: 'publish' }, 'commit acknowledged; clicking publish');
    const never = new Promise<never>(() => {});
    const failed = page.waitForEvent('requestfailed', { predicate: click.isPublishRequest, timeout: t.publishMs }).then(
      (req) => ({ kind: 'failed' as const, error: req.failure()?.errorText ?? 'request failed' }),
      () => never,
    );
    const timedOut = new Promise<{ kind: 'timeout' }>((resolve) => setTimeout(() => resolve({ kind: 'timeout' }), t.publishMs).unref());
    const refused = staleRefusal
      ? never
      : refusal
          .first()
          .waitFor({ timeout: t.publishMs })
          .then(
            () => (sent ? never : { kind: 'refused' as const }),
            () => never,
          );
    try {
      // No signal check between the gate and the click: the gate is the authority.
      await click.button.click({ timeout: t.selectorMs });
    } catch (e) {
      throw outcomeUnknown(`publish click failed midway: ${(e as Error).message}`, page);
    }
    let answered = false;
    if (click.confirm) void confirmWhenShown(click.confirm, () => sent || answered, t, ctx);
    const outcome = await Promise.race([capture.answer, failed, refused, timedOut]);
    answered = true;
    ctx.progress('read_back');
    if (outcome.kind === 'refused') {
      const text = await refusalText(refusal);
      throw new AdapterError('publish_rejected', 'publish', `the editor refused to send the post: ${text}`, { sent: false });
    }
    if (outcome.kind !== 'answer') throw outcomeUnknown(`no answer to the publish request (${'error' in outcome ? outcome.error : outcome.kind})`, page);
    const { status, text } = outcome;
    if (status >= 500) throw outcomeUnknown(`publish request answered HTTP ${status}`, page);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (e) {
      if (status >= 400) throw new AdapterError('publish_rejected', 'publish', `platform refused the post (HTTP ${status})`, { status, answer: text.slice(0, 20_000) });
      throw outcomeUnknown(`the publish answer is not readable JSON (${(e as Error).message})`, page);
    }
    const verdict = click.judge(body, text);
    if ((!verdict.ok || status >= 400) && asksVerification(text, verdict.ok ? '' : verdict.message)) throw verificationRefused(verdict.ok ? `HTTP ${status}` : verdict.message, status);
    // The answer as it came stays on the node: the account's standing is read from it (kit/standing.ts).
    if (!verdict.ok) throw new AdapterError('publish_rejected', 'publish', `platform refused the post: ${verdict.message}`, { status, answer: text.slice(0, 20_000) });
    return verdict.value;
  } finally {
    page.off('request', onRequest);
    await capture.stop();
  }
}

/**
 * Clicks the confirmation once if it shows while the publish request has not left.
 * A confirmation that never shows, or a click on it that fails, leaves the outcome
 * to the answer watchers (a request that never leaves ends as unknown).
 */
async function confirmWhenShown(confirm: Locator, settled: () => boolean, t: ReturnType<typeof timeouts>, ctx: AdapterContext): Promise<void> {
  const shown = confirm.filter({ visible: true }).first();
  try {
    await shown.waitFor({ timeout: t.publishMs });
  } catch {
    return; // not shown: the click sent the post itself, or the page went away
  }
  if (settled()) return;
  ctx.log.info({ step: 'publish' }, 'the platform asked for a confirmation; confirming the one publish');
  await shown.click({ timeout: t.selectorMs }).catch((e: unknown) => {
    ctx.log.warn({ step: 'publish', err: (e as Error).message }, 'the confirmation could not be clicked');
  });
}

type Captured = { kind: 'answer'; status: number; text: string } | { kind: 'failed'; error: string };

/** Pauses the publish answer at the response stage, reads its whole body, then lets the page have it. */
async function captureAnswer(page: Page, click: Pick<JsonPublishClick<unknown>, 'urlPattern' | 'isPublishRequest'>) {
  const cdp = await page.context().newCDPSession(page);
  let settle!: (c: Captured) => void;
  const answer = new Promise<Captured>((resolve) => (settle = resolve));
  cdp.on('Fetch.requestPaused', (ev) => {
    const release = () => cdp.send('Fetch.continueRequest', { requestId: ev.requestId }).catch(() => {});
    const matches = ev.responseStatusCode !== undefined && isSame(ev.request.method, ev.request.url, click);
    if (!matches) return void release();
    cdp
      .send('Fetch.getResponseBody', { requestId: ev.requestId })
      .then(
        (b) => settle({ kind: 'answer', status: ev.responseStatusCode!, text: b.base64Encoded ? Buffer.from(b.body, 'base64').toString('utf8') : b.body }),
        (e: unknown) => settle({ kind: 'failed', error: `answer cut off: ${(e as Error).message}` }),
      )
      .finally(release);
  });
  const patterns = typeof click.urlPattern === 'string' ? [click.urlPattern] : click.urlPattern;
  await cdp.send('Fetch.enable', { patterns: patterns.map((urlPattern) => ({ urlPattern, requestStage: 'Response' as const })) });
  return {
    answer,
    stop: async () => {
      await cdp.send('Fetch.disable').catch(() => {});
      await cdp.detach().catch(() => {});
    },
  };
}

/** `isPublishRequest` takes a Playwright Request; the paused event has only method and URL. */
function isSame(method: string, url: string, click: Pick<JsonPublishClick<unknown>, 'isPublishRequest'>): boolean {
  return click.isPublishRequest({ method: () => method, url: () => url } as Request);
}

/**
 * The publish click: the one step that must never run twice. Checks the button,
 * passes the daemon's commit gate, clicks exactly once, and turns whatever
 * follows into one of three answers — accepted (read back the post),
 * refused (`publish_rejected`: nothing was published) or unknown
 * (`readback_failed`: only `verify` may resolve it).
 */
import type { Locator, Page, Request } from 'playwright-core';
import { AdapterError, type AdapterContext } from './contract.js';
import { isTimeout, timeouts } from './support.js';

export interface PublishClick {
  button: Locator;
  /** The platform's publish request (matched on the network, the only reliable witness of the click). */
  isPublishRequest(req: Request): boolean;
  /** Shown by the page when the platform accepted the post. */
  success: Locator;
  /** Shown by the page when the platform refused it. */
  failure: Locator;
}

/**
 * The one non-repeatable step. Checks the button is clickable, passes the commit
 * gate, clicks once, then classifies what follows:
 * - the page refuses without sending anything, or the platform refuses (HTTP 4xx,
 *   or the page shows its refusal after the answer) → `publish_rejected`
 * - no answer, 5xx, page gone, timeout, abort, anything unexpected → `readback_failed`
 * - accepted → resolves with the success locator visible, for the adapter to read back.
 */
export async function gatedPublish(page: Page, click: PublishClick, ctx: AdapterContext): Promise<Locator> {
  const t = timeouts(ctx);
  ctx.signal.throwIfAborted();
  ctx.progress('publish');
  try {
    await trialClick(click.button, t);
  } catch (e) {
    if (!isTimeout(e)) throw e;
    const enabled = await click.button.isEnabled({ timeout: t.selectorMs }).catch(() => false);
    throw new AdapterError(enabled ? 'editor_changed' : 'publish_rejected', 'publish', 'publish button is not clickable; nothing was clicked', {
      url: page.url(),
      enabled,
    });
  }

  // A refusal already on screen is stale; only one that appears after the click can mean "not sent".
  const staleRefusal = await click.failure.isVisible();
  const answer = watchAnswer(page, click, !staleRefusal);
  try {
    await ctx.beforePublish();
  } catch (e) {
    answer.dispose();
    throw e; // the gate said no: there is no click
  }
  ctx.log.info({ step: 'publish' }, 'commit acknowledged; clicking publish');
  try {
    // No signal check between the gate and the click: the gate is the authority.
    // The button passed the trial: this bound is only for a page slow to answer, so it is the publish step's.
    await click.button.click({ timeout: t.publishMs });
  } catch (e) {
    answer.dispose();
    throw outcomeUnknown(`publish click failed midway: ${(e as Error).message}`, page);
  }

  // From here on the post may exist: whatever goes wrong is "unknown", never a plain retryable error.
  try {
    return await readAnswer(page, click, await answer.wait(t.publishMs, ctx.signal), ctx);
  } catch (e) {
    if (e instanceof AdapterError) throw e;
    throw outcomeUnknown(`after the publish click: ${(e as Error).message}`, page);
  }
}

/**
 * Checks the button could be clicked, without clicking. The check's clock runs
 * here while the page may be slow to answer (a loaded machine, a page busy
 * with its scripts): when it runs out on a button that, once the page answers,
 * is visible and enabled, the check is given a navigation's time to finish.
 * A button that is hidden, disabled or covered still fails.
 */
async function trialClick(button: Locator, t: ReturnType<typeof timeouts>): Promise<void> {
  try {
    await button.click({ trial: true, timeout: t.selectorMs });
  } catch (e) {
    if (!isTimeout(e)) throw e;
    const ready = (await button.isVisible()) && (await button.isEnabled({ timeout: t.selectorMs }).catch(() => false));
    if (!ready) throw e;
    await button.click({ trial: true, timeout: t.navigationMs });
  }
}

async function readAnswer(page: Page, click: PublishClick, outcome: Answer, ctx: AdapterContext): Promise<Locator> {
  const t = timeouts(ctx);
  const refusal = async () => (await click.failure.innerText({ timeout: t.selectorMs }).catch(() => '')).trim();
  ctx.log.info({ step: 'publish', outcome: outcome.kind, status: outcome.status }, 'publish request answered');
  if (outcome.kind === 'refused_locally') {
    throw new AdapterError('publish_rejected', 'publish', `the editor refused to send the post: ${await refusal()}`, { url: page.url(), sent: false });
  }
  if (outcome.kind !== 'response') throw outcomeUnknown(`no answer to the publish request (${outcome.kind}${outcome.error ? `: ${outcome.error}` : ''})`, page);
  if (outcome.status >= 500) throw outcomeUnknown(`publish request answered HTTP ${outcome.status}`, page);
  if (outcome.status >= 400) {
    throw new AdapterError('publish_rejected', 'publish', `platform refused the post (HTTP ${outcome.status}): ${await refusal()}`, {
      status: outcome.status,
      url: page.url(),
    });
  }

  ctx.progress('read_back');
  try {
    await click.success.or(click.failure).filter({ visible: true }).first().waitFor({ timeout: t.publishMs });
  } catch {
    throw outcomeUnknown('the platform accepted the request but showed no confirmation', page);
  }
  if (!(await click.success.isVisible())) {
    throw new AdapterError('publish_rejected', 'publish', `platform refused the post: ${await refusal()}`, { url: page.url() });
  }
  return click.success;
}

/** The click happened (or may have) and we cannot say what came of it. */
export function outcomeUnknown(message: string, page: Page): AdapterError {
  return new AdapterError('readback_failed', 'read_back', `${message}; the post may exist: verify before any retry`, { url: safeUrl(page) });
}

type Answer =
  | { kind: 'response'; status: number; error?: undefined }
  | { kind: 'failed' | 'timeout' | 'closed' | 'aborted' | 'refused_locally'; status?: undefined; error?: string };

/**
 * Listens for the publish request's answer; registered before the click so it
 * cannot be missed. It waits for the whole response (`requestfinished`): an
 * answer cut off after its headers is no answer. A refusal the page shows
 * before any publish request left (client-side validation) is a definite no.
 */
function watchAnswer(page: Page, click: PublishClick, watchLocalRefusal: boolean) {
  const match = click.isPublishRequest;
  let settle!: (a: Answer) => void;
  let sent = false;
  const settled = new Promise<Answer>((resolve) => (settle = resolve));
  const onRequest = (req: Request) => {
    if (match(req)) sent = true;
  };
  const onFinished = (req: Request) => {
    if (!match(req)) return;
    req.response().then(
      (res) => settle(res ? { kind: 'response', status: res.status() } : { kind: 'failed', error: 'no response' }),
      (e: unknown) => settle({ kind: 'failed', error: (e as Error).message }),
    );
  };
  const onFailed = (req: Request) => {
    if (match(req)) settle({ kind: 'failed', error: req.failure()?.errorText ?? 'request failed' });
  };
  const onClose = () => settle({ kind: 'closed' });
  page.on('request', onRequest);
  page.on('requestfinished', onFinished);
  page.on('requestfailed', onFailed);
  page.on('close', onClose);
  const dispose = () => {
    page.off('request', onRequest);
    page.off('requestfinished', onFinished);
    page.off('requestfailed', onFailed);
    page.off('close', onClose);
  };
  return {
    dispose,
    async wait(timeoutMs: number, signal: AbortSignal): Promise<Answer> {
      const timer = setTimeout(() => settle({ kind: 'timeout' }), timeoutMs);
      const onAbort = () => settle({ kind: 'aborted' });
      signal.addEventListener('abort', onAbort, { once: true });
      if (signal.aborted) onAbort();
      if (watchLocalRefusal) {
        click.failure
          .filter({ visible: true })
          .first()
          .waitFor({ timeout: timeoutMs })
          .then(
            () => {
              if (!sent) settle({ kind: 'refused_locally' });
            },
            () => {}, // timed out or page gone: the other listeners decide
          );
      }
      try {
        return await settled;
      } finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        dispose();
      }
    },
  };
}

function safeUrl(page: Page): string {
  try {
    return page.url();
  } catch {
    return '';
  }
}

/**
 * Reads the post link a publish confirmation shows. The click has happened, so
 * a missing or unreadable link makes the outcome unknown (verify, never retry).
 */
export async function confirmedPost(
  page: Page,
  confirmation: Locator,
  linkSelector: string,
  idOf: (href: string) => string | undefined,
  ctx: AdapterContext,
  missing: string,
): Promise<{ postId: string; url: string }> {
  const href = await confirmation
    .locator(linkSelector)
    .getAttribute('href', { timeout: timeouts(ctx).selectorMs })
    .catch(() => null);
  const postId = href ? idOf(href) : undefined;
  if (!href || !postId) throw outcomeUnknown(missing, page);
  return { postId, url: new URL(href, page.url()).toString() };
}

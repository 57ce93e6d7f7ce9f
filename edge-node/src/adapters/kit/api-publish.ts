/**
 * The publish step for platforms whose editor publishes through one JSON call:
 * the commit gate, then exactly one request from the logged-in page, then one
 * of three answers — accepted (the caller reads the post id), refused
 * (`publish_rejected`: nothing was published) or unknown (`readback_failed`:
 * only `verify` may resolve it). The same rules as the click in publish-click.ts.
 *
 * A refusal that asks for a verification (the platform's risk control wants the session
 * verified: asksVerification) is still a refusal, marked `verification`: the node fails the job
 * `challenge_required`, never sends the request again (run-attempt.ts).
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext } from '../contract.js';
import { outcomeUnknown } from '../publish-click.js';
import { timeouts } from '../support.js';
import { asksVerification } from './challenge.js';
import { pageRequest, type ApiRequest } from './page-api.js';

export type ApiVerdict<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * `judge` reads a complete JSON answer (HTTP < 400): the platform's own success
 * code and post id, or its refusal. It runs after the call, so it must not throw
 * for a refusal; a post id it cannot find makes the outcome unknown. `text` is
 * the answer as it came, for ids a JSON number cannot hold exactly.
 */
export async function gatedApiPublish<T>(page: Page, url: string, req: ApiRequest, judge: (body: unknown, text: string) => ApiVerdict<T>, ctx: AdapterContext): Promise<T> {
  ctx.signal.throwIfAborted();
  ctx.progress('publish');
  await ctx.beforePublish(); // if the gate says no, there is no call
  ctx.log.info({ step: 'publish' }, 'commit acknowledged; sending the publish request');
  let res;
  try {
    // No signal check between the gate and the call: the gate is the authority.
    res = await pageRequest(page, url, req, timeouts(ctx).publishMs);
  } catch (e) {
    throw outcomeUnknown(`no answer to the publish request: ${(e as Error).message}`, page);
  }
  ctx.progress('read_back');
  if (res.status >= 500) throw outcomeUnknown(`publish request answered HTTP ${res.status}`, page);
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch {
    if (res.status >= 400 && asksVerification(res.text)) throw verificationRefused(`HTTP ${res.status}`, res.status);
    if (res.status >= 400) throw new AdapterError('publish_rejected', 'publish', `platform refused the post (HTTP ${res.status})`, { status: res.status, answer: answerText(res.text) });
    throw outcomeUnknown('the publish answer is not readable JSON', page);
  }
  const verdict = judge(body, res.text);
  if ((!verdict.ok || res.status >= 400) && asksVerification(res.text, verdict.ok ? '' : verdict.message)) throw verificationRefused(verdict.ok ? `HTTP ${res.status}` : verdict.message, res.status);
  if (!verdict.ok) throw new AdapterError('publish_rejected', 'publish', `platform refused the post: ${verdict.message}`, { status: res.status, answer: answerText(res.text) });
  if (res.status >= 400) throw new AdapterError('publish_rejected', 'publish', `platform refused the post (HTTP ${res.status})`, { status: res.status, answer: answerText(res.text) });
  return verdict.value;
}

/** The refusal as the platform worded it, kept on the node: the account's standing is read from it (kit/standing.ts). */
const answerText = (text: string) => text.slice(0, 20_000);

/**
 * The platform refused the publish until the account is verified: nothing was published. A
 * `publish_rejected` (the adapter contract's code for a definite no) marked `verification`, which
 * the node reports as `challenge_required`.
 */
export function verificationRefused(said: string, status: number): AdapterError {
  return new AdapterError('publish_rejected', 'publish', `the platform asks to verify the account before it publishes (${said}); nothing was published`, { status, verification: true });
}

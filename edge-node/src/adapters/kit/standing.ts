/**
 * Reads what a platform shows about the account's standing at the end of a job's attempt:
 * the recorded signs of standing-facts.ts, matched in the page's visible text and in the
 * platform's answer to the publish request when it refused one. The job's result carries
 * what matched (`signals`), and the control plane counts each as a health signal of the
 * account. One evaluation of the page, bounded: a page with nothing on it costs a few
 * milliseconds, a page gone or stuck costs at most the bound and reports nothing.
 */
import { ACCOUNT_SIGNALS_MAX, type AccountSignal } from '@plume/shared';
import type { Page } from 'playwright-core';
import { STANDING_FACTS, type StandingFact } from './standing-facts.js';

/** How long reading the page may take before the attempt's result goes without it. */
export const STANDING_READ_MS = 1500;
/** The most of a page's visible text read (a creator page's banner is near its top). */
const PAGE_TEXT_CHARS = 200_000;
const AROUND_CHARS = 60;

/** The visible text of the page's main frame, or '' if it cannot be read within the bound. */
export async function visibleText(page: Page, boundMs = STANDING_READ_MS): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      // A page script (this package has no DOM types): the body's rendered text, what a person sees.
      page.evaluate<string>(`String((document.body && document.body.innerText) || '').slice(0, ${PAGE_TEXT_CHARS})`),
      new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve(''), boundMs);
      }),
    ]);
  } catch {
    return '';
  } finally {
    clearTimeout(timer);
  }
}

/** The value at a dot path of a parsed JSON answer. */
function at(body: unknown, path: string): unknown {
  let v: unknown = body;
  for (const key of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** The words around a match, on one line, for a person reading the signal. */
function around(text: string, index: number, length: number): string {
  const from = Math.max(0, index - AROUND_CHARS);
  return text
    .slice(from, index + length + AROUND_CHARS)
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 500);
}

function signalOf(f: StandingFact, text: string): AccountSignal {
  return { kind: f.kind, where: f.where, sign: f.sign.slice(0, 200), text: text || f.sign };
}

/**
 * The signs of `platform` that `pageText` (the page's visible text) or `answer` (the
 * platform's answer to a refused publish, as it came) hold: one signal per fact that
 * matched, one of each kind (a restriction first). Texts match without regard to
 * case; codes match a recorded field of the answer read as JSON (a number or its string).
 */
export function standingSignals(platform: string, { pageText = '', answer = '' }: { pageText?: string; answer?: string }): AccountSignal[] {
  const facts = STANDING_FACTS[platform] ?? [];
  if (facts.length === 0 || (!pageText && !answer)) return [];
  let body: unknown;
  try {
    body = answer ? JSON.parse(answer) : undefined;
  } catch {
    body = undefined;
  }
  const found: Array<{ fact: StandingFact; signal: AccountSignal }> = [];
  for (const fact of facts) {
    if (fact.signType === 'code') {
      const hit = body !== undefined && (fact.fields ?? []).some((field) => String(at(body, field) ?? '') === fact.sign);
      if (hit) found.push({ fact, signal: signalOf(fact, answer.replace(/\s+/g, ' ').slice(0, 500)) });
      continue;
    }
    const needle = fact.sign.toLowerCase();
    for (const text of [pageText, answer]) {
      const i = text.toLowerCase().indexOf(needle);
      if (i >= 0) {
        found.push({ fact, signal: signalOf(fact, around(text, i, needle.length)) });
        break;
      }
    }
  }
  // One signal of each kind: the health rules count signals, and one notice read in two places
  // (the answer and the page) is one event. A restriction comes first.
  const seen = new Set<string>();
  return found
    .sort((a, b) => (a.fact.severity === b.fact.severity ? 0 : a.fact.severity === 'restriction' ? -1 : 1))
    .filter(({ signal }) => {
      if (seen.has(signal.kind)) return false;
      seen.add(signal.kind);
      return true;
    })
    .slice(0, ACCOUNT_SIGNALS_MAX)
    .map(({ signal }) => signal);
}

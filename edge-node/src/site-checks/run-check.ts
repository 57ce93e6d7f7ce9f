/**
 * One site check: an adapter driven against the live site, in the account's
 * own profile, through every step up to and NOT including the publish click.
 *
 * No adapter writes any code for it. The check runs the adapter's own
 * `checkLogin` → `prepare` → `publish`, with a commit gate that always refuses:
 * `publish` calls the gate immediately before its one click (contract.ts), so
 * the click cannot happen by construction — and everything `publish` looks at
 * before the gate (the button is there and clickable) is checked too. The
 * steps the adapter reports through `ctx.progress` are the check's steps.
 *
 * Outcomes:
 * - `passed`: the gate was reached; the page matched the adapter at every step.
 * - `failed`: the adapter stopped on the site (an AdapterError other than
 *   `login_required`: a control gone, an option no longer offered, an upload
 *   the platform refused…). The control plane blocks the pair until a pass.
 * - `inconclusive`: the check could not judge the site (no session, network,
 *   Chromium trouble). It changes nothing the control plane knows.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { AccountRecord } from '../accounts/accounts.js';
import { type Adapter, type AdapterContext, AdapterError, type AdapterLog, type AdapterTimeouts, type ContentType, type Prepared, type PublishJob, STEPS, type Step } from '../adapters/contract.js';
import { FACT_STATES, factCounts } from '../adapters/provenance.js';
import { checkJob } from './check-job.js';
import { type CheckMedia, ensureCheckMedia } from './check-media.js';

export type CheckStatus = 'passed' | 'failed' | 'inconclusive';

export interface CheckStepReport {
  step: Step;
  /** `matched`: the adapter went through it; `changed`: the site stopped it there; `unknown`: the check could not judge it; `not_reached`: after the stop. */
  result: 'matched' | 'changed' | 'unknown' | 'not_reached';
  /** The facts about the site this step rests on, and how many of them no public source confirms (from the adapter's provenance). */
  facts: { total: number; unverified: number };
}

export interface CheckReport {
  platform: string;
  contentType: ContentType;
  account: string;
  status: CheckStatus;
  steps: CheckStepReport[];
  /** failed / inconclusive: what stopped the check. */
  error?: { code: string; step: Step; message: string };
  /** Where the screenshot and HTML of the first mismatch were written. */
  evidenceDir?: string;
  /** How many of the steps the check walked rest on at least one unverified fact. */
  unverifiedSteps: number;
  startedAt: string;
  finishedAt: string;
}

/** Thrown by the check's gate: the adapter reached the publish click and was stopped before it. */
class StoppedBeforeClick extends Error {
  constructor() {
    super('site check: stopped at the commit gate, before the publish click');
  }
}

export interface CheckOptions {
  adapter: Adapter;
  account: AccountRecord;
  contentType: ContentType;
  baseUrl: string;
  profileDir: string;
  stateDir: string;
  launchProfile: (dir: string) => Promise<BrowserContext>;
  log?: AdapterLog;
  timeouts?: Partial<AdapterTimeouts>;
  signal?: AbortSignal;
  now?: () => Date;
}

export async function runCheck(o: CheckOptions): Promise<CheckReport> {
  const now = o.now ?? (() => new Date());
  const startedAt = now();
  const seen: Step[] = [];
  let gateReached = false;
  let context: BrowserContext | null = null;
  let page: Page | null = null;
  let job: PublishJob | null = null;
  /** What prepare returned (the draft a check leaves behind is discarded with it). */
  let prepared: { value: Prepared } | null = null;
  const finish = (status: CheckStatus, error?: CheckReport['error'], evidenceDir?: string): CheckReport => {
    const steps = withFacts(o.adapter, o.contentType, stepReport(seen, error && { step: error.step, judged: status === 'failed' }));
    const walked = steps.filter((s) => s.result === 'matched' || s.result === 'changed');
    return {
      platform: o.adapter.platform,
      contentType: o.contentType,
      account: o.account.externalRef,
      status,
      steps,
      ...(error ? { error } : {}),
      ...(evidenceDir ? { evidenceDir } : {}),
      unverifiedSteps: walked.filter((s) => s.facts.unverified > 0).length,
      startedAt: startedAt.toISOString(),
      finishedAt: now().toISOString(),
    };
  };

  try {
    context = await o.launchProfile(o.profileDir);
    const media: CheckMedia = await ensureCheckMedia(o.stateDir, () => context!.newPage());
    page = context.pages()[0] ?? (await context.newPage());
    job = checkJob(o.adapter, o.account, o.contentType, media, startedAt);
    const ctx: AdapterContext = {
      baseUrl: o.baseUrl,
      openFile: (path) => openCheckFile(path, media),
      progress: (step) => {
        if (!seen.includes(step)) seen.push(step);
      },
      beforePublish: async () => {
        gateReached = true;
        throw new StoppedBeforeClick();
      },
      signal: o.signal ?? new AbortController().signal,
      log: o.log ?? { debug() {}, info() {}, warn() {} },
      ...(o.timeouts ? { timeouts: o.timeouts } : {}),
    };

    const login = await o.adapter.checkLogin(page, ctx);
    if (login.externalRef !== o.account.externalRef) {
      return finish('inconclusive', { code: 'login_required', step: 'check_login', message: `the profile is logged in as ${login.externalRef}, not ${o.account.externalRef}` });
    }
    prepared = { value: await o.adapter.prepare(page, job, ctx) };
    await o.adapter.publish(page, job, ctx, prepared.value);
    // publish returned: the adapter clicked without asking the gate. Never call that a pass.
    return finish('failed', { code: 'gate_skipped', step: 'publish', message: 'the adapter published without passing the commit gate' }, await saveEvidence(o, page, 'publish', startedAt));
  } catch (e) {
    if (e instanceof StoppedBeforeClick || (gateReached && !(e instanceof AdapterError))) {
      if (!seen.includes('publish')) seen.push('publish');
      if (page && job && prepared) await discard(o.adapter, page, job, prepared.value, o);
      return finish('passed');
    }
    const message = (e as Error).message ?? String(e);
    if (e instanceof AdapterError && e.code !== 'login_required') {
      return finish('failed', { code: e.code, step: e.step, message }, page ? await saveEvidence(o, page, e.step, startedAt) : undefined);
    }
    const step = e instanceof AdapterError ? e.step : (seen.at(-1) ?? 'check_login');
    const code = e instanceof AdapterError ? e.code : 'check_error';
    return finish('inconclusive', { code, step, message }, page ? await saveEvidence(o, page, step, startedAt) : undefined);
  } finally {
    await context?.close().catch(() => {});
  }
}

/** What the adapter went through, where it stopped (`changed`, or `unknown` when the check could not judge), what it never reached. */
type StepOutcome = Omit<CheckStepReport, 'facts'>;

function stepReport(seen: readonly Step[], stop: { step: Step; judged: boolean } | undefined): StepOutcome[] {
  const out: StepOutcome[] = seen.filter((s) => s !== stop?.step).map((step) => ({ step, result: 'matched' as const }));
  if (!stop) return out;
  out.push({ step: stop.step, result: stop.judged ? 'changed' : 'unknown' });
  // read_back follows the click, which a check never makes.
  for (const step of STEPS) if (step !== 'read_back' && !out.some((r) => r.step === step)) out.push({ step, result: 'not_reached' });
  return out;
}

/** Each step with the count of facts it rests on (the adapter's provenance). */
export function withFacts(adapter: Adapter, type: ContentType, steps: readonly StepOutcome[]): CheckStepReport[] {
  const { byStep } = factCounts(adapter.provenance, type);
  return steps.map((s) => {
    const c = byStep[s.step];
    return { ...s, facts: { total: FACT_STATES.reduce((n, state) => n + c[state], 0), unverified: c.unverified } };
  });
}

/** Only the two check files may be opened: the check never reads operator media. */
async function openCheckFile(path: string, media: CheckMedia) {
  if (path !== media.image && path !== media.video) throw new Error(`a site check opens only its own media, not ${path}`);
  const handle = await open(path, 'r');
  const size = (await handle.stat()).size;
  await handle.close();
  return {
    path,
    size,
    read: async (into: Buffer, position: number) => {
      const h = await open(path, 'r');
      try {
        return (await h.read(into, 0, into.length, position)).bytesRead;
      } finally {
        await h.close();
      }
    },
  };
}

async function discard(adapter: Adapter, page: Page, job: PublishJob, prepared: Prepared, o: CheckOptions): Promise<void> {
  if (!adapter.discardDraft) return;
  try {
    const ctx: AdapterContext = {
      baseUrl: o.baseUrl,
      openFile: () => Promise.reject(new Error('no media while discarding a draft')),
      progress: () => {},
      beforePublish: () => Promise.reject(new Error('discarding a draft never publishes')),
      signal: o.signal ?? new AbortController().signal,
      log: o.log ?? { debug() {}, info() {}, warn() {} },
      ...(o.timeouts ? { timeouts: o.timeouts } : {}),
    };
    await adapter.discardDraft(page, job, ctx, prepared);
  } catch (e) {
    o.log?.warn({ platform: adapter.platform, err: (e as Error).message }, 'the check draft could not be discarded; remove it on the site');
  }
}

/** The page as the check left it: a full screenshot and its HTML, under <state>/checks/<platform>-<type>-<time>/. */
async function saveEvidence(o: CheckOptions, page: Page, step: Step, at: Date): Promise<string | undefined> {
  const dir = join(o.stateDir, 'checks', `${o.adapter.platform}-${o.contentType}-${at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dir, 'step.txt'), `${step}\n${page.url()}\n`, { mode: 0o600 });
    await page.screenshot({ path: join(dir, 'screenshot.png'), fullPage: true, timeout: 10_000 }).catch(() => {});
    // Bounded like the screenshot: a page busy with its own scripts must not hold the report back.
    const html = await withinMs(page.content(), 10_000).catch(() => undefined);
    if (html !== undefined) writeFileSync(join(dir, 'page.html'), html, { mode: 0o600 });
    return dir;
  } catch {
    return undefined; // the page is gone; the report still says where the check stopped
  }
}

/** `work`'s value, or a rejection once `ms` have passed without one. */
function withinMs<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  work.catch(() => {});
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * What the adapter tests share: one Chromium per file, a browser context per
 * test holding the simulator's session cookie (as an imported storage state
 * would), a recording AdapterContext, and generated media files.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchChromium } from '../../edge-node/src/adapters/browser.js';
import { AdapterError, DEFAULT_TIMEOUTS, type AdapterContext, type AdapterErrorCode, type AdapterTimeouts, type ProgressDetail, type Step } from '../../edge-node/src/adapters/contract.js';
import type { Simulator } from './index.js';

export function launchTestBrowser(): Promise<Browser> {
  return launchChromium({ executablePath: process.env.PLUME_CHROMIUM_PATH });
}

export interface TestContext extends AdapterContext {
  events: Array<{ step: Step; detail?: ProgressDetail }>;
  gate: { calls: number; refuse: boolean };
}

/**
 * The waits a case may shorten, for the one thing it expects never to come: a control the
 * editor lost (`selectorMs`), an answer the platform dropped (`publishMs`), an upload that never
 * ends (`uploadMs`). Everything else a case waits for gets the product's own bounds.
 */
export const BRIEF_TIMEOUTS = { selectorMs: 3_000, navigationMs: 10_000, uploadMs: 15_000, publishMs: 5_000 } as const satisfies AdapterTimeouts;

/**
 * Context overrides that shorten only the named waits (to BRIEF_TIMEOUTS), for a case that
 * expects them to run out: `fx.ctx(brief('selectorMs'))`. The other waits keep the product's
 * bounds, so the steps before the missing thing cannot fail on a slow machine instead.
 */
export function brief(...waits: Array<keyof AdapterTimeouts>): { timeouts: AdapterTimeouts } {
  const timeouts: AdapterTimeouts = { ...DEFAULT_TIMEOUTS };
  for (const w of waits) timeouts[w] = BRIEF_TIMEOUTS[w];
  return { timeouts };
}

/**
 * A recording context. It waits as long as the product does (DEFAULT_TIMEOUTS): a loaded
 * machine makes a case slower, never wrong. A case that expects a wait to run out shortens
 * that one wait with `brief`.
 */
export function makeCtx(baseUrl: string, overrides: Partial<AdapterContext> = {}): TestContext {
  const events: TestContext['events'] = [];
  const gate = { calls: 0, refuse: false };
  const noop = () => {};
  return {
    baseUrl,
    events,
    gate,
    async openFile(path) {
      const st = await stat(path);
      if (!st.isFile()) throw new Error(`${path} is not a regular file`);
      // Tests upload small files: a descriptor per read keeps no handle open past the test.
      const read = async (into: Buffer, position: number) => {
        const handle = await open(path, 'r');
        try {
          return (await handle.read(into, 0, into.length, position)).bytesRead;
        } finally {
          await handle.close();
        }
      };
      return { path, size: st.size, read };
    },
    progress: (step, detail) => events.push(detail ? { step, detail } : { step }),
    async beforePublish() {
      gate.calls++;
      if (gate.refuse) throw new Error('commit refused: lease nearly spent');
    },
    signal: new AbortController().signal,
    log: { debug: noop, info: noop, warn: noop },
    timeouts: { ...DEFAULT_TIMEOUTS },
    ...overrides,
  };
}

/** Gives `context` the session cookie naming `account`; the simulator decides whether that session is live. */
export async function signInAs(context: BrowserContext, sim: Simulator, platform: string, account: string, loggedIn = true): Promise<void> {
  sim.setLoggedIn(platform, account, loggedIn);
  await context.addCookies([sim.sessionCookie(platform, account)]);
}

/** A fresh context signed in as `account` (signInAs), and a page in it. */
export async function openAs(browser: Browser, sim: Simulator, platform: string, account: string, loggedIn = true): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await signInAs(context, sim, platform, account, loggedIn);
  return { context, page: await context.newPage() };
}

export interface MediaDir {
  dir: string;
  /** Writes `size` random bytes (the simulator never decodes media). */
  file(name: string, size: number): Promise<string>;
  remove(): Promise<void>;
}

export async function makeMediaDir(): Promise<MediaDir> {
  const dir = await mkdtemp(join(tmpdir(), 'plume-adapter-media-'));
  return {
    dir,
    async file(name, size) {
      const path = join(dir, name);
      await writeFile(path, randomBytes(size));
      return path;
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

export async function fileDigest(path: string): Promise<{ size: number; sha256: string }> {
  const bytes = await readFile(path);
  return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

export async function expectAdapterError(promise: Promise<unknown>, code: AdapterErrorCode, step: Step): Promise<AdapterError> {
  const err = await promise.then(
    () => {
      throw new Error(`expected AdapterError ${code} at ${step}, but it succeeded`);
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AdapterError);
  const ae = err as AdapterError;
  expect({ code: ae.code, step: ae.step }, ae.message).toEqual({ code, step });
  return ae;
}

/**
 * The world of a test that runs one attempt of a job as the node's job runner does (runAttempt,
 * edge-node/src/jobs/run-attempt.ts) with a pair's real adapter in Chromium against its replica:
 * one browser, the simulator and a temporary root per file, and the attempt's dependencies
 * pointed at them. Each launch of the profile is a fresh browser context signed in as the account.
 *
 *   const w = useAttemptWorld('challenge-gate', { media: true });
 *   const outcome = await runAttempt(jobId, attemptId, spec, attemptDeps(w, { platform, account, id }));
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { adapterFor } from '../../edge-node/src/adapters/registry.js';
import type { AttemptDeps } from '../../edge-node/src/jobs/run-attempt.js';
import { launchTestBrowser } from '../platform-simulator/harness.js';
import { startSimulator, type Simulator } from '../platform-simulator/index.js';
import { writeJobMedia } from './registry-jobs.js';

export interface AttemptWorld {
  readonly browser: Browser;
  readonly sim: Simulator;
  /** The file's temporary directory; with `media`, registry-jobs' files are in `videos/7/` (user 7). */
  readonly root: string;
}

/** Registers the file's hooks; the world's fields are readable from the first test on. */
export function useAttemptWorld(name: string, o: { media?: boolean } = {}): AttemptWorld {
  let world: { browser: Browser; sim: Simulator; root: string } | undefined;
  const ready = () => {
    if (!world) throw new Error('the attempt world is not set up yet (used outside a test?)');
    return world;
  };
  beforeAll(async () => {
    const [browser, sim, root] = await Promise.all([launchTestBrowser(), startSimulator(), mkdtemp(join(tmpdir(), `plume-${name}-`))]);
    world = { browser, sim, root };
    if (o.media) await writeJobMedia(join(root, 'videos', '7'));
  });
  afterAll(async () => {
    await Promise.all([world?.browser.close(), world?.sim.close(), world && rm(world.root, { recursive: true, force: true })]);
  });
  return {
    get browser() {
      return ready().browser;
    },
    get sim() {
      return ready().sim;
    },
    get root() {
      return ready().root;
    },
  };
}

export interface AttemptDepsOptions extends Partial<AttemptDeps> {
  platform: string;
  /** The account the profile is signed in as (its session cookie on the replica). */
  account: string;
  /** Names the attempt's staging directory. */
  id: number | string;
  /** Told of each context the attempt launches (the page a person would see is in it). */
  onLaunch?: (context: BrowserContext) => void;
}

/**
 * What runAttempt needs, against the world: the platform's edge adapter, its replica, the videos
 * under `root/videos`, a gate that lets the commit through, silent logs (ATTEMPT_TEST_LOG=debug
 * shows them), one prepare. Anything given in `o` replaces the default.
 */
export function attemptDeps(w: AttemptWorld, o: AttemptDepsOptions): AttemptDeps {
  const { platform, account, id, onLaunch, ...overrides } = o;
  return {
    adapter: adapterFor(platform, 'edge')!,
    baseUrl: w.sim.baseUrl(platform),
    videoDir: join(w.root, 'videos'),
    stagingDir: join(w.root, 'staging', String(id)),
    profileDir: join(w.root, 'profile'),
    launchProfile: async (): Promise<BrowserContext> => {
      const context = await w.browser.newContext();
      await context.addCookies([w.sim.sessionCookie(platform, account)]);
      onLaunch?.(context);
      return context;
    },
    gate: async () => {},
    progress: () => {},
    onLogin: () => {},
    signal: new AbortController().signal,
    log: pino({ level: process.env.ATTEMPT_TEST_LOG ?? 'silent' }).child({ platform, attempt: id }),
    prepareAttempts: 1,
    ...overrides,
  };
}

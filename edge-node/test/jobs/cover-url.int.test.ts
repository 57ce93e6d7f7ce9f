/**
 * An article whose cover is a URL, on the edge node: one attempt
 * (runAttempt, as the job runner drives it) with the real juejin adapter in
 * Chromium against the platform simulator, and the cover on a local HTTPS
 * host. The node downloads the cover into the job's own staging directory,
 * uploads it, and removes the directory when the attempt ends. The shipped
 * downloader (no test allowances) refuses the same local host before the
 * browser starts.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImageFetcher, type JobSpec } from '@plume/shared';
import pino from 'pino';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { juejinAdapter } from '../../src/adapters/juejin/adapter.js';
import { runAttempt, type AttemptDeps } from '../../src/jobs/run-attempt.js';
import { type CoverServer, PNG_1X1, serve, sha256, startCoverServer } from '../../../test/support/cover-server.js';
import { launchTestBrowser } from '../../../test/platform-simulator/harness.js';
import { startSimulator, type Simulator } from '../../../test/platform-simulator/index.js';

const P = 'juejin';
const ACCOUNT = 'jj_cover_1';
const HOST = 'covers.test';

let browser: Browser;
let sim: Simulator;
let covers: CoverServer;
let root: string;
let seq = 0;
let launched = 0;

beforeAll(async () => {
  [browser, sim, covers] = await Promise.all([launchTestBrowser(), startSimulator(), startCoverServer({ tlsHostname: HOST })]);
  root = await mkdtemp(join(tmpdir(), 'plume-edge-cover-'));
  covers.route('/cover.png', serve(PNG_1X1, 'image/png'));
  covers.route('/page.html', serve(Buffer.from('<!doctype html><p>not an image</p>'), 'image/png'));
});
afterAll(async () => {
  await Promise.all([browser?.close(), sim?.close(), covers?.close(), root && rm(root, { recursive: true, force: true })]);
});
beforeEach(() => {
  sim.reset();
  sim.setLoggedIn(P, ACCOUNT, true);
  covers.hits.length = 0;
  launched = 0;
});

/** What the test build of the node injects: the shipped rules plus loopback and the run's own CA. */
const testFetcher = () => new ImageFetcher({ resolve: async () => [{ address: '127.0.0.1', family: 4 }], testOnly: { allowLoopback: true, ca: covers.ca! } });

function spec(coverImage: string): JobSpec {
  seq++;
  return {
    userId: 7,
    platform: P,
    contentType: 'article',
    account: { id: 1, externalRef: ACCOUNT, displayName: 'cover test' },
    payload: { title: `封面测试 ${seq}`, content: '# 封面\n\n正文。', coverImage },
    settings: { category: 'backend', tags: ['TypeScript'], coverMode: 'custom' },
    settingsHash: 'sha256:test',
    settingsContractVersion: 'test',
    createdAt: new Date().toISOString(),
  };
}

function deps(stagingDir: string, images?: ImageFetcher): AttemptDeps {
  return {
    adapter: juejinAdapter,
    baseUrl: sim.baseUrl(P),
    videoDir: root,
    stagingDir,
    profileDir: join(root, 'profile'),
    launchProfile: async (): Promise<BrowserContext> => {
      launched++;
      const context = await browser.newContext();
      await context.addCookies([sim.sessionCookie(P, ACCOUNT)]);
      return context;
    },
    gate: async () => {},
    progress: () => {},
    onLogin: () => {},
    signal: new AbortController().signal,
    log: pino({ level: 'silent' }),
    prepareAttempts: 1,
    ...(images ? { images } : {}),
  };
}

describe('happy path', () => {
  it('downloads an https cover into the job staging directory, uploads it, and removes the directory', async () => {
    const staging = join(root, 'staging', `job_${seq}`);
    const outcome = await runAttempt(`job_cover_${seq}`, `att_cover_${seq}`, spec(`${covers.origin}/cover.png?v=1`), deps(staging, testFetcher()));

    expect(outcome, JSON.stringify(outcome.kind === 'result' ? outcome.result.error : outcome)).toMatchObject({ kind: 'result', result: { outcome: 'succeeded' } });
    const [post] = sim.publishes(P);
    expect(post!.media).toEqual([{ kind: 'cover', size: PNG_1X1.length, sha256: sha256(PNG_1X1) }]);
    expect(covers.hits).toEqual(['/cover.png']);
    expect(existsSync(staging)).toBe(false);
  }, 60_000);
});

describe('errors', () => {
  it.each([
    ['an http URL', () => `http://127.0.0.1:${covers.port}/cover.png`, 'cover_url_invalid'],
    ['a literal loopback host', () => `https://127.0.0.1:${covers.port}/cover.png`, 'cover_address_refused'],
    ['localhost', () => `https://localhost:${covers.port}/cover.png`, 'cover_address_refused'],
    ['the link-local metadata address', () => 'https://169.254.169.254/latest/meta-data/', 'cover_address_refused'],
  ])('the shipped downloader refuses %s before the browser starts', async (_name, url, code) => {
    const staging = join(root, 'staging', `refused_${seq}`);
    const outcome = await runAttempt(`job_cover_${seq}`, `att_cover_${seq}`, spec(url()), deps(staging));

    expect(outcome).toMatchObject({ kind: 'result', result: { outcome: 'failed', error: { code, step: 'download' } } });
    expect(launched).toBe(0);
    expect(covers.hits).toEqual([]);
    expect(sim.publishes(P)).toEqual([]);
    expect(existsSync(staging)).toBe(false);
  });

  it('a URL that answers something other than an image fails the job before the browser starts', async () => {
    const outcome = await runAttempt(`job_cover_${seq}`, `att_cover_${seq}`, spec(`${covers.origin}/page.html`), deps(join(root, 'staging', 'html'), testFetcher()));
    expect(outcome).toMatchObject({ kind: 'result', result: { outcome: 'failed', error: { code: 'cover_not_image', step: 'download' } } });
    expect(launched).toBe(0);
    expect(sim.publishes(P)).toEqual([]);
  });

  it('a payload this node cannot read fails the job payload_invalid, naming the field, before anything is opened', async () => {
    const unreadable = { ...spec(`${covers.origin}/cover.png`), payload: { title: 42, content: '正文' } };
    const outcome = await runAttempt(`job_cover_${seq}`, `att_cover_${seq}`, unreadable, deps(join(root, 'staging', 'bad'), testFetcher()));
    expect(outcome).toMatchObject({ kind: 'result', result: { outcome: 'failed', error: { code: 'payload_invalid', step: 'sandbox' } } });
    expect(outcome.kind === 'result' && outcome.result.error?.message).toMatch(/^the article job's payload cannot be read: title: /);
    expect(launched).toBe(0);
    expect(covers.hits).toEqual([]);
    expect(sim.publishes(P)).toEqual([]);
  });
});

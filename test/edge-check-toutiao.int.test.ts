/**
 * `plume-edge check toutiao` as an operator runs it: the compiled CLI, an
 * account imported from a replica session, the real toutiao adapter in
 * Debian's Chromium. Each content type goes through every step up to the
 * publish click and never clicks; the article draft the check saved is
 * removed again (discardDraft), so the live site keeps no leftovers.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from './platform-simulator/index.js';
import { EDGE_CLI } from './support/edge-world.js';

const REF = '1700000000000077';

let sim: Simulator;
let work: string;

function cli(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [EDGE_CLI, ...args], {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: work,
        PLUME_EDGE_STATE_DIR: join(work, 'state'),
        PLUME_EDGE_PLATFORM_URLS: JSON.stringify({ toutiao: sim.baseUrl('toutiao') }),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

/** What the account's content list holds on the replica (drafts included), read with its session. */
async function contentList(): Promise<Array<{ id: string; status: number }>> {
  const cookie = sim.sessionCookie('toutiao', REF);
  const res = await fetch(`${sim.baseUrl('toutiao')}/mp.toutiao.com/mp/agw/article/list/?page=1&page_size=20&status=all`, { headers: { cookie: `${cookie.name}=${cookie.value}` } });
  return ((await res.json()) as { data: { articles: Array<{ id: string; status: number }> } }).data.articles;
}

beforeAll(async () => {
  sim = await startSimulator();
  work = mkdtempSync(join(tmpdir(), 'plume-check-toutiao-'));
  sim.setLoggedIn('toutiao', REF, true);
  const cookie = sim.sessionCookie('toutiao', REF);
  const file = join(work, 'state.json');
  writeFileSync(file, JSON.stringify({ cookies: [{ name: cookie.name, value: cookie.value, domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }], origins: [] }));
  const res = await cli(['accounts', 'import', '--ref', REF, '--platform', 'toutiao', '--storage-state', file]);
  if (res.code !== 0) throw new Error(res.out);
}, 120_000);

afterAll(async () => {
  await sim?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('happy path', () => {
  it('article, 微头条 and video: every step matched up to the click, nothing published, no draft left', async () => {
    const res = await cli(['check', 'toutiao', '--account', REF]);
    expect(res.code, res.out).toBe(0);
    for (const type of ['article', 'dynamic', 'video']) expect(res.out).toContain(`toutiao ${type} as ${REF}`);
    expect(res.out.match(/publish\s+matched\s+\(stopped before the click\)/g)).toHaveLength(3);
    expect(res.out.match(/PASSED/g)).toHaveLength(3);
    expect(sim.publishes()).toHaveLength(0);
    // The article check saved a draft through the gateway, then removed it.
    expect(sim.hits('/mp.toutiao.com/mp/agw/article/publish')).toBe(1);
    expect(sim.hits('/mp.toutiao.com/mp/agw/creator_center/delete_draft')).toBe(1);
    expect(await contentList()).toEqual([]);
    const stored = JSON.parse(readFileSync(join(work, 'state', 'site-checks.json'), 'utf8')) as Array<Record<string, string>>;
    expect(stored.filter((c) => c.platform === 'toutiao').map((c) => [c.contentType, c.status]).sort()).toEqual([
      ['article', 'passed'],
      ['dynamic', 'passed'],
      ['video', 'passed'],
    ]);
  }, 400_000);
});

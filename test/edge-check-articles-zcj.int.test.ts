/**
 * `plume-edge check zhihu|csdn|jianshu` as an operator runs it: the compiled
 * CLI, accounts imported from replica sessions, the real adapters in
 * Debian's Chromium. Each goes through every step up to the publish call and
 * never makes it; the note the jianshu check saved is removed again
 * (discardDraft). No public source records how zhihu or CSDN delete a
 * draft: their check drafts stay on the site (docs/platforms.md says so).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from './platform-simulator/index.js';
import { EDGE_CLI } from './support/edge-world.js';

const REFS = { zhihu: '5d0c9a1e2b3f4a6c8e7d9f0a1b2c3d4e', csdn: 'plume_check', jianshu: '41250077' } as const;
const PLATFORMS = Object.keys(REFS) as Array<keyof typeof REFS>;

let sim: Simulator;
let work: string;

function cli(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [EDGE_CLI, ...args], {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: work,
        PLUME_EDGE_STATE_DIR: join(work, 'state'),
        PLUME_EDGE_PLATFORM_URLS: JSON.stringify(Object.fromEntries(PLATFORMS.map((p) => [p, sim.baseUrl(p)]))),
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

/** How many notes the jianshu account holds in all its notebooks, read with its session. */
async function jianshuNotes(): Promise<number> {
  const c = sim.sessionCookie('jianshu', REFS.jianshu);
  const get = async (path: string) => (await fetch(`${sim.baseUrl('jianshu')}/www.jianshu.com${path}`, { headers: { cookie: `${c.name}=${c.value}` } })).json() as Promise<Array<{ id: number }>>;
  let n = 0;
  for (const book of await get('/author/notebooks')) n += (await get(`/author/notebooks/${book.id}/notes`)).length;
  return n;
}

beforeAll(async () => {
  sim = await startSimulator();
  work = mkdtempSync(join(tmpdir(), 'plume-check-zcj-'));
  for (const p of PLATFORMS) {
    sim.setLoggedIn(p, REFS[p], true);
    const cookie = sim.sessionCookie(p, REFS[p]);
    const file = join(work, `state-${p}.json`);
    writeFileSync(file, JSON.stringify({ cookies: [{ name: cookie.name, value: cookie.value, domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }], origins: [] }));
    const res = await cli(['accounts', 'import', '--ref', REFS[p], '--platform', p, '--storage-state', file]);
    if (res.code !== 0) throw new Error(res.out);
  }
}, 120_000);

afterAll(async () => {
  await sim?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('happy path', () => {
  it('each article check matches every step up to the publish call; nothing is published, the jianshu note is removed', async () => {
    for (const p of PLATFORMS) {
      const res = await cli(['check', p, '--account', REFS[p]]);
      expect(res.code, res.out).toBe(0);
      expect(res.out).toContain(`${p} article as ${REFS[p]}`);
      expect(res.out).toMatch(/publish\s+matched\s+\(stopped before the click\)/);
      expect(res.out).toContain('PASSED');
    }
    expect(sim.publishes()).toHaveLength(0);
    // The checks reached the platforms' drafts, and uploaded the check picture as the zhihu and CSDN cover.
    expect(sim.hits('/zhuanlan.zhihu.com/api/articles/drafts')).toBe(1);
    expect(sim.hits('/zhihu-pics-upload.zhimg.com/')).toBe(1);
    expect(sim.hits('/bizapi.csdn.net/blog-console-api/v3/mdeditor/saveArticle')).toBe(1);
    expect(sim.hits('/csdn-img-blog.obs.cn-north-4.myhuaweicloud.com/')).toBe(1);
    expect(sim.hits('/soft_destroy')).toBe(1);
    expect(await jianshuNotes()).toBe(0);
    const stored = JSON.parse(readFileSync(join(work, 'state', 'site-checks.json'), 'utf8')) as Array<Record<string, string>>;
    expect(stored.filter((c) => PLATFORMS.includes(c.platform as keyof typeof REFS)).map((c) => [c.platform, c.contentType, c.status]).sort()).toEqual([
      ['csdn', 'article', 'passed'],
      ['jianshu', 'article', 'passed'],
      ['zhihu', 'article', 'passed'],
    ]);
  }, 400_000);
});

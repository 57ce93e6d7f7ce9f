/**
 * `plume-edge check` for the car platforms' article editors as an operator
 * runs it: the compiled CLI, the accounts imported from replica sessions, the
 * real adapters in Debian's Chromium. Each check goes through every step of
 * the editor (the check picture uploaded as the cover) up to the publish
 * click, and never makes it. Neither editor keeps a draft that public sources
 * record, so there is none to remove.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from './platform-simulator/index.js';
import { EDGE_CLI } from './support/edge-world.js';

const REFS = { autohome: '63581288', dongchedi: '1720458836288801' } as const;
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

beforeAll(async () => {
  sim = await startSimulator();
  work = mkdtempSync(join(tmpdir(), 'plume-check-car-articles-'));
  for (const p of PLATFORMS) {
    sim.setLoggedIn(p, REFS[p], true);
    const cookie = sim.sessionCookie(p, REFS[p]);
    const file = join(work, `${p}.json`);
    writeFileSync(file, JSON.stringify({ cookies: [{ name: cookie.name, value: cookie.value, domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }], origins: [] }));
    const res = await cli(['accounts', 'import', '--ref', REFS[p], '--platform', p, '--storage-state', file]);
    if (res.code !== 0) throw new Error(res.out);
  }
}, 60_000);

afterAll(async () => {
  await sim?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('happy path', () => {
  it('autohome article: the check matches every step of the 车家号 editor up to the publish click, uploads the cover, publishes nothing', async () => {
    const res = await cli(['check', 'autohome', '--account', REFS.autohome, '--content-type', 'article']);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toContain(`autohome article as ${REFS.autohome}`);
    expect(res.out.match(/publish\s+matched\s+\(stopped before the click\)/g)).toHaveLength(1);
    expect(res.out).toContain('PASSED');
    expect(sim.publishes()).toHaveLength(0);
    expect(sim.hits('/chejiahao.autohome.com.cn/mofang/api/upload')).toBe(1);
    expect(sim.hits('/chejiahao.autohome.com.cn/article/api/publish')).toBe(0);
    const stored = JSON.parse(readFileSync(join(work, 'state', 'site-checks.json'), 'utf8')) as Array<Record<string, string>>;
    expect(stored.filter((c) => c.platform === 'autohome').map((c) => [c.contentType, c.status])).toEqual([['article', 'passed']]);
  }, 120_000);

  it('dongchedi article: the check matches every step of the 懂车号 editor up to the publish click, uploads the cover, publishes nothing', async () => {
    const res = await cli(['check', 'dongchedi', '--account', REFS.dongchedi]);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toContain(`dongchedi article as ${REFS.dongchedi}`);
    expect(res.out.match(/publish\s+matched\s+\(stopped before the click\)/g)).toHaveLength(1);
    expect(sim.publishes()).toHaveLength(0);
    expect(sim.hits('/mp.dcdapp.com/mp/agw/article/cover/upload')).toBe(1);
    expect(sim.hits('/mp.dcdapp.com/mp/agw/article/publish')).toBe(0);
    const stored = JSON.parse(readFileSync(join(work, 'state', 'site-checks.json'), 'utf8')) as Array<Record<string, string>>;
    expect(stored.filter((c) => c.platform === 'dongchedi').map((c) => [c.contentType, c.status])).toEqual([['article', 'passed']]);
  }, 120_000);
});

/**
 * `plume-edge check` on 微信公众号 as an operator runs it: the compiled CLI, an
 * account imported from a replica session, the real adapter in Debian's
 * Chromium. The article check uploads the check picture as the cover, saves
 * the draft, opens the draft's edit page and its 发表 confirmation, and never
 * confirms. No way to remove a draft is on record, so the draft stays, as the
 * operator guide says.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from './platform-simulator/index.js';
import { EDGE_CLI } from './support/edge-world.js';

const P = 'wechat_mp';
const ACCOUNT = 'gh_c0ffee000088';

let sim: Simulator;
let work: string;

function cli(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [EDGE_CLI, ...args], {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: work,
        PLUME_EDGE_STATE_DIR: join(work, 'state'),
        PLUME_EDGE_PLATFORM_URLS: JSON.stringify({ [P]: sim.baseUrl(P) }),
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
  work = mkdtempSync(join(tmpdir(), 'plume-check-wx-'));
  sim.setLoggedIn(P, ACCOUNT, true);
  const cookie = sim.sessionCookie(P, ACCOUNT);
  const file = join(work, 'state-wx.json');
  writeFileSync(file, JSON.stringify({ cookies: [{ name: cookie.name, value: cookie.value, domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }], origins: [] }));
  const res = await cli(['accounts', 'import', '--ref', ACCOUNT, '--platform', P, '--storage-state', file]);
  if (res.code !== 0) throw new Error(res.out);
}, 120_000);

afterAll(async () => {
  await sim?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('happy path', () => {
  it('the article check matches every step up to the 发表 confirmation and publishes nothing', async () => {
    const res = await cli(['check', P, '--account', ACCOUNT]);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toContain(`${P} article as ${ACCOUNT}`);
    expect(res.out).toMatch(/publish\s+matched\s+\(stopped before the click\)/);
    expect(res.out).toContain('PASSED');
    expect(sim.publishes()).toHaveLength(0);
    // The cover went up, the draft was saved and its page opened; no publish request left.
    expect(sim.hits('/mp.weixin.qq.com/cgi-bin/filetransfer')).toBe(1);
    expect(sim.hits('/mp.weixin.qq.com/cgi-bin/operate_appmsg')).toBe(1);
    expect(sim.hits('/mp.weixin.qq.com/cgi-bin/masssend')).toBe(0);
    const stored = JSON.parse(readFileSync(join(work, 'state', 'site-checks.json'), 'utf8')) as Array<Record<string, string>>;
    expect(stored.map((c) => [c.platform, c.contentType, c.status])).toEqual([[P, 'article', 'passed']]);
  }, 120_000);

  it('a session that is gone fails the check at the login step, before any upload', async () => {
    sim.setLoggedIn(P, ACCOUNT, false);
    const res = await cli(['check', P, '--account', ACCOUNT]);
    expect(res.code, res.out).not.toBe(0);
    expect(res.out).toContain('login_required');
    expect(sim.hits('/mp.weixin.qq.com/cgi-bin/filetransfer')).toBe(1);
  }, 120_000);
});

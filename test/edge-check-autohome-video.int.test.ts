/**
 * `plume-edge check autohome` as an operator runs it: the compiled CLI, the
 * account imported from a replica session, the real adapter in Debian's
 * Chromium. It goes through every step of the 车家号 video page (the check
 * video uploaded) up to the publish click, and never makes it. The page keeps
 * no draft that public sources record, so there is none to remove.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from './platform-simulator/index.js';
import { EDGE_CLI } from './support/edge-world.js';

const P = 'autohome';
const REF = '7713002';

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
  work = mkdtempSync(join(tmpdir(), 'plume-check-autohome-video-'));
  sim.setLoggedIn(P, REF, true);
  const cookie = sim.sessionCookie(P, REF);
  const file = join(work, 'state.json');
  writeFileSync(file, JSON.stringify({ cookies: [{ name: cookie.name, value: cookie.value, domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }], origins: [] }));
  const res = await cli(['accounts', 'import', '--ref', REF, '--platform', P, '--storage-state', file]);
  if (res.code !== 0) throw new Error(res.out);
}, 60_000);

afterAll(async () => {
  await sim?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('happy path', () => {
  it('the video check matches every step up to the publish click, uploads its video, publishes nothing', async () => {
    const res = await cli(['check', P, '--account', REF, '--content-type', 'video']);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toContain(`${P} video as ${REF}`);
    expect(res.out.match(/publish\s+matched\s+\(stopped before the click\)/g)).toHaveLength(1);
    expect(res.out).toContain('PASSED');
    expect(sim.publishes()).toHaveLength(0);
    expect(sim.hits('/creator.autohome.com.cn/openapi/content-api/video/upload')).toBe(1);
    expect(sim.hits('/creator.autohome.com.cn/openapi/content-api/video/publish')).toBe(0);
    const stored = JSON.parse(readFileSync(join(work, 'state', 'site-checks.json'), 'utf8')) as Array<Record<string, string>>;
    expect(stored.map((c) => [c.platform, c.contentType, c.status])).toEqual([[P, 'video', 'passed']]);
  }, 120_000);
});

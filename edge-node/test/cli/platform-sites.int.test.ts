/**
 * A trial node whose PLUME_EDGE_PLATFORM_URLS names some platforms and not
 * another sends that other platform's accounts to the live site (a simulator
 * cookie checked on member.bilibili.com). `plume-edge` says so where the
 * operator looks: `accounts import`, `accounts check`, and the start of `run`.
 * The compiled CLI (run `npx tsc -b` first) with Debian's Chromium for the
 * import; nothing here reaches a live site (`accounts check` is not run).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { siteWarning, startWarnings } from '../../src/cli/platform-sites.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'plume-platform-sites-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SIM = 'http://127.0.0.1:9000';
const ONLY_JUEJIN = JSON.stringify({ juejin: `${SIM}/juejin` });

function edge(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npx tsc -b\` first`);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { PATH: process.env.PATH ?? '', PLUME_EDGE_STATE_DIR: join(dir, 'state'), PLUME_EDGE_VIDEO_DIR: dir, ...env }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('the site warning', () => {
  it('names the platform left out, the live site, the local cookies, the fix and that the variable is read at start', () => {
    const warning = siteWarning({ platform: 'bilibili', platformUrls: { juejin: `${SIM}/juejin` }, defaultBaseUrl: 'https://member.bilibili.com', cookieDomains: ['127.0.0.1'] });
    expect(warning).toBe(
      'bilibili is not in PLUME_EDGE_PLATFORM_URLS (it names juejin), so bilibili accounts are checked and published on the live site https://member.bilibili.com; ' +
        'the imported cookies are for 127.0.0.1 (a local replica), not member.bilibili.com: the live site will not see this login; ' +
        'to use a replica or staging site add "bilibili": "<base URL>" to PLUME_EDGE_PLATFORM_URLS; PLUME_EDGE_PLATFORM_URLS is read only when plume-edge starts: restart `plume-edge run` after changing it',
    );
  });

  it('says nothing for a platform the variable names, a live node with live cookies, or a platform without an adapter', () => {
    expect(siteWarning({ platform: 'juejin', platformUrls: { juejin: `${SIM}/juejin` }, defaultBaseUrl: 'https://juejin.cn', cookieDomains: ['127.0.0.1'] })).toBeNull();
    expect(siteWarning({ platform: 'bilibili', platformUrls: {}, defaultBaseUrl: 'https://member.bilibili.com', cookieDomains: ['.bilibili.com'] })).toBeNull();
    expect(siteWarning({ platform: 'bilibili', platformUrls: { juejin: `${SIM}/juejin` }, defaultBaseUrl: undefined })).toBeNull();
  });

  it('a live node importing a replica cookie is warned too', () => {
    expect(siteWarning({ platform: 'juejin', platformUrls: {}, defaultBaseUrl: 'https://juejin.cn', cookieDomains: ['localhost'] })).toMatch(
      /^PLUME_EDGE_PLATFORM_URLS is not set, so juejin accounts are checked and published on the live site https:\/\/juejin\.cn; the imported cookies are for localhost/,
    );
  });

  it('at start: one warning per platform left out, none for the named ones', () => {
    const live = (p: string) => ({ juejin: 'https://juejin.cn', bilibili: 'https://member.bilibili.com', weibo: 'https://weibo.com' })[p];
    const warnings = startWarnings(['juejin', 'bilibili', 'bilibili', 'weibo'], { juejin: `${SIM}/juejin` }, live);
    expect(warnings.map((w) => w.split(' ')[0])).toEqual(['bilibili', 'weibo']);
  });
});

describe('plume-edge', () => {
  it('accounts import of a platform the variable leaves out warns on stderr, and so does the start of run', async () => {
    const state = join(dir, 'bilibili-state.json');
    writeFileSync(
      state,
      JSON.stringify({ cookies: [{ name: 'SESSDATA', value: '30010077', domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }], origins: [] }),
    );
    const imported = await edge(['accounts', 'import', '--ref', '30010077', '--platform', 'bilibili', '--storage-state', state, '--user', '7'], { PLUME_EDGE_PLATFORM_URLS: ONLY_JUEJIN });
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/^imported 1 cookie\(s\)/);
    expect(imported.stderr).toMatch(/^plume-edge: warning: bilibili is not in PLUME_EDGE_PLATFORM_URLS \(it names juejin\), so bilibili accounts are checked and published on the live site https:\/\/\S+; the imported cookies are for 127\.0\.0\.1/);
    expect(imported.stderr).toContain('read only when plume-edge starts');

    // The same import with the platform named: no warning.
    const named = await edge(['accounts', 'import', '--ref', '30010078', '--platform', 'bilibili', '--storage-state', state, '--user', '7'], {
      PLUME_EDGE_PLATFORM_URLS: JSON.stringify({ juejin: `${SIM}/juejin`, bilibili: `${SIM}/bilibili` }),
    });
    expect(named).toMatchObject({ code: 0, stderr: '' });

    // run warns before anything else (this node is not enrolled, so it stops right after).
    const run = await edge(['run'], { PLUME_EDGE_PLATFORM_URLS: ONLY_JUEJIN });
    expect(run.stderr).toMatch(/^plume-edge: warning: bilibili is not in PLUME_EDGE_PLATFORM_URLS \(it names juejin\)/);
    expect(run.stderr.match(/warning: bilibili/g)).toHaveLength(1);
    expect(run.code).toBe(78);
  }, 180_000);
});

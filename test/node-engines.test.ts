/**
 * The README supports Node.js 20 from 20.19: every package the lockfile
 * installs must accept that version, or `npm ci` warns (EBADENGINE) on the
 * very first command a newcomer runs. cookie@2 (pulled by @fastify/cookie and
 * light-my-request) asks for Node 22; package.json overrides it with cookie@1.1,
 * which exports the same parseCookie/stringifySetCookie both callers use, and
 * the last test drives both through them.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};
const minimum = semver.minVersion(pkg.engines.node)!.version;

describe('supported Node.js versions', () => {
  it('the README names the minimum package.json declares', () => {
    expect(minimum).toBe('20.19.0');
    expect(readFileSync(new URL('README.md', root), 'utf8')).toContain('Node.js 20 (≥ 20.19)');
  });

  it('every package in the lockfile accepts the minimum and a current Node 22', () => {
    const refused: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!range) continue;
      // 22.13: the oldest 22 every build tool here accepts (vite, rolldown and @redocly/cli want ≥ 22.12 or 22.13).
      for (const version of [minimum, '22.13.0']) {
        if (!semver.satisfies(version, range)) refused.push(`${path}@${entry.version} wants node ${range}, not ${version}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('the cookie override keeps @fastify/cookie and light-my-request working', async () => {
    const require = createRequire(new URL('control-plane/package.json', root));
    expect((require('cookie/package.json') as { version: string }).version).toMatch(/^1\./);
    const app = Fastify();
    await app.register(fastifyCookie);
    app.get('/set', (_req, reply) => reply.setCookie('sid', 'a b;c', { path: '/', httpOnly: true }).send('ok'));
    app.get('/read', (req) => ({ sid: req.cookies.sid ?? null }));
    const set = await app.inject({ url: '/set' });
    expect(set.headers['set-cookie']).toBe('sid=a%20b%3Bc; Path=/; HttpOnly; SameSite=Lax');
    const read = await app.inject({ url: '/read', cookies: { sid: 'a b;c' } });
    expect(read.json()).toEqual({ sid: 'a b;c' });
    await app.close();
  });
});

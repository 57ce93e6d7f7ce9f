/**
 * Serving the console's files: index.html with a fresh nonce and the security
 * headers on each client route, hashed assets cached for a year, a clear 503
 * when the console was never built, and every other path (the APIs, unknown
 * ones) answered exactly as before. Runs against small stand-in builds in a
 * temporary folder; test/console-browser.int.test.ts drives the real one.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.js';
import { CLIENT_ROUTES } from './spa.js';

const INDEX = `<!doctype html><html><head><meta property="csp-nonce" nonce="PLUME_CSP_NONCE" />
<script type="module" crossorigin src="/assets/index-abc123.js" nonce="PLUME_CSP_NONCE"></script></head><body><div id="root"></div></body></html>`;

const VENDOR = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i % 37}`))};\n`;

let built: TestApp;
let missing: TestApp;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plume-console-'));
  mkdirSync(join(dir, 'dist', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'dist', 'index.html'), INDEX);
  writeFileSync(join(dir, 'dist', 'assets', 'index-abc123.js'), 'console.log("console")');
  writeFileSync(join(dir, 'dist', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // A chunk as the build leaves it: the file and its brotli and gzip copies.
  writeFileSync(join(dir, 'dist', 'assets', 'vendor-def456.js'), VENDOR);
  writeFileSync(join(dir, 'dist', 'assets', 'vendor-def456.js.br'), brotliCompressSync(VENDOR));
  writeFileSync(join(dir, 'dist', 'assets', 'vendor-def456.js.gz'), gzipSync(VENDOR));
  built = await createTestApp({ consoleDist: join(dir, 'dist') });
  missing = await createTestApp({ consoleDist: join(dir, 'never-built') });
});
afterAll(async () => {
  await built?.close();
  await missing?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('happy path', () => {
  it.each(['/', '/login', '/invite/inv_abc', '/keys', '/webhook', '/history', '/history/bat_abc', '/accounts', '/articles', '/usage', '/account', '/users', '/integrators', '/projects', '/codes', '/devices', '/sessions', '/logs', '/trend', '/statistics', '/version-bans', '/security-events'])('GET %s: index.html, no-cache, strict CSP with a fresh nonce', async (url) => {
    const res = await built.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-request-id']).toBeTruthy();
    const csp = String(res.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe');
    expect(res.body).not.toContain('PLUME_CSP_NONCE');
    expect(res.body.split(`nonce="${nonce}"`)).toHaveLength(3);
  });

  it('gives every answer its own nonce', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) nonces.add(String((await built.app.inject({ method: 'GET', url: '/login' })).headers['content-security-policy']));
    expect(nonces.size).toBe(5);
  });

  it('serves hashed assets as immutable for a year, the icon for an hour', async () => {
    const js = await built.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['x-content-type-options']).toBe('nosniff');
    const icon = await built.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends a chunk as its build-time brotli or gzip copy to a browser that accepts it, the file itself otherwise', async () => {
    const url = '/assets/vendor-def456.js';
    const plain = await built.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(VENDOR);

    const br = await built.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(VENDOR.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(VENDOR);

    const gz = await built.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(VENDOR);

    // The copies answer only for their file's URL.
    expect((await built.app.inject({ method: 'GET', url: `${url}.br` })).statusCode).toBe(404);
  });

  it('compresses the answers of the APIs over 1 KB for a client that accepts it, and leaves small ones as they are', async () => {
    const doc = await built.app.inject({ method: 'GET', url: '/api/openapi/v1/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-encoding']).toBe('br');
    expect(doc.headers.vary).toMatch(/accept-encoding/i);
    expect(doc.headers['x-request-id']).toBeTruthy();
    const served = JSON.parse(brotliDecompressSync(doc.rawPayload).toString()) as { openapi: string };
    expect(served.openapi).toMatch(/^3\./);
    const plain = await built.app.inject({ method: 'GET', url: '/api/openapi/v1/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(doc.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);

    const small = await built.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    // An error envelope keeps its surface's shape, compressed or not.
    const refused = await built.app.inject({ method: 'GET', url: '/api/openapi/v1/no-such-thing', headers: { 'accept-encoding': 'gzip' } });
    expect(refused.statusCode).toBe(401);
    const body = refused.headers['content-encoding'] === 'gzip' ? gunzipSync(refused.rawPayload).toString() : refused.body;
    expect(JSON.parse(body)).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('lists the same client routes as the console router', () => {
    const router = readFileSync(new URL('../../console/src/router.tsx', import.meta.url), 'utf8');
    const paths = [...router.matchAll(/path: '([^']+)'/g)].map((m) => m[1]!).map((p) => (p === '/' ? '/' : `/${p.replace(/\$(\w+)/g, ':$1')}`));
    expect([...CLIENT_ROUTES].sort()).toEqual([...new Set(paths)].sort());
  });
});

describe('errors', () => {
  it('answers 503 with what to run when the console was never built', async () => {
    const res = await missing.app.inject({ method: 'GET', url: '/login' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['retry-after']).toBe('60');
    expect(res.body).toContain('npm run build');
    expect((await missing.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it.each([
    ['/assets/missing-file.js', 'the root'],
    ['/assets/../index.html', 'the root'],
    ['/assets/%2e%2e/index.html', 'the root'],
    ['/no-such-thing', 'the root'],
  ])('GET %s: a 404 in the envelope of %s, never a file outside the assets', async (url) => {
    const res = await built.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('leaves the API surfaces as they were', async () => {
    const v1 = await built.app.inject({ method: 'GET', url: '/api/openapi/v1/no-such-thing' });
    // Without a key the Open API answers 401 before routing, in its own envelope: as before.
    expect(v1.statusCode).toBe(401);
    expect(v1.json()).toMatchObject({ error: { code: 'unauthorized' } });
    const adminApi = await built.app.inject({ method: 'GET', url: '/api/admin/no-such-thing', headers: built.adminHeaders });
    expect(adminApi.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await built.app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(404);
  });
});

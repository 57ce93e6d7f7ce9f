/**
 * Serves the console's single-page app (the `@plume/console` workspace, built
 * by `npm run build` into control-plane/console/dist) at `/`:
 *
 * - `index.html` for each of the app's client routes, never cached, with a
 *   fresh CSP nonce in place of the build's placeholder (Vite's
 *   `html.cspNonce`): the same nonce is the only way an inline `<style>` runs,
 *   and Mantine puts it on the ones it injects. No inline script is allowed
 *   at all.
 * - `/assets/<file>`: content-hashed files, cached for a year as immutable;
 *   sent as the build's brotli or gzip copy (`<file>.br`, `.gz`, made once at
 *   build time) to a browser that accepts it, with `Vary: Accept-Encoding`.
 * - the few unhashed files of the build's root (the icon), cached an hour.
 *
 * Every other path is left to the surfaces' own 404 (so `/api/…` and unknown
 * paths answer exactly as before). A missing build answers a 503 page that
 * tells the operator what to run, never a crash.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** control-plane/console/dist, from src/console/ (tests) and dist/console/ (compiled) alike. */
export const DEFAULT_CONSOLE_DIST = fileURLToPath(new URL('../../console/dist/', import.meta.url));

/** The paths router.tsx of the console answers; a new page is added in both places (spa.int.test.ts compares them). */
export const CLIENT_ROUTES = [
  '/',
  '/login',
  '/invite/:token',
  '/keys',
  '/webhook',
  '/history',
  '/history/:batchId',
  '/accounts',
  '/articles',
  '/usage',
  '/account',
  '/users',
  '/integrators',
  '/projects',
  '/codes',
  '/devices',
  '/sessions',
  '/logs',
  '/trend',
  '/statistics',
  '/version-bans',
  '/security-events',
  '/jobs',
  '/jobs/:jobId',
  '/attention',
  '/webhook-deliveries',
  '/audit-log',
  '/pacing',
  '/schedule',
  '/integrators/:userId',
  '/admin-tokens',
  '/nodes',
  '/nodes/:nodeId',
  '/node-tokens',
] as const;

/** Files of the build's root that are not content-hashed (Vite copies them from public/). */
const ROOT_FILES = ['/favicon.svg'] as const;

/** The placeholder vite.config.ts gives `html.cspNonce`. */
const NONCE_PLACEHOLDER = 'PLUME_CSP_NONCE';

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

/** For the files themselves (scripts, styles, the icon): they load nothing, and nothing may frame them. */
const FILE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The built files: the same URL answers a compressed copy or the file itself by the request's Accept-Encoding. */
const fileHeaders = (reply: FastifyReply) => securityHeaders(reply, FILE_POLICY).header('vary', 'accept-encoding');

function securityHeaders(reply: FastifyReply, csp: string): FastifyReply {
  return reply
    .header('content-security-policy', csp)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .header('cross-origin-opener-policy', 'same-origin');
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Plume console not built</title></head>
<body>
<h1>The Plume console is not built</h1>
<p>This control plane serves its API, but the console's files are missing from <code>control-plane/console/dist</code>.</p>
<p>Build them in the Plume checkout with <code>npm run build</code> (<code>npm start</code> builds them too), then reload this page.
The <code>/api/…</code> endpoints work meanwhile.</p>
</body>
</html>
`;

export interface ConsoleSpaOptions {
  /** The built app's folder; default control-plane/console/dist. */
  dist?: string;
}

export function consoleSpa({ dist = DEFAULT_CONSOLE_DIST }: ConsoleSpaOptions = {}) {
  return async function register(app: FastifyInstance): Promise<void> {
    // reply.sendFile only: the routes below decide which paths are files.
    await app.register(fastifyStatic, { root: dist, serve: false, preCompressed: true });

    const sendIndex = async (reply: FastifyReply) => {
      let html: string;
      try {
        // Read on every request (about 1 KB): a rebuild while the server runs is picked up at once.
        html = await readFile(join(dist, 'index.html'), 'utf8');
      } catch {
        return securityHeaders(reply, FILE_POLICY)
          .code(503)
          .header('cache-control', 'no-store')
          .header('retry-after', '60')
          .type('text/html; charset=utf-8')
          .send(NOT_BUILT_PAGE);
      }
      const nonce = randomBytes(16).toString('base64');
      return securityHeaders(reply, contentSecurityPolicy(nonce))
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html.replaceAll(NONCE_PLACEHOLDER, nonce));
    };

    for (const url of CLIENT_ROUTES) app.get(url, (_request, reply) => sendIndex(reply));

    // Vite writes assets/ flat: one path segment, so nothing nested (or `..`) ever reaches the file system.
    app.get('/assets/:file', (request, reply) => {
      const { file } = request.params as { file: string };
      // The compressed copies are sent for their file's URL only, never asked for by name.
      if (/\.(br|gz)$/.test(file)) return reply.callNotFound();
      return fileHeaders(reply).sendFile(file, join(dist, 'assets'), { maxAge: '365d', immutable: true });
    });
    for (const url of ROOT_FILES) {
      app.get(url, (_request, reply) => fileHeaders(reply).sendFile(url.slice(1), dist, { maxAge: '1h' }));
    }
  };
}

/**
 * The local web UI: an HTTP server on 127.0.0.1 only, for the person at this
 * computer. Each start makes a new random token; the address opened in the
 * default browser carries it once (`/?token=…`), the server answers with a
 * cookie (HttpOnly, SameSite=Strict, this port only) and a redirect to `/`.
 * Every request needs that cookie, every form also the token (so no other
 * site's page can post here), and the Host header must be this loopback
 * address (a DNS name rebound to 127.0.0.1 is refused). Pages are rendered
 * here; no script runs in them.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { ActivationRefused } from './license.js';
import { type DesktopApp, UiRefused } from './app.js';
import { FolderRefused } from './settings.js';
import { renderPage } from './ui-page.js';

export interface LocalUi {
  /** The address to open, with this start's token. */
  url: string;
  port: number;
  close(): Promise<void>;
}

const COOKIE = 'plume_desktop';
const MAX_BODY = 64 * 1024;

export async function startLocalUi(app: DesktopApp, o: { port: number; log: Logger }): Promise<LocalUi> {
  const token = randomBytes(24).toString('base64url');
  const flash = new Map<string, string>();
  let port = 0;

  const same = (a: string | undefined, b: string) => a !== undefined && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  const cookieOf = (req: IncomingMessage) => /(?:^|;\s*)plume_desktop=([A-Za-z0-9_-]+)/.exec(req.headers.cookie ?? '')?.[1];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const host = req.headers.host ?? '';
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) return send(res, 421, 'text/plain', 'This address serves Plume Desktop on this computer only.\n');
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (req.method === 'GET' && same(url.searchParams.get('token') ?? undefined, token)) {
      res.setHeader('set-cookie', `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`);
      return redirect(res, '/');
    }
    if (!same(cookieOf(req), token)) {
      return send(res, 401, 'text/plain', 'Open Plume Desktop from the address it printed when it started (it carries this start’s key), or start it again.\n');
    }
    if (req.method === 'GET' && url.pathname === '/') {
      const note = flash.get('note');
      flash.delete('note');
      return send(res, 200, 'text/html; charset=utf-8', renderPage(await app.view(), { token, ...(note ? { note } : {}) }));
    }
    if (req.method !== 'POST') return send(res, 404, 'text/plain', 'not found\n');
    const form = await readForm(req);
    if (!same(form.get('token') ?? undefined, token)) return send(res, 403, 'text/plain', 'This form is not from this start of Plume Desktop: reload the page.\n');
    try {
      flash.set('note', await act(app, url.pathname, form));
    } catch (e) {
      if (e instanceof UiRefused || e instanceof ActivationRefused || e instanceof FolderRefused) flash.set('note', `Refused (${e.code}): ${e.message}`);
      else {
        o.log.error({ err: e, path: url.pathname }, 'local UI action failed');
        flash.set('note', `Failed: ${(e as Error).message}`);
      }
    }
    return redirect(res, '/');
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      o.log.error({ err }, 'local UI request failed');
      if (!res.headersSent) send(res, 500, 'text/plain', 'internal error\n');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Loopback only: nothing on this computer's other addresses.
    server.listen(o.port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        // Browsers keep connections open; stopping must not wait for them.
        server.closeAllConnections();
      }),
  };
}

async function act(app: DesktopApp, path: string, form: URLSearchParams): Promise<string> {
  const field = (name: string) => (form.get(name) ?? '').trim();
  switch (path) {
    case '/license/activate': {
      if (!field('server') || !field('code')) throw new UiRefused('activation_incomplete', 'enter both the server address and the activation code');
      const state = await app.activate(field('server'), field('code'), field('project') || 'default');
      return `Activated. ${state.message}`;
    }
    case '/license/refresh': {
      const state = await app.license?.refresh();
      return state ? state.message : 'This computer is not activated yet.';
    }
    case '/folders/add':
      app.settings.addFolder(field('folder'));
      return `Jobs may now read files in ${field('folder')}.`;
    case '/folders/remove':
      app.settings.removeFolder(field('folder'));
      return `Jobs may no longer read files in ${field('folder')}.`;
    case '/accounts/login': {
      const session = await app.startLogin(field('platform'));
      return `A ${session.platform} login window is opening: log in there; this page shows how it goes (reload it).`;
    }
    case '/accounts/relogin': {
      const session = await app.relogin(field('ref'));
      return `A ${session.platform} login window is opening to log ${field('ref')} in again: log in there as that account; this page shows how it goes (reload it).`;
    }
    case '/accounts/sms':
      app.submitSms(Number(field('login')), field('code'));
      return 'SMS code sent to the login page.';
    case '/accounts/cancel':
      app.cancelLogin(Number(field('login')));
      return 'Login cancelled.';
    case '/accounts/remove': {
      const removed = await app.removeAccount(field('ref'));
      return `Removed ${removed.platform} account ${removed.displayName} and its browser profile from this computer.`;
    }
    default:
      throw new UiRefused('not_found', `no action ${path}`);
  }
}

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > MAX_BODY) req.destroy(new Error('form too large'));
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'x-frame-options': 'DENY',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    'referrer-policy': 'no-referrer',
  });
  res.end(body);
}

function redirect(res: ServerResponse, to: string): void {
  res.writeHead(303, { location: to, 'cache-control': 'no-store' });
  res.end();
}

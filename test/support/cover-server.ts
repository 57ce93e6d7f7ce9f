/**
 * A local image host for cover-download tests: plain HTTP or HTTPS with a
 * certificate made for the run (openssl, a self-signed certificate for one
 * name that the test passes to the downloader as its only trusted CA).
 * Each path answers with a handler the test registers; every request is
 * recorded, so a test can tell that a refused URL never reached it.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface CoverServer {
  /** http://127.0.0.1:port or https://<hostname>:port */
  readonly origin: string;
  readonly port: number;
  /** Paths requested, in order. */
  readonly hits: string[];
  /** The certificate (PEM) to trust, for an HTTPS server. */
  readonly ca: string | undefined;
  route(path: string, handler: Handler): void;
  close(): Promise<void>;
}

/**
 * A whole 1×1 PNG (one transparent RGBA pixel, every chunk's CRC and the
 * zlib checksum right: test/cover-server.test.ts decodes it), and the leading
 * bytes of the other accepted formats.
 */
export const PNG_1X1 = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000b49444154789c6360000200000500017a5eab3f0000000049454e44ae426082',
  'hex',
);
export const JPEG_HEAD = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.alloc(64, 1), Buffer.from('ffd9', 'hex')]);
export const GIF_HEAD = Buffer.concat([Buffer.from('GIF89a', 'ascii'), Buffer.from('0100010080000000', 'hex'), Buffer.alloc(32)]);
export const WEBP_HEAD = Buffer.concat([Buffer.from('RIFF', 'ascii'), Buffer.from('24000000', 'hex'), Buffer.from('WEBPVP8 ', 'ascii'), Buffer.alloc(40)]);

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Answers the bytes with this Content-Type (and a Content-Length). */
export const serve =
  (bytes: Buffer, type = 'image/png'): Handler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': type, 'content-length': bytes.length });
    res.end(bytes);
  };

export const redirect =
  (location: string, status = 302): Handler =>
  (_req, res) => {
    res.writeHead(status, { location });
    res.end();
  };

/** A certificate and key for `hostname`, made once per name and process. */
const tlsCache = new Map<string, { key: string; cert: string }>();
export function tlsFor(hostname: string): { key: string; cert: string } {
  const known = tlsCache.get(hostname);
  if (known) return known;
  const dir = mkdtempSync(join(tmpdir(), 'plume-cover-tls-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2', '-subj', `/CN=${hostname}`, '-addext', `subjectAltName=DNS:${hostname}`, '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      { stdio: 'ignore' },
    );
    const made = { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
    tlsCache.set(hostname, made);
    return made;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startCoverServer(o: { tlsHostname?: string } = {}): Promise<CoverServer> {
  const routes = new Map<string, Handler>();
  const hits: string[] = [];
  const sockets = new Set<Socket>();
  const handle: Handler = (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.push(path);
    const h = routes.get(path);
    if (h) return h(req, res);
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  };
  const tls = o.tlsHostname ? tlsFor(o.tlsHostname) : undefined;
  const server: Server = tls ? createHttpsServer({ key: tls.key, cert: tls.cert }, handle) : createHttpServer(handle);
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: tls ? `https://${o.tlsHostname}:${port}` : `http://127.0.0.1:${port}`,
    port,
    hits,
    ca: tls?.cert,
    route: (path, handler) => void routes.set(path, handler),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

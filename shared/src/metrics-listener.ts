/**
 * The metrics listen address both processes take (PLUME_METRICS_ADDR on the
 * control plane, PLUME_EDGE_METRICS_ADDR on plume-edge) and the small HTTP
 * server behind it: `GET /metrics` in the Prometheus text format, nothing
 * else. It has no authentication of its own: bind it to loopback or to an
 * interface only Prometheus reaches.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

export interface ListenAddress {
  host: string;
  port: number;
}

/** `host:port`, `[v6]:port`; port 0 picks a free one (tests). */
export function parseListenAddress(text: string): ListenAddress | null {
  const m = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9.-]+)):(\d{1,5})$/.exec(text.trim());
  if (!m) return null;
  const port = Number(m[3]);
  if (port > 65535) return null;
  return { host: (m[1] ?? m[2])!, port };
}

/** A zod field for a listen address variable: unset means off. */
export const listenAddressSchema = (name: string) =>
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === '') return null;
      const address = parseListenAddress(text);
      if (!address) {
        ctx.addIssue({ code: 'custom', message: `${name} must be host:port, e.g. 127.0.0.1:9464 or [::1]:9464 (leave it unset to serve no metrics)` });
        return z.NEVER;
      }
      return address;
    });

export interface MetricsListener {
  /** Where it listens (the port chosen when 0 was asked). */
  address: ListenAddress;
  close(): Promise<void>;
}

export interface MetricsSource {
  contentType: string;
  metrics(): Promise<string>;
}

export async function startMetricsListener(address: ListenAddress, source: MetricsSource): Promise<MetricsListener> {
  const server: Server = createServer((req, res) => {
    // Like every other answer of Plume's: a request id to quote (the caller's own when it sent a sane one).
    const sent = req.headers['x-request-id'];
    res.setHeader('x-request-id', typeof sent === 'string' && /^[A-Za-z0-9._:-]{1,64}$/.test(sent) ? sent : `req_${randomBytes(12).toString('base64url')}`);
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Only GET /metrics is served here\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('Use GET\n');
      return;
    }
    source.metrics().then(
      (text) => res.writeHead(200, { 'content-type': source.contentType }).end(req.method === 'HEAD' ? undefined : text),
      (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${(err as Error).message ?? String(err)}\n`),
    );
  });
  // A scraper that keeps its connection open must not hold the process up at shutdown.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = server.address() as AddressInfo;
  return {
    address: { host: address.host, port: bound.port },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

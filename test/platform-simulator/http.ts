/** Small node:http helpers shared by the platform simulators. */
import { closeSync, writev } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface Route {
  method: string;
  /** Path below the platform's prefix, e.g. `/editor/drafts/new`. */
  path: string;
  query: URLSearchParams;
  /** The platform's mount point, e.g. `/juejin`; pages build their own URLs from it. */
  prefix: string;
}

export function readBody(req: IncomingMessage, limit = 64 * 1024 * 1024): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Bytes gathered per write: one writev a few MiB long instead of one write per socket read. */
const WRITE_BATCH = 4 * 1024 * 1024;

/**
 * An open file written at given offsets, one write at a time: bodies arriving
 * in parallel for one file queue here, because concurrent writes to one file
 * contend for its inode lock (measured on ext4: ~10× the CPU of the same
 * bytes written one after the other).
 */
export class PositionalFile {
  private tail: Promise<void> = Promise.resolve();

  constructor(readonly fd: number) {}

  write(buffers: Buffer[], position: number): Promise<void> {
    // libuv's writev finishes partial writes and splits past IOV_MAX itself.
    const run = () => new Promise<void>((resolve, reject) => writev(this.fd, buffers, position, (e) => (e ? reject(e) : resolve())));
    const done = this.tail.then(run);
    this.tail = done.catch(() => {});
    return done;
  }

  /** Closes the file once the writes already queued are done. */
  async close(): Promise<void> {
    await this.tail;
    closeSync(this.fd);
  }
}

/**
 * Streams a request body into `file` at `position` as it arrives: each buffer
 * Node read from the socket goes to `onChunk` (a hash, a list) and into the
 * file as it is — no copy, no whole-body buffer — gathered into writes of
 * WRITE_BATCH. `file` null writes nothing. Resolves with the byte count once
 * all is written; past `limit`, or when the client goes away, it stops and
 * rejects.
 */
export function writeBodyAt(req: IncomingMessage, file: PositionalFile | null, position: number, limit: number, onChunk: (c: Buffer) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    let size = 0;
    let at = position;
    let batch: Buffer[] = [];
    let batchBytes = 0;
    let writing = false;
    let ended = false;
    let failed = false;
    const fail = (e: Error) => {
      if (failed) return;
      failed = true;
      req.destroy();
      reject(e);
    };
    const flush = () => {
      if (writing || failed) return;
      if (ended && batchBytes === 0) return resolve(size);
      if (file === null || batchBytes === 0 || (!ended && batchBytes < WRITE_BATCH)) return;
      const buffers = batch;
      const offset = at;
      at += batchBytes;
      batch = [];
      batchBytes = 0;
      writing = true;
      file.write(buffers, offset).then(() => {
        writing = false;
        flush();
      }, fail);
    };
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) return fail(new Error('body too large'));
      onChunk(c);
      if (file === null) return;
      batch.push(c);
      batchBytes += c.length;
      flush();
    });
    req.on('end', () => {
      ended = true;
      flush();
    });
    req.on('error', fail);
    req.on('close', () => {
      if (!ended) fail(new Error('the client went away mid-body'));
    });
  });
}

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const body = await readBody(req, 1024 * 1024);
  try {
    const v: unknown = JSON.parse(body.toString('utf8'));
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

export function html(res: ServerResponse, body: string, status = 200): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location, 'cache-control': 'no-store' });
  res.end();
}

export function cookies(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i).trim()] = decodeURIComponent(part.slice(i + 1).trim());
  }
  return out;
}

export function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));


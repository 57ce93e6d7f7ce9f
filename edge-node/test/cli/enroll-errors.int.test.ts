/**
 * `plume-edge enroll` pointed at the wrong place says which URL it tried, why
 * it failed and what to check, instead of undici's bare "fetch failed". The
 * compiled CLI (run `npx tsc -b` first) against loopback sockets: a closed
 * port, a plain-HTTP server asked for HTTPS, a self-signed HTTPS server, a
 * server that accepts and never answers, and a server that is not Plume.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { enroll } from '../../src/control/enroll.js';
import { failureReason, unreachableMessage } from '../../src/control/network-failure.js';
import { tlsFor } from '../../../test/support/cover-server.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const dirs: string[] = [];
const servers: Server[] = [];

afterAll(async () => {
  for (const s of servers) await new Promise((r) => s.close(r));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function stateDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'plume-enroll-errors-'));
  dirs.push(dir);
  return dir;
}

async function listening<T extends Server>(server: T): Promise<{ server: T; port: number }> {
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as AddressInfo).port };
}

async function closedPort(): Promise<number> {
  const { server, port } = await listening(createServer());
  servers.splice(servers.indexOf(server), 1);
  await new Promise((r) => server.close(r));
  return port;
}

function enrollCli(url: string, dir = stateDir()): Promise<{ code: number; stderr: string; stdout: string; dir: string }> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npx tsc -b\` first`);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, 'enroll', '--url', url, '--token', 'plmnode_wrong_place_token'],
      { env: { PATH: process.env.PATH ?? '', PLUME_EDGE_STATE_DIR: dir }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr, dir }),
    );
  });
}

describe('errors', () => {
  it('a closed port: the URL, connection refused, and to check the control plane runs there; no identity written', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const res = await enrollCli(url);
    expect(res.code).toBe(1);
    expect(res.stderr).toBe(
      `plume-edge: cannot reach the control plane at ${url}: connection refused (ECONNREFUSED); check that the control plane is running and that the URL names its host and port (the control plane logs "server listening" with its address)\n`,
    );
    expect(res.stderr).not.toContain('fetch failed');
    expect(readdirSync(res.dir).filter((f) => f.startsWith('node'))).toEqual([]);
  });

  it('https:// to a plain HTTP port: a TLS handshake failure and to use http://', async () => {
    const { port } = await listening(createHttpServer((_req, res) => res.end('hello')));
    const res = await enrollCli(`https://127.0.0.1:${port}`);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(new RegExp(`^plume-edge: cannot reach the control plane at https://127\\.0\\.0\\.1:${port}: TLS handshake failed.*use http://`));
  });

  it('a self-signed certificate: says so and how to trust it', async () => {
    const tls = tlsFor('localhost');
    const { port } = await listening(createHttpsServer({ key: tls.key, cert: tls.cert }, (_req, res) => res.end('hello')));
    const res = await enrollCli(`https://127.0.0.1:${port}`);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`cannot reach the control plane at https://127.0.0.1:${port}: TLS: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)`);
    expect(res.stderr).toContain('NODE_EXTRA_CA_CERTS');
  });

  it('a server that is not Plume: names the URL and asks for the base URL', async () => {
    const { port } = await listening(createHttpServer((_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>')));
    const res = await enrollCli(`http://127.0.0.1:${port}/`);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(new RegExp(`^plume-edge: enrollment refused: http://127\\.0\\.0\\.1:${port}/api/nodes/v1/enroll answered HTTP 404 without a Plume error; check that --url is the control plane's base URL`));
  });

  it('a server that accepts and never answers: no answer in time, not a hang', async () => {
    const held: Socket[] = [];
    const { port } = await listening(createServer((s) => void held.push(s)));
    // The enroll bound is what this test is about; the server never answers, so any bound ends the same way.
    const error = await enroll({ url: `http://127.0.0.1:${port}`, token: 'plmnode_x', stateDir: stateDir(), timeoutMs: 300 }).catch((e: unknown) => e as Error);
    for (const s of held) s.destroy();
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(new RegExp(`^cannot reach the control plane at http://127\\.0\\.0\\.1:${port}: no answer in time; check that the URL is the control plane`));
  });

  it('a URL that is not one: a usage error (64) before anything is sent', async () => {
    const res = await enrollCli('127.0.0.1:8080');
    expect(res.code).toBe(64);
    expect(res.stderr).toMatch(/^plume-edge: --url must be the control plane's http\(s\) base URL, e.g\. http:\/\/127\.0\.0\.1:8080, not "127\.0\.0\.1:8080"/);
  });

  it('names DNS and certificate causes as undici nests them', () => {
    const nested = (code: string, message = code) => new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) });
    expect(unreachableMessage('http://plume.example:8080', nested('ENOTFOUND', 'getaddrinfo ENOTFOUND plume.example'))).toBe(
      "cannot reach the control plane at http://plume.example:8080: host not found (ENOTFOUND); check the host name in the URL and this machine's DNS (getent hosts <host>)",
    );
    expect(failureReason(nested('CERT_HAS_EXPIRED'))).toMatchObject({ what: 'TLS: certificate expired', code: 'CERT_HAS_EXPIRED' });
    const happyEyeballs = new TypeError('fetch failed', { cause: new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]) });
    expect(failureReason(happyEyeballs)).toMatchObject({ what: 'connection refused', code: 'ECONNREFUSED' });
  });
});

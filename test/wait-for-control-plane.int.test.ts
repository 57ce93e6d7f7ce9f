/**
 * scripts/wait-for-control-plane.mjs, the wait in docs/getting-started.md's
 * first block: ready only when the control plane itself answers, the log's
 * end when the process exits (a taken port), another program on the port
 * named as such, progress while it waits, and a bound. The compiled control
 * plane (run `npx tsc -b` first) on the test database, real sockets.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../control-plane/src/testing/db.js';
import { freePort, MAIN_JS } from './support/control-plane-process.js';

const SCRIPT = fileURLToPath(new URL('../scripts/wait-for-control-plane.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'plume-wait-'));
const servers: Server[] = [];
const children: ChildProcess[] = [];
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const s of servers) await new Promise((r) => s.close(r));
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

function wait(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT, ...args], { timeout: 240_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The compiled control plane in the background as block 1 starts it: its output in a log file, its pid. */
function controlPlane(port: number, log: string): ChildProcess {
  const out = openSync(log, 'w');
  const child = spawn(process.execPath, [MAIN_JS], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: db.url!, PLUME_ADMIN_TOKEN: 'wait-test-admin-token-0123456789abcdef', LOG_LEVEL: 'info' },
    stdio: ['ignore', out, out],
  });
  children.push(child);
  return child;
}

async function listening<T extends Server>(server: T): Promise<number> {
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

describe.skipIf(!hasPostgres())('happy path', () => {
  it('returns once the control plane answers ready as itself; the control plane says what it is doing while it starts', async () => {
    const port = await freePort();
    const log = join(dir, 'ready.log');
    const child = controlPlane(port, log);
    const res = await wait([`http://127.0.0.1:${port}`, '--pid', String(child.pid), '--log', log]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(new RegExp(`^waiting for the control plane at http://127\\.0\\.0\\.1:${port} \\(up to 300 s; its log: `));
    expect(res.stdout).toMatch(/control plane ready at http:\/\/127\.0\.0\.1:\d+ after \d+ s\n$/);
    const health = await (await fetch(`http://127.0.0.1:${port}/healthz`)).json();
    expect(health).toEqual({ status: 'ok', service: 'plume-control-plane' });
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(log, 'utf8')).toMatch(/^plume: connecting to PostgreSQL \(DATABASE_URL\) and applying migrations…\nplume: database ready in \d+ s; starting the HTTP server on 127\.0\.0\.1:\d+\n/);
    child.kill('SIGTERM');
  });
});

describe.skipIf(!hasPostgres())('errors', () => {
  it('a port held by a program that never answers: the control plane exits and the wait shows the end of its log', async () => {
    const held: Socket[] = [];
    const port = await listening(createServer((s) => void held.push(s)));
    const log = join(dir, 'taken.log');
    const child = controlPlane(port, log);
    const res = await wait([`http://127.0.0.1:${port}`, '--pid', String(child.pid), '--log', log]);
    for (const s of held) s.destroy();
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`the control plane (pid ${child.pid}) exited before it was ready; see ${log}`);
    expect(res.stderr).toContain(`--- the end of ${log}:`);
    expect(res.stderr).toContain('EADDRINUSE');
  });

  it('another program answering on the port is named, not taken for the control plane', async () => {
    const port = await listening(createHttpServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('hello from something else')));
    const res = await wait([`http://127.0.0.1:${port}`]);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${port} answers, but not as a Plume control plane \\(GET /readyz: HTTP 200 hello from something else\\): another program holds the port`),
    );
  });

  it('nothing ever ready: progress every 10 s, then gives up at the bound, naming the log', async () => {
    const held: Socket[] = [];
    const port = await listening(createServer((s) => void held.push(s)));
    // The bound is what this test is about: nothing on this port ever answers, so it ends the same way at any bound.
    const res = await wait([`http://127.0.0.1:${port}`, '--timeout', '12', '--log', join(dir, 'none.log')]);
    for (const s of held) s.destroy();
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/\n {2}still starting after 1\d s \(not answering yet\)\n/);
    expect(res.stderr).toMatch(new RegExp(`^the control plane at http://127\\.0\\.0\\.1:${port} is not ready after 12 s \\(not answering yet\\); see ${join(dir, 'none.log').replace(/[.]/g, '\\.')}\n`));
  }, 60_000);

  it('a bad command line is a usage error', async () => {
    expect((await wait(['127.0.0.1:8080'])).code).toBe(64);
    expect((await wait(['http://127.0.0.1:8080', '--timeout', 'soon'])).code).toBe(64);
  });
});

/**
 * The compiled control plane on SIGTERM, as systemd stops it: requests in
 * flight are answered, a connection held open past the grace period is cut,
 * and the process exits 0 on its own; a second signal ends it at once.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../control-plane/src/testing/db.js';
import { eventually } from '../control-plane/src/testing/eventually.js';
import { type ControlPlaneProcess, startControlPlane } from './support/control-plane-process.js';

const TOKEN = `shutdown-${randomBytes(12).toString('hex')}`;
const databases: TestDatabase[] = [];
const sockets: Socket[] = [];
let cp: ControlPlaneProcess | undefined;

afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  if (cp && cp.child.exitCode === null && cp.child.signalCode === null) cp.child.kill('SIGKILL');
  cp = undefined;
});
afterAll(async () => {
  await Promise.all(databases.map((d) => d.close()));
});

async function start(): Promise<ControlPlaneProcess> {
  const db = await createTestDatabase();
  databases.push(db);
  cp = await startControlPlane({ DATABASE_URL: db.url!, PLUME_ADMIN_TOKEN: TOKEN, LOG_LEVEL: 'info' });
  return cp;
}

/**
 * A POST whose headers promise a body, of which only `first` is sent: the request stays open until
 * the rest comes. Answers once the server has the request (its log says so): a SIGTERM sent
 * before that finds no request in flight, and the server refuses it with 503 as it closes.
 */
async function halfSentRequest(p: ControlPlaneProcess, body: string, first: number): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const { hostname, port } = new URL(p.url);
  const socket = connect(Number(port), hostname);
  sockets.push(socket);
  let received = '';
  socket.on('data', (d: Buffer) => (received += d.toString()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.write(
    `POST /api/admin/users HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${TOKEN}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, first)}`,
  );
  await eventually(() => p.output()).toMatch(/"url":"\/api\/admin\/users"[^\n]*"msg":"incoming request"/);
  return { socket, received: () => received, closed };
}

describe.skipIf(!hasPostgres())('control plane shutdown', () => {
  it('a request in flight when SIGTERM comes is answered, then the process exits 0', async () => {
    const p = await start();
    const body = JSON.stringify({ email: 'late@example.com' });
    const req = await halfSentRequest(p, body, 5);
    const exited = p.stop('SIGTERM');
    await eventually(() => p.output()).toContain('shutting down');
    req.socket.write(body.slice(5));
    await req.closed;
    // Served, not refused as the server closed (503).
    expect(req.received()).toMatch(/^HTTP\/1\.1 (?!503)\d{3} /);
    expect(await exited).toBe(0);
    expect(p.output()).not.toContain('closing their connections');
  }, 60_000);

  it('a connection still open after the grace period is cut, and the process exits 0 on its own', async () => {
    const p = await start();
    const req = await halfSentRequest(p, JSON.stringify({ email: 'never@example.com' }), 3);
    const exited = p.stop('SIGTERM');
    // The rest of the body never comes.
    await req.closed;
    expect(await exited).toBe(0);
    expect(p.output()).toContain('requests still open after the grace period: closing their connections');
    expect(req.received()).toBe('');
  }, 60_000);

  it('a second signal while it drains ends the process at once with exit 1', async () => {
    const p = await start();
    await halfSentRequest(p, JSON.stringify({ email: 'held@example.com' }), 3);
    const exited = p.stop('SIGTERM');
    await eventually(() => p.output()).toContain('shutting down');
    p.child.kill('SIGINT');
    expect(await exited).toBe(1);
    expect(p.output()).toContain('second signal while shutting down');
    expect(p.output()).not.toContain('closing their connections');
  }, 60_000);
});

/**
 * A connection reset while the driver fetches the database's array types (the
 * first thing it asks on a new connection): the statement waiting for that
 * connection fails with the reset, and nothing is left as an unhandled
 * rejection, which would end the control plane's process. The proxy here
 * forwards everything and resets the client's connection when the type query
 * passes through it.
 */
import { createServer, type Server, type Socket, connect } from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../testing/db.js';

const TYPE_QUERY = Buffer.from('pg_catalog.pg_type');

describe.skipIf(!hasPostgres())('a connection reset during the type fetch', () => {
  let test: TestDatabase;
  let server: Server;
  const sockets = new Set<Socket>();
  let url: string;

  beforeAll(async () => {
    test = await createTestDatabase();
    const target = new URL(test.url!);
    server = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      sockets.add(client).add(upstream);
      client.on('data', (d: Buffer) => {
        if (d.includes(TYPE_QUERY)) {
          client.resetAndDestroy();
          upstream.destroy();
          return;
        }
        upstream.write(d);
      });
      upstream.on('data', (d: Buffer) => client.writable && client.write(d));
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const via = new URL(test.url!);
    via.hostname = '127.0.0.1';
    via.port = String((server.address() as { port: number }).port);
    url = via.toString();
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => server?.close(resolve));
    await test?.close();
  });

  it('fails the waiting statement and leaves no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const raw = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
    try {
      await expect(raw`select 1 as one`).rejects.toMatchObject({ code: 'ECONNRESET' });
      // Unhandled rejections are reported after the microtask queue drains.
      await new Promise((r) => setTimeout(r, 300));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await raw.end({ timeout: 1 });
    }
  });
});

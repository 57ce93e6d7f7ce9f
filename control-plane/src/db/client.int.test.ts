/**
 * preparedSql: the same rows as `rows`, on the root handle and inside a
 * transaction (where it must run on the transaction's connection: it sees
 * the transaction's writes, and a rollback undoes its own).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../testing/db.js';
import { eventually } from '../testing/eventually.js';
import { preparedSql, rows } from './client.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await db.database.db.execute(sql`create table prepared_probe (id int primary key, note text)`);
});
afterAll(async () => db?.close());

describe('happy path', () => {
  it('answers what rows answers, call after call (the second call reuses the statement)', async () => {
    const d = db.database.db;
    await d.execute(sql`insert into prepared_probe values (1, 'one'), (2, 'two')`);
    const q = (ids: number[]) => sql`select id, note from prepared_probe where id = any(${`{${ids.join(',')}}`}::int[]) order by id`;
    expect(await preparedSql(d, q([1, 2]))).toEqual(await rows(d, q([1, 2])));
    expect(await preparedSql(d, q([2]))).toEqual([{ id: 2, note: 'two' }]);
  });

  it('inside a transaction it runs on the transaction: it sees its writes and is rolled back with it', async () => {
    const d = db.database.db;
    await expect(
      d.transaction(async (tx) => {
        await preparedSql(tx, sql`insert into prepared_probe values (${10}, ${'in tx'})`);
        expect(await preparedSql(tx, sql`select note from prepared_probe where id = ${10}`)).toEqual([{ note: 'in tx' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await rows(d, sql`select note from prepared_probe where id = ${10}`)).toEqual([]);
  });
});

describe('the postgres driver after its connection dies', () => {
  // postgres.js 3.4.9 threw from a setImmediate when a query was written on a connection whose
  // socket was gone, which killed the process (porsager/postgres#1208; seen here when
  // PostgreSQL restarted under load). patches/postgres+3.4.9.patch settles such queries with
  // CONNECTION_CLOSED instead. Without the patch this test crashes its worker.
  it.runIf(hasPostgres())('rejects the queries of a connection whose backend was terminated, and the process lives on', async () => {
    const client = postgres(db.url!, { max: 2, onnotice: () => {} });
    const killer = postgres(db.url!, { max: 1, onnotice: () => {} });
    try {
      const reserved = await client.reserve();
      const [{ pid }] = (await reserved`select pg_backend_pid() as pid`) as unknown as Array<{ pid: number }>;
      await killer`select pg_terminate_backend(${pid})`;
      // Gone once its backend has exited (pg_terminate_backend only signals it).
      await eventually(async () => (await killer`select count(*)::int as n from pg_stat_activity where pid = ${pid}`)[0]!.n).toBe(0);
      // The first write may still reach the socket before its close is read: the peer's reset
      // (ECONNRESET, EPIPE) then settles it; once closed, every query gets CONNECTION_CLOSED.
      const codes: string[] = [];
      for (let i = 0; i < 3; i++) codes.push(await reserved`select 1`.then(() => 'answered', (e: { code?: string }) => String(e.code)));
      expect(codes.slice(0, 1)).toEqual([expect.stringMatching(/^(CONNECTION_CLOSED|ECONNRESET|EPIPE)$/)]);
      expect(codes.slice(1)).toEqual(['CONNECTION_CLOSED', 'CONNECTION_CLOSED']);
      // The pool's other connections still work.
      expect(await client`select 1 as one`).toEqual([{ one: 1 }]);
    } finally {
      await Promise.all([client.end({ timeout: 1 }), killer.end({ timeout: 1 })]);
    }
  });
});

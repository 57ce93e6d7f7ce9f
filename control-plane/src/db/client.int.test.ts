/**
 * preparedSql: the same rows as `rows`, on the root handle and inside a
 * transaction (where it must run on the transaction's connection: it sees
 * the transaction's writes, and a rollback undoes its own).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/db.js';
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

/**
 * Applies the committed drizzle-kit migrations at start. Replicas starting at
 * once serialize on a session advisory lock, so exactly one applies each
 * migration and the others find it done.
 */
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { type Database, rows } from './client.js';

// src/db and dist/db are both two levels below control-plane/.
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));
const MIGRATION_LOCK = 7_301_994_001;

export async function applyMigrations(database: Database): Promise<void> {
  await database.withSession(async (db) => {
    if (database.kind === 'pglite') {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
      return;
    }
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await migratePostgres(db as never, { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  });
}

/** For /readyz: the database answers and every committed migration is applied. */
export async function migrationsApplied(database: Database, expected: number): Promise<boolean> {
  const applied = await rows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return (applied[0]?.n ?? 0) >= expected;
}

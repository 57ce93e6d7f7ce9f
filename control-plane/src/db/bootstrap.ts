/** Everything a fresh or upgraded database needs before the app serves: migrations, the default project, offline keys. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDefaultProject, backfillProjectKeys } from '../license/offline-keys.js';
import type { Database } from './client.js';
import { applyMigrations, MIGRATIONS_DIR } from './migrate.js';

export function committedMigrationCount(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

export async function prepareDatabase(database: Database, fallbackOfflineKey?: string): Promise<{ backfilledKeys: number }> {
  await applyMigrations(database);
  await ensureDefaultProject(database.db);
  return { backfilledKeys: await backfillProjectKeys(database.db, fallbackOfflineKey) };
}

/**
 * The database boundary: real PostgreSQL through the `postgres` driver when
 * DATABASE_URL is set, otherwise PGlite (PostgreSQL compiled to WASM) in
 * PLUME_DATA_DIR so a fresh machine runs with nothing installed. Both hand the
 * rest of the code the same drizzle PgDatabase type.
 */
import { mkdirSync, realpathSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { DatabaseConfig } from '../config.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** A database or a transaction: repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  kind: 'postgres' | 'pglite';
  db: Db;
  /**
   * The root handle for the license signed-request statements (status and
   * consume admission, a session read by token). On PostgreSQL it is a small
   * pool of its own: those statements are short and come in floods, and a few
   * connections that each pipeline many of them cost PostgreSQL and this
   * process less per statement than spreading them over the main pool
   * (bench/license-http.mjs, CPU per status: 10 connections ≈ 930 µs server
   * and 690 µs PostgreSQL, 3 ≈ 770 and 550, 2 ≈ 700 and 480, 1 ≈ 670 and 435).
   * The admissions themselves are batched, many to a statement, one statement
   * in flight at a time (license/admission-queue.ts). Two connections by
   * default: the second takes the next statement when the one in flight is
   * slow, so a statement stuck behind a lock does not hold up every signed
   * request of the replica. Its own pool also keeps that flood from queueing
   * behind transactions and exports on the main pool. On PGlite it is `db`.
   */
  signedRequests: Db;
  /** How many statements signedRequests runs at once: its pool's connections (1 on PGlite). */
  signedRequestConnections: number;
  /** Runs `fn` on one dedicated connection (session-level advisory locks need that). */
  withSession<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Rows of a raw statement, whichever driver ran it. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Runs raw SQL as a prepared (named) statement on the root handle: PostgreSQL
 * plans it once per connection instead of on every call, which drizzle's
 * `db.execute` cannot do. For statements on a hot path; `text` must be
 * constant (parameters in `params`), since the statement cache keys on it.
 */
/** Whether preparedRows can run on this handle (the root handle of either driver; a transaction cannot). */
export function isRootHandle(db: Db): boolean {
  const client = (db as unknown as { $client?: { unsafe?: unknown; query?: unknown } }).$client;
  return client?.unsafe !== undefined || client?.query !== undefined;
}

export async function preparedRows<T>(db: Db, text: string, params: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client as
    | { unsafe?: (q: string, p: unknown[], o: { prepare: boolean }) => Promise<T[]>; query?: (q: string, p: unknown[]) => Promise<{ rows: T[] }> }
    | undefined;
  if (client?.unsafe) return client.unsafe(text, params, { prepare: true });
  if (client?.query) return (await client.query(text, params)).rows;
  throw new Error('preparedRows needs the root database handle, not a transaction');
}

/**
 * Rows of a drizzle `sql` statement run as a prepared (named) statement, on
 * the root handle or inside a transaction. drizzle's `db.execute` sends every
 * statement unnamed, so PostgreSQL parses and plans it on every call; for the
 * dispatch transitions (CTEs over unnest arrays) that planning cost more CPU
 * than running them. postgres-js keeps the statement per connection, keyed
 * by its text: use it only where the text takes a bounded number of shapes
 * (values travel as parameters, arrays as one parameter each). PGlite runs it
 * like `rows`.
 */
export async function preparedSql<T>(db: Db, query: SQL): Promise<T[]> {
  const d = db as unknown as {
    dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
    session?: { client?: { unsafe?: (q: string, p: unknown[], o: { prepare: boolean }) => Promise<T[]> } };
  };
  const unsafe = d.session?.client?.unsafe;
  if (!unsafe) return rows<T>(db, query);
  const built = d.dialect.sqlToQuery(query);
  return unsafe.call(d.session!.client, built.sql, built.params, { prepare: true });
}

/**
 * A statement written as text with $n placeholders, bound to `params`, as a
 * drizzle SQL for preparedSql (which numbers the parameters again in order of
 * appearance; each $n may appear once). Its text is constant, so it is
 * prepared once per connection.
 */
export function textWithParams(text: string, params: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  const placeholder = /\$(\d+)/g;
  let last = 0;
  for (let m = placeholder.exec(text); m; m = placeholder.exec(text)) {
    chunks.push(sql.raw(text.slice(last, m.index)), sql`${params[Number(m[1]) - 1]}`);
    last = placeholder.lastIndex;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

/** How the signed-request pool's connections show in pg_stat_activity. */
export const SIGNED_REQUESTS_APPLICATION_NAME = 'plume-control-plane-signed';

export function openPostgres(url: string, poolMax = 10, signedPoolMax = 2): Database {
  const client = postgres(url, {
    max: poolMax,
    // Migration and NOTICE chatter is not an application log line.
    onnotice: () => {},
    connection: { application_name: 'plume-control-plane' },
  });
  const db = drizzlePostgres({ client, schema }) as unknown as Db;
  // Connects on first use, like the main pool: a process that serves no signed request opens none.
  const signedClient = postgres(url, { max: signedPoolMax, onnotice: () => {}, connection: { application_name: SIGNED_REQUESTS_APPLICATION_NAME } });
  return {
    kind: 'postgres',
    db,
    signedRequests: drizzlePostgres({ client: signedClient, schema }) as unknown as Db,
    signedRequestConnections: signedPoolMax,
    async withSession(fn) {
      // A one-connection client: drizzle cannot wrap a reserved connection of the pool.
      const single = postgres(url, { max: 1, onnotice: () => {}, connection: { application_name: 'plume-control-plane' } });
      try {
        return await fn(drizzlePostgres({ client: single, schema }) as unknown as Db);
      } finally {
        await single.end({ timeout: 5 });
      }
    },
    close: async () => {
      await Promise.all([client.end({ timeout: 5 }), signedClient.end({ timeout: 5 })]);
    },
  };
}

export async function openPglite(dataDir: string | null): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // PGlite cannot open a data directory reached through a symlink (its file system fails with
  // ENOENT): systemd's DynamicUser= makes /var/lib/<StateDirectory> exactly that, a link into
  // /var/lib/private. Hand it the real path.
  const client = dataDir ? await PGlite.create(realpathSync(dataDir)) : await PGlite.create();
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    signedRequests: db,
    signedRequestConnections: 1,
    // PGlite is a single connection already.
    withSession: (fn) => fn(db),
    close: () => client.close(),
  };
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.kind === 'postgres' ? openPostgres(config.url, config.poolMax, config.signedPoolMax) : openPglite(config.dataDir);
}

/**
 * The database boundary: real PostgreSQL through the `postgres` driver when
 * DATABASE_URL is set, otherwise PGlite (PostgreSQL compiled to WASM) in
 * PLUME_DATA_DIR so a fresh machine runs with nothing installed. Both hand the
 * rest of the code the same drizzle PgDatabase type.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { DatabaseConfig } from '../config.js';
import { countedPool } from '../metrics/db-pool.js';
import * as schema from './schema.js';
import { boundedWait, reconnectDelaySeconds } from './unavailable.js';

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

/** Default of PLUME_DB_CONNECT_TIMEOUT_MS. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 3000;

/**
 * What every client of a PostgreSQL database shares. During an outage a
 * request must answer 503 within a few seconds and recover as soon as
 * PostgreSQL is back (db/unavailable.ts):
 *  - connect_timeout: a connection attempt to a host that accepts and never
 *    answers fails after connectTimeoutMs (the driver's default is 30 s);
 *  - backoff: the wait before reconnecting after failures is capped at half
 *    a second (the driver's grows to 20 s).
 * idle_timeout and max_lifetime keep the driver's defaults (no idle limit,
 * 30-60 min): a connection PostgreSQL closes (a restart, a terminated
 * backend) is seen closed by its socket at once and reopened by the next
 * statement that needs it, so none lingers to fail later.
 */
function clientOptions(applicationName: string, connectTimeoutMs: number): postgres.Options<Record<string, never>> {
  return {
    // Migration and NOTICE chatter is not an application log line.
    onnotice: () => {},
    connection: { application_name: applicationName },
    connect_timeout: connectTimeoutMs / 1000,
    backoff: reconnectDelaySeconds,
  };
}

export function openPostgres(url: string, poolMax = 10, signedPoolMax = 2, connectTimeoutMs = DEFAULT_CONNECT_TIMEOUT_MS): Database {
  // Counted for plume_db_pool_* (metrics/db-pool.ts).
  const main = countedPool(
    boundedWait(postgres(url, { ...clientOptions('plume-control-plane', connectTimeoutMs), max: poolMax }), connectTimeoutMs),
    'main',
    poolMax,
  );
  const client = main.client;
  const db = drizzlePostgres({ client, schema }) as unknown as Db;
  // Connects on first use, like the main pool: a process that serves no signed request opens none.
  const signed = countedPool(
    boundedWait(postgres(url, { ...clientOptions(SIGNED_REQUESTS_APPLICATION_NAME, connectTimeoutMs), max: signedPoolMax }), connectTimeoutMs),
    'signed',
    signedPoolMax,
  );
  const signedClient = signed.client;
  return {
    kind: 'postgres',
    db,
    signedRequests: drizzlePostgres({ client: signedClient, schema }) as unknown as Db,
    signedRequestConnections: signedPoolMax,
    async withSession(fn) {
      // A one-connection client: drizzle cannot wrap a reserved connection of the pool.
      const single = postgres(url, { ...clientOptions('plume-control-plane', connectTimeoutMs), max: 1 });
      try {
        return await fn(drizzlePostgres({ client: single, schema }) as unknown as Db);
      } finally {
        await single.end({ timeout: 5 });
      }
    },
    close: async () => {
      main.release();
      signed.release();
      await Promise.all([client.end({ timeout: 5 }), signedClient.end({ timeout: 5 })]);
    },
  };
}

/**
 * PostgreSQL settings for the embedded database: one connection and a small data set. The default
 * 128 MB of shared buffers is most of what an idle PGlite holds resident; 8 MB holds the working
 * set of this schema (docs/performance.md: embedded database memory).
 */
const PGLITE_SETTINGS = ['shared_buffers=8MB'];

export async function openPglite(dataDir: string | null): Promise<Database> {
  let client: PGlite;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    // PGlite cannot open a data directory reached through a symlink (its file system fails with
    // ENOENT): systemd's DynamicUser= makes /var/lib/<StateDirectory> exactly that, a link into
    // /var/lib/private. Hand it the real path.
    const dir = realpathSync(dataDir);
    await initPgliteDir(dir);
    client = await PGlite.create(dir, { postgresqlconf: PGLITE_SETTINGS });
  } else {
    client = await PGlite.create({ postgresqlconf: PGLITE_SETTINGS });
  }
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

/**
 * Creates the cluster of a new data directory in a child process. initdb grows PGlite's
 * WebAssembly memory to about 700 MB, which a process never returns to the system; done in a
 * child that exits, the server process starts at the size of a reopened cluster.
 */
async function initPgliteDir(dir: string): Promise<void> {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  const module = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const script = [
    'const m = await import(process.argv[1]);',
    'const { PGlite } = m.PGlite ? m : m.default;',
    'const db = await PGlite.create(process.argv[2]);',
    'await db.close();',
  ].join(' ');
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, module, dir], { timeout: 10 * 60_000 });
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.kind === 'postgres'
    ? openPostgres(config.url, config.poolMax, config.signedPoolMax, config.connectTimeoutMs)
    : openPglite(config.dataDir);
}

/**
 * Re-plans the publish queue's statements after the queue tables grew.
 * The hot statements are prepared once per connection, and PostgreSQL keeps
 * a generic plan built on the table sizes of that moment until the table is
 * next analyzed. Planned on a nearly empty table, they scan it whole: the
 * result statement took 1.7 ms at 300 jobs and 13.5 ms at 60,000 under a plan
 * kept from 300 (70 ms for a batch of four). Autovacuum re-analyzes a growing
 * table only on its next visit (once a minute per database by default), so a
 * fresh database under a burst runs a minute or more on such plans.
 *
 * Every QUEUE_ANALYZE_INTERVAL_MS a replica compares each queue table's live
 * rows with the count of its last analysis and analyzes it when it has at
 * least doubled (or was never analyzed) and holds QUEUE_ANALYZE_MIN_ROWS: a
 * handful of analyses while a table grows, none once its size settles. The
 * analysis invalidates the cached plans, which are rebuilt on next use.
 */
import { sql } from 'drizzle-orm';
import { type Db, rows } from './client.js';

export const QUEUE_TABLES = ['publish_jobs', 'publish_batches'] as const;
export const QUEUE_ANALYZE_INTERVAL_MS = 5_000;
export const QUEUE_ANALYZE_MIN_ROWS = 1_000;

/** Analyzes the queue tables (of the current schema) that have doubled since their last analysis; answers which. */
export async function analyzeQueueIfGrown(db: Db, minRows = QUEUE_ANALYZE_MIN_ROWS): Promise<string[]> {
  const stats = await rows<{ relname: string; live: number; analyzed: number }>(
    db,
    sql`select s.relname, s.n_live_tup::float8 as live, c.reltuples::float8 as analyzed
        from pg_stat_user_tables s join pg_class c on c.oid = s.relid
        where s.schemaname = current_schema() and s.relname in ('publish_jobs', 'publish_batches')`,
  );
  const grown = stats.filter((s) => Number(s.live) >= minRows && Number(s.live) >= 2 * Number(s.analyzed)).map((s) => s.relname);
  // The names come from the fixed list above, never from input.
  const tables = QUEUE_TABLES.filter((t) => grown.includes(t));
  if (tables.length) await db.execute(sql.raw(`analyze ${tables.join(', ')}`));
  return tables;
}

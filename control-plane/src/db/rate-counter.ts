/**
 * Fixed-window counters in PostgreSQL: every replica increments the same row,
 * so a limit holds across the fleet. One upsert per hit.
 */
import { sql } from 'drizzle-orm';
import { type Db, rows } from './client.js';

// Raw statements get ISO strings with casts: drizzle passes a Date in a raw
// `sql` template straight to the driver, and postgres-js cannot bind one.

export interface WindowHit {
  count: number;
  /** When the current window ends. */
  resetAt: Date;
}

export async function hitWindow(db: Db, key: string, windowSeconds: number, now: Date, by = 1): Promise<WindowHit> {
  const windowMs = windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const resetAt = new Date(start.getTime() + windowMs);
  const [row] = await rows<{ count: number }>(
    db,
    sql`insert into rate_counters (key, window_start, count, expires_at)
        values (${key}, ${start.toISOString()}::timestamptz, ${by}, ${new Date(resetAt.getTime() + windowMs).toISOString()}::timestamptz)
        on conflict (key, window_start) do update set count = rate_counters.count + ${by}
        returning count`,
  );
  return { count: row?.count ?? by, resetAt };
}

/** Drops expired counters and nonces; run periodically by one maintenance loop per replica. */
export async function pruneExpired(db: Db, now: Date): Promise<void> {
  await db.execute(sql`delete from rate_counters where expires_at < ${now.toISOString()}::timestamptz`);
  await db.execute(sql`delete from license_nonces where expires_at < ${now.toISOString()}::timestamptz`);
  await db.execute(sql`delete from license_challenges where expires_at < ${new Date(now.getTime() - 3_600_000).toISOString()}::timestamptz`);
}

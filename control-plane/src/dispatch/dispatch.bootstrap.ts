/**
 * Creates the tables of dispatch.schema.ts when no migration has yet.
 * TEMPORARY: the drizzle-kit migration generated from dispatch.schema.ts
 * replaces this file; every statement is `if not exists`, so it is a no-op
 * once that migration ran. Replicas starting together serialize on an
 * advisory lock (concurrent CREATE TABLE IF NOT EXISTS can still collide).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

const LOCK = 7_301_994_005;

const STATEMENTS = [
  `create table if not exists node_enrollment_tokens (
    id text primary key not null,
    token_hash text not null unique,
    kind text not null,
    name text not null,
    user_ids jsonb not null,
    created_by text not null,
    created_at timestamp with time zone default now() not null,
    expires_at timestamp with time zone not null,
    used_at timestamp with time zone,
    node_id text,
    machine_id text,
    fingerprint text
  )`,
  `create index if not exists node_enrollment_tokens_node on node_enrollment_tokens (node_id)`,
  `create table if not exists job_verifications (
    job_id text not null,
    attempt_id text not null,
    unknown_since timestamp with time zone default now() not null,
    checks integer default 0 not null,
    next_check_at timestamp with time zone default now() not null,
    last_sent_at timestamp with time zone,
    resolved_at timestamp with time zone,
    resolution text,
    constraint job_verifications_job_id_attempt_id_pk primary key (job_id, attempt_id)
  )`,
  `create index if not exists job_verifications_due on job_verifications (resolved_at, next_check_at)`,
  `create table if not exists job_evidence (
    id bigint primary key generated always as identity not null,
    job_id text not null,
    attempt_id text not null,
    node_id text not null,
    step text not null,
    error_code text,
    screenshot_png text,
    html text,
    created_at timestamp with time zone default now() not null
  )`,
  `create index if not exists job_evidence_job on job_evidence (job_id)`,
  `create table if not exists node_inventories (
    node_id text primary key not null,
    files jsonb not null,
    truncated boolean default false not null,
    updated_at timestamp with time zone default now() not null
  )`,
];

export async function ensureDispatchTables(database: Database): Promise<void> {
  await database.withSession(async (db) => {
    const postgres = database.kind === 'postgres';
    if (postgres) await db.execute(sql`select pg_advisory_lock(${LOCK})`);
    try {
      for (const statement of STATEMENTS) await db.execute(sql.raw(statement));
    } finally {
      if (postgres) await db.execute(sql`select pg_advisory_unlock(${LOCK})`);
    }
  });
}

/**
 * Aggregates for the back office: the consumption trend and the global or
 * per-project statistics. The trend is one query: generate_series makes the
 * buckets (so empty ones answer 0) and each bucket counts its own range of
 * the (created_at, id, outcome) or (project_id, created_at, id, outcome)
 * index — an index-only range scan per bucket instead of grouping every row
 * by an expression PostgreSQL cannot estimate.
 */
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { codeStateSql } from './codes.repository.js';
import type { TimeRange } from '../../http/admin-query.js';

export const GRANULARITIES = ['day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

export interface TrendBucket {
  start: string;
  total: number;
  deducted: number;
  timeChecked: number;
  idempotent: number;
  refused: number;
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const projectFilter = (column: string, projectId: number | undefined) =>
  projectId === undefined ? sql`` : sql` and ${sql.raw(column)} = ${projectId}`;

export const statsRepository = {
  async trend(db: Db, a: { range: TimeRange; granularity: Granularity; projectId?: number | undefined }): Promise<TrendBucket[]> {
    // The unit is one of GRANULARITIES (validated), never request text.
    const unit = sql.raw(`'${a.granularity}'`);
    const step = sql.raw(`interval '1 ${a.granularity}'`);
    const from = at(a.range.from);
    const to = at(a.range.to);
    return rows<TrendBucket>(
      db,
      sql`select to_char(b.start, 'YYYY-MM-DD') as start, c.total, c.deducted, c.time_checked as "timeChecked", c.idempotent, c.refused
          from generate_series(date_trunc(${unit}, ${from} at time zone 'UTC'),
                               date_trunc(${unit}, (${to} - interval '1 microsecond') at time zone 'UTC'),
                               ${step}) as b(start)
          cross join lateral (
            select count(*)::int as total,
                   count(*) filter (where l.outcome = 'deducted')::int as deducted,
                   count(*) filter (where l.outcome = 'time_checked')::int as time_checked,
                   count(*) filter (where l.outcome = 'idempotent')::int as idempotent,
                   count(*) filter (where l.outcome not in ('deducted', 'time_checked', 'idempotent'))::int as refused
            from consumption_logs l
            where l.created_at >= greatest(b.start at time zone 'UTC', ${from})
              and l.created_at < least((b.start + ${step}) at time zone 'UTC', ${to})${projectFilter('l.project_id', a.projectId)}
          ) c
          order by b.start`,
    );
  },

  async summary(db: Db, projectId: number | undefined, now: Date) {
    const where = (column: string) => (projectId === undefined ? sql`` : sql` where ${sql.raw(column)} = ${projectId}`);
    const n = at(now);
    const [codeStates, [deviceCounts], [sessionCounts], [consumptions], eventKinds, [projectCounts]] = await Promise.all([
      rows<{ state: string; n: number }>(
        db,
        sql`select state, count(*)::int as n from (select ${codeStateSql(now)} as state from activation_codes${where('project_id')}) s group by state`,
      ),
      rows<{ total: number; active: number; revoked: number; seen24h: number }>(
        db,
        sql`select count(*)::int as total, count(*) filter (where revoked_at is null)::int as active,
              count(*) filter (where revoked_at is not null)::int as revoked,
              count(*) filter (where revoked_at is null and last_seen_at >= ${n} - interval '24 hours')::int as "seen24h"
            from devices${where('project_id')}`,
      ),
      rows<{ total: number; active: number; revoked: number }>(
        db,
        sql`select count(*)::int as total, count(*) filter (where revoked_at is null and token_expires_at > ${n})::int as active,
              count(*) filter (where revoked_at is not null)::int as revoked
            from license_sessions${where('project_id')}`,
      ),
      rows<{ total: number; last24h: number; last30d: number; deducted: number }>(
        db,
        sql`select count(*)::int as total, count(*) filter (where created_at >= ${n} - interval '24 hours')::int as "last24h",
              count(*) filter (where created_at >= ${n} - interval '30 days')::int as "last30d",
              count(*) filter (where outcome = 'deducted')::int as deducted
            from consumption_logs${where('project_id')}`,
      ),
      rows<{ kind: string; n: number }>(db, sql`select kind, count(*)::int as n from security_events${where('project_id')} group by kind`),
      rows<{ total: number; enabled: number }>(
        db,
        sql`select count(*)::int as total, count(*) filter (where enabled)::int as enabled from projects${where('id')}`,
      ),
    ]);
    return { codeStates, devices: deviceCounts!, sessions: sessionCounts!, consumptions: consumptions!, eventKinds, projects: projectCounts! };
  },
};

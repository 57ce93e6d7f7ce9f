/**
 * The home page's figures, read from PostgreSQL on every call (replicas share
 * the database and keep nothing): the last 24 hours of jobs by the hour they
 * were asked for, by their outcome now and by platform, with the failures'
 * error codes; nodes online and their slots; accounts that need a login or
 * are held back by their health; the webhook backlog; quota use. Scoped to one
 * integrator when `userId` is given (the console's own page), else every
 * integrator's (the back office).
 *
 * Every read is bounded: the jobs read is a range on publish_jobs_created
 * (the last 24 h only, however long the table grows); the in-flight and
 * needs-attention counts use the partial and state indexes the dispatcher
 * already has; the webhook backlog reads the pending rows through
 * webhook_deliveries_due.
 */
import { PLATFORMS } from '@plume/shared';
import { sql, type SQL } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { ONLINE_WINDOW_SECONDS } from '../../nodes/nodes-admin.service.js';

export const WINDOW_HOURS = 24;
/** CMS sites are accounts too, with no login or health of their own: the accounts figures leave them out. */
const CMS_PLATFORMS = PLATFORMS.filter((p) => p.category === 'cms').map((p) => p.id);
export const OUTCOMES = ['succeeded', 'failed', 'canceled', 'attention', 'pending'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** A job's state now, as the home page counts it: finished well or not, canceled, waiting for a person, or still on its way. */
export function outcomeOf(state: string): Outcome {
  if (state === 'succeeded' || state === 'failed' || state === 'canceled') return state;
  if (state === 'needs_attention' || state === 'unknown') return 'attention';
  return 'pending';
}

type Counts = Record<Outcome, number>;
const zero = (): Counts => ({ succeeded: 0, failed: 0, canceled: 0, attention: 0, pending: 0 });
const total = (c: Counts) => OUTCOMES.reduce((n, o) => n + c[o], 0);

/** Failures by error code: this many codes by name, the rest as one `other` row. */
export const TOP_ERROR_CODES = 8;

export interface Overview {
  window: { from: string; to: string };
  jobs: {
    totals: Counts & { total: number };
    hours: Array<Counts & { start: string; total: number }>;
    platforms: Array<Counts & { platform: string; total: number }>;
    errorCodes: Array<{ code: string; count: number }>;
    inFlight: number;
    queued: number;
    needsAttention: number;
  };
  nodes: { total: number; online: number; draining: number; slots: number; busySlots: number };
  accounts: { total: number; needsLogin: number; cooling: number; restricted: number };
  webhooks: { pending: number; oldestPendingSeconds: number; failed24h: number };
  /** integratorsNearlyOut: integrators (the one, on their own page) with NEARLY_OUT or more of a bucket's grant used. */
  quota: { buckets: Array<{ bucket: string; granted: number; used: number }>; integratorsNearlyOut: number };
}

/** An integrator is nearly out of a bucket from this share of its grant used. */
export const NEARLY_OUT = 0.9;

const hourFloor = (d: Date) => new Date(Math.floor(d.getTime() / 3_600_000) * 3_600_000);

export async function readOverview(db: Db, o: { now: Date; userId?: number | undefined }): Promise<Overview> {
  const to = o.now;
  const from = new Date(hourFloor(to).getTime() - (WINDOW_HOURS - 1) * 3_600_000);
  const own = (column: SQL): SQL => (o.userId === undefined ? sql`true` : sql`${column} = ${o.userId}`);

  const [jobRows, nowRows, nodeRows, accountRows, webhookRows, quotaRows, nearlyOutRows] = await Promise.all([
    rows<{ hour: string | number; platform: string; state: string; errorCode: string | null; n: number }>(
      db,
      sql`select extract(epoch from date_trunc('hour', created_at))::bigint as hour, platform, state, error_code as "errorCode", count(*)::int as n
          from publish_jobs
          where created_at >= ${from.toISOString()}::timestamptz and ${own(sql`user_id`)}
          group by 1, 2, 3, 4`,
    ),
    rows<{ inFlight: number; queued: number; needsAttention: number }>(
      db,
      sql`select (select count(*)::int from publish_jobs where state in ('offered', 'accepted', 'running', 'committed') and ${own(sql`user_id`)}) as "inFlight",
                 (select count(*)::int from publish_jobs where state = 'queued' and ${own(sql`user_id`)}) as queued,
                 (select count(*)::int from publish_jobs where state in ('needs_attention', 'unknown') and ${own(sql`user_id`)}) as "needsAttention"`,
    ),
    rows<{ total: number; online: number; draining: number; slots: number; busySlots: number }>(
      db,
      sql`with n as (
            select id, status,
                   (connected_replica is not null and last_heartbeat_at > now() - make_interval(secs => ${ONLINE_WINDOW_SECONDS}) and status = 'active') as online,
                   greatest(coalesce((capabilities->>'concurrency')::int, 1), 1) as slots
            from execution_nodes
            where status <> 'revoked' and ${o.userId === undefined ? sql`true` : sql`id in (select node_id from node_users where user_id = ${o.userId})`})
          select count(*)::int as total, (count(*) filter (where online))::int as online, (count(*) filter (where status = 'draining'))::int as draining,
                 coalesce(sum(slots) filter (where online), 0)::int as slots,
                 (select count(*)::int from publish_jobs j join n on n.id = j.node_id and n.online
                  where j.state in ('offered', 'accepted', 'running', 'committed') and ${own(sql`j.user_id`)}) as "busySlots"
          from n`,
    ),
    rows<{ total: number; needsLogin: number; cooling: number; restricted: number }>(
      db,
      sql`select count(*)::int as total, (count(*) filter (where a.login_state = 'logged_out'))::int as "needsLogin",
                 (count(*) filter (where h.state = 'cooling'))::int as cooling, (count(*) filter (where h.state = 'restricted'))::int as restricted
          from accounts a left join account_health h on h.account_id = a.id
          where a.removed_at is null and a.platform not in (${sql.join(CMS_PLATFORMS.map((p) => sql`${p}`), sql`, `)}) and ${own(sql`a.user_id`)}`,
    ),
    rows<{ pending: number; oldest: number; failed: number }>(
      db,
      sql`select (select count(*)::int from webhook_deliveries where status = 'pending' and ${own(sql`user_id`)}) as pending,
                 (select coalesce(extract(epoch from ${to.toISOString()}::timestamptz - min(created_at)), 0)::float8 from webhook_deliveries
                  where status = 'pending' and ${own(sql`user_id`)}) as oldest,
                 (select count(*)::int from webhook_deliveries where status = 'failed' and created_at >= ${from.toISOString()}::timestamptz and ${own(sql`user_id`)}) as failed`,
    ),
    rows<{ bucket: string; granted: number; used: number }>(
      db,
      sql`select bucket, coalesce(sum(granted), 0)::bigint as granted, coalesce(sum(used), 0)::bigint as used
          from quota_buckets where ${own(sql`user_id`)} group by bucket order by bucket`,
    ),
    rows<{ n: number }>(
      db,
      sql`select count(distinct user_id)::int as n from quota_buckets where granted > 0 and used >= granted * ${NEARLY_OUT}::float8 and ${own(sql`user_id`)}`,
    ),
  ]);

  const hours = Array.from({ length: WINDOW_HOURS }, (_, i) => ({ start: new Date(from.getTime() + i * 3_600_000).toISOString(), ...zero() }));
  const platforms = new Map<string, Counts>();
  const codes = new Map<string, number>();
  const totals = zero();
  for (const r of jobRows) {
    const n = Number(r.n);
    const outcome = outcomeOf(r.state);
    const hour = hours[Math.round((Number(r.hour) * 1000 - from.getTime()) / 3_600_000)];
    if (hour) hour[outcome] += n;
    const p = platforms.get(r.platform) ?? zero();
    p[outcome] += n;
    platforms.set(r.platform, p);
    totals[outcome] += n;
    if (r.state === 'failed') codes.set(r.errorCode ?? 'none', (codes.get(r.errorCode ?? 'none') ?? 0) + n);
  }
  const byCount = [...codes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const errorCodes = byCount.slice(0, TOP_ERROR_CODES).map(([code, count]) => ({ code, count }));
  const rest = byCount.slice(TOP_ERROR_CODES).reduce((n, [, c]) => n + c, 0);
  if (rest > 0) errorCodes.push({ code: 'other', count: rest });

  const now = nowRows[0]!;
  const node = nodeRows[0]!;
  const acc = accountRows[0]!;
  const hook = webhookRows[0]!;
  return {
    window: { from: from.toISOString(), to: to.toISOString() },
    jobs: {
      totals: { ...totals, total: total(totals) },
      hours: hours.map((h) => ({ ...h, total: total(h) })),
      platforms: [...platforms]
        .map(([platform, c]) => ({ platform, ...c, total: total(c) }))
        .sort((a, b) => b.total - a.total || a.platform.localeCompare(b.platform)),
      errorCodes,
      inFlight: Number(now.inFlight),
      queued: Number(now.queued),
      needsAttention: Number(now.needsAttention),
    },
    nodes: { total: Number(node.total), online: Number(node.online), draining: Number(node.draining), slots: Number(node.slots), busySlots: Number(node.busySlots) },
    accounts: { total: Number(acc.total), needsLogin: Number(acc.needsLogin), cooling: Number(acc.cooling), restricted: Number(acc.restricted) },
    webhooks: { pending: Number(hook.pending), oldestPendingSeconds: Math.max(0, Math.round(Number(hook.oldest))), failed24h: Number(hook.failed) },
    quota: {
      buckets: quotaRows.map((q) => ({ bucket: q.bucket, granted: Number(q.granted), used: Number(q.used) })),
      integratorsNearlyOut: Number(nearlyOutRows[0]?.n ?? 0),
    },
  };
}

/**
 * Cluster-wide gauges: the job queue and the webhook outbox as PostgreSQL
 * holds them, shared by every replica. Read at scrape time with one
 * statement (index-only on the job queue: publish_jobs_dispatch starts with
 * state and holds created_at) and kept for a few seconds, so two Prometheus
 * servers scraping several replicas cost the database one read per window.
 * A read that fails or hangs does not fail the scrape: the job gauges have
 * no series, the outbox gauges read 0, and plume_cluster_metrics_up says 0
 * (alert on that, not on a missing series).
 */
import { Gauge } from 'prom-client';
import { type Db, rows } from '../db/client.js';
import { sql } from 'drizzle-orm';
import { registry, Sources } from './instruments.js';

/** How long one read serves scrapes. */
export const CLUSTER_CACHE_MS = 5_000;
/** A scrape waits no longer than this for the read (Prometheus' own timeout is 10 s by default). */
const READ_TIMEOUT_MS = 2_000;

/** States a job is still in while someone (a node, a verification, a person) has to act. */
export const UNFINISHED_JOB_STATES = ['queued', 'offered', 'accepted', 'running', 'committed', 'unknown', 'needs_attention'] as const;

/** The databases this process serves; the first one is read (a process serves one, tests may build several apps on it). */
export const clusterDatabases = new Sources<Db>();

interface Snapshot {
  ok: boolean;
  jobs: Map<string, { n: number; age: number }>;
  webhooks: { n: number; age: number };
}

const EMPTY: Snapshot = { ok: false, jobs: new Map(), webhooks: { n: 0, age: 0 } };

const QUERY = sql.raw(`
  select 'job' as source, state, count(*)::int as n, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age
  from publish_jobs where state in (${UNFINISHED_JOB_STATES.map((s) => `'${s}'`).join(', ')}) group by state
  union all
  select 'webhook', 'pending', count(*)::int, coalesce(extract(epoch from now() - min(created_at)), 0)::float8
  from webhook_deliveries where status = 'pending'`);

let cached: { at: number; value: Promise<Snapshot> } | null = null;

async function read(db: Db): Promise<Snapshot> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('cluster metrics read timed out')), READ_TIMEOUT_MS);
  });
  try {
    const list = await Promise.race([rows<{ source: string; state: string; n: number; age: number }>(db, QUERY), timeout]);
    const jobs = new Map(UNFINISHED_JOB_STATES.map((s) => [s as string, { n: 0, age: 0 }]));
    let webhooks = { n: 0, age: 0 };
    for (const r of list) {
      const value = { n: Number(r.n), age: Number(r.age) };
      if (r.source === 'job') jobs.set(r.state, value);
      else webhooks = value;
    }
    return { ok: true, jobs, webhooks };
  } catch {
    return EMPTY;
  } finally {
    clearTimeout(timer);
  }
}

/** The current snapshot: shared by every gauge of one scrape and by scrapes within CLUSTER_CACHE_MS. */
function snapshot(): Promise<Snapshot> {
  const [db] = clusterDatabases.all;
  if (!db) return Promise.resolve(EMPTY);
  const now = Date.now();
  if (!cached || now - cached.at >= CLUSTER_CACHE_MS) cached = { at: now, value: read(db) };
  return cached.value;
}

/** Forget the cached read (tests, and a process that switches databases). */
export function resetClusterCache(): void {
  cached = null;
}

new Gauge({
  name: 'plume_cluster_metrics_up',
  help: 'Whether the last read of the cluster-wide metrics from PostgreSQL worked (1) or failed or timed out (0). Per replica.',
  registers: [registry],
  async collect() {
    this.set((await snapshot()).ok ? 1 : 0);
  },
});

new Gauge({
  name: 'plume_queue_jobs',
  help: 'Publish jobs in each unfinished state (queued, offered, accepted, running, committed, unknown, needs_attention). Cluster-wide, read from PostgreSQL: the same on every replica.',
  labelNames: ['state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const [state, v] of (await snapshot()).jobs) this.set({ state }, v.n);
  },
});

new Gauge({
  name: 'plume_queue_oldest_job_age_seconds',
  help: 'Age (since its publish request) of the oldest job in each unfinished state; 0 when none. Cluster-wide, read from PostgreSQL: the same on every replica.',
  labelNames: ['state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const [state, v] of (await snapshot()).jobs) this.set({ state }, v.age);
  },
});

new Gauge({
  name: 'plume_webhook_outbox_pending',
  help: 'Webhook deliveries waiting to be sent or retried. Cluster-wide, read from PostgreSQL: the same on every replica.',
  registers: [registry],
  async collect() {
    this.set((await snapshot()).webhooks.n);
  },
});

new Gauge({
  name: 'plume_webhook_outbox_oldest_age_seconds',
  help: 'Age of the oldest webhook delivery still pending; 0 when none. Cluster-wide, read from PostgreSQL: the same on every replica.',
  registers: [registry],
  async collect() {
    this.set((await snapshot()).webhooks.age);
  },
});

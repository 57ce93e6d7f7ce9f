/**
 * The control plane's Prometheus instruments, one registry per process.
 *
 * Two kinds of numbers live here, and each help text says which:
 *   - per replica: what this process did or holds (HTTP requests, license
 *     outcomes, sockets, pool use…). Sum them over replicas in PromQL.
 *   - cluster-wide: read from PostgreSQL at scrape time (cluster.ts), the
 *     same on every replica. Use max() or avg() over replicas, never sum().
 *
 * Instruments are module-level like prom-client's own default registry: a
 * process counts once whatever number of apps it builds (tests build
 * several). Values that depend on live objects (hubs, pools, the database)
 * are gathered at scrape time from the sources registered with them.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { SECURITY_EVENT_KINDS } from '../license/license.schema.js';

export const registry = new Registry();
// Process CPU, memory, event-loop lag, GC: per replica.
collectDefaultMetrics({ register: registry });

/** A set of live objects a gauge reads at scrape time; add() returns the remover. */
export class Sources<T> {
  private readonly items = new Set<T>();
  add(item: T): () => void {
    this.items.add(item);
    return () => this.items.delete(item);
  }
  get all(): ReadonlySet<T> {
    return this.items;
  }
}

// Bucket bounds: the license endpoints answer in about a millisecond, exports and publishes take longer.
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new Counter({
  name: 'plume_http_requests_total',
  help: 'HTTP requests answered by this replica, by method, route pattern ("unmatched" for no route) and status code. Per replica.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'plume_http_request_duration_seconds',
  help: 'Time from receiving a request to finishing its answer, by method and route pattern. Per replica.',
  labelNames: ['method', 'route'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const licenseRequests = new Counter({
  name: 'plume_license_requests_total',
  help: 'License v2 answers by endpoint (enroll, challenge, renew, status, consume) and outcome: "success" or the error code. Per replica.',
  labelNames: ['endpoint', 'outcome'] as const,
  registers: [registry],
});

export const securityEvents = new Counter({
  name: 'plume_license_security_events_total',
  help: 'License security events recorded by this replica, by kind (signature_failure, nonce_replay, version_ban, device_revocation, fingerprint_drift). Per replica.',
  labelNames: ['kind'] as const,
  registers: [registry],
});
// Every kind starts at 0, so the first event is an increase (rate() of a series that appears at 1 sees none).
for (const kind of SECURITY_EVENT_KINDS) securityEvents.inc({ kind }, 0);

export const jobsFinished = new Counter({
  name: 'plume_jobs_finished_total',
  help: 'Publish jobs that ended (succeeded, failed, canceled), by platform and executor. Per replica: each job is counted once, by the replica that recorded its end; jobs waiting for a person are in plume_queue_jobs{state="needs_attention"} until resolved.',
  labelNames: ['platform', 'executor', 'outcome'] as const,
  registers: [registry],
});

export const webhookAttempts = new Counter({
  name: 'plume_webhook_deliveries_total',
  help: 'Webhook delivery attempts made by this replica, by outcome: delivered, retry (failed, will be sent again) or failed (failed for good). Per replica.',
  labelNames: ['outcome'] as const,
  registers: [registry],
});
for (const outcome of ['delivered', 'retry', 'failed']) webhookAttempts.inc({ outcome }, 0);

export const groupCommitBatch = new Histogram({
  name: 'plume_db_group_commit_batch_size',
  help: 'Items carried by each group-commit statement, by queue (license_admission, publish). Per replica.',
  labelNames: ['queue'] as const,
  buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
  registers: [registry],
});

/** The count of one pool, as db-pool.ts keeps it. */
export interface PoolUse {
  readonly pool: string;
  readonly max: number;
  readonly inFlight: number;
}
export const pools = new Sources<PoolUse>();

const poolGauge = (name: string, help: string, value: (p: PoolUse) => number) =>
  new Gauge({
    name,
    help,
    labelNames: ['pool'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const p of pools.all) this.inc({ pool: p.pool }, value(p));
    },
  });

poolGauge(
  'plume_db_pool_connections_in_use',
  'PostgreSQL connections of this replica busy with a statement or a transaction, by pool (main, signed). Per replica; PostgreSQL only.',
  (p) => Math.min(p.inFlight, p.max),
);
poolGauge(
  'plume_db_pool_waiting',
  'Statements and transactions of this replica waiting for a PostgreSQL connection (sent beyond the pool size), by pool. Per replica; PostgreSQL only.',
  (p) => Math.max(0, p.inFlight - p.max),
);
poolGauge('plume_db_pool_max_connections', 'Size of each PostgreSQL connection pool of this replica. Per replica; PostgreSQL only.', (p) => p.max);

/** What a node hub reports: its open sockets by node kind. */
export interface SocketHolder {
  connectedByKind(): Map<string, number>;
}
export const hubs = new Sources<SocketHolder>();

new Gauge({
  name: 'plume_nodes_connected',
  help: 'Execution nodes whose WebSocket this replica holds, by kind (edge, desktop, web). Per replica: sum over replicas for the cluster.',
  labelNames: ['kind'] as const,
  registers: [registry],
  collect() {
    this.reset();
    // Zero for every kind, so "dropped to 0" is a value, not a missing series.
    for (const kind of ['edge', 'desktop', 'web']) this.set({ kind }, 0);
    for (const hub of hubs.all) for (const [kind, n] of hub.connectedByKind()) this.inc({ kind }, n);
  },
});

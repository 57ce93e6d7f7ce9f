/**
 * plume-edge's Prometheus metrics, served on PLUME_EDGE_METRICS_ADDR by the
 * daemon (daemon.ts). What jobs did comes in through the JobObserver the job
 * runner is given; what the node holds (Chromium, the outbox, accounts, the
 * connection) is read when Prometheus scrapes.
 */
import type { LOGIN_STATES } from '@plume/shared';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { descendantUsage } from './process-tree.js';

/** What the job runner reports. The default observer records nothing. */
export interface JobObserver {
  /** One step of an attempt ended (the next began, or the attempt ended in it). */
  step(platform: string, step: string, seconds: number): void;
  /** An attempt ended: succeeded, failed (with the failing step and code) or given back (nothing clicked). */
  finished(platform: string, outcome: 'succeeded' | 'failed' | 'given_back', seconds: number, failure?: { step: string; code: string }): void;
}

export const NO_OBSERVER: JobObserver = { step: () => {}, finished: () => {} };

export interface EdgeMetricsSources {
  /** The process whose descendants are the browser tree (the daemon itself). */
  browserRoot?: number;
  outboxSize(): number;
  accounts(): ReadonlyArray<{ platform: string; loginState: (typeof LOGIN_STATES)[number] }>;
  runningJobs(): number;
  connected(): boolean;
}

// Steps take from a second (filling a title) to many minutes (a large upload with transcoding).
const STEP_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

export class EdgeMetrics implements JobObserver {
  readonly registry = new Registry();
  private readonly steps: Histogram<'platform' | 'step'>;
  private readonly jobs: Counter<'platform' | 'outcome'>;
  private readonly jobDuration: Histogram<'platform' | 'outcome'>;
  private readonly failures: Counter<'platform' | 'step' | 'code'>;

  constructor(sources: EdgeMetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.steps = new Histogram({
      name: 'plume_edge_step_duration_seconds',
      help: 'Time each adapter step took (check_login, open_editor, fill, upload, apply_settings, publish, read_back; sandbox: opening the media), by platform.',
      labelNames: ['platform', 'step'],
      buckets: STEP_BUCKETS,
      registers,
    });
    this.jobs = new Counter({
      name: 'plume_edge_jobs_total',
      help: 'Job attempts this node ran, by platform and outcome (succeeded, failed, given_back: handed back before the publish click).',
      labelNames: ['platform', 'outcome'],
      registers,
    });
    this.jobDuration = new Histogram({
      name: 'plume_edge_job_duration_seconds',
      help: 'Time from a job attempt starting on this node to its outcome, by platform and outcome.',
      labelNames: ['platform', 'outcome'],
      buckets: STEP_BUCKETS,
      registers,
    });
    this.failures = new Counter({
      name: 'plume_edge_job_failures_total',
      help: 'Failed job attempts by platform, the step that failed and the failure code (login_required, editor_changed, upload_failed…).',
      labelNames: ['platform', 'step', 'code'],
      registers,
    });

    // One /proc walk serves the three browser gauges of a scrape.
    let usage: ReturnType<typeof descendantUsage> | null = null;
    const browser = () => (usage ??= descendantUsage(sources.browserRoot ?? process.pid).finally(() => setImmediate(() => (usage = null))));
    new Gauge({
      name: 'plume_edge_chromium_processes',
      help: 'Processes of the browser tree this daemon started (Chromium and its helpers).',
      registers,
      async collect() {
        this.set((await browser()).processes);
      },
    });
    new Gauge({
      name: 'plume_edge_chromium_rss_bytes',
      help: 'Resident memory of the browser tree, summed over its processes (shared pages counted in each).',
      registers,
      async collect() {
        this.set((await browser()).rssBytes);
      },
    });
    new Gauge({
      name: 'plume_edge_chromium_pss_bytes',
      help: 'Proportional memory of the browser tree (shared pages divided among the processes sharing them): what it really holds.',
      registers,
      async collect() {
        this.set((await browser()).pssBytes);
      },
    });
    new Gauge({
      name: 'plume_edge_outbox_messages',
      help: 'Results, progress reports and verification answers written to the on-disk outbox and not yet acknowledged by the control plane.',
      registers,
      collect() {
        this.set(sources.outboxSize());
      },
    });
    new Gauge({
      name: 'plume_edge_accounts',
      help: 'Platform accounts on this node, by platform and login state (logged_in, logged_out, unknown; unsupported_platform: no adapter here).',
      labelNames: ['platform', 'login_state'],
      registers,
      collect() {
        this.reset();
        for (const a of sources.accounts()) this.inc({ platform: a.platform, login_state: a.loginState });
      },
    });
    new Gauge({
      name: 'plume_edge_jobs_running',
      help: 'Jobs this node has accepted and not finished.',
      registers,
      collect() {
        this.set(sources.runningJobs());
      },
    });
    new Gauge({
      name: 'plume_edge_connected',
      help: 'Whether the node holds a session with the control plane (1) or is reconnecting (0).',
      registers,
      collect() {
        this.set(sources.connected() ? 1 : 0);
      },
    });
  }

  step(platform: string, step: string, seconds: number): void {
    this.steps.observe({ platform, step }, seconds);
  }

  finished(platform: string, outcome: 'succeeded' | 'failed' | 'given_back', seconds: number, failure?: { step: string; code: string }): void {
    this.jobs.inc({ platform, outcome });
    this.jobDuration.observe({ platform, outcome }, seconds);
    if (failure) this.failures.inc({ platform, step: failure.step, code: failure.code });
  }
}

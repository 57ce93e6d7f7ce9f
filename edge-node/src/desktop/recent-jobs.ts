/**
 * The last jobs this computer ran, for the local UI: what was asked (platform,
 * content type, title), when, and how it ended (post URL, or the error code,
 * step and message). Kept in recent-jobs.json, newest first, bounded.
 */
import { readFileSync } from 'node:fs';
import type { JobSpec } from '@plume/shared';
import { writeFileDurable } from '../fs-durable.js';
import type { OutboxDraft } from '../control/outbox.js';

export interface RecentJob {
  jobId: string;
  platform: string;
  contentType: string;
  title: string;
  startedAt: string;
  state: 'running' | 'succeeded' | 'failed';
  finishedAt?: string;
  url?: string;
  postId?: string;
  error?: { code: string; step: string; message: string };
  /** Set when the publish was found on the platform by a verification after an interruption. */
  verified?: boolean;
}

const LIMIT = 50;

export class RecentJobs {
  constructor(private readonly file: string) {}

  list(): RecentJob[] {
    try {
      const value = JSON.parse(readFileSync(this.file, 'utf8')) as unknown;
      return Array.isArray(value) ? (value as RecentJob[]) : [];
    } catch {
      return [];
    }
  }

  started(jobId: string, spec: JobSpec): void {
    const payload = spec.payload as Record<string, unknown>;
    const title = typeof payload.title === 'string' ? payload.title : typeof payload.content === 'string' ? payload.content.slice(0, 80) : '';
    this.save([{ jobId, platform: spec.platform, contentType: spec.contentType, title, startedAt: new Date().toISOString(), state: 'running' }, ...this.list().filter((j) => j.jobId !== jobId)]);
  }

  /** A report on its way to the control plane (daemon onReport): results end a job. */
  reported(draft: OutboxDraft): void {
    // A challenge and its clearing are steps of a running job, not its end.
    if (draft.type === 'progress' || draft.type === 'challenge' || draft.type === 'challenge_cleared') return;
    const jobs = this.list();
    const job = jobs.find((j) => j.jobId === draft.jobId);
    if (!job) return;
    job.finishedAt = new Date().toISOString();
    if (draft.type === 'verify_result') {
      if (!draft.found) return;
      Object.assign(job, { state: 'succeeded', verified: true, ...(draft.url ? { url: draft.url } : {}), ...(draft.postId ? { postId: draft.postId } : {}) });
    } else if (draft.outcome === 'succeeded') {
      Object.assign(job, { state: 'succeeded', ...(draft.url ? { url: draft.url } : {}), ...(draft.postId ? { postId: draft.postId } : {}) });
      delete job.error;
    } else {
      Object.assign(job, { state: 'failed', ...(draft.error ? { error: draft.error } : {}) });
    }
    this.save(jobs);
  }

  private save(jobs: RecentJob[]): void {
    writeFileDurable(this.file, `${JSON.stringify(jobs.slice(0, LIMIT), null, 1)}\n`, 0o600);
  }
}

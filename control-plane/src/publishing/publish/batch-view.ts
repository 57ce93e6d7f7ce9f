/**
 * How a batch and its jobs look from outside. Job states are the dispatch
 * layer's; integrators see a smaller, stable set, and the batch state is
 * derived from its jobs (never stored apart from them, so it cannot drift).
 */
import type { JobState } from '../publishing.schema.js';
import type { BATCH_STATES, PUBLIC_JOB_STATES } from './publish.schemas.js';

export type PublicJobState = (typeof PUBLIC_JOB_STATES)[number];
export type BatchState = (typeof BATCH_STATES)[number];

const PUBLIC: Record<JobState, PublicJobState> = {
  // Accepted with a publishAt: held by the control plane until it is due.
  scheduled: 'scheduled',
  queued: 'queued',
  offered: 'queued',
  accepted: 'queued',
  running: 'running',
  committed: 'running',
  // The publish step ran but its outcome is being looked up on the platform.
  unknown: 'verifying',
  needs_attention: 'needs_attention',
  succeeded: 'succeeded',
  failed: 'failed',
  canceled: 'canceled',
};

export function publicJobState(state: JobState): PublicJobState {
  return PUBLIC[state];
}

/**
 * scheduled: every job still waits for its publish time (or was canceled).
 * queued: nothing started. running: something started or awaits a person.
 * Terminal once every job is succeeded, failed or canceled: all succeeded →
 * succeeded; all canceled → canceled; none succeeded → failed; a mix → partial.
 */
export function batchState(jobStates: JobState[]): BatchState {
  const states = jobStates.map(publicJobState);
  const terminal = (s: PublicJobState) => s === 'succeeded' || s === 'failed' || s === 'canceled';
  if (states.length === 0) return 'queued';
  if (states.every(terminal)) {
    const ok = states.filter((s) => s === 'succeeded').length;
    if (states.every((s) => s === 'canceled')) return 'canceled';
    return ok === states.length ? 'succeeded' : ok === 0 ? 'failed' : 'partial';
  }
  if (states.every((s) => s === 'scheduled' || s === 'canceled')) return 'scheduled';
  return states.every((s) => s === 'queued' || s === 'scheduled') ? 'queued' : 'running';
}

import { describe, expect, it } from 'vitest';
import { batchState, publicJobState } from './batch-view.js';

describe('batch state from job states', () => {
  it('derives queued, running and the terminal states', () => {
    expect(batchState(['queued', 'offered', 'accepted'])).toBe('queued');
    expect(batchState(['queued', 'running'])).toBe('running');
    expect(batchState(['succeeded', 'unknown'])).toBe('running');
    expect(batchState(['succeeded', 'needs_attention'])).toBe('running');
    expect(batchState(['succeeded', 'succeeded'])).toBe('succeeded');
    expect(batchState(['failed', 'canceled'])).toBe('failed');
    expect(batchState(['succeeded', 'failed'])).toBe('partial');
  });

  it('derives scheduled while every job waits for its time or was canceled', () => {
    expect(batchState(['scheduled', 'scheduled'])).toBe('scheduled');
    expect(batchState(['scheduled', 'canceled'])).toBe('scheduled');
    expect(batchState(['scheduled', 'queued'])).toBe('queued');
    expect(batchState(['scheduled', 'running'])).toBe('running');
    expect(batchState(['canceled', 'canceled'])).toBe('canceled');
    expect(batchState(['canceled', 'failed'])).toBe('failed');
  });

  it('shows integrators a stable job state', () => {
    expect(publicJobState('scheduled')).toBe('scheduled');
    expect(publicJobState('offered')).toBe('queued');
    expect(publicJobState('committed')).toBe('running');
    expect(publicJobState('unknown')).toBe('verifying');
  });
});

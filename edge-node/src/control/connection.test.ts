import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_BACKOFF } from './connection.js';

describe('reconnect backoff', () => {
  it('full jitter: uniform below min(64 s, 1 s · 2^attempt)', () => {
    expect(backoffDelay(0, DEFAULT_BACKOFF, () => 0.999)).toBe(999);
    expect(backoffDelay(3, DEFAULT_BACKOFF, () => 0.5)).toBe(4000);
    expect(backoffDelay(6, DEFAULT_BACKOFF, () => 0.999)).toBe(63_936);
    expect(backoffDelay(40, DEFAULT_BACKOFF, () => 0.999)).toBe(63_936);
    expect(backoffDelay(5, DEFAULT_BACKOFF, () => 0)).toBe(0);
  });

  it('spreads a thousand nodes reconnecting at once', () => {
    const delays = Array.from({ length: 1000 }, () => backoffDelay(6));
    const buckets = new Set(delays.map((d) => Math.floor(d / 8000)));
    expect(Math.max(...delays)).toBeLessThan(64_000);
    expect(buckets.size).toBe(8);
  });
});

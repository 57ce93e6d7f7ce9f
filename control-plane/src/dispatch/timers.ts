/**
 * Every timer of the hub, the dispatcher and the sweeper, in one place, with
 * why it has its value (DESIGN "Edge nodes": starting timers, to be tuned
 * with measurements). Tests pass shorter ones; production uses the defaults.
 */
export interface DispatchTimers {
  pingMs: number;
  heartbeatMs: number;
  leaseMs: number;
  offerDeadlineMs: number;
  commitMinLeaseMs: number;
  pollMs: number;
  sweepMs: number;
  startupGraceMs: number;
  helloTimeoutMs: number;
  staleConnectionMs: number;
  verifyIntervalMs: number;
  verifyChecks: number;
  verifyGiveUpMs: number;
  maxAttempts: number;
  rejectBackoffMs: number;
  skewSeconds: number;
  enrollmentTokenTtlMs: number;
}

export const DEFAULT_TIMERS: DispatchTimers = {
  // Why: proxies and NAT boxes drop idle TCP after 30-60 s; a ping every 20 s keeps the path open
  // and a missed pong by the next ping finds a dead peer within 40 s.
  pingMs: 20_000,
  // Why: the node's heartbeat renews leases; three heartbeats fit in the online window (60 s), so
  // one lost heartbeat never makes a node look offline.
  heartbeatMs: 20_000,
  // Why: six heartbeats; a node that misses that many is gone, and a job's browser steps
  // between heartbeats never need more.
  leaseMs: 120_000,
  // Why: an accept is one round trip; 30 s covers a node busy starting Chromium, and a dead
  // node's offers come back to the queue quickly.
  offerDeadlineMs: 30_000,
  // Why: a commit must leave the node time to click and report before anyone could declare it
  // lost; 15 s is almost a heartbeat, so a commit never races the lease's end.
  commitMinLeaseMs: 15_000,
  // Why: LISTEN/NOTIFY wakes the dispatcher at once; the poll only backstops a lost notification.
  pollMs: 2_000,
  // Why: expired offers and leases are found within seconds; cheap (indexed) and SKIP LOCKED.
  sweepMs: 5_000,
  // Why: after a control-plane (re)start, nodes need a few backoff rounds to reconnect; no
  // lease is declared lost before they had that chance.
  startupGraceMs: 30_000,
  // Why: a well-behaved node says hello right after the welcome; a socket that says nothing
  // for 10 s holds a slot for no one.
  helloTimeoutMs: 10_000,
  // Why: 1.5 online windows without a heartbeat: the replica that held the socket died; forget it.
  staleConnectionMs: 90_000,
  // Why: platforms show a new post within seconds, sometimes a minute; two lookups 60 s apart
  // before re-queueing a job whose click may have happened.
  verifyIntervalMs: 60_000,
  verifyChecks: 2,
  // Why: a node gone for 10 minutes cannot be asked; a person decides rather than a blind retry.
  verifyGiveUpMs: 10 * 60_000,
  // Why: a job that lost its node five times has a problem a sixth try will not fix.
  maxAttempts: 5,
  // Why: a node that said "busy" is not offered the same job again in a tight loop.
  rejectBackoffMs: 5_000,
  // Why: same window as license v2 signed requests (DESIGN: ±300 s).
  skewSeconds: 300,
  // Why: the issue: an enrollment token is short-lived (15 min) and single use.
  enrollmentTokenTtlMs: 15 * 60_000,
};

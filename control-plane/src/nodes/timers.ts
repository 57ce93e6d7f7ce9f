/**
 * Every timer of the hub, the dispatcher and the sweeper, in one place, with
 * why it has its value (starting values, to be tuned with measurements). Tests pass shorter ones; production uses the defaults.
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
  handBackRetryMs: number;
  handBackTries: number;
  skewSeconds: number;
  enrollmentTokenTtlMs: number;
  webFailoverMs: number;
  webAccountsPerSlot: number;
  loginIdleMs: number;
  loginMaxMs: number;
  loginSweepMs: number;
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
  // Why: a node sends a hand-back (reject) once, live, and a refused commit often comes from a
  // database restart; the write is retried 0.5, 1, 2, 4 and 8 s later (about 15 s, more than a
  // fast restart takes) before the job is left to its lease. Repeating it is harmless: a repeat
  // finds the job already moved and changes nothing.
  handBackRetryMs: 500,
  handBackTries: 6,
  // Why: same window as license v2 signed requests.
  skewSeconds: 300,
  // Why: the issue: an enrollment token is short-lived (15 min) and single use.
  enrollmentTokenTtlMs: 15 * 60_000,
  // Why: a web node silent this long is gone, not restarting: its accounts move to another web node
  // (with their sealed browser state). Longer than a lease (120 s), so its jobs are back in the queue
  // first, and than a restart or a network blip, so a short outage moves nothing (a move costs the
  // new node a login check per account, which the platform sees as a new device).
  webFailoverMs: 5 * 60_000,
  // Why: a web node takes accounts up to this many per job slot (capabilities.concurrency): each
  // holds a browser profile on disk and a login check every 45 minutes, two at a time; 50 per slot
  // keeps those checks a few a minute. A starting value, to be tuned with measurements.
  webAccountsPerSlot: 50,
  // Why: a person at a relayed login answers a step within minutes; one gone for 5 minutes left it.
  loginIdleMs: 5 * 60_000,
  // Why: a platform QR lives 2-3 minutes and is renewed; 10 minutes is any login that will succeed.
  loginMaxMs: 10 * 60_000,
  // Why: a timed-out login's browser closes within seconds of its end; the sweep is one indexed update.
  loginSweepMs: 5_000,
};

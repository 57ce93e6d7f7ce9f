/**
 * Every timer of the edge daemon, in one place, with why it has its value
 * (starting values, to be tuned with measurements). The
 * control plane's side (ping, lease, offer deadline, …) is in
 * control-plane/src/nodes/timers.ts; the node learns heartbeatMs, leaseMs
 * and pingMs from the welcome.
 */
export const EDGE_TIMERS = {
  // Why: the first retry comes quickly (a replica restart is brief)…
  reconnectBaseMs: 1000,
  // …and a long outage costs at most one attempt a minute per node; full jitter spreads a fleet.
  reconnectMaxMs: 64_000,
  // Why: only a session that lasted this long resets the backoff, so a control plane that
  // closes right after the welcome cannot cause a tight reconnect loop.
  stableSessionMs: 10_000,
  // Why: TCP + TLS + the HTTP upgrade through a proxy take well under a second; 15 s without an
  // answer means the control plane is not there, and the backoff takes over.
  handshakeTimeoutMs: 15_000,
  // Why: two and a half missed pings mean the path is dead even if TCP has not noticed.
  silencePings: 2.5,
  // Why: one round trip plus a database transaction; past 10 s the control plane cannot be
  // relied on for the click, so the node gives the job back instead.
  commitTimeoutMs: 10_000,
  // Why: progress is for people watching a batch; two reports a second per job is plenty.
  progressIntervalMs: 500,
  // Why: `prepare` is idempotent; a flaky network fails it once, three failures are the site.
  prepareAttempts: 3,
  // Why: after the drain, results written during it get a moment to be acknowledged; the rest
  // waits in the outbox for the next start.
  stopFlushMs: 5000,
  // Why: jobs aborted at the drain bound close their browser; a few seconds is enough.
  parkWaitMs: 5000,
  // Why: `plume-edge accounts import|check` run beside the daemon; noticing within 5 s is prompt.
  accountsPollMs: 5000,
  // Why: a CLI command holds an account's profile for seconds (import, relogin, a login check)
  // or a minute or two (`plume-edge check`); a job waits that out rather than fail.
  accountLockWaitMs: 5 * 60_000,
  // Why: a login check is one page load on the platform; a minute covers a slow one.
  loginCheckTimeoutMs: 60_000,
  // Why: a 2 GB copy fires change events for seconds; one report after it settles is enough.
  inventoryDebounceMs: 1000,
  // Why: a platform draws a challenge a moment after the form's last edit (its scripts wait for
  // the typing to pause, a few hundred ms); the last look before the commit gate waits until the
  // page has been still this long, so a challenge drawn after the last edit is met before the gate…
  gateSettleQuietMs: 500,
  // …and no longer than this: a page that never stops moving (an animation, a ticking counter) is
  // looked at as it is; the bound is the page read's own (kit/challenge.ts PAGE_BOUND_MS) plus one.
  gateSettleMaxMs: 3000,
  // Why: under the rule \`fail\`, a challenge that covers the page while a step waits on a control
  // under it fails the job within a second or two, not when the step's wait runs out (10 s, 30 s,
  // minutes for an upload). One look costs a few ms per frame.
  challengeWatchMs: 1000,
} as const;

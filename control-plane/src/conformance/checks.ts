/**
 * The conformance kit's checks and exit codes, apart from the kit itself, so
 * that `plume-conformance --help` and a bad command line answer without
 * loading the control plane.
 */
/** Every check, in the order they are reported; the docs and --help list the same. */
export const CHECKS = [
  ['enroll.private-key-stays-local', 'enroll (a desktop: the license v2 enroll with the activation code) sends only the documented fields, a 32-byte public key and a proof that verifies; no private key'],
  ['connect.handshake-signature', 'every connect is signed by the enrolled key over PLUME-NODE-V1-CONNECT, within ±300 s, with a fresh nonce'],
  ['hello.valid', 'hello comes first, validates against the JSON Schema, reports publishSettingsSnapshot 1, adapters for the platform and the account logged in'],
  ['offer.refuses-what-it-cannot-run', 'offers for an unknown platform / an unreported content type are rejected with unsupported_platform / unsupported_content_type'],
  ['job.offer-to-commit', 'a job it can run is accepted before the deadline; nothing before start; progress "started", then commit with the same attempt id'],
  ['commit-gate.waits-for-ack', 'nothing reaches the platform before the commit_ack is delivered (held 2 s); exactly one post after'],
  ['result.names-its-attempt', 'the result names the job and attempt of the offer, on the current session, succeeded with the platform\'s post id, and is acknowledged'],
  ['commit-gate.ack-withheld', 'with the commit_ack withheld: no publish; a hand-back is commit_refused and a late ack for it is ignored (or it waits); published exactly once'],
  ['fencing.stale-attempt', 'a cancel and an ok commit_ack naming another attempt of the job change nothing; it publishes on its own attempt\'s ack only'],
  ['reconnect.before-commit-ack', 'the connection drops at the commit: it reconnects with a higher epoch, reports the job truthfully, never publishes without an ack; exactly one post'],
  ['reconnect.after-commit-ack', 'the connection drops right after the commit_ack: the result (or a verification) arrives on the new session; exactly one post'],
  ['drain.honoured', 'after drain the session stays up and heartbeats; nothing runs until resume; then offers are accepted again'],
  ['heartbeat.interval', 'after hello a heartbeat at least every heartbeatMs (1.5 × heartbeatMs + 1 s accepted)'],
  ['messages.schema', 'every message the executor sent validates against node-to-control-plane.schema.json'],
  ['revoke.stops', 'revoked, the session closes with 4403 and the executor never connects again'],
] as const;
export type CheckName = (typeof CHECKS)[number][0];

export const EXIT = { passed: 0, failed: 1, usage: 2, notReady: 3 } as const;

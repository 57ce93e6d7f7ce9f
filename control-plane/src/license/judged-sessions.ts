/**
 * What a replica last judged a session's signed requests by, per token hash:
 * the session id, the device key and the project policy. It lets the server
 * check timestamp and signature before its one round trip instead of after a
 * lookup. It is only a hint, never an authority: the admitting statement
 * (session.repository.ts admitSigned) writes nothing unless the database still
 * holds exactly these facts, so a revocation, re-key or policy change made on
 * any replica takes effect at once and nothing here needs invalidating across
 * replicas. Nonces, counters and balances stay in PostgreSQL.
 */
import type { ProjectPolicy } from './license.schema.js';
import type { SessionContext } from './session.repository.js';
import { effectivePolicy } from './policy.js';

export interface JudgedSession {
  sessionId: string;
  devicePublicKey: string;
  /** The project's own policy as stored, compared by the statement. */
  policyJson: string;
  policy: Required<ProjectPolicy>;
  /** The activation code behind the session: consumes of one code never share an admitting statement (admission-queue.ts). */
  codeId: number;
}

export function judgedFrom(ctx: SessionContext): JudgedSession {
  return {
    sessionId: ctx.sessionId,
    devicePublicKey: ctx.devicePublicKey,
    policyJson: JSON.stringify(ctx.policy ?? {}),
    policy: effectivePolicy(ctx.policy),
    codeId: ctx.codeId,
  };
}

/** Bounded, oldest-first eviction: a flood of distinct tokens cannot grow memory without limit. */
export class JudgedSessions {
  private readonly map = new Map<string, JudgedSession>();
  constructor(private readonly max = 50_000) {}

  get(tokenHash: string): JudgedSession | undefined {
    return this.map.get(tokenHash);
  }

  set(tokenHash: string, judged: JudgedSession): void {
    this.map.delete(tokenHash);
    if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value as string);
    this.map.set(tokenHash, judged);
  }

  delete(tokenHash: string): void {
    this.map.delete(tokenHash);
  }

  get size(): number {
    return this.map.size;
  }
}

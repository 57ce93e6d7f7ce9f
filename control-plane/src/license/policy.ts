/** Effective per-project policy: built-in defaults, overridden by the project's own. */
import { z } from 'zod';
import type { ProjectPolicy } from './license.schema.js';

export const DEFAULT_POLICY: Required<ProjectPolicy> = {
  tokenTtlSeconds: 15 * 60,
  offlineTtlSeconds: 72 * 3600,
  clockSkewSeconds: 300,
  challengeTtlSeconds: 60,
  sessionRequestsPerMinute: 600,
  enrollPerMinutePerIp: 30,
};

/** Admin input; bounds keep a typo from disabling a project's clients. */
export const projectPolicySchema = z
  .object({
    tokenTtlSeconds: z.number().int().min(60).max(86_400),
    offlineTtlSeconds: z.number().int().min(300).max(30 * 86_400),
    clockSkewSeconds: z.number().int().min(30).max(3_600),
    challengeTtlSeconds: z.number().int().min(10).max(600),
    sessionRequestsPerMinute: z.number().int().min(1).max(1_000_000),
    enrollPerMinutePerIp: z.number().int().min(1).max(1_000_000),
  })
  .partial()
  .strict();

/** Field by field rather than by spreading: it runs on every license request, and a spread of two objects is the slow path in V8. */
export function effectivePolicy(policy: ProjectPolicy | null | undefined): Required<ProjectPolicy> {
  const p = policy ?? {};
  return {
    tokenTtlSeconds: p.tokenTtlSeconds ?? DEFAULT_POLICY.tokenTtlSeconds,
    offlineTtlSeconds: p.offlineTtlSeconds ?? DEFAULT_POLICY.offlineTtlSeconds,
    clockSkewSeconds: p.clockSkewSeconds ?? DEFAULT_POLICY.clockSkewSeconds,
    challengeTtlSeconds: p.challengeTtlSeconds ?? DEFAULT_POLICY.challengeTtlSeconds,
    sessionRequestsPerMinute: p.sessionRequestsPerMinute ?? DEFAULT_POLICY.sessionRequestsPerMinute,
    enrollPerMinutePerIp: p.enrollPerMinutePerIp ?? DEFAULT_POLICY.enrollPerMinutePerIp,
  };
}

/**
 * How long after its token expired a session may still renew through a signed
 * challenge: a laptop that slept over the token lifetime renews instead of
 * re-enrolling. Tied to the offline snapshot lifetime, the span a client is
 * trusted offline anyway.
 */
export function renewGraceSeconds(policy: Required<ProjectPolicy>): number {
  return policy.offlineTtlSeconds;
}

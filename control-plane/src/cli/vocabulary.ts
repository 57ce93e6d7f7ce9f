/**
 * The API's words plume-admin checks before sending: permissions, quota
 * buckets, job states. Copied rather than imported from the server's schema
 * module, which would load drizzle and the shared catalog on every command
 * (half a second); vocabulary.test.ts fails when the copies drift.
 */
export const PERMISSIONS = ['publish', 'accounts:read', 'articles:write', 'cms'] as const;
export const QUOTA_BUCKETS = ['web', 'desktop', 'edge', 'cms'] as const;
export const JOB_STATES = ['scheduled', 'queued', 'offered', 'accepted', 'running', 'committed', 'succeeded', 'failed', 'unknown', 'needs_attention', 'canceled'] as const;

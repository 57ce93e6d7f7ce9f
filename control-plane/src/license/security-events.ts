/** Security events: written outside any failing transaction so a rejection is never rolled back with it. */
import type { Db } from '../db/client.js';
import { securityEvents as securityEventCount } from '../metrics/instruments.js';
import { type SecurityEventKind, securityEvents } from './license.schema.js';

export interface SecurityEventInput {
  kind: SecurityEventKind;
  projectId?: number | null;
  deviceId?: number | null;
  sessionId?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
}

export async function recordSecurityEvent(db: Db, e: SecurityEventInput): Promise<void> {
  await db.insert(securityEvents).values({
    kind: e.kind,
    projectId: e.projectId ?? null,
    deviceId: e.deviceId ?? null,
    sessionId: e.sessionId ?? null,
    ip: e.ip ?? null,
    detail: e.detail ?? {},
  });
  securityEventCount.inc({ kind: e.kind });
}

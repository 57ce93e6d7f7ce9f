/** Security events as operators read them. */
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { projects, type SecurityEventKind, securityEvents } from '../license.schema.js';
import type { TimeRange } from '../../http/admin-query.js';

export interface SecurityEventFilter {
  projectId?: number | undefined;
  kind?: SecurityEventKind | undefined;
  range: TimeRange | null;
  limit: number;
  offset: number;
}

export const securityEventsRepository = {
  async list(db: Db, f: SecurityEventFilter) {
    const conditions: SQL[] = [];
    if (f.projectId !== undefined) conditions.push(eq(securityEvents.projectId, f.projectId));
    if (f.kind) conditions.push(eq(securityEvents.kind, f.kind));
    if (f.range) conditions.push(gte(securityEvents.createdAt, f.range.from), lt(securityEvents.createdAt, f.range.to));
    const where = conditions.length ? and(...conditions) : undefined;
    const [list, [count]] = await Promise.all([
      db
        .select({
          id: securityEvents.id,
          kind: securityEvents.kind,
          projectKey: projects.projectKey,
          deviceId: securityEvents.deviceId,
          sessionId: securityEvents.sessionId,
          ip: securityEvents.ip,
          detail: securityEvents.detail,
          createdAt: securityEvents.createdAt,
        })
        .from(securityEvents)
        .leftJoin(projects, eq(projects.id, securityEvents.projectId))
        .where(where)
        .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
        .limit(f.limit)
        .offset(f.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(securityEvents).where(where),
    ]);
    return { rows: list, total: count?.n ?? 0 };
  },
};

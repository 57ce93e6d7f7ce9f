/** Admin tokens and the audit log. */
import { and, desc, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { adminAuditLog, adminTokens } from '../db/admin.schema.js';
import type { TimeRange } from '../http/admin-query.js';

export type AdminTokenRow = typeof adminTokens.$inferSelect;

const tokenColumns = {
  id: adminTokens.id,
  name: adminTokens.name,
  scope: adminTokens.scope,
  createdBy: adminTokens.createdBy,
  createdAt: adminTokens.createdAt,
  revokedAt: adminTokens.revokedAt,
  lastUsedAt: adminTokens.lastUsedAt,
};
export type AdminTokenView = Omit<AdminTokenRow, 'tokenHash'>;

export const tokensRepository = {
  async activeByHash(db: Db, tokenHash: string): Promise<{ id: string; scope: 'read' | 'write' } | null> {
    const [row] = await db
      .select({ id: adminTokens.id, scope: adminTokens.scope })
      .from(adminTokens)
      .where(and(eq(adminTokens.tokenHash, tokenHash), isNull(adminTokens.revokedAt)));
    return row ?? null;
  },

  /** Last use, at most once a minute per token: a busy script should not turn every read into a write. */
  async touch(db: Db, id: string, now: Date): Promise<void> {
    await db
      .update(adminTokens)
      .set({ lastUsedAt: now })
      .where(and(eq(adminTokens.id, id), sql`(${adminTokens.lastUsedAt} is null or ${adminTokens.lastUsedAt} < ${now.toISOString()}::timestamptz - interval '1 minute')`));
  },

  async insert(db: Db, values: typeof adminTokens.$inferInsert): Promise<AdminTokenView> {
    const [row] = await db.insert(adminTokens).values(values).returning(tokenColumns);
    return row!;
  },

  async revoke(db: Db, id: string, now: Date): Promise<{ found: boolean; alreadyRevoked: boolean }> {
    const [row] = await db.select({ revokedAt: adminTokens.revokedAt }).from(adminTokens).where(eq(adminTokens.id, id));
    if (!row) return { found: false, alreadyRevoked: false };
    if (row.revokedAt) return { found: true, alreadyRevoked: true };
    await db.update(adminTokens).set({ revokedAt: now }).where(and(eq(adminTokens.id, id), isNull(adminTokens.revokedAt)));
    return { found: true, alreadyRevoked: false };
  },

  async list(db: Db, f: { includeRevoked: boolean; limit: number; offset: number }) {
    const where = f.includeRevoked ? undefined : isNull(adminTokens.revokedAt);
    const [list, [count]] = await Promise.all([
      db.select(tokenColumns).from(adminTokens).where(where).orderBy(desc(adminTokens.createdAt), adminTokens.id).limit(f.limit).offset(f.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(adminTokens).where(where),
    ]);
    return { rows: list, total: count?.n ?? 0 };
  },

  async audit(db: Db, values: typeof adminAuditLog.$inferInsert): Promise<void> {
    await db.insert(adminAuditLog).values(values);
  },

  async auditList(db: Db, f: { actor?: string | undefined; range: TimeRange | null; limit: number; offset: number }) {
    const conditions: SQL[] = [];
    if (f.actor) conditions.push(eq(adminAuditLog.actor, f.actor));
    if (f.range) conditions.push(gte(adminAuditLog.createdAt, f.range.from), lt(adminAuditLog.createdAt, f.range.to));
    const where = conditions.length ? and(...conditions) : undefined;
    const [list, [count]] = await Promise.all([
      db.select().from(adminAuditLog).where(where).orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id)).limit(f.limit).offset(f.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(adminAuditLog).where(where),
    ]);
    return { rows: list, total: count?.n ?? 0 };
  },
};

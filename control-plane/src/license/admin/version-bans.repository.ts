/** Per-project client-version bans. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { versionBans } from '../license.schema.js';

export type VersionBanRow = typeof versionBans.$inferSelect;

export const versionBansRepository = {
  async add(db: Db, projectId: number, appVersion: string, reason: string): Promise<VersionBanRow | null> {
    const [row] = await db.insert(versionBans).values({ projectId, appVersion, reason }).onConflictDoNothing().returning();
    return row ?? null;
  },

  async remove(db: Db, projectId: number, appVersion: string): Promise<boolean> {
    const removed = await db
      .delete(versionBans)
      .where(and(eq(versionBans.projectId, projectId), eq(versionBans.appVersion, appVersion)))
      .returning({ id: versionBans.id });
    return removed.length > 0;
  },

  async list(db: Db, projectId: number, limit: number, offset: number): Promise<{ rows: VersionBanRow[]; total: number }> {
    const where = eq(versionBans.projectId, projectId);
    const [rows, [count]] = await Promise.all([
      db.select().from(versionBans).where(where).orderBy(versionBans.createdAt, versionBans.id).limit(limit).offset(offset),
      db.select({ n: sql<number>`count(*)::int` }).from(versionBans).where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  },
};

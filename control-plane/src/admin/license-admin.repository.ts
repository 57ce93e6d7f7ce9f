/** Back-office writes on license data. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.js';
import { activationCodes, devices, licenseSessions, projects, versionBans } from '../license/license.schema.js';

export const licenseAdminRepository = {
  async projectIdByKey(db: Db, projectKey: string): Promise<number | null> {
    const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.projectKey, projectKey));
    return row?.id ?? null;
  },

  /** Inserts codes in one statement (unnest of one array parameter); returns the codes that were new. */
  async insertCodes(
    db: Db,
    a: { projectId: number; codes: string[]; licenseMode: 'TIME' | 'COUNT'; remainingCount: number | null; expiresAt: Date | null },
  ): Promise<string[]> {
    const inserted = await rows<{ code: string }>(
      db,
      sql`insert into activation_codes (project_id, code, license_mode, remaining_count, expires_at)
          select ${a.projectId}, c, ${a.licenseMode}, ${a.remainingCount}::int, ${a.expiresAt?.toISOString() ?? null}::timestamptz
          from unnest(${sql.param(a.codes)}::text[]) as c
          on conflict (project_id, code) do nothing
          returning code`,
    );
    return inserted.map((r) => r.code);
  },

  /** Revokes a device and all its active sessions in one transaction. */
  async revokeDevice(db: Db, deviceId: number, now: Date): Promise<{ projectId: number; sessionsRevoked: number; alreadyRevoked: boolean } | null> {
    return db.transaction(async (tx) => {
      const [device] = await tx.select().from(devices).where(eq(devices.id, deviceId)).for('update');
      if (!device) return null;
      if (!device.revokedAt) await tx.update(devices).set({ revokedAt: now }).where(eq(devices.id, deviceId));
      const revoked = await tx
        .update(licenseSessions)
        .set({ revokedAt: now })
        .where(and(eq(licenseSessions.deviceId, deviceId), isNull(licenseSessions.revokedAt)))
        .returning({ id: licenseSessions.id });
      return { projectId: device.projectId, sessionsRevoked: revoked.length, alreadyRevoked: device.revokedAt !== null };
    });
  },

  async addVersionBan(db: Db, projectId: number, appVersion: string, reason: string) {
    const [row] = await db.insert(versionBans).values({ projectId, appVersion, reason }).onConflictDoNothing().returning();
    return row ?? null;
  },

  async removeVersionBan(db: Db, projectId: number, appVersion: string): Promise<boolean> {
    const removed = await db
      .delete(versionBans)
      .where(and(eq(versionBans.projectId, projectId), eq(versionBans.appVersion, appVersion)))
      .returning({ id: versionBans.id });
    return removed.length > 0;
  },

  async listVersionBans(db: Db, projectId: number) {
    return db.select().from(versionBans).where(eq(versionBans.projectId, projectId)).orderBy(versionBans.createdAt);
  },

  async codeCount(db: Db, projectId: number): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(activationCodes).where(eq(activationCodes.projectId, projectId));
    return row?.n ?? 0;
  },
};

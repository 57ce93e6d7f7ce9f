/**
 * Every license v2 query. Methods take the database or a transaction, so the
 * service decides what is atomic.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, preparedRows } from '../db/client.js';
import { type SessionContext, sessionRepository } from './session.repository.js';
import {
  activationCodes,
  consumptionLogs,
  devices,
  licenseChallenges,
  licenseSessions,
  projectKeys,
  projects,
  retiredDeviceKeys,
  versionBans,
} from './license.schema.js';

export type ProjectRow = typeof projects.$inferSelect;
export type CodeRow = typeof activationCodes.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;

export interface SigningKey {
  kid: string;
  publicKey: string;
  privateKey: string;
}

export const licenseRepository = {
  async projectByKey(db: Db, projectKey: string): Promise<(ProjectRow & { key: SigningKey | null }) | null> {
    const [row] = await db
      .select({ project: projects, kid: projectKeys.kid, publicKey: projectKeys.publicKey, privateKey: projectKeys.privateKey })
      .from(projects)
      .leftJoin(projectKeys, and(eq(projectKeys.projectId, projects.id), eq(projectKeys.status, 'active')))
      .where(eq(projects.projectKey, projectKey));
    if (!row) return null;
    const key = row.kid && row.publicKey && row.privateKey ? { kid: row.kid, publicKey: row.publicKey, privateKey: row.privateKey } : null;
    return { ...row.project, key };
  },

  async isVersionBanned(db: Db, projectId: number, appVersion: string): Promise<boolean> {
    const [row] = await db
      .select({ id: versionBans.id })
      .from(versionBans)
      .where(and(eq(versionBans.projectId, projectId), eq(versionBans.appVersion, appVersion)));
    return row !== undefined;
  },

  async codeForUpdate(db: Db, projectId: number, code: string): Promise<CodeRow | null> {
    const [row] = await db
      .select()
      .from(activationCodes)
      .where(and(eq(activationCodes.projectId, projectId), eq(activationCodes.code, code)))
      .for('update');
    return row ?? null;
  },

  async deviceById(db: Db, id: number): Promise<DeviceRow | null> {
    const [row] = await db.select().from(devices).where(eq(devices.id, id));
    return row ?? null;
  },

  async insertDevice(db: Db, values: typeof devices.$inferInsert): Promise<DeviceRow> {
    const [row] = await db.insert(devices).values(values).returning();
    return row!;
  },

  /** Binds the device to a new key (a reinstall); the key it had is retired, never accepted again. */
  async rebindDevice(db: Db, device: DeviceRow, publicKey: string, appVersion: string): Promise<void> {
    if (device.publicKey !== publicKey) {
      await db.insert(retiredDeviceKeys).values({ deviceId: device.id, publicKey: device.publicKey }).onConflictDoNothing();
    }
    await db.update(devices).set({ publicKey, appVersion, lastSeenAt: new Date() }).where(eq(devices.id, device.id));
  },

  async isRetiredKey(db: Db, deviceId: number, publicKey: string): Promise<boolean> {
    const [row] = await db
      .select({ one: sql<number>`1` })
      .from(retiredDeviceKeys)
      .where(and(eq(retiredDeviceKeys.deviceId, deviceId), eq(retiredDeviceKeys.publicKey, publicKey)));
    return row !== undefined;
  },

  async bindCode(db: Db, codeId: number, deviceId: number): Promise<void> {
    await db.update(activationCodes).set({ deviceId, activatedAt: new Date() }).where(eq(activationCodes.id, codeId));
  },

  async revokeSessionsOfDevice(db: Db, deviceId: number): Promise<number> {
    const revoked = await db
      .update(licenseSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(licenseSessions.deviceId, deviceId), isNull(licenseSessions.revokedAt)))
      .returning({ id: licenseSessions.id });
    return revoked.length;
  },

  async insertSession(db: Db, values: typeof licenseSessions.$inferInsert): Promise<void> {
    await db.insert(licenseSessions).values(values);
  },

  sessionByTokenHash: (db: Db, tokenHash: string): Promise<SessionContext | null> => sessionRepository.byTokenHash(db, tokenHash),

  sessionById: (db: Db, sessionId: string): Promise<SessionContext | null> => sessionRepository.byId(db, sessionId),

  async insertChallenge(db: Db, values: typeof licenseChallenges.$inferInsert): Promise<void> {
    await db.insert(licenseChallenges).values(values);
  },

  async challengeById(db: Db, id: string) {
    const [row] = await db.select().from(licenseChallenges).where(eq(licenseChallenges.id, id));
    return row ?? null;
  },

  /** Marks a challenge used; false when another request already used it. */
  async useChallenge(db: Db, id: string): Promise<boolean> {
    const used = await db
      .update(licenseChallenges)
      .set({ usedAt: new Date() })
      .where(and(eq(licenseChallenges.id, id), isNull(licenseChallenges.usedAt)))
      .returning({ id: licenseChallenges.id });
    return used.length === 1;
  },

  async replaceToken(db: Db, sessionId: string, tokenHash: string, tokenExpiresAt: Date): Promise<void> {
    await db
      .update(licenseSessions)
      .set({ tokenHash, tokenExpiresAt, renewedAt: new Date() })
      .where(eq(licenseSessions.id, sessionId));
  },

  /**
   * One consume in one statement (migration 0004, license_consume): claims the
   * requestId, deducts under COUNT and logs, atomically.
   */
  async consume(
    db: Db,
    a: { codeId: number; requestId: string | null; mode: 'TIME' | 'COUNT'; projectId: number; deviceId: number; sessionId: string },
  ): Promise<{ outcome: 'idempotent' | 'time_checked' | 'deducted' | 'exhausted'; remaining: number | null }> {
    const [row] = await preparedRows<{ outcome: 'idempotent' | 'time_checked' | 'deducted' | 'exhausted'; remaining: number | null }>(
      db,
      'select outcome, remaining from license_consume($1, $2, $3, $4, $5, $6)',
      [a.codeId, a.requestId, a.mode, a.projectId, a.deviceId, a.sessionId],
    );
    if (!row) throw new Error('license_consume returned no row');
    return row;
  },

  async logConsumption(db: Db, values: typeof consumptionLogs.$inferInsert): Promise<void> {
    await db.insert(consumptionLogs).values(values);
  },
};

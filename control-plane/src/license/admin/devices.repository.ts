/** Device and session queries of the back office, and the device revocation. */
import { and, desc, eq, gt, ilike, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activationCodes, devices, licenseSessions, projects } from '../license.schema.js';
import { likePattern } from '../../http/admin-query.js';
import { desktopNodes } from '../../nodes/desktop-nodes.repository.js';

export const DEVICE_STATUSES = ['active', 'revoked'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
export const SESSION_STATUSES = ['active', 'expired', 'revoked'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export interface DeviceListFilter {
  projectId?: number | undefined;
  status?: DeviceStatus | undefined;
  appVersion?: string | undefined;
  keyword?: string | undefined;
  now: Date;
  limit: number;
  offset: number;
}

export interface SessionListFilter {
  projectId?: number | undefined;
  deviceId?: number | undefined;
  status?: SessionStatus | undefined;
  now: Date;
  limit: number;
  offset: number;
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

const deviceColumns = (now: Date) => ({
  deviceId: devices.id,
  projectKey: projects.projectKey,
  machineId: devices.machineId,
  fingerprintHash: devices.fingerprintHash,
  appVersion: devices.appVersion,
  code: activationCodes.code,
  licenseMode: activationCodes.licenseMode,
  createdAt: devices.createdAt,
  lastSeenAt: devices.lastSeenAt,
  revokedAt: devices.revokedAt,
  nodeId: sql<string | null>`(select l.node_id from desktop_node_devices l where l.device_id = ${devices.id})`,
  activeSessions: sql<number>`(select count(*)::int from ${licenseSessions} s
    where s.device_id = ${devices.id} and s.revoked_at is null and s.token_expires_at > ${at(now)})`,
});
export type DeviceListRow = {
  deviceId: number;
  projectKey: string;
  machineId: string;
  fingerprintHash: string;
  appVersion: string;
  code: string;
  licenseMode: 'TIME' | 'COUNT';
  createdAt: Date;
  lastSeenAt: Date | null;
  revokedAt: Date | null;
  nodeId: string | null;
  activeSessions: number;
};

function sessionStatusCondition(status: SessionStatus, now: Date): SQL {
  switch (status) {
    case 'revoked':
      return isNotNull(licenseSessions.revokedAt);
    case 'expired':
      return and(isNull(licenseSessions.revokedAt), lte(licenseSessions.tokenExpiresAt, now))!;
    case 'active':
      return and(isNull(licenseSessions.revokedAt), gt(licenseSessions.tokenExpiresAt, now))!;
  }
}

export const devicesRepository = {
  async list(db: Db, f: DeviceListFilter): Promise<{ rows: DeviceListRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (f.projectId !== undefined) conditions.push(eq(devices.projectId, f.projectId));
    if (f.status === 'active') conditions.push(isNull(devices.revokedAt));
    if (f.status === 'revoked') conditions.push(isNotNull(devices.revokedAt));
    if (f.appVersion !== undefined) conditions.push(eq(devices.appVersion, f.appVersion));
    if (f.keyword) {
      const pattern = likePattern(f.keyword);
      const byText = [ilike(devices.machineId, pattern), ilike(devices.fingerprintHash, pattern), ilike(activationCodes.code, pattern)];
      if (/^\d{1,9}$/.test(f.keyword)) byText.push(eq(devices.id, Number(f.keyword)));
      conditions.push(or(...byText)!);
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const [list, [count]] = await Promise.all([
      db
        .select(deviceColumns(f.now))
        .from(devices)
        .innerJoin(projects, eq(projects.id, devices.projectId))
        .innerJoin(activationCodes, eq(activationCodes.id, devices.codeId))
        .where(where)
        .orderBy(desc(devices.createdAt), desc(devices.id))
        .limit(f.limit)
        .offset(f.offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(devices)
        .innerJoin(activationCodes, eq(activationCodes.id, devices.codeId))
        .where(where),
    ]);
    return { rows: list as DeviceListRow[], total: count?.n ?? 0 };
  },

  async byId(db: Db, deviceId: number, now: Date): Promise<DeviceListRow | null> {
    const [row] = await db
      .select(deviceColumns(now))
      .from(devices)
      .innerJoin(projects, eq(projects.id, devices.projectId))
      .innerJoin(activationCodes, eq(activationCodes.id, devices.codeId))
      .where(eq(devices.id, deviceId));
    return (row as DeviceListRow | undefined) ?? null;
  },

  /**
   * Revokes a device, all its active sessions and, when the device is a
   * desktop node, that node (its socket is closed by whichever replica holds
   * it), in one transaction. Revoking again revokes whatever is left.
   */
  async revoke(
    db: Db,
    deviceId: number,
    now: Date,
  ): Promise<{ projectId: number; sessionsRevoked: number; alreadyRevoked: boolean; node: { nodeId: string; alreadyRevoked: boolean } | null } | null> {
    return db.transaction(async (tx) => {
      const [device] = await tx.select().from(devices).where(eq(devices.id, deviceId)).for('update');
      if (!device) return null;
      if (!device.revokedAt) await tx.update(devices).set({ revokedAt: now }).where(eq(devices.id, deviceId));
      const revoked = await tx
        .update(licenseSessions)
        .set({ revokedAt: now })
        .where(and(eq(licenseSessions.deviceId, deviceId), isNull(licenseSessions.revokedAt)))
        .returning({ id: licenseSessions.id });
      const node = await desktopNodes.revokeOfDevice(tx, deviceId);
      return { projectId: device.projectId, sessionsRevoked: revoked.length, alreadyRevoked: device.revokedAt !== null, node };
    });
  },

  async sessions(db: Db, f: SessionListFilter) {
    const conditions: SQL[] = [];
    if (f.projectId !== undefined) conditions.push(eq(licenseSessions.projectId, f.projectId));
    if (f.deviceId !== undefined) conditions.push(eq(licenseSessions.deviceId, f.deviceId));
    if (f.status) conditions.push(sessionStatusCondition(f.status, f.now));
    const where = conditions.length ? and(...conditions) : undefined;
    const [list, [count]] = await Promise.all([
      db
        .select({
          sessionId: licenseSessions.id,
          projectKey: projects.projectKey,
          deviceId: licenseSessions.deviceId,
          machineId: devices.machineId,
          appVersion: devices.appVersion,
          tokenExpiresAt: licenseSessions.tokenExpiresAt,
          createdAt: licenseSessions.createdAt,
          renewedAt: licenseSessions.renewedAt,
          revokedAt: licenseSessions.revokedAt,
        })
        .from(licenseSessions)
        .innerJoin(projects, eq(projects.id, licenseSessions.projectId))
        .innerJoin(devices, eq(devices.id, licenseSessions.deviceId))
        .where(where)
        .orderBy(desc(licenseSessions.createdAt), desc(licenseSessions.id))
        .limit(f.limit)
        .offset(f.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(licenseSessions).where(where),
    ]);
    return { rows: list, total: count?.n ?? 0 };
  },
};

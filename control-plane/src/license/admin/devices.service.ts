/** Devices and sessions in the back office: lists, and revoking a device with all its sessions. */
import type { Db } from '../../db/client.js';
import { recordSecurityEvent } from '../security-events.js';
import { adminError } from '../../http/admin-errors.js';
import { type DeviceListRow, type DeviceStatus, devicesRepository as repo, type SessionStatus } from './devices.repository.js';
import { requireProjectId } from './projects.service.js';
import { iso, limitOffset, type Page } from '../../http/admin-query.js';

export interface DeviceListQuery extends Page {
  projectKey?: string | undefined;
  status?: DeviceStatus | undefined;
  appVersion?: string | undefined;
  keyword?: string | undefined;
}

export interface SessionListQuery extends Page {
  projectKey?: string | undefined;
  deviceId?: number | undefined;
  status?: SessionStatus | undefined;
}

const deviceView = (d: DeviceListRow) => ({
  deviceId: d.deviceId,
  projectKey: d.projectKey,
  machineId: d.machineId,
  fingerprintHash: d.fingerprintHash,
  appVersion: d.appVersion,
  status: (d.revokedAt ? 'revoked' : 'active') as DeviceStatus,
  code: d.code,
  licenseMode: d.licenseMode,
  activeSessions: d.activeSessions,
  createdAt: d.createdAt.toISOString(),
  lastSeenAt: iso(d.lastSeenAt),
  revokedAt: iso(d.revokedAt),
  nodeId: d.nodeId,
});

export class DevicesService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private projectIdOf(projectKey: string | undefined) {
    return projectKey === undefined ? undefined : requireProjectId(this.db, projectKey);
  }

  async list(q: DeviceListQuery) {
    const { rows, total } = await repo.list(this.db, {
      projectId: await this.projectIdOf(q.projectKey),
      status: q.status,
      appVersion: q.appVersion,
      keyword: q.keyword,
      now: this.now(),
      ...limitOffset(q),
    });
    return { items: rows.map(deviceView), total };
  }

  async get(deviceId: number) {
    const row = await repo.byId(this.db, deviceId, this.now());
    if (!row) throw adminError('DEVICE_NOT_FOUND', `No device ${deviceId}`);
    return deviceView(row);
  }

  async revoke(deviceId: number, actor: string) {
    const result = await repo.revoke(this.db, deviceId, this.now());
    if (!result) throw adminError('DEVICE_NOT_FOUND', `No device ${deviceId}`);
    if (!result.alreadyRevoked) {
      await recordSecurityEvent(this.db, {
        kind: 'device_revocation',
        projectId: result.projectId,
        deviceId,
        detail: { by: actor, sessionsRevoked: result.sessionsRevoked, ...(result.node ? { nodeId: result.node.nodeId } : {}) },
      });
    }
    return {
      deviceId,
      revoked: true as const,
      sessionsRevoked: result.sessionsRevoked,
      alreadyRevoked: result.alreadyRevoked,
      nodeId: result.node?.nodeId ?? null,
    };
  }

  async sessions(q: SessionListQuery) {
    const now = this.now();
    const { rows, total } = await repo.sessions(this.db, {
      projectId: await this.projectIdOf(q.projectKey),
      deviceId: q.deviceId,
      status: q.status,
      now,
      ...limitOffset(q),
    });
    const items = rows.map((s) => ({
      sessionId: s.sessionId,
      projectKey: s.projectKey,
      deviceId: s.deviceId,
      machineId: s.machineId,
      appVersion: s.appVersion,
      status: (s.revokedAt ? 'revoked' : s.tokenExpiresAt <= now ? 'expired' : 'active') as SessionStatus,
      tokenExpiresAt: s.tokenExpiresAt.toISOString(),
      createdAt: s.createdAt.toISOString(),
      renewedAt: iso(s.renewedAt),
      revokedAt: iso(s.revokedAt),
    }));
    return { items, total };
  }
}

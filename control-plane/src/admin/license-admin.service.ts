/** Back-office operations on projects, codes, devices and version bans. */
import type { Db } from '../db/client.js';
import { projectKeys, projects } from '../license/license.schema.js';
import { insertProjectKey } from '../license/offline-keys.js';
import type { ProjectPolicy } from '../license/license.schema.js';
import { recordSecurityEvent } from '../license/security-events.js';
import { generateCodes } from './codes.js';
import { adminError } from './admin.errors.js';
import { licenseAdminRepository as repo } from './license-admin.repository.js';
import { and, eq } from 'drizzle-orm';

export const MAX_CODES_PER_CALL = 100_000;

export interface CreateProjectInput {
  projectKey: string;
  name: string;
  description?: string | undefined;
  enabled?: boolean | undefined;
  policy?: ProjectPolicy | undefined;
}

export interface GenerateCodesInput {
  projectKey: string;
  licenseMode: 'TIME' | 'COUNT';
  quantity: number;
  expiresAt?: string | undefined;
  remainingCount?: number | undefined;
}

export class LicenseAdminService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async projectId(projectKey: string): Promise<number> {
    const id = await repo.projectIdByKey(this.db, projectKey);
    if (id === null) throw adminError('PROJECT_NOT_FOUND', `Unknown projectKey ${projectKey}`);
    return id;
  }

  async createProject(input: CreateProjectInput) {
    return this.db.transaction(async (tx) => {
      const [project] = await tx
        .insert(projects)
        .values({
          projectKey: input.projectKey,
          name: input.name,
          description: input.description ?? '',
          enabled: input.enabled ?? true,
          policy: input.policy ?? {},
        })
        .onConflictDoNothing()
        .returning();
      if (!project) throw adminError('PROJECT_EXISTS', `Project ${input.projectKey} already exists`);
      const key = await insertProjectKey(tx, project.id);
      return { ...project, offlinePublicKey: key.publicKey, offlineKeyId: key.kid };
    });
  }

  async activeKey(projectId: number) {
    const [key] = await this.db
      .select({ kid: projectKeys.kid, publicKey: projectKeys.publicKey })
      .from(projectKeys)
      .where(and(eq(projectKeys.projectId, projectId), eq(projectKeys.status, 'active')));
    return key ?? null;
  }

  async generateCodes(input: GenerateCodesInput) {
    const projectId = await this.projectId(input.projectKey);
    let expiresAt: Date | null = null;
    let remainingCount: number | null = null;
    if (input.licenseMode === 'TIME') {
      if (!input.expiresAt) throw adminError('INVALID_REQUEST', 'TIME codes need expiresAt (ISO 8601)');
      expiresAt = new Date(input.expiresAt);
      if (expiresAt <= this.now()) throw adminError('INVALID_REQUEST', 'expiresAt must be in the future');
      if (input.remainingCount !== undefined) throw adminError('INVALID_REQUEST', 'remainingCount applies to COUNT codes only');
    } else {
      if (input.remainingCount === undefined) throw adminError('INVALID_REQUEST', 'COUNT codes need remainingCount (at least 1)');
      if (input.expiresAt !== undefined) throw adminError('INVALID_REQUEST', 'expiresAt applies to TIME codes only');
      remainingCount = input.remainingCount;
    }
    const created: string[] = [];
    // 100 random bits make collisions vanishingly rare; the loop makes "quantity" exact anyway.
    for (let attempt = 0; created.length < input.quantity && attempt < 5; attempt++) {
      const batch = await repo.insertCodes(this.db, {
        projectId,
        codes: generateCodes(input.quantity - created.length),
        licenseMode: input.licenseMode,
        remainingCount,
        expiresAt,
      });
      created.push(...batch);
    }
    return created.map((code) => ({
      code,
      projectKey: input.projectKey,
      licenseMode: input.licenseMode,
      remainingCount,
      expiresAt: expiresAt?.toISOString() ?? null,
    }));
  }

  async revokeDevice(deviceId: number, actor: string) {
    const result = await repo.revokeDevice(this.db, deviceId, this.now());
    if (!result) throw adminError('DEVICE_NOT_FOUND', `No device ${deviceId}`);
    if (!result.alreadyRevoked) {
      await recordSecurityEvent(this.db, {
        kind: 'device_revocation',
        projectId: result.projectId,
        deviceId,
        detail: { by: actor, sessionsRevoked: result.sessionsRevoked },
      });
    }
    return { deviceId, revoked: true, sessionsRevoked: result.sessionsRevoked, alreadyRevoked: result.alreadyRevoked };
  }

  async banVersion(projectKey: string, appVersion: string, reason: string) {
    const ban = await repo.addVersionBan(this.db, await this.projectId(projectKey), appVersion, reason);
    if (!ban) throw adminError('VERSION_BAN_EXISTS', `Version ${appVersion} is already banned in ${projectKey}`);
    return { projectKey, appVersion: ban.appVersion, reason: ban.reason, createdAt: ban.createdAt.toISOString() };
  }

  async unbanVersion(projectKey: string, appVersion: string) {
    if (!(await repo.removeVersionBan(this.db, await this.projectId(projectKey), appVersion))) {
      throw adminError('NOT_FOUND', `Version ${appVersion} is not banned in ${projectKey}`);
    }
    return { projectKey, appVersion, removed: true };
  }

  async listVersionBans(projectKey: string) {
    const bans = await repo.listVersionBans(this.db, await this.projectId(projectKey));
    return bans.map((b) => ({ appVersion: b.appVersion, reason: b.reason, createdAt: b.createdAt.toISOString() }));
  }
}

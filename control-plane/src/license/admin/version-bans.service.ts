/**
 * Client-version bans per project. The license service enforces them: enroll
 * with a banned version is refused, and so are status, consume, challenge and
 * renew of sessions whose device enrolled with it (each with a version-ban
 * security event).
 */
import type { Db } from '../../db/client.js';
import { adminError } from '../../http/admin-errors.js';
import { requireProjectId } from './projects.service.js';
import { limitOffset, type Page } from '../../http/admin-query.js';
import { type VersionBanRow, versionBansRepository as repo } from './version-bans.repository.js';

const banView = (projectKey: string, b: VersionBanRow) => ({
  projectKey,
  appVersion: b.appVersion,
  reason: b.reason,
  createdAt: b.createdAt.toISOString(),
});

export class VersionBansService {
  constructor(private readonly db: Db) {}

  async ban(projectKey: string, appVersion: string, reason: string) {
    const ban = await repo.add(this.db, await requireProjectId(this.db, projectKey), appVersion, reason);
    if (!ban) throw adminError('VERSION_BAN_EXISTS', `Version ${appVersion} is already banned in ${projectKey}`);
    return banView(projectKey, ban);
  }

  async unban(projectKey: string, appVersion: string) {
    if (!(await repo.remove(this.db, await requireProjectId(this.db, projectKey), appVersion))) {
      throw adminError('VERSION_BAN_NOT_FOUND', `Version ${appVersion} is not banned in ${projectKey}`);
    }
    return { projectKey, appVersion, removed: true as const };
  }

  async list(projectKey: string, page: Page) {
    const { limit, offset } = limitOffset(page);
    const { rows, total } = await repo.list(this.db, await requireProjectId(this.db, projectKey), limit, offset);
    return { items: rows.map((b) => banView(projectKey, b)), total };
  }
}

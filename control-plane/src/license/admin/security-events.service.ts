/** Security events in the back office: a paged list by project, kind and time range. */
import type { Db } from '../../db/client.js';
import type { SecurityEventKind } from '../license.schema.js';
import { requireProjectId } from './projects.service.js';
import { limitOffset, type Page, resolveRange } from '../../http/admin-query.js';
import { securityEventsRepository as repo } from './security-events.repository.js';

export interface SecurityEventQuery extends Page {
  projectKey?: string | undefined;
  kind?: SecurityEventKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export class SecurityEventsService {
  constructor(private readonly db: Db) {}

  async list(q: SecurityEventQuery) {
    const range = resolveRange(q, false);
    const projectId = q.projectKey === undefined ? undefined : await requireProjectId(this.db, q.projectKey);
    const { rows, total } = await repo.list(this.db, { projectId, kind: q.kind, range, ...limitOffset(q) });
    return { items: rows.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })), total };
  }
}

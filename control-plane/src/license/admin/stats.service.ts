/** The consumption trend and the global or per-project statistics. */
import type { Db } from '../../db/client.js';
import { SECURITY_EVENT_KINDS, type SecurityEventKind } from '../license.schema.js';
import { CODE_STATES, type CodeState } from './codes.repository.js';
import { requireProjectId } from './projects.service.js';
import { type Granularity, statsRepository as repo } from './stats.repository.js';

export const MAX_TREND_DAYS = 90;
const DAY_MS = 86_400_000;

export class StatsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * The last `days` UTC days up to now (today counts as one), in buckets of a
   * day, an ISO week (from Monday) or a calendar month. The first week or
   * month bucket may start before `from`; it counts only from `from` on.
   */
  async trend(q: { days: number; granularity: Granularity; projectKey?: string | undefined }) {
    const projectId = q.projectKey === undefined ? undefined : await requireProjectId(this.db, q.projectKey);
    const to = this.now();
    const from = new Date(Math.floor(to.getTime() / DAY_MS) * DAY_MS - (q.days - 1) * DAY_MS);
    const buckets = await repo.trend(this.db, { range: { from, to }, granularity: q.granularity, projectId });
    const totals = { total: 0, deducted: 0, timeChecked: 0, idempotent: 0, refused: 0 };
    for (const b of buckets) for (const k of Object.keys(totals) as Array<keyof typeof totals>) totals[k] += b[k];
    return {
      days: q.days,
      granularity: q.granularity,
      projectKey: q.projectKey ?? null,
      from: from.toISOString(),
      to: to.toISOString(),
      buckets,
      totals,
    };
  }

  async summary(projectKey?: string) {
    const projectId = projectKey === undefined ? undefined : await requireProjectId(this.db, projectKey);
    const s = await repo.summary(this.db, projectId, this.now());
    const codes = Object.fromEntries(CODE_STATES.map((k) => [k, 0])) as Record<CodeState, number>;
    for (const r of s.codeStates) codes[r.state as CodeState] = r.n;
    const securityEvents = Object.fromEntries(SECURITY_EVENT_KINDS.map((k) => [k, 0])) as Record<SecurityEventKind, number>;
    for (const r of s.eventKinds) securityEvents[r.kind as SecurityEventKind] = r.n;
    return {
      scope: projectKey === undefined ? ('global' as const) : ('project' as const),
      projectKey: projectKey ?? null,
      projects: { total: s.projects.total, enabled: s.projects.enabled, disabled: s.projects.total - s.projects.enabled },
      codes: { total: s.codeStates.reduce((sum, r) => sum + r.n, 0), ...codes },
      devices: { ...s.devices },
      sessions: { ...s.sessions },
      consumptions: { ...s.consumptions },
      securityEvents: { total: s.eventKinds.reduce((sum, r) => sum + r.n, 0), ...securityEvents },
    };
  }
}

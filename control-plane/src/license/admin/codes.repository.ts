/** Activation-code queries of the back office: bulk insert, the filtered list, disable. */
import { and, asc, desc, eq, gt, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { activationCodes, devices, projects } from '../license.schema.js';
import { likePattern } from '../../http/admin-query.js';

export const CODE_STATES = ['unused', 'active', 'expired', 'exhausted', 'disabled'] as const;
export type CodeState = (typeof CODE_STATES)[number];

/**
 * A code's state at `now`, first match wins: disabled, expired (TIME past its
 * expiry), exhausted (COUNT with nothing left), active (bound to a device),
 * unused. The same order the license service refuses in.
 */
export function codeStateSql(now: Date): SQL<CodeState> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql<CodeState>`case
    when ${activationCodes.disabledAt} is not null then 'disabled'
    when ${activationCodes.licenseMode} = 'TIME' and (${activationCodes.expiresAt} is null or ${activationCodes.expiresAt} <= ${at}) then 'expired'
    when ${activationCodes.licenseMode} = 'COUNT' and coalesce(${activationCodes.remainingCount}, 0) <= 0 then 'exhausted'
    when ${activationCodes.deviceId} is not null then 'active'
    else 'unused' end`;
}

function stateCondition(state: CodeState, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const notDisabled = isNull(activationCodes.disabledAt);
  const expired = sql`(${activationCodes.licenseMode} = 'TIME' and (${activationCodes.expiresAt} is null or ${activationCodes.expiresAt} <= ${at}))`;
  const exhausted = sql`(${activationCodes.licenseMode} = 'COUNT' and coalesce(${activationCodes.remainingCount}, 0) <= 0)`;
  const usable = and(notDisabled, sql`not ${expired}`, sql`not ${exhausted}`)!;
  switch (state) {
    case 'disabled':
      return isNotNull(activationCodes.disabledAt);
    case 'expired':
      return and(notDisabled, expired)!;
    case 'exhausted':
      return and(notDisabled, exhausted)!;
    case 'active':
      return and(usable, isNotNull(activationCodes.deviceId))!;
    case 'unused':
      return and(usable, isNull(activationCodes.deviceId))!;
  }
}

export interface CodeFilter {
  projectId?: number | undefined;
  licenseMode?: 'TIME' | 'COUNT' | undefined;
  state?: CodeState | undefined;
  keyword?: string | undefined;
  now: Date;
}

export interface CodeListFilter extends CodeFilter {
  limit: number;
  offset: number;
}

function filterConditions(f: CodeFilter): SQL[] {
  const conditions: SQL[] = [];
  if (f.projectId !== undefined) conditions.push(eq(activationCodes.projectId, f.projectId));
  if (f.licenseMode) conditions.push(eq(activationCodes.licenseMode, f.licenseMode));
  if (f.state) conditions.push(stateCondition(f.state, f.now));
  if (f.keyword) {
    const pattern = likePattern(f.keyword);
    conditions.push(or(ilike(activationCodes.code, pattern), ilike(devices.machineId, pattern))!);
  }
  return conditions;
}

const codeColumns = (now: Date) => ({
  id: activationCodes.id,
  code: activationCodes.code,
  projectKey: projects.projectKey,
  licenseMode: activationCodes.licenseMode,
  remainingCount: activationCodes.remainingCount,
  expiresAt: activationCodes.expiresAt,
  activatedAt: activationCodes.activatedAt,
  disabledAt: activationCodes.disabledAt,
  createdAt: activationCodes.createdAt,
  state: codeStateSql(now),
  deviceId: devices.id,
  machineId: devices.machineId,
  appVersion: devices.appVersion,
  deviceRevokedAt: devices.revokedAt,
  userId: activationCodes.userId,
  nodeId: sql<string | null>`(select l.node_id from desktop_node_devices l where l.device_id = ${devices.id})`,
});
export type CodeListRow = {
  id: number;
  code: string;
  projectKey: string;
  licenseMode: 'TIME' | 'COUNT';
  remainingCount: number | null;
  expiresAt: Date | null;
  activatedAt: Date | null;
  disabledAt: Date | null;
  createdAt: Date;
  state: CodeState;
  deviceId: number | null;
  machineId: string | null;
  appVersion: string | null;
  deviceRevokedAt: Date | null;
  userId: number | null;
  nodeId: string | null;
};

/** PostgreSQL's unique_violation, whether the driver error arrives bare or wrapped by drizzle. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
}

export const codesRepository = {
  /**
   * Inserts codes in one statement (unnest of one array parameter) and
   * answers the codes stored. With 100 random bits a clash with an existing
   * code does not happen in practice, so the statement first runs as a plain
   * insert that stores all or nothing; only if one clashes does it run again
   * skipping the clashes and reporting which codes went in.
   */
  async insertCodes(
    db: Db,
    a: { projectId: number; codes: string[]; licenseMode: 'TIME' | 'COUNT'; remainingCount: number | null; expiresAt: Date | null; userId?: number | null },
  ): Promise<string[]> {
    const select = sql`select ${a.projectId}, c, ${a.licenseMode}, ${a.remainingCount}::int, ${a.expiresAt?.toISOString() ?? null}::timestamptz, ${a.userId ?? null}::int
          from unnest(${sql.param(a.codes)}::text[]) as c`;
    const into = sql`insert into activation_codes (project_id, code, license_mode, remaining_count, expires_at, user_id)`;
    try {
      await db.execute(sql`${into} ${select}`);
      return a.codes;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const inserted = await rows<{ code: string }>(db, sql`${into} ${select} on conflict (project_id, code) do nothing returning code`);
    return inserted.map((r) => r.code);
  },

  async list(db: Db, f: CodeListFilter): Promise<{ rows: CodeListRow[]; total: number }> {
    const conditions = filterConditions(f);
    const where = conditions.length ? and(...conditions) : undefined;
    const [list, [count]] = await Promise.all([
      db
        .select(codeColumns(f.now))
        .from(activationCodes)
        .innerJoin(projects, eq(projects.id, activationCodes.projectId))
        .leftJoin(devices, eq(devices.id, activationCodes.deviceId))
        .where(where)
        .orderBy(desc(activationCodes.createdAt), desc(activationCodes.id))
        .limit(f.limit)
        .offset(f.offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(activationCodes)
        .leftJoin(devices, eq(devices.id, activationCodes.deviceId))
        .where(where),
    ]);
    return { rows: list as CodeListRow[], total: count?.n ?? 0 };
  },

  /** The next `limit` codes of the filter after id `afterId`, oldest first (the export's keyset). */
  async exportBatch(db: Db, f: CodeFilter, afterId: number, limit: number): Promise<CodeListRow[]> {
    const list = await db
      .select(codeColumns(f.now))
      .from(activationCodes)
      .innerJoin(projects, eq(projects.id, activationCodes.projectId))
      .leftJoin(devices, eq(devices.id, activationCodes.deviceId))
      .where(and(gt(activationCodes.id, afterId), ...filterConditions(f)))
      .orderBy(asc(activationCodes.id))
      .limit(limit);
    return list as CodeListRow[];
  },

  async byCode(db: Db, projectId: number, code: string, now: Date): Promise<CodeListRow | null> {
    const [row] = await db
      .select(codeColumns(now))
      .from(activationCodes)
      .innerJoin(projects, eq(projects.id, activationCodes.projectId))
      .leftJoin(devices, eq(devices.id, activationCodes.deviceId))
      .where(and(eq(activationCodes.projectId, projectId), eq(activationCodes.code, code)));
    return (row as CodeListRow | undefined) ?? null;
  },

  /** Disables a code (idempotent); false when no such code exists. */
  async disable(db: Db, projectId: number, code: string, now: Date): Promise<{ found: boolean; alreadyDisabled: boolean }> {
    const [row] = await rows<{ was: string | null }>(
      db,
      sql`update ${activationCodes} c set disabled_at = coalesce(c.disabled_at, ${now.toISOString()}::timestamptz)
          from (select id, disabled_at from ${activationCodes} where project_id = ${projectId} and code = ${code} for update) old
          where c.id = old.id
          returning old.disabled_at::text as was`,
    );
    return { found: row !== undefined, alreadyDisabled: row?.was != null };
  },
};

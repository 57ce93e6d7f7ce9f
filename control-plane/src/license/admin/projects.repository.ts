/** Project and offline-key queries of the back office. */
import { and, desc, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { projectKeys, projects } from '../license.schema.js';
import { likePattern } from '../../http/admin-query.js';

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectKeyRow = Pick<typeof projectKeys.$inferSelect, 'kid' | 'publicKey' | 'status' | 'createdAt' | 'retiredAt' | 'verifyUntil'>;

export interface ProjectListFilter {
  keyword?: string | undefined;
  enabled?: boolean | undefined;
  limit: number;
  offset: number;
}

const keyColumns = {
  kid: projectKeys.kid,
  publicKey: projectKeys.publicKey,
  status: projectKeys.status,
  createdAt: projectKeys.createdAt,
  retiredAt: projectKeys.retiredAt,
  verifyUntil: projectKeys.verifyUntil,
};

export const projectsRepository = {
  async idByKey(db: Db, projectKey: string): Promise<number | null> {
    const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.projectKey, projectKey));
    return row?.id ?? null;
  },

  async byKey(db: Db, projectKey: string): Promise<ProjectRow | null> {
    const [row] = await db.select().from(projects).where(eq(projects.projectKey, projectKey));
    return row ?? null;
  },

  async insert(db: Db, values: typeof projects.$inferInsert): Promise<ProjectRow | null> {
    const [row] = await db.insert(projects).values(values).onConflictDoNothing().returning();
    return row ?? null;
  },

  async update(db: Db, id: number, patch: Partial<typeof projects.$inferInsert>): Promise<ProjectRow> {
    const [row] = await db.update(projects).set(patch).where(eq(projects.id, id)).returning();
    return row!;
  },

  /** Locks the project row so two rotations (or a rotation and an update) take turns. */
  async lockById(db: Db, id: number): Promise<ProjectRow | null> {
    const [row] = await db.select().from(projects).where(eq(projects.id, id)).for('update');
    return row ?? null;
  },

  async list(db: Db, f: ProjectListFilter): Promise<{ rows: Array<ProjectRow & { kid: string | null; publicKey: string | null }>; total: number }> {
    const conditions: SQL[] = [];
    if (f.keyword) {
      const pattern = likePattern(f.keyword);
      conditions.push(or(ilike(projects.projectKey, pattern), ilike(projects.name, pattern), ilike(projects.description, pattern))!);
    }
    if (f.enabled !== undefined) conditions.push(eq(projects.enabled, f.enabled));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [count]] = await Promise.all([
      db
        .select({ project: projects, kid: projectKeys.kid, publicKey: projectKeys.publicKey })
        .from(projects)
        .leftJoin(projectKeys, and(eq(projectKeys.projectId, projects.id), eq(projectKeys.status, 'active')))
        .where(where)
        .orderBy(projects.projectKey)
        .limit(f.limit)
        .offset(f.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(projects).where(where),
    ]);
    return { rows: rows.map((r) => ({ ...r.project, kid: r.kid, publicKey: r.publicKey })), total: count?.n ?? 0 };
  },

  /** Keys a client may still need: the active one and retired ones whose snapshots can still be valid. */
  async liveKeys(db: Db, projectId: number, now: Date): Promise<ProjectKeyRow[]> {
    return db
      .select(keyColumns)
      .from(projectKeys)
      .where(and(eq(projectKeys.projectId, projectId), or(eq(projectKeys.status, 'active'), gt(projectKeys.verifyUntil, now))))
      .orderBy(sql`${projectKeys.status} = 'active' desc`, desc(projectKeys.createdAt), desc(projectKeys.id));
  },

  /**
   * Retires the active key: it stays listed until `verifyUntil`, and its
   * private half is erased (nothing signs with a retired key again).
   */
  async retireActiveKey(db: Db, projectId: number, now: Date, verifyUntil: Date): Promise<string | null> {
    const [row] = await db
      .update(projectKeys)
      .set({ status: 'retired', retiredAt: now, verifyUntil, privateKey: '' })
      .where(and(eq(projectKeys.projectId, projectId), eq(projectKeys.status, 'active')))
      .returning({ kid: projectKeys.kid });
    return row?.kid ?? null;
  },
};

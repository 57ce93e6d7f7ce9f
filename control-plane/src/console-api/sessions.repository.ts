/** Console sessions in PostgreSQL: found by the SHA-256 of their token, ended by deleting the row. */
import { and, asc, eq, gt, lt, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { consoleSessions, consoleUsers } from '../db/console.schema.js';

export type ConsoleUserRow = typeof consoleUsers.$inferSelect;
export type ConsoleSessionRow = typeof consoleSessions.$inferSelect;

export const sessionsRepository = {
  async insert(db: Db, values: typeof consoleSessions.$inferInsert): Promise<void> {
    await db.insert(consoleSessions).values(values);
  },

  async byTokenHash(db: Db, tokenHash: string): Promise<{ session: ConsoleSessionRow; user: ConsoleUserRow } | null> {
    const [row] = await db
      .select({ session: consoleSessions, user: consoleUsers })
      .from(consoleSessions)
      .innerJoin(consoleUsers, eq(consoleUsers.id, consoleSessions.userId))
      .where(eq(consoleSessions.tokenHash, tokenHash));
    return row ?? null;
  },

  /** Last seen, at most once a minute: a busy page should not turn every read into a write. */
  async touch(db: Db, id: string, now: Date, everyMs: number): Promise<void> {
    await db
      .update(consoleSessions)
      .set({ lastSeenAt: now })
      .where(and(eq(consoleSessions.id, id), lt(consoleSessions.lastSeenAt, new Date(now.getTime() - everyMs))));
  },

  async delete(db: Db, id: string): Promise<void> {
    await db.delete(consoleSessions).where(eq(consoleSessions.id, id));
  },

  async deleteByTokenHash(db: Db, tokenHash: string): Promise<void> {
    await db.delete(consoleSessions).where(eq(consoleSessions.tokenHash, tokenHash));
  },

  /** Every session of the person, or every one but `except`. */
  async deleteOfUser(db: Db, userId: string, except?: string): Promise<number> {
    const where = except === undefined ? eq(consoleSessions.userId, userId) : and(eq(consoleSessions.userId, userId), ne(consoleSessions.id, except));
    const deleted = await db.delete(consoleSessions).where(where).returning({ id: consoleSessions.id });
    return deleted.length;
  },

  /** The person's sessions still alive at `now` (neither idle past `idleMs` nor past their absolute end), oldest first. */
  async liveOfUser(db: Db, userId: string, now: Date, idleMs: number): Promise<ConsoleSessionRow[]> {
    return db
      .select()
      .from(consoleSessions)
      .where(and(eq(consoleSessions.userId, userId), gt(consoleSessions.expiresAt, now), gt(consoleSessions.lastSeenAt, new Date(now.getTime() - idleMs))))
      .orderBy(asc(consoleSessions.createdAt), asc(consoleSessions.id));
  },

  /** Sessions past either end, whoever they belong to: nothing accepts them any more, they only take space. */
  async prune(db: Db, now: Date, idleMs: number): Promise<void> {
    await db.delete(consoleSessions).where(or(lte(consoleSessions.expiresAt, now), lt(consoleSessions.lastSeenAt, new Date(now.getTime() - idleMs))));
  },
};

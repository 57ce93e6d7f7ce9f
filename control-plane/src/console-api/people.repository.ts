/** Console people and their invites. Emails match whatever their case. */
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../integrators/integrators.schema.js';
import { consoleInvites, consoleUsers } from '../db/console.schema.js';
import type { ConsoleUserRow } from './sessions.repository.js';

export type ConsoleInviteRow = typeof consoleInvites.$inferSelect;

const emailIs = (email: string) => sql`lower(${consoleUsers.email}) = lower(${email})`;

export const peopleRepository = {
  async byEmail(db: Db, email: string): Promise<ConsoleUserRow | null> {
    const [row] = await db.select().from(consoleUsers).where(emailIs(email));
    return row ?? null;
  },

  async byId(db: Db, id: string): Promise<ConsoleUserRow | null> {
    const [row] = await db.select().from(consoleUsers).where(eq(consoleUsers.id, id));
    return row ?? null;
  },

  async emailTaken(db: Db, email: string): Promise<boolean> {
    const [row] = await db.select({ id: consoleUsers.id }).from(consoleUsers).where(emailIs(email));
    return row !== undefined;
  },

  /** Inserts the person; null when the email is taken (the unique index on lower(email) decides, race or not). */
  async insert(db: Db, values: typeof consoleUsers.$inferInsert): Promise<ConsoleUserRow | null> {
    const [row] = await db.insert(consoleUsers).values(values).onConflictDoNothing().returning();
    return row ?? null;
  },

  /** A page of people, each with the name of the integrator user they act as (null for other roles). */
  async list(db: Db, limit: number, offset: number): Promise<{ rows: Array<{ person: ConsoleUserRow; integratorName: string | null }>; total: number }> {
    const [list, [total]] = await Promise.all([
      db
        .select({ person: consoleUsers, integratorName: users.name })
        .from(consoleUsers)
        .leftJoin(users, eq(users.id, consoleUsers.integratorUserId))
        .orderBy(asc(consoleUsers.createdAt), asc(consoleUsers.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(consoleUsers),
    ]);
    return { rows: list, total: total?.n ?? 0 };
  },

  async setPasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
    await db.update(consoleUsers).set({ passwordHash }).where(eq(consoleUsers.id, id));
  },

  /** Disables the person (once: the first time is kept); their row as it is now, or null when there is none. */
  async disable(db: Db, id: string, now: Date): Promise<ConsoleUserRow | null> {
    await db.update(consoleUsers).set({ disabledAt: now }).where(and(eq(consoleUsers.id, id), isNull(consoleUsers.disabledAt)));
    return this.byId(db, id);
  },

  async integratorExists(db: Db, userId: number): Promise<boolean> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    return row !== undefined;
  },

  /** Whether an admin who can log in exists (a disabled one cannot let anyone in). */
  async activeAdminExists(db: Db): Promise<boolean> {
    const [row] = await db.select({ id: consoleUsers.id }).from(consoleUsers).where(and(eq(consoleUsers.role, 'admin'), isNull(consoleUsers.disabledAt))).limit(1);
    return row !== undefined;
  },

  /**
   * Serializes the transactions that make the first admin (until the commit): two setup links
   * accepted at once would otherwise each see no admin and both create one.
   */
  async lockFirstAdmin(tx: Db): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('plume:console-first-admin'))`);
  },

  async insertInvite(db: Db, values: typeof consoleInvites.$inferInsert): Promise<ConsoleInviteRow> {
    const [row] = await db.insert(consoleInvites).values(values).returning();
    return row!;
  },

  /** The invite the token hash names, if it is unused and not expired at `now`. */
  async openInvite(db: Db, tokenHash: string, now: Date): Promise<ConsoleInviteRow | null> {
    const [row] = await db
      .select()
      .from(consoleInvites)
      .where(and(eq(consoleInvites.tokenHash, tokenHash), isNull(consoleInvites.usedAt), gt(consoleInvites.expiresAt, now)));
    return row ?? null;
  },

  /**
   * Marks the invite used, if it is still open: one statement, so of two
   * accepts at once the second waits for the first's row lock and then finds
   * it used. Call inside the transaction that creates the person, so a
   * failure there leaves the invite open.
   */
  async consumeInvite(tx: Db, tokenHash: string, now: Date): Promise<ConsoleInviteRow | null> {
    const [row] = await tx
      .update(consoleInvites)
      .set({ usedAt: now })
      .where(and(eq(consoleInvites.tokenHash, tokenHash), isNull(consoleInvites.usedAt), gt(consoleInvites.expiresAt, now)))
      .returning();
    return row ?? null;
  },

  async markInviteUsedBy(tx: Db, inviteId: string, userId: string): Promise<void> {
    await tx.update(consoleInvites).set({ usedBy: userId }).where(eq(consoleInvites.id, inviteId));
  },
};

/** A person's TOTP state, recovery codes and pending logins. Every write that must happen once is one conditional statement. */
import { and, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { consolePendingLogins, consoleRecoveryCodes, consoleUsers } from '../db/console.schema.js';

export type PendingLoginRow = typeof consolePendingLogins.$inferSelect;

export const totpRepository = {
  /** A new secret, not yet confirmed (a setup started again replaces the previous one). */
  async setPendingSecret(db: Db, userId: string, sealed: string): Promise<void> {
    await db.update(consoleUsers).set({ totpSecret: sealed, totpEnabledAt: null, totpLastStep: null }).where(and(eq(consoleUsers.id, userId), isNull(consoleUsers.totpEnabledAt)));
  },

  /** Turns TOTP on with the confirming code's step, if it is not on already; false when it was. */
  async enable(db: Db, userId: string, step: number, now: Date): Promise<boolean> {
    const done = await db
      .update(consoleUsers)
      .set({ totpEnabledAt: now, totpLastStep: step })
      .where(and(eq(consoleUsers.id, userId), isNull(consoleUsers.totpEnabledAt), isNotNull(consoleUsers.totpSecret)))
      .returning({ id: consoleUsers.id });
    return done.length === 1;
  },

  /**
   * Records `step` as used, if it is later than the last one used: of two
   * requests carrying the same code, on any replicas, one gets true.
   */
  async useStep(db: Db, userId: string, step: number): Promise<boolean> {
    const done = await db
      .update(consoleUsers)
      .set({ totpLastStep: step })
      .where(and(eq(consoleUsers.id, userId), isNotNull(consoleUsers.totpEnabledAt), or(isNull(consoleUsers.totpLastStep), sql`${consoleUsers.totpLastStep} < ${step}`)))
      .returning({ id: consoleUsers.id });
    return done.length === 1;
  },

  /** TOTP off: the secret, the recovery codes and any pending login go. */
  async clear(db: Db, userId: string): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.update(consoleUsers).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(consoleUsers.id, userId));
      await tx.delete(consoleRecoveryCodes).where(eq(consoleRecoveryCodes.userId, userId));
      await tx.delete(consolePendingLogins).where(eq(consolePendingLogins.userId, userId));
    });
  },

  async replaceRecoveryCodes(db: Db, userId: string, codeHashes: string[], now: Date): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.delete(consoleRecoveryCodes).where(eq(consoleRecoveryCodes.userId, userId));
      await tx.insert(consoleRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
    });
  },

  /** Marks the code used, if it is the person's and unused: true once per code. */
  async useRecoveryCode(db: Db, userId: string, codeHash: string, now: Date): Promise<boolean> {
    const done = await db
      .update(consoleRecoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(consoleRecoveryCodes.userId, userId), eq(consoleRecoveryCodes.codeHash, codeHash), isNull(consoleRecoveryCodes.usedAt)))
      .returning({ userId: consoleRecoveryCodes.userId });
    return done.length === 1;
  },

  async unusedRecoveryCodes(db: Db, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(consoleRecoveryCodes)
      .where(and(eq(consoleRecoveryCodes.userId, userId), isNull(consoleRecoveryCodes.usedAt)));
    return row?.n ?? 0;
  },

  async insertPending(db: Db, values: typeof consolePendingLogins.$inferInsert): Promise<void> {
    await db.insert(consolePendingLogins).values(values);
  },

  /** The pending login the token hash names, if it has not expired at `now`. */
  async openPending(db: Db, tokenHash: string, now: Date): Promise<PendingLoginRow | null> {
    const [row] = await db
      .select()
      .from(consolePendingLogins)
      .where(and(eq(consolePendingLogins.tokenHash, tokenHash), gt(consolePendingLogins.expiresAt, now)));
    return row ?? null;
  },

  /** Ends the pending login; true for the one caller that ended it. */
  async consumePending(db: Db, id: string): Promise<boolean> {
    const done = await db.delete(consolePendingLogins).where(eq(consolePendingLogins.id, id)).returning({ id: consolePendingLogins.id });
    return done.length === 1;
  },

  async prunePending(db: Db, now: Date): Promise<void> {
    await db.delete(consolePendingLogins).where(lte(consolePendingLogins.expiresAt, now));
  },
};

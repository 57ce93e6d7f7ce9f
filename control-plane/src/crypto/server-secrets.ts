/**
 * Server-wide secrets generated once and shared by every replica (the
 * preflight HMAC key, the sealing key when PLUME_SECRET_KEY is unset). The
 * first replica to need one inserts it; `on conflict do nothing` then a select
 * makes every replica read the same winner, even when several start at once.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { serverSecrets } from '../db/shared.schema.js';

/** Returns the 32-byte secret named `name`, creating it on first use. */
export async function serverSecret(db: Db, name: string): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`server secret ${name} vanished`);
  return Buffer.from(row.value, 'base64url');
}

/**
 * Per-process memo of a server secret: secrets never change once created, so
 * one database round trip per process. A failed load is not cached.
 */
export function cachedServerSecret(db: Db, name: string): () => Promise<Buffer> {
  let pending: Promise<Buffer> | null = null;
  return () => {
    pending ??= serverSecret(db, name).catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

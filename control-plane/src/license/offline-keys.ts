/**
 * Project offline signing keys: generated with each project, back-filled at
 * start for projects without one. The environment-level key
 * (PLUME_LICENSE_OFFLINE_PRIVATE_KEY) is only a compatibility fallback: a
 * deployment that signed with one key for all projects sets it, and back-fill
 * adopts it for the projects that lack their own, so clients that pinned it
 * keep verifying. New projects always get their own key.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { generateEd25519, publicKeyOfSeed } from '../crypto/ed25519.js';
import { projectKeys, projects } from './license.schema.js';

/** Key id: the first 16 hex characters of SHA-256 over the raw public key text. */
export function keyId(publicKey: string): string {
  return `k_${createHash('sha256').update(publicKey).digest('hex').slice(0, 16)}`;
}

export async function insertProjectKey(
  db: Db,
  projectId: number,
  privateKey?: string,
  origin: 'project' | 'environment' = 'project',
): Promise<{ kid: string; publicKey: string }> {
  const pair = privateKey ? { privateKey, publicKey: publicKeyOfSeed(privateKey) } : generateEd25519();
  // The environment key is shared across projects, so its kid is made per project.
  const kid = origin === 'environment' ? `${keyId(pair.publicKey)}_p${projectId}` : keyId(pair.publicKey);
  await db.insert(projectKeys).values({ projectId, kid, publicKey: pair.publicKey, privateKey: pair.privateKey, origin });
  return { kid, publicKey: pair.publicKey };
}

export async function ensureDefaultProject(db: Db): Promise<void> {
  await db
    .insert(projects)
    .values({ projectKey: 'default', name: 'Default project', description: 'Used when a client omits projectKey' })
    .onConflictDoNothing();
}

/** Gives every project without an active key one; returns how many were back-filled. */
export async function backfillProjectKeys(db: Db, fallbackPrivateKey?: string): Promise<number> {
  return db.transaction(async (tx) => {
    // One replica back-fills at a time; the others then find nothing to do.
    await tx.execute(sql`select pg_advisory_xact_lock(7301994002)`);
    const missing = await tx
      .select({ id: projects.id })
      .from(projects)
      .leftJoin(projectKeys, and(eq(projectKeys.projectId, projects.id), eq(projectKeys.status, 'active')))
      .where(sql`${projectKeys.id} is null`);
    for (const p of missing) {
      await insertProjectKey(tx, p.id, fallbackPrivateKey, fallbackPrivateKey ? 'environment' : 'project');
    }
    return missing.length;
  });
}

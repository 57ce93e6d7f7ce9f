/** Small existence checks the Open API admin services share. */
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from './integrators.schema.js';

/** The ids among `userIds` that name no user. */
export async function missingUserIds(db: Db, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const found = await db.select({ id: users.id }).from(users).where(inArray(users.id, userIds));
  const have = new Set(found.map((u) => u.id));
  return userIds.filter((id) => !have.has(id));
}

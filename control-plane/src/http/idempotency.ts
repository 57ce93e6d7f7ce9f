/**
 * Idempotency-Key handling. A key is claimed
 * in its own statement (`in_flight`, with a lock lease); the work and the
 * stored answer then commit in ONE transaction, so a crash can never leave a
 * batch created without its recorded answer (a retry would otherwise create a
 * second one). Records live 24 h per user.
 *
 *  - same key, same request, answered   → the first answer again
 *  - same key, other parameters          → 409 idempotency_key_reused
 *  - same key while the first is running → 409 idempotency_key_in_flight + Retry-After
 *  - the owner died (lease passed)       → the next request takes the key over
 *  - the database failed under the owner → its lease is given up as soon as
 *    the database answers again, so the client's retry (after the 503) takes
 *    the key over, or gets the stored answer if the work did commit; a retry
 *    that reaches the same replica takes it over at once
 */
import { createHash } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { ApiError } from './errors.js';
import { openapiError } from './openapi-errors.js';
import { idempotencyKeys } from './idempotency.schema.js';

const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
const RETENTION_MS = 24 * 3600_000;
/** Longer than any request may take; after it a crashed owner's claim is taken over. */
const LOCK_MS = 60_000;
/** How often a claim whose owner lost the database tries to give up its lease (until the lease ends anyway). */
const RELEASE_RETRY_MS = 1000;

/**
 * Claims this process's requests gave up after a database failure, until
 * their lease is given up: `userId:key` → the locked_until (ms) of each such
 * claim. Such a claim's work can no longer commit, so a retry arriving here
 * need not wait for the release. A set, not one value: while the database is
 * away a client retries, each retry's claim fails too, and any one of them
 * (the first above all) may be the claim that was written.
 */
const abandoned = new Map<string, Set<number>>();
const claimName = (userId: number, key: string) => `${userId}:${key}`;
const isAbandoned = (name: string, lockedUntil: number) => abandoned.get(name)?.has(lockedUntil) ?? false;
function forgetAbandoned(name: string, lockedUntil: number): void {
  const claims = abandoned.get(name);
  if (!claims?.delete(lockedUntil)) return;
  if (claims.size === 0) abandoned.delete(name);
}

const keyReused = () => openapiError('idempotency_key_reused', 'This Idempotency-Key was used with different parameters; use a new key for a new request');
const keyMalformed = () => openapiError('invalid_idempotency_key', 'Idempotency-Key must be 1-255 printable ASCII characters (a random UUID is recommended)');

export interface StoredAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface IdempotencyInput {
  userId: number;
  key: string | undefined;
  method: string;
  path: string;
  rawBody: Buffer | undefined;
  now: Date;
}

export function requestHash(method: string, path: string, rawBody: Buffer | undefined): string {
  const h = createHash('sha256').update(`${method} ${path}\n`);
  if (rawBody) h.update(rawBody);
  return h.digest('hex');
}

async function claim(db: Db, i: IdempotencyInput & { key: string }, hash: string, lockedUntil: Date): Promise<StoredAnswer | null> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ userId: i.userId, key: i.key, requestHash: hash, lockedUntil, expiresAt: new Date(i.now.getTime() + RETENTION_MS) })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 1) return null;

  const [existing] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, i.userId), eq(idempotencyKeys.key, i.key)));
  if (!existing || existing.expiresAt <= i.now) {
    // Expired but not yet pruned: start afresh.
    await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, i.userId), eq(idempotencyKeys.key, i.key)));
    return claim(db, i, hash, lockedUntil);
  }
  if (existing.requestHash !== hash) throw keyReused();
  if (existing.state === 'done') {
    return { status: existing.responseStatus!, body: existing.responseBody, headers: existing.responseHeaders ?? {} };
  }
  // A lease that has passed, or one this process's own request abandoned (that very claim: fenced on its lease).
  // Both are accepted either way: the abandoned claim's release may land between the read above and this
  // update, moving its lease into the past, and a retry must not then be refused a key nobody holds.
  const ownAbandoned = isAbandoned(claimName(i.userId, i.key), existing.lockedUntil.getTime());
  const leaseOver = lt(idempotencyKeys.lockedUntil, i.now);
  const takenOver = await db
    .update(idempotencyKeys)
    .set({ lockedUntil })
    .where(
      and(
        eq(idempotencyKeys.userId, i.userId),
        eq(idempotencyKeys.key, i.key),
        eq(idempotencyKeys.state, 'in_flight'),
        ownAbandoned ? or(eq(idempotencyKeys.lockedUntil, existing.lockedUntil), leaseOver) : leaseOver,
      ),
    )
    .returning({ key: idempotencyKeys.key });
  if (takenOver.length === 1) {
    if (ownAbandoned) forgetAbandoned(claimName(i.userId, i.key), existing.lockedUntil.getTime());
    return null;
  }
  const retryAfter = Math.max(1, Math.ceil((existing.lockedUntil.getTime() - i.now.getTime()) / 1000));
  throw openapiError('idempotency_key_in_flight', 'A request with this Idempotency-Key is still being processed; retry after it finishes', {
    'retry-after': String(Math.min(retryAfter, 5)),
  });
}

/**
 * The answer stored for a finished request under `input.key`, read without
 * claiming the key: null when there is none, or the first request is still
 * running (runIdempotent then decides). A key used with other parameters is
 * refused as runIdempotent refuses it. The MCP publish tools ask this first,
 * so that a repeat gets its first answer even when the preflight they run
 * before publishing would now refuse (the first publish took the last quota).
 */
export async function storedAnswer(db: Db, input: IdempotencyInput & { key: string }): Promise<StoredAnswer | null> {
  if (!KEY_FORMAT.test(input.key)) throw keyMalformed();
  const [existing] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, input.userId), eq(idempotencyKeys.key, input.key)));
  if (!existing || existing.expiresAt <= input.now) return null;
  if (existing.requestHash !== requestHash(input.method, input.path, input.rawBody)) throw keyReused();
  if (existing.state !== 'done') return null;
  return { status: existing.responseStatus!, body: existing.responseBody, headers: existing.responseHeaders ?? {} };
}

/**
 * Runs `work` at most once per (user, Idempotency-Key). Without a key it just
 * runs `work` in a transaction, or on `db` itself when `o.atomicWork` says
 * its writes are one statement (atomic alone; the begin and commit round
 * trips are spared). `replayed` tells the route to mark the answer.
 */
export async function runIdempotent(
  db: Db,
  input: IdempotencyInput,
  work: (tx: Db) => Promise<StoredAnswer>,
  o: { atomicWork?: boolean } = {},
): Promise<StoredAnswer & { replayed: boolean }> {
  if (input.key === undefined) return { ...(await (o.atomicWork ? work(db) : db.transaction((tx) => work(tx)))), replayed: false };
  if (!KEY_FORMAT.test(input.key)) throw keyMalformed();
  const key = input.key;
  const hash = requestHash(input.method, input.path, input.rawBody);
  const lockedUntil = new Date(input.now.getTime() + LOCK_MS);
  const where = and(eq(idempotencyKeys.userId, input.userId), eq(idempotencyKeys.key, key));
  let prior: StoredAnswer | null;
  try {
    prior = await claim(db, { ...input, key }, hash, lockedUntil);
  } catch (error) {
    // The claim may have been written before the connection failed.
    if (isDatabaseUnavailable(error)) releaseWhenReachable(db, input.userId, key, lockedUntil, input.now);
    throw error;
  }
  if (prior) return { ...prior, replayed: true };

  try {
    const answer = await db.transaction(async (tx) => {
      const result = await work(tx);
      await tx
        .update(idempotencyKeys)
        .set({ state: 'done', responseStatus: result.status, responseBody: result.body as object, responseHeaders: result.headers ?? {} })
        .where(where);
      return result;
    });
    return { ...answer, replayed: false };
  } catch (error) {
    // The database failed: whether the transaction committed is unknown here (the connection may
    // have dropped after COMMIT), so the key is not deleted, only its lease given up, and not
    // waited for: the client gets its 503 now.
    if (isDatabaseUnavailable(error)) {
      releaseWhenReachable(db, input.userId, key, lockedUntil, input.now);
      throw error;
    }
    // A definite refusal (4xx other than a retryable one) is the request's answer and is kept;
    // anything else frees the key so the client's retry runs the request afresh.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 409 && error.status !== 429) {
      await db
        .update(idempotencyKeys)
        .set({ state: 'done', responseStatus: error.status, responseBody: { error: { code: error.code, message: error.message } }, responseHeaders: error.headers })
        .where(where);
    } else {
      await db.delete(idempotencyKeys).where(where);
    }
    throw error;
  }
}

/**
 * Ends this request's lease on its key once the database answers: only while
 * the key is still in flight under this very claim (`lockedUntil` fences it),
 * so a key whose work committed stays answered, and one another request took
 * over stays theirs. Then the retry takes the key over at once instead of
 * answering 409 until the lease runs out. The work cannot commit later: its
 * transaction died with its connection. Tried every second until the lease
 * would have ended anyway; meanwhile a retry reaching this process takes the
 * claim over itself (`abandoned`).
 */
function releaseWhenReachable(db: Db, userId: number, key: string, lockedUntil: Date, claimedAt: Date): void {
  const name = claimName(userId, key);
  let claims = abandoned.get(name);
  if (!claims) abandoned.set(name, (claims = new Set()));
  claims.add(lockedUntil.getTime());
  const done = () => forgetAbandoned(name, lockedUntil.getTime());
  let tries = Math.ceil(LOCK_MS / RELEASE_RETRY_MS);
  const attempt = () => {
    db.update(idempotencyKeys)
      .set({ lockedUntil: claimedAt })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'in_flight'), eq(idempotencyKeys.lockedUntil, lockedUntil)))
      .then(done, () => {
        if (--tries > 0) setTimeout(attempt, RELEASE_RETRY_MS).unref();
        else done();
      });
  };
  attempt();
}

export async function pruneIdempotencyKeys(db: Db, now: Date): Promise<void> {
  await db.execute(sql`delete from idempotency_keys where expires_at < ${now.toISOString()}::timestamptz`);
}

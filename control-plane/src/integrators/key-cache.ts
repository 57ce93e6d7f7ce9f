/**
 * API key → user, plan and permissions, cached per replica for a short time
 * and dropped on every replica as soon as the admin API changes them.
 *
 * Every change that can make a cached answer wrong (key revoked, user
 * disabled or re-enabled, plan changed) calls `apiKeysChanged`, which sends
 * NOTIFY plume_openapi_auth '<userId>' (delivered at commit when sent inside a
 * transaction) and drops the user's entries in this process at once. Every
 * replica LISTENs on that channel and drops the user's entries when told.
 *
 * Trade-offs (documented in docs/architecture.md, "Rate limits and caches"):
 * - The cache is used only while the LISTEN connection is up; postgres-js
 *   re-listens after a reconnect and the whole cache is dropped then, since
 *   notifications sent in between are lost. A connection that dies without
 *   the driver noticing is bounded by TTL_MS: a revoked key works at most that
 *   long on such a replica. With a healthy connection a revoke takes effect
 *   everywhere within the NOTIFY latency (milliseconds).
 * - A lookup that raced an invalidation is answered but not cached (a
 *   generation counter), so a stale row can never outlive the notification.
 * - Unknown keys are not cached: a flood of bad keys still costs one indexed
 *   read each.
 * - `last_used_at` is written at most once a minute per key per replica.
 * - PGlite (one process) delivers its own NOTIFYs in process; the same code
 *   runs there.
 */
import { sql } from 'drizzle-orm';
import { type Db, preparedRows } from '../db/client.js';
import { listen } from '../db/listen.js';
import type { Permission, UserPlan } from './integrators.schema.js';

export const AUTH_CHANNEL = 'plume_openapi_auth';
/** Backstop for a LISTEN connection that died unnoticed. */
const TTL_MS = 10_000;
/** last_used_at is "about when"; once a minute is plenty. */
const TOUCH_EVERY_MS = 60_000;
const MAX_ENTRIES = 10_000;

export interface KeyRecord {
  userId: number;
  keyId: string;
  /** The key's permissions within the plan's. */
  permissions: Set<Permission>;
  plan: UserPlan;
  disabled: boolean;
}

interface Entry {
  record: KeyRecord;
  expiresAt: number;
  touchedAt: number;
}

interface LookupRow {
  user_id: number;
  key_id: string;
  key_permissions: Permission[];
  plan: UserPlan;
  disabled: boolean;
}

/** By key hash; also touches last_used_at when older than a minute. A prepared statement. */
const LOOKUP = `with k as (
    select k.id as key_id, k.user_id, k.permissions as key_permissions, u.plan, u.disabled_at is not null as disabled
    from api_keys k join users u on u.id = k.user_id
    where k.key_hash = $1 and k.revoked_at is null
  ), touch as (
    update api_keys set last_used_at = now()
    where id = (select key_id from k) and (last_used_at is null or last_used_at < now() - interval '1 minute')
    returning 1
  )
  select k.*, (select count(*) from touch)::int as touched from k`;

const TOUCH = `update api_keys set last_used_at = now() where id = $1 and (last_used_at is null or last_used_at < now() - interval '1 minute')`;

const caches = new WeakMap<Db, ApiKeyCache>();

export class ApiKeyCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every invalidation: a lookup that started before one is not cached. */
  private generation = 0;
  private listening = false;
  private starting: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private closed = false;

  constructor(private readonly db: Db) {
    caches.set(db, this);
  }

  /** The key's record from memory when it is there and current, else undefined (ask lookup). */
  cached(keyHash: string): KeyRecord | undefined {
    if (!this.listening) {
      this.start();
      return undefined;
    }
    const now = Date.now();
    const hit = this.entries.get(keyHash);
    if (!hit || hit.expiresAt <= now) return undefined;
    if (now - hit.touchedAt >= TOUCH_EVERY_MS) {
      hit.touchedAt = now;
      preparedRows(this.db, TOUCH, [hit.record.keyId]).catch(() => {
        // last_used_at is informational; the next touch retries.
      });
    }
    return hit.record;
  }

  async lookup(keyHash: string): Promise<KeyRecord | null> {
    const hit = this.cached(keyHash);
    if (hit) return hit;
    const now = Date.now();
    const generation = this.generation;
    const [row] = await preparedRows<LookupRow>(this.db, LOOKUP, [keyHash]);
    if (!row) {
      this.entries.delete(keyHash);
      return null;
    }
    const planPermissions = new Set(row.plan.permissions);
    const record: KeyRecord = {
      userId: row.user_id,
      keyId: row.key_id,
      permissions: new Set(row.key_permissions.filter((p) => planPermissions.has(p))),
      plan: row.plan,
      disabled: row.disabled,
    };
    if (this.listening && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(keyHash, { record, expiresAt: now + TTL_MS, touchedAt: now });
    }
    return record;
  }

  invalidateUser(userId: number): void {
    this.generation++;
    for (const [hash, entry] of this.entries) if (entry.record.userId === userId) this.entries.delete(hash);
  }

  invalidateAll(): void {
    this.generation++;
    this.entries.clear();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    this.invalidateAll();
    await this.starting?.catch(() => {});
    await this.unlisten?.().catch(() => {});
    this.unlisten = null;
  }

  /** Starts listening once; until it is up (or if it fails) every lookup reads the database. */
  private start(): void {
    if (this.starting || this.closed) return;
    this.starting = this.listen().catch(() => {
      // No notifications, no cache: lookups keep reading the database; try again later.
      setTimeout(() => (this.starting = null), 5_000).unref();
    });
  }

  private async listen(): Promise<void> {
    const onPayload = (payload: string) => {
      const userId = Number(payload);
      if (Number.isInteger(userId)) this.invalidateUser(userId);
      else this.invalidateAll();
    };
    this.unlisten = await listen(this.db, AUTH_CHANNEL, onPayload, () => {
      // First LISTEN or a re-listen after a reconnect: whatever was sent meanwhile is lost.
      this.invalidateAll();
      this.listening = !this.closed;
    });
  }
}

/**
 * Tells every replica that the user's keys, plan or state changed: NOTIFY,
 * delivered at commit when `db` is a transaction. Call after the change is
 * written, inside its transaction if there is one, then `forgetUserLocally`
 * once committed.
 */
export async function notifyApiKeysChanged(db: Db, userId: number): Promise<void> {
  await db.execute(sql`select pg_notify(${AUTH_CHANNEL}, ${String(userId)})`);
}

/** Drops the user's cached keys in this process at once (the NOTIFY may arrive a moment later). */
export function forgetUserLocally(root: Db, userId: number): void {
  caches.get(root)?.invalidateUser(userId);
}

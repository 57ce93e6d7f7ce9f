/**
 * Each user's account list (accounts, their nodes' routing state, node_users,
 * presets), kept in this replica's memory for GET /accounts, preflight and
 * the settings view, and dropped on every replica when any of it changes.
 *
 * Invalidation does not depend on who writes: migration 0005 puts triggers on
 * accounts, account_presets, node_users and execution_nodes that NOTIFY
 * plume_openapi_accounts at commit ('u:<user>', 'a:<account>', 'n:<node>'),
 * whether the admin API, the dispatch hub or enrollment wrote; migration 0013
 * adds the license tables that decide whether a desktop node's license can
 * publish ('n:<node>'). A node's online
 * flag also depends on time (heartbeat age); heartbeats do not notify, so an
 * entry expires when the first of its online nodes would turn stale by its
 * last heartbeat (computed against the database clock), and the trigger
 * notifies for the heartbeat that brings a stale node back. A desktop node's
 * license expires by time alike (license/license-standing.ts).
 *
 * Trade-offs (documented in docs/architecture.md, "Rate limits and caches"):
 * - A change is seen by a replica when its NOTIFY arrives (milliseconds after
 *   commit), not at commit: a read racing a write may show the previous state
 *   that long. Publish reads inside its transaction never use this cache, and
 *   its preflight_hash check catches a preflight answered from a stale list.
 * - Only while the LISTEN connection is up; after a reconnect the cache starts
 *   over; a connection that died unnoticed is bounded by MAX_TTL_MS.
 * - Cached records and presets are frozen and shared between requests.
 * - Memory: one entry per active user (forgotten after MAX_TTL_MS), at most
 *   MAX_ENTRIES.
 */
import type { Db } from '../db/client.js';
import { driverClient, listen } from '../db/listen.js';

export const ACCOUNTS_CHANNEL = 'plume_openapi_accounts';
/** Backstop for a LISTEN connection that died unnoticed; also bounds memory of idle users. */
const MAX_TTL_MS = 10_000;
const MAX_ENTRIES = 5_000;

export interface AccountsSnapshot<R, P> {
  records: readonly R[];
  /** Presets by content type, then account id. */
  presets: ReadonlyMap<string, ReadonlyMap<number, P>>;
}

export interface LoadedAccounts<R, P> extends AccountsSnapshot<R, P> {
  /** How long the load stays true as far as time goes (node heartbeats); 0: do not keep. */
  validForMs: number;
  accountIds: number[];
  nodeIds: string[];
}

interface Entry<R, P> extends AccountsSnapshot<R, P> {
  expiresAt: number;
  accountIds: number[];
  nodeIds: string[];
  /** Answers derived from this snapshot (e.g. a serialized account list), dropped with it. */
  derived: Map<string, unknown>;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}

export class AccountsCache<R, P> {
  private readonly entries = new Map<number, Entry<R, P>>();
  private readonly owners = new Map<number, number>();
  private readonly loading = new Map<number, Promise<Entry<R, P>>>();
  /** Bumped by every invalidation: a load that started before one is answered but not kept. */
  private generation = 0;
  private listening = false;
  private starting: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly load: (userId: number) => Promise<LoadedAccounts<R, P>>,
  ) {}

  /** The user's snapshot, from memory when current. */
  async get(userId: number): Promise<AccountsSnapshot<R, P>> {
    return this.entry(userId);
  }

  /** `build(snapshot)` once per snapshot and key (e.g. the serialized GET /accounts answer). */
  async derive<T>(userId: number, key: string, build: (snapshot: AccountsSnapshot<R, P>) => T): Promise<T> {
    const entry = await this.entry(userId);
    if (entry.derived.has(key)) return entry.derived.get(key) as T;
    const value = build(entry);
    entry.derived.set(key, value);
    return value;
  }

  /** The user owning a cached account (for reads keyed by account ids only), or undefined. */
  ownerOf(accountId: number): number | undefined {
    const userId = this.owners.get(accountId);
    if (userId === undefined) return undefined;
    const entry = this.entries.get(userId);
    return entry && entry.expiresAt > Date.now() && this.listening ? userId : undefined;
  }

  invalidate(payload: string): void {
    this.generation++;
    const kind = payload.slice(0, 2);
    const id = payload.slice(2);
    if (kind === 'u:') return this.drop(Number(id));
    if (kind === 'a:') {
      const owner = this.owners.get(Number(id));
      if (owner !== undefined) this.drop(owner);
      return;
    }
    if (kind === 'n:') {
      for (const [userId, entry] of this.entries) if (entry.nodeIds.includes(id)) this.drop(userId);
      return;
    }
    this.clear();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    this.clear();
    await this.starting?.catch(() => {});
    await this.unlisten?.().catch(() => {});
    this.unlisten = null;
  }

  private entry(userId: number): Promise<Entry<R, P>> | Entry<R, P> {
    if (!this.listening) this.start();
    const hit = this.entries.get(userId);
    if (hit && hit.expiresAt > Date.now() && this.listening) return hit;
    // Concurrent misses of one user share one load.
    let pending = this.loading.get(userId);
    if (!pending) {
      pending = this.fill(userId).finally(() => this.loading.delete(userId));
      this.loading.set(userId, pending);
    }
    return pending;
  }

  private async fill(userId: number): Promise<Entry<R, P>> {
    const generation = this.generation;
    const startedAt = Date.now();
    const loaded = await this.load(userId);
    const entry: Entry<R, P> = {
      records: deepFreeze(loaded.records),
      presets: deepFreeze(loaded.presets),
      accountIds: loaded.accountIds,
      nodeIds: loaded.nodeIds,
      expiresAt: startedAt + Math.min(MAX_TTL_MS, loaded.validForMs),
      derived: new Map(),
    };
    if (this.listening && generation === this.generation && loaded.validForMs > 0) {
      if (this.entries.size >= MAX_ENTRIES) this.clear();
      this.drop(userId);
      this.entries.set(userId, entry);
      for (const id of entry.accountIds) this.owners.set(id, userId);
    }
    return entry;
  }

  private drop(userId: number): void {
    const entry = this.entries.get(userId);
    if (!entry) return;
    this.entries.delete(userId);
    for (const id of entry.accountIds) if (this.owners.get(id) === userId) this.owners.delete(id);
  }

  private clear(): void {
    this.generation++;
    this.entries.clear();
    this.owners.clear();
  }

  /** Starts listening once; until it is up (or if it fails) every read goes to the database. */
  private start(): void {
    if (this.starting || this.closed || !driverClient(this.db)) return;
    this.starting = listen(
      this.db,
      ACCOUNTS_CHANNEL,
      (payload) => this.invalidate(payload),
      () => {
        // First LISTEN or a re-listen after a reconnect: whatever was sent meanwhile is lost.
        this.clear();
        this.listening = !this.closed;
      },
    ).then(
      (unlisten) => {
        this.unlisten = unlisten;
        if (this.closed) void unlisten().catch(() => {});
      },
      () => {
        // No notifications, no cache: reads keep going to the database; try again later.
        setTimeout(() => (this.starting = null), 5_000).unref();
      },
    );
  }
}

/**
 * Accounts (platform accounts and CMS sites) with what routing needs about
 * their node, read in one query: the node's kind, status, capabilities,
 * online-ness (nodes.repository's definition) and whether the node serves the
 * account's user (node_users, or a node serving all users: nodeServesSql's
 * definition, written against the joined node row). Sealed credentials and site URLs are never selected here.
 *
 * On the root database handle the per-user reads (list, by ids, presets) are
 * answered from accounts-cache.ts, which a NOTIFY from triggers on every
 * table involved invalidates on every replica; inside a transaction (publish)
 * they always read the database.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ContentType, LoginState } from '@plume/shared';
import { type Db, preparedSql } from '../db/client.js';
import { accountPresets, accounts } from './accounts.schema.js';
import { executionNodes, type NodeCapabilities } from '../nodes/nodes.schema.js';
import { AccountsCache, type AccountsSnapshot, type LoadedAccounts } from './accounts-cache.js';
import { driverClient } from '../db/listen.js';
import { NODE_ONLINE_WINDOW_SECONDS, nodeOnlineSql } from '../nodes/nodes.repository.js';
import { type LicenseReason, licenseReasonSql, licenseValidForMsSql } from '../license/license-standing.js';
import { ACCOUNT_HEALTH_FIELD, type AccountHealthField } from './health/health-sql.js';

export interface AccountNode {
  id: string;
  kind: 'edge' | 'desktop' | 'web';
  status: 'active' | 'draining' | 'revoked';
  capabilities: NodeCapabilities;
  online: boolean;
  /** The node serves the account's user (node_users, or a node serving all users). */
  authorized: boolean;
  /** A desktop node that is a license device: why its license cannot publish, or null (license/license-standing.ts). */
  license?: LicenseReason | null;
}

export interface AccountRecord {
  id: number;
  userId: number;
  platform: string;
  displayName: string;
  executor: 'web' | 'desktop' | 'edge';
  nodeId: string | null;
  loginState: LoginState;
  paired: boolean;
  createdAt: Date;
  removedAt: Date | null;
  node: AccountNode | null;
  /** Its health (accounts/health/), as GET /accounts shows it; absent where a read does not need it (publish plans). */
  health?: AccountHealthField | null;
}

interface Row extends Omit<AccountRecord, 'node'> {
  nodeKind: AccountNode['kind'] | null;
  nodeStatus: AccountNode['status'] | null;
  nodeCapabilities: NodeCapabilities | null;
  nodeOnline: boolean | null;
  nodeAuthorized: boolean | null;
  nodeLicense: LicenseReason | null;
}

const fields = {
  health: sql<AccountHealthField | null>`${sql.raw(ACCOUNT_HEALTH_FIELD('"accounts"."id"'))}`,
  id: accounts.id,
  userId: accounts.userId,
  platform: accounts.platform,
  displayName: accounts.displayName,
  executor: accounts.executor,
  nodeId: accounts.nodeId,
  loginState: accounts.loginState,
  paired: accounts.paired,
  createdAt: accounts.createdAt,
  removedAt: accounts.removedAt,
  nodeKind: executionNodes.kind,
  nodeStatus: executionNodes.status,
  nodeCapabilities: executionNodes.capabilities,
  nodeOnline: nodeOnlineSql(),
  nodeAuthorized: sql<boolean>`(coalesce(${executionNodes.allUsers}, false) or exists (select 1 from node_users nu where nu.node_id = ${accounts.nodeId} and nu.user_id = ${accounts.userId}))`,
  nodeLicense: sql<LicenseReason | null>`case when ${executionNodes.kind} = 'desktop' then ${licenseReasonSql('"accounts"."node_id"')} end`,
};

function select(db: Db) {
  return db.select(fields).from(accounts).leftJoin(executionNodes, eq(executionNodes.id, accounts.nodeId));
}

function toRecord(r: Row): AccountRecord {
  const { nodeKind, nodeStatus, nodeCapabilities, nodeOnline, nodeAuthorized, nodeLicense, ...account } = r;
  return {
    ...account,
    node:
      account.nodeId && nodeKind && nodeStatus && nodeCapabilities
        ? {
            id: account.nodeId,
            kind: nodeKind,
            status: nodeStatus,
            capabilities: nodeCapabilities,
            online: nodeOnline === true,
            authorized: nodeAuthorized === true,
            license: nodeLicense ?? null,
          }
        : null,
  };
}

/**
 * The reads every account list, preflight and publish makes, as prepared
 * statements (planned once per connection), built once per database handle.
 * Id lists are one array parameter, so the statement text never varies.
 */
function buildLookups(db: Db) {
  return {
    listForUser: select(db)
      .where(and(eq(accounts.userId, sql.placeholder('userId')), isNull(accounts.removedAt)))
      .orderBy(asc(accounts.id))
      .prepare('openapi_accounts_of_user'),
    getForUser: select(db)
      .where(and(eq(accounts.userId, sql.placeholder('userId')), isNull(accounts.removedAt), sql`${accounts.id} = any(${sql.placeholder('ids')}::int[])`))
      .prepare('openapi_accounts_by_ids'),
    presets: db
      .select({ accountId: accountPresets.accountId, settings: accountPresets.settings })
      .from(accountPresets)
      .where(and(sql`${accountPresets.accountId} = any(${sql.placeholder('ids')}::int[])`, eq(accountPresets.contentType, sql.placeholder('contentType'))))
      .prepare('openapi_account_presets'),
    /**
     * The cache's load: the list plus, per online node, how long until its heartbeat turns stale,
     * and per desktop node with a usable license, how long until it expires (database clock).
     */
    listForCache: db
      .select({
        ...fields,
        nodeOnlineForMs: sql<number | null>`case when ${nodeOnlineSql()}
          then extract(epoch from (${executionNodes.lastHeartbeatAt} + make_interval(secs => ${NODE_ONLINE_WINDOW_SECONDS}) - now())) * 1000 end::float8`,
        nodeLicenseForMs: sql<number | null>`case when ${executionNodes.kind} = 'desktop' then ${licenseValidForMsSql('"accounts"."node_id"')} end`,
      })
      .from(accounts)
      .leftJoin(executionNodes, eq(executionNodes.id, accounts.nodeId))
      .where(and(eq(accounts.userId, sql.placeholder('userId')), isNull(accounts.removedAt)))
      .orderBy(asc(accounts.id))
      .prepare('openapi_accounts_of_user_cached'),
    presetsOfUser: db
      .select({ accountId: accountPresets.accountId, contentType: accountPresets.contentType, settings: accountPresets.settings })
      .from(accountPresets)
      .innerJoin(accounts, eq(accounts.id, accountPresets.accountId))
      .where(and(eq(accounts.userId, sql.placeholder('userId')), isNull(accounts.removedAt)))
      .prepare('openapi_account_presets_of_user'),
  };
}
const lookupsByDb = new WeakMap<Db, ReturnType<typeof buildLookups>>();
function lookups(db: Db) {
  let l = lookupsByDb.get(db);
  if (!l) lookupsByDb.set(db, (l = buildLookups(db)));
  return l;
}

type Presets = Record<string, unknown>;

/**
 * forPlan's select list and node join: the columns of `fields` (the same
 * online and authorized fragments) plus the preset the query joins.
 */
const PLAN_READ = sql`select accounts.id, accounts.user_id as "userId", accounts.platform, accounts.display_name as "displayName",
    accounts.executor, accounts.node_id as "nodeId", accounts.login_state as "loginState", accounts.paired,
    accounts.created_at as "createdAt", accounts.removed_at as "removedAt",
    execution_nodes.kind as "nodeKind", execution_nodes.status as "nodeStatus", execution_nodes.capabilities as "nodeCapabilities",
    ${nodeOnlineSql()} as "nodeOnline",
    (coalesce(execution_nodes.all_users, false)
     or exists (select 1 from node_users nu where nu.node_id = accounts.node_id and nu.user_id = accounts.user_id)) as "nodeAuthorized",
    case when execution_nodes.kind = 'desktop' then ${licenseReasonSql('accounts.node_id')} end as "nodeLicense",
    account_presets.settings as preset
  from accounts left join execution_nodes on execution_nodes.id = accounts.node_id`;
type Snapshot = AccountsSnapshot<AccountRecord, Presets>;

async function loadForCache(db: Db, userId: number): Promise<LoadedAccounts<AccountRecord, Presets>> {
  const l = lookups(db);
  const [list, presetRows] = await Promise.all([l.listForCache.execute({ userId }), l.presetsOfUser.execute({ userId })]);
  let validForMs = Number.POSITIVE_INFINITY;
  const records: AccountRecord[] = [];
  const nodeIds = new Set<string>();
  for (const { nodeOnlineForMs, nodeLicenseForMs, ...row } of list) {
    if (nodeOnlineForMs !== null) validForMs = Math.min(validForMs, Number(nodeOnlineForMs));
    if (nodeLicenseForMs !== null && row.nodeLicense === null) validForMs = Math.min(validForMs, Number(nodeLicenseForMs));
    if (row.nodeId) nodeIds.add(row.nodeId);
    records.push(toRecord(row as Row));
  }
  const presets = new Map<string, Map<number, Presets>>();
  for (const p of presetRows) {
    let byAccount = presets.get(p.contentType);
    if (!byAccount) presets.set(p.contentType, (byAccount = new Map()));
    byAccount.set(p.accountId, p.settings);
  }
  return { records, presets, validForMs: Math.max(0, validForMs), accountIds: records.map((r) => r.id), nodeIds: [...nodeIds] };
}

/** One cache per root handle; none for a transaction. */
const cachesByDb = new WeakMap<Db, AccountsCache<AccountRecord, Presets>>();
/**
 * Writes made here also drop the entry in this process at once (the trigger's
 * NOTIFY reaches every replica a moment later), so this replica reads its own
 * writes. A write inside a transaction cannot tell which root it belongs to:
 * every cache of the process hears it (there is one per app).
 */
const liveCaches = new Set<AccountsCache<AccountRecord, Presets>>();
function forgetLocally(payload: string): void {
  for (const cache of liveCaches) cache.invalidate(payload);
}
function cacheOf(db: Db): AccountsCache<AccountRecord, Presets> | null {
  let cache = cachesByDb.get(db);
  if (!cache) {
    if (!driverClient(db)) return null;
    cachesByDb.set(db, (cache = new AccountsCache(db, (userId) => loadForCache(db, userId))));
    liveCaches.add(cache);
  }
  return cache;
}

/** Stops the cache's LISTEN (the app's onClose). */
export async function closeAccountsCache(db: Db): Promise<void> {
  const cache = cachesByDb.get(db);
  cachesByDb.delete(db);
  if (cache) liveCaches.delete(cache);
  await cache?.close();
}

export const accountsRepository = {
  /** Whether reads on `db` come from the accounts cache (the root handle of a driver that can LISTEN). */
  hasCache(db: Db): boolean {
    return cacheOf(db) !== null;
  },

  /** The user's accounts that are not removed, oldest first. */
  async listForUser(db: Db, userId: number): Promise<readonly AccountRecord[]> {
    const cache = cacheOf(db);
    if (cache) return (await cache.get(userId)).records;
    const list = (await lookups(db).listForUser.execute({ userId })) as Row[];
    return list.map(toRecord);
  },

  /**
   * The snapshot's `build` answer, computed once per snapshot and key (the
   * serialized GET /accounts answer per content type): recomputed after any
   * change the cache hears of. Inside a transaction, built every time.
   */
  async derived<T>(db: Db, userId: number, key: string, build: (records: readonly AccountRecord[]) => T): Promise<T> {
    const cache = cacheOf(db);
    if (cache) return cache.derive(userId, key, (s: Snapshot) => build(s.records));
    return build(await this.listForUser(db, userId));
  },

  /** The user's accounts among `ids` that are not removed (others' accounts are simply absent). */
  async getForUser(db: Db, userId: number, ids: number[]): Promise<AccountRecord[]> {
    if (ids.length === 0) return [];
    const cache = cacheOf(db);
    if (cache) return (await cache.get(userId)).records.filter((r) => ids.includes(r.id));
    const list = (await lookups(db).getForUser.execute({ userId, ids })) as Row[];
    return list.map(toRecord);
  },

  /**
   * What a plan reads about its accounts: the user's accounts among `ids` and,
   * when `presetsOf` names a content type, their presets for it. On the root
   * handle both come from the cache (`cached`) unless `fresh`. Otherwise they
   * are one statement with a constant text: drizzle's prepared builders are
   * bound to the handle they were built on, so on a transaction they were
   * rebuilt for every request (13% of the control plane's CPU under publish
   * load).
   */
  async forPlan(
    db: Db,
    userId: number,
    ids: number[],
    presetsOf: ContentType | null,
    o: { fresh?: boolean } = {},
  ): Promise<{ accounts: AccountRecord[]; presets: Map<number, Presets>; cached: boolean }> {
    if (ids.length === 0) return { accounts: [], presets: new Map(), cached: false };
    const cache = o.fresh ? null : cacheOf(db);
    if (cache) {
      const snapshot = await cache.get(userId);
      const accounts = snapshot.records.filter((r) => ids.includes(r.id));
      const byAccount = presetsOf ? snapshot.presets.get(presetsOf) : undefined;
      const presets = new Map<number, Presets>();
      for (const a of accounts) {
        const settings = byAccount?.get(a.id);
        if (settings) presets.set(a.id, settings);
      }
      return { accounts, presets, cached: true };
    }
    // Prepared: the publish path reads this on every request, and planning it cost more than running it.
    const list = await preparedSql<Omit<Row, 'createdAt' | 'removedAt'> & { createdAt: string | Date; removedAt: string | Date | null; preset: Presets | null }>(
      db,
      sql`${PLAN_READ} left join account_presets on account_presets.account_id = accounts.id and account_presets.content_type = ${presetsOf}
          where accounts.user_id = ${userId} and accounts.removed_at is null and accounts.id = any(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[])`,
    );
    const presets = new Map<number, Presets>();
    const accounts = list.map(({ preset, createdAt, removedAt, ...row }) => {
      if (preset) presets.set(row.id, preset);
      // Raw rows carry timestamps as the driver's text (drizzle parses them only for its builders).
      return toRecord({ ...row, id: Number(row.id), userId: Number(row.userId), createdAt: new Date(createdAt), removedAt: removedAt === null ? null : new Date(removedAt) });
    });
    return { accounts, presets, cached: false };
  },

  /** Every account of a user, removed ones included (admin). */
  async listAllForUser(db: Db, userId: number): Promise<AccountRecord[]> {
    const list = await select(db).where(eq(accounts.userId, userId)).orderBy(asc(accounts.id));
    return list.map(toRecord);
  },

  async get(db: Db, accountId: number): Promise<AccountRecord | undefined> {
    const [row] = await select(db).where(eq(accounts.id, accountId));
    return row ? toRecord(row) : undefined;
  },

  /** Presets of `accountIds` for one content type, keyed by account id. */
  async presets(db: Db, accountIds: number[], contentType: ContentType): Promise<Map<number, Record<string, unknown>>> {
    if (accountIds.length === 0) return new Map();
    const cache = cacheOf(db);
    const owner = cache?.ownerOf(accountIds[0]!);
    if (cache && owner !== undefined && accountIds.every((id) => cache.ownerOf(id) === owner)) {
      const byAccount = (await cache.get(owner)).presets.get(contentType);
      const found = new Map<number, Record<string, unknown>>();
      for (const id of accountIds) {
        const settings = byAccount?.get(id);
        if (settings) found.set(id, settings);
      }
      return found;
    }
    const list = await lookups(db).presets.execute({ ids: accountIds, contentType });
    return new Map(list.map((p) => [p.accountId, p.settings]));
  },

  /** Every preset of the accounts, for the admin view. */
  async allPresets(db: Db, accountIds: number[]): Promise<Array<{ accountId: number; contentType: ContentType; settings: Record<string, unknown>; updatedAt: Date }>> {
    if (accountIds.length === 0) return [];
    return db.select().from(accountPresets).where(inArray(accountPresets.accountId, accountIds));
  },

  async insert(db: Db, values: typeof accounts.$inferInsert): Promise<number> {
    const [row] = await db.insert(accounts).values(values).returning({ id: accounts.id });
    forgetLocally(`u:${values.userId}`);
    return row!.id;
  },

  async markRemoved(db: Db, accountId: number, at: Date): Promise<Date | null> {
    const [row] = await db
      .update(accounts)
      .set({ removedAt: sql`coalesce(${accounts.removedAt}, ${at.toISOString()}::timestamptz)` })
      .where(eq(accounts.id, accountId))
      .returning({ removedAt: accounts.removedAt });
    forgetLocally(`a:${accountId}`);
    return row ? row.removedAt : null;
  },

  /** Replaces the preset of one account and content type. */
  async putPreset(db: Db, accountId: number, contentType: ContentType, settings: Record<string, unknown>, at: Date): Promise<void> {
    await db
      .insert(accountPresets)
      .values({ accountId, contentType, settings, updatedAt: at })
      .onConflictDoUpdate({ target: [accountPresets.accountId, accountPresets.contentType], set: { settings, updatedAt: at } });
    forgetLocally(`a:${accountId}`);
  },
};

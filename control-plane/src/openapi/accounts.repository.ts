/**
 * Accounts (platform accounts and CMS sites) with what routing needs about
 * their node, read in one query: the node's kind, status, capabilities,
 * online-ness (nodes.repository's definition) and whether the node serves the
 * account's user. Sealed credentials and site URLs are never selected here.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ContentType } from '@plume/shared';
import type { Db } from '../db/client.js';
import { accountPresets, accounts, executionNodes, type NodeCapabilities } from './openapi.schema.js';
import { nodeOnlineSql } from './nodes.repository.js';

export interface AccountNode {
  id: string;
  kind: 'edge' | 'desktop' | 'web';
  status: 'active' | 'draining' | 'revoked';
  capabilities: NodeCapabilities;
  online: boolean;
  /** The node serves the account's user (node_users). */
  authorized: boolean;
}

export interface AccountRecord {
  id: number;
  userId: number;
  platform: string;
  displayName: string;
  executor: 'web' | 'desktop' | 'edge';
  nodeId: string | null;
  loginState: 'logged_in' | 'logged_out' | 'unknown';
  paired: boolean;
  createdAt: Date;
  removedAt: Date | null;
  node: AccountNode | null;
}

interface Row extends Omit<AccountRecord, 'node'> {
  nodeKind: AccountNode['kind'] | null;
  nodeStatus: AccountNode['status'] | null;
  nodeCapabilities: NodeCapabilities | null;
  nodeOnline: boolean | null;
  nodeAuthorized: boolean | null;
}

function select(db: Db) {
  return db
    .select({
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
      nodeAuthorized: sql<boolean>`exists (select 1 from node_users nu where nu.node_id = ${accounts.nodeId} and nu.user_id = ${accounts.userId})`,
    })
    .from(accounts)
    .leftJoin(executionNodes, eq(executionNodes.id, accounts.nodeId));
}

function toRecord(r: Row): AccountRecord {
  const { nodeKind, nodeStatus, nodeCapabilities, nodeOnline, nodeAuthorized, ...account } = r;
  return {
    ...account,
    node:
      account.nodeId && nodeKind && nodeStatus && nodeCapabilities
        ? { id: account.nodeId, kind: nodeKind, status: nodeStatus, capabilities: nodeCapabilities, online: nodeOnline === true, authorized: nodeAuthorized === true }
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
  };
}
const lookupsByDb = new WeakMap<Db, ReturnType<typeof buildLookups>>();
function lookups(db: Db) {
  let l = lookupsByDb.get(db);
  if (!l) lookupsByDb.set(db, (l = buildLookups(db)));
  return l;
}

export const accountsRepository = {
  /** The user's accounts that are not removed, oldest first. */
  async listForUser(db: Db, userId: number): Promise<AccountRecord[]> {
    const list = (await lookups(db).listForUser.execute({ userId })) as Row[];
    return list.map(toRecord);
  },

  /** The user's accounts among `ids` that are not removed (others' accounts are simply absent). */
  async getForUser(db: Db, userId: number, ids: number[]): Promise<AccountRecord[]> {
    if (ids.length === 0) return [];
    const list = (await lookups(db).getForUser.execute({ userId, ids })) as Row[];
    return list.map(toRecord);
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
    return row!.id;
  },

  async markRemoved(db: Db, accountId: number, at: Date): Promise<Date | null> {
    const [row] = await db
      .update(accounts)
      .set({ removedAt: sql`coalesce(${accounts.removedAt}, ${at.toISOString()}::timestamptz)` })
      .where(eq(accounts.id, accountId))
      .returning({ removedAt: accounts.removedAt });
    return row ? row.removedAt : null;
  },

  /** Replaces the preset of one account and content type. */
  async putPreset(db: Db, accountId: number, contentType: ContentType, settings: Record<string, unknown>, at: Date): Promise<void> {
    await db
      .insert(accountPresets)
      .values({ accountId, contentType, settings, updatedAt: at })
      .onConflictDoUpdate({ target: [accountPresets.accountId, accountPresets.contentType], set: { settings, updatedAt: at } });
  },
};

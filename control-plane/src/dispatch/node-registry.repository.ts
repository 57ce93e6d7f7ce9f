/**
 * Execution nodes as the hub sees them: identity for the handshake, the
 * session epoch that fences every write of a connection, what a node reports
 * (capabilities, accounts, inventory), and the operator's revoke and drain.
 * Every write made on behalf of a socket carries `session_epoch = $epoch`:
 * once a newer handshake bumped the epoch, an old connection changes nothing.
 */
import type { NodeAccount, NodeCapabilitiesReport } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.js';

export const NODES_CHANNEL = 'plume_nodes';
export const JOBS_CHANNEL = 'plume_jobs';

export type NodeKind = 'edge' | 'desktop' | 'web';
export type NodeStatus = 'active' | 'draining' | 'revoked';

export interface NodeAuthRow {
  id: string;
  kind: NodeKind;
  status: NodeStatus;
  publicKey: string | null;
}

export interface NodeEvent {
  type: 'connected' | 'revoked' | 'drain' | 'resume';
  nodeId: string;
  epoch?: number;
  replica?: string;
}

export const notifyNodes = (db: Db, event: NodeEvent) => db.execute(sql`select pg_notify(${NODES_CHANNEL}, ${JSON.stringify(event)})`);
export const notifyJobs = (db: Db, nodeId: string) => db.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${nodeId})`);

export const nodeRegistry = {
  async authInfo(db: Db, nodeId: string): Promise<NodeAuthRow | undefined> {
    const [row] = await rows<NodeAuthRow>(
      db,
      sql`select id, kind, status, public_key as "publicKey" from execution_nodes where id = ${nodeId}`,
    );
    return row;
  },

  /** Remembers a handshake nonce; false when it was seen before (a replay). */
  async admitNonce(db: Db, nodeId: string, nonce: string, expiresAt: Date): Promise<boolean> {
    const inserted = await rows<{ one: number }>(
      db,
      sql`insert into license_nonces (session_id, nonce, expires_at)
          values (${nodeId}, ${nonce}, ${expiresAt.toISOString()}::timestamptz)
          on conflict do nothing returning 1 as one`,
    );
    return inserted.length > 0;
  },

  /**
   * A new session: bumps the epoch, records which replica holds the socket,
   * and tells every replica (one holding an older session closes it). One
   * transaction; null when the node was revoked meanwhile.
   */
  async openSession(db: Db, nodeId: string, replica: string): Promise<{ epoch: number; kind: NodeKind; status: NodeStatus; userIds: number[] } | null> {
    return db.transaction(async (tx) => {
      const [row] = await rows<{ epoch: number; kind: NodeKind; status: NodeStatus }>(
        tx,
        sql`update execution_nodes
            set session_epoch = session_epoch + 1, connected_replica = ${replica}, connected_at = now(), last_heartbeat_at = now()
            where id = ${nodeId} and status <> 'revoked'
            returning session_epoch::int as epoch, kind, status`,
      );
      if (!row) return null;
      const users = await rows<{ userId: number }>(tx, sql`select user_id as "userId" from node_users where node_id = ${nodeId} order by user_id`);
      await notifyNodes(tx, { type: 'connected', nodeId, epoch: row.epoch, replica });
      return { ...row, userIds: users.map((u) => u.userId) };
    });
  },

  async recordCapabilities(db: Db, nodeId: string, epoch: number, capabilities: NodeCapabilitiesReport): Promise<boolean> {
    const stored = {
      localVideoFile: capabilities.localVideoFile === 1 ? 1 : 0,
      publishSettingsSnapshot: capabilities.publishSettingsSnapshot,
      chromiumVersion: capabilities.chromiumVersion,
      concurrency: capabilities.concurrency,
      platforms: capabilities.platforms,
      videoDir: capabilities.videoDir,
    };
    const updated = await rows<{ id: string }>(
      db,
      sql`update execution_nodes set capabilities = ${JSON.stringify(stored)}::jsonb, last_heartbeat_at = now()
          where id = ${nodeId} and session_epoch = ${epoch} returning id`,
    );
    return updated.length > 0;
  },

  /**
   * The node is the source of truth for its accounts: reported ones are
   * created or updated (login state, name); ones it no longer reports are
   * logged out. An account belongs to the node's only user, or to the user
   * it names when the node serves several. Returns the refs it could not place.
   */
  async syncAccounts(db: Db, nodeId: string, epoch: number, kind: NodeKind, userIds: number[], accounts: NodeAccount[]): Promise<string[]> {
    return db.transaction(async (tx) => {
      const [node] = await rows<{ id: string }>(tx, sql`select id from execution_nodes where id = ${nodeId} and session_epoch = ${epoch} for share`);
      if (!node) return [];
      const unplaced: string[] = [];
      const seen: string[] = [];
      for (const account of accounts) {
        const owner = account.userId !== undefined ? (userIds.includes(account.userId) ? account.userId : undefined) : userIds.length === 1 ? userIds[0] : undefined;
        if (owner === undefined) {
          unplaced.push(account.externalRef);
          continue;
        }
        seen.push(account.externalRef);
        await tx.execute(sql`
          insert into accounts (user_id, platform, display_name, executor, node_id, login_state, external_ref)
          values (${owner}, ${account.platform}, ${account.displayName || account.externalRef}, ${kind}, ${nodeId}, ${account.loginState}, ${account.externalRef})
          on conflict (node_id, external_ref) do update
            set login_state = excluded.login_state,
                display_name = excluded.display_name`);
      }
      await tx.execute(sql`
        update accounts set login_state = 'logged_out'
        where node_id = ${nodeId} and login_state <> 'logged_out'
          and (external_ref is null or not (external_ref = any(${toTextArray(seen)}::text[])))`);
      return unplaced;
    });
  },

  async heartbeat(db: Db, nodeId: string, epoch: number): Promise<boolean> {
    const updated = await rows<{ id: string }>(
      db,
      sql`update execution_nodes set last_heartbeat_at = now() where id = ${nodeId} and session_epoch = ${epoch} returning id`,
    );
    return updated.length > 0;
  },

  /** The socket closed: forget the replica, unless a newer session already took over. */
  async closeSession(db: Db, nodeId: string, epoch: number, replica: string): Promise<void> {
    await db.execute(sql`update execution_nodes set connected_replica = null
                         where id = ${nodeId} and session_epoch = ${epoch} and connected_replica = ${replica}`);
  },

  /** Rows still naming a replica that stopped heartbeating (it crashed): nobody holds those sockets. */
  async clearStaleConnections(db: Db, staleMs: number): Promise<number> {
    const cleared = await rows<{ id: string }>(
      db,
      sql`update execution_nodes set connected_replica = null
          where connected_replica is not null and (last_heartbeat_at is null or last_heartbeat_at < now() - ${staleMs} * interval '1 millisecond')
          returning id`,
    );
    return cleared.length;
  },

  async saveInventory(db: Db, nodeId: string, epoch: number, files: Array<{ path: string; size: number; mtime: number }>, truncated: boolean): Promise<void> {
    await db.execute(sql`
      insert into node_inventories (node_id, files, truncated, updated_at)
      select ${nodeId}, ${JSON.stringify(files)}::jsonb, ${truncated}, now()
      where exists (select 1 from execution_nodes where id = ${nodeId} and session_epoch = ${epoch})
      on conflict (node_id) do update set files = excluded.files, truncated = excluded.truncated, updated_at = now()`);
  },

  /** Operator: status change + a notice to whichever replica holds the socket. Revoking also bumps the epoch, fencing the live socket at once. */
  async setStatus(db: Db, nodeId: string, status: NodeStatus): Promise<boolean> {
    return db.transaction(async (tx) => {
      const updated = await rows<{ id: string }>(
        tx,
        status === 'revoked'
          ? sql`update execution_nodes set status = 'revoked', revoked_at = coalesce(revoked_at, now()),
                  session_epoch = session_epoch + 1, connected_replica = null
                where id = ${nodeId} returning id`
          : sql`update execution_nodes set status = ${status} where id = ${nodeId} and status <> 'revoked' returning id`,
      );
      if (updated.length === 0) return false;
      await notifyNodes(tx, { type: status === 'revoked' ? 'revoked' : status === 'draining' ? 'drain' : 'resume', nodeId });
      if (status === 'active') await notifyJobs(tx, nodeId);
      return true;
    });
  },
};

/** A PostgreSQL text[] literal that drizzle passes as one parameter on both drivers. */
export function toTextArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

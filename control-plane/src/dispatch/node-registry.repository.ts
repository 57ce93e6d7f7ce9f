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
    // One statement (atomic on its own): 10,000 nodes reconnecting after a restart cost 10,000
    // round trips here, not 50,000. The notice tells another replica still holding a socket of this
    // node to close it; when no other replica is named (the socket was closed and recorded, or it is
    // this replica's, which the hub supersedes itself) nobody needs it. Skipping it matters: NOTIFY
    // serializes committing transactions on one lock, which capped reconnects at a few hundred a second.
    const [row] = await rows<{ epoch: number; kind: NodeKind; status: NodeStatus; userIds: number[] | string }>(
      db,
      sql`with old as (
            select id, connected_replica from execution_nodes where id = ${nodeId} and status <> 'revoked' for update
          ), u as (
            update execution_nodes n
            set session_epoch = n.session_epoch + 1, connected_replica = ${replica}, connected_at = now(), last_heartbeat_at = now()
            from old where n.id = old.id
            returning n.session_epoch::int as epoch, n.kind, n.status, old.connected_replica as previous
          ), told as (
            select pg_notify(${NODES_CHANNEL}, json_build_object('type', 'connected', 'nodeId', ${nodeId}::text, 'epoch', u.epoch, 'replica', ${replica}::text)::text)
            from u where u.previous is not null and u.previous <> ${replica}
          )
          select u.epoch, u.kind, u.status, (select count(*) from told) as told,
                 coalesce((select array_agg(user_id order by user_id) from node_users where node_id = ${nodeId}), '{}') as "userIds"
          from u`,
    );
    if (!row) return null;
    return { epoch: Number(row.epoch), kind: row.kind, status: row.status, userIds: parseIntArray(row.userIds) };
  },

  /**
   * The common part of many hellos in three statements, whatever their number
   * (after a restart 10,000 arrive within seconds): capabilities recorded
   * (fenced by epoch), accounts logged out for the nodes that report none, and
   * which of them have jobs in flight (only those need a reconciliation).
   */
  async helloMany(
    db: Db,
    hellos: Array<{ nodeId: string; epoch: number; capabilities: NodeCapabilitiesReport; noAccounts: boolean }>,
  ): Promise<Array<{ current: boolean; inFlight: boolean }>> {
    if (hellos.length === 0) return [];
    const sorted = [...hellos].sort((a, b) => (a.nodeId < b.nodeId ? -1 : a.nodeId > b.nodeId ? 1 : 0));
    const updated = await rows<{ id: string }>(
      db,
      sql`update execution_nodes n set capabilities = a.capabilities::jsonb, last_heartbeat_at = now()
          from unnest(${toTextArray(sorted.map((h) => h.nodeId))}::text[], ${`{${sorted.map((h) => Math.trunc(h.epoch)).join(',')}}`}::bigint[],
                      ${toTextArray(sorted.map((h) => JSON.stringify(storedCapabilities(h.capabilities))))}::text[]) as a(node_id, epoch, capabilities)
          where n.id = a.node_id and n.session_epoch = a.epoch
          returning n.id`,
    );
    const current = new Set(updated.map((u) => u.id));
    const bare = sorted.filter((h) => h.noAccounts && current.has(h.nodeId));
    if (bare.length) {
      await db.execute(sql`
        update accounts ac set login_state = 'logged_out'
        from unnest(${toTextArray(bare.map((h) => h.nodeId))}::text[], ${`{${bare.map((h) => Math.trunc(h.epoch)).join(',')}}`}::bigint[]) as a(node_id, epoch),
             execution_nodes n
        where ac.node_id = a.node_id and ac.login_state <> 'logged_out' and n.id = a.node_id and n.session_epoch = a.epoch`);
    }
    const busy = current.size
      ? await rows<{ nodeId: string }>(
          db,
          sql`select distinct node_id as "nodeId" from publish_jobs
              where node_id = any(${toTextArray([...current])}::text[]) and state in ('offered', 'accepted', 'running', 'committed')`,
        )
      : [];
    const inFlight = new Set(busy.map((b) => b.nodeId));
    return hellos.map((h) => ({ current: current.has(h.nodeId), inFlight: inFlight.has(h.nodeId) }));
  },

  /**
   * The node is the source of truth for its accounts: reported ones are
   * created or updated (login state, name); ones it no longer reports are
   * logged out. An account belongs to the node's only user, or to the user
   * it names when the node serves several. Returns the refs it could not place.
   */
  async syncAccounts(db: Db, nodeId: string, epoch: number, kind: NodeKind, userIds: number[], accounts: NodeAccount[]): Promise<string[]> {
    if (accounts.length === 0) {
      // Nothing to create: one statement logs out what the node no longer reports (fenced like the rest).
      await db.execute(sql`
        update accounts set login_state = 'logged_out'
        where node_id = ${nodeId} and login_state <> 'logged_out'
          and exists (select 1 from execution_nodes where id = ${nodeId} and session_epoch = ${epoch})`);
      return [];
    }
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

  /**
   * Heartbeats of many sessions in one statement (sorted by node id: two
   * batches lock rows in one order). Returns the node ids whose session is
   * still current (a stale connection's heartbeat changes nothing).
   */
  async heartbeatMany(db: Db, fences: Array<{ nodeId: string; epoch: number }>): Promise<Set<string>> {
    if (fences.length === 0) return new Set();
    const sorted = [...fences].sort((a, b) => (a.nodeId < b.nodeId ? -1 : a.nodeId > b.nodeId ? 1 : 0));
    const updated = await rows<{ id: string }>(
      db,
      sql`update execution_nodes n set last_heartbeat_at = now()
          from unnest(${toTextArray(sorted.map((f) => f.nodeId))}::text[], ${`{${sorted.map((f) => Math.trunc(f.epoch)).join(',')}}`}::bigint[]) as a(node_id, epoch)
          where n.id = a.node_id and n.session_epoch = a.epoch
          returning n.id`,
    );
    return new Set(updated.map((u) => u.id));
  },

  /** The socket closed: forget the replica, unless a newer session already took over. */
  async closeSession(db: Db, nodeId: string, epoch: number, replica: string): Promise<void> {
    await db.execute(sql`update execution_nodes set connected_replica = null
                         where id = ${nodeId} and session_epoch = ${epoch} and connected_replica = ${replica}`);
  },

  /** closeSession for many sessions of this replica in one statement (shutdown). */
  async closeSessions(db: Db, fences: Array<{ nodeId: string; epoch: number }>, replica: string): Promise<void> {
    if (fences.length === 0) return;
    await db.execute(sql`update execution_nodes n set connected_replica = null
                         from unnest(${toTextArray(fences.map((f) => f.nodeId))}::text[], ${`{${fences.map((f) => Math.trunc(f.epoch)).join(',')}}`}::bigint[]) as a(node_id, epoch)
                         where n.id = a.node_id and n.session_epoch = a.epoch and n.connected_replica = ${replica}`);
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

/** What execution_nodes.capabilities keeps of a hello's report. */
function storedCapabilities(capabilities: NodeCapabilitiesReport) {
  return {
    localVideoFile: capabilities.localVideoFile === 1 ? 1 : 0,
    publishSettingsSnapshot: capabilities.publishSettingsSnapshot,
    chromiumVersion: capabilities.chromiumVersion,
    concurrency: capabilities.concurrency,
    platforms: capabilities.platforms,
    videoDir: capabilities.videoDir,
  };
}

/** An int[] column as either driver returns it (an array, or PGlite/pg text like `{1,2}`). */
function parseIntArray(v: number[] | string): number[] {
  if (Array.isArray(v)) return v.map(Number);
  const inner = v.replace(/^{|}$/g, '');
  return inner ? inner.split(',').map(Number) : [];
}

/** A PostgreSQL text[] literal that drizzle passes as one parameter on both drivers. */
export function toTextArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

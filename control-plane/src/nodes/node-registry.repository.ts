/**
 * Execution nodes as the hub sees them: identity for the handshake, the
 * session epoch that fences every write of a connection, what a node reports
 * (capabilities, accounts, inventory), and the operator's revoke and drain.
 * Every write made on behalf of a socket carries `session_epoch = $epoch`:
 * once a newer handshake bumped the epoch, an old connection changes nothing.
 */
import type { NodeAccount, NodeCapabilitiesReport, SiteCheck } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.js';
import { WEBHOOK_ID_SQL } from '../publishing/webhooks/webhooks.js';

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

/** An account a report turned logged_in → logged_out (its webhook row is written with it). */
export interface ExpiredAccount {
  accountId: number;
  userId: number;
  platform: string;
}

/**
 * A reported account no row was made for: no owner named on a node serving
 * several users, an owner the node does not serve, or (web nodes) an account
 * that lives on another web node now.
 */
export interface UnplacedAccount {
  ref: string;
  why: 'no_owner' | 'not_served' | 'lives_elsewhere';
  userId?: number;
}

export interface NodeEvent {
  /** accounts_moved: accounts now live on the node (web pool); the replica holding its socket sends their browser state. */
  type: 'connected' | 'revoked' | 'drain' | 'resume' | 'accounts_moved';
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
   * transaction; null when the node was revoked meanwhile. `egressNetwork`:
   * the network the socket came from (egress-network.ts), null when unknown.
   */
  async openSession(db: Db, nodeId: string, replica: string, egressNetwork: string | null = null): Promise<{ epoch: number; kind: NodeKind; status: NodeStatus } | null> {
    // One statement (atomic on its own): 10,000 nodes reconnecting after a restart cost 10,000
    // round trips here, not 50,000. The notice tells another replica still holding a socket of this
    // node to close it; when no other replica is named (the socket was closed and recorded, or it is
    // this replica's, which the hub supersedes itself) nobody needs it. Skipping it matters: NOTIFY
    // serializes committing transactions on one lock, which capped reconnects at a few hundred a second.
    const [row] = await rows<{ epoch: number; kind: NodeKind; status: NodeStatus }>(
      db,
      sql`with old as (
            select id, connected_replica from execution_nodes where id = ${nodeId} and status <> 'revoked' for update
          ), u as (
            update execution_nodes n
            set session_epoch = n.session_epoch + 1, connected_replica = ${replica}, connected_at = now(), last_heartbeat_at = now(),
                egress_network = ${egressNetwork}
            from old where n.id = old.id
            returning n.session_epoch::int as epoch, n.kind, n.status, old.connected_replica as previous
          ), told as (
            select pg_notify(${NODES_CHANNEL}, json_build_object('type', 'connected', 'nodeId', ${nodeId}::text, 'epoch', u.epoch, 'replica', ${replica}::text)::text)
            from u where u.previous is not null and u.previous <> ${replica}
          )
          select u.epoch, u.kind, u.status, (select count(*) from told) as told from u`,
    );
    if (!row) return null;
    return { epoch: Number(row.epoch), kind: row.kind, status: row.status };
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
   * logged out. An account the node already holds keeps its owner. A new one
   * belongs to the user the report names, or to the node's only user when it
   * names none; that user must be one the node serves (node_users, or any
   * user for a node serving all users), and on a web node the account must not
   * live on another web node already (it moved there with its browser state:
   * the copy this node still holds is not the account's home). Returns the
   * refs it could not place, with why, and the accounts whose session expired
   * with this report.
   *
   * One statement, fenced by the epoch: the accounts' previous states are read
   * under FOR UPDATE in the statement that writes the new ones, so of two
   * reports racing on two replicas the second waits and then sees the first's
   * state. A report that turns an account logged_in → logged_out writes its
   * `account.session_expired` webhook row in that same statement: exactly one
   * event per transition, however often or wherever the node repeats it,
   * and one `session_expired` health signal (accounts/health/).
   * Accounts the node stopped reporting (removed there) are logged out without
   * that event: their session did not expire.
   */
  async syncAccounts(db: Db, nodeId: string, epoch: number, accounts: NodeAccount[]): Promise<{ unplaced: UnplacedAccount[]; expired: ExpiredAccount[] }> {
    const reported = new Map<string, { ref: string; owner: number | null; platform: string; name: string; state: string }>();
    // A ref reported twice is one account (the last report wins): one row may change once per statement.
    for (const a of accounts) {
      reported.set(a.externalRef, { ref: a.externalRef, owner: a.userId ?? null, platform: a.platform, name: a.displayName || a.externalRef, state: a.loginState });
    }
    const out = await rows<{ kind: 'expired' | UnplacedAccount['why']; accountId: number | null; userId: number | null; platform: string | null; ref: string | null }>(
      db,
      sql`with node as (
            select id, kind, all_users from execution_nodes where id = ${nodeId} and session_epoch = ${epoch} for share
          ), served as (
            select user_id from node_users where node_id = ${nodeId}
          ), reported as (
            -- No owner named: the node's only user (a node serving all users has no "only" one).
            select r.ref, r.platform, r.name, r.state,
                   coalesce(r.owner, case when not n.all_users then (select min(user_id) from served having count(*) = 1) end) as owner
            from json_to_recordset(${JSON.stringify([...reported.values()])}::text::json) as r(ref text, owner int, platform text, name text, state text), node n
          ), prev as materialized (
            select a.id, a.external_ref, a.login_state from accounts a
            where a.node_id = ${nodeId} and exists (select 1 from node)
            order by a.id for update
          ), judged as (
            -- Read through prev, so prev (materialized: all its rows locked at the first read) is
            -- read before up writes: a row this statement already changed would not be locked, nor seen.
            select r.*, case
                when p.id is not null then null
                when r.owner is null then 'no_owner'
                when not (exists (select 1 from served s where s.user_id = r.owner)
                          or ((select all_users from node) and exists (select 1 from users u where u.id = r.owner))) then 'not_served'
                when (select kind from node) = 'web' and exists (
                       select 1 from accounts o where o.executor = 'web' and o.user_id = r.owner and o.platform = r.platform
                         and o.external_ref = r.ref and o.node_id <> ${nodeId} and o.removed_at is null) then 'lives_elsewhere'
              end as why
            from reported r left join prev p on p.external_ref = r.ref
          ), src as (
            select * from judged where why is null
          ), up as (
            insert into accounts (user_id, platform, display_name, executor, node_id, login_state, external_ref)
            select r.owner, r.platform, r.name, n.kind, ${nodeId}, r.state, r.ref from src r, node n
            on conflict (node_id, external_ref) do update
              set login_state = excluded.login_state,
                  display_name = excluded.display_name
            returning id, user_id, platform, login_state
          ), gone as (
            update accounts a set login_state = 'logged_out' from prev p
            where a.id = p.id and p.login_state <> 'logged_out'
              and (p.external_ref is null or p.external_ref not in (select ref from reported))
            returning a.id
          ), expired as (
            select u.id, u.user_id, u.platform, now() as at from up u join prev p on p.id = u.id
            where p.login_state = 'logged_in' and u.login_state = 'logged_out'
          ), hook as (
            insert into webhook_deliveries (id, user_id, event_type, payload, created_at, next_attempt_at)
            select ${WEBHOOK_ID_SQL}, e.user_id, 'account.session_expired',
                   jsonb_build_object('account_id', e.id, 'platform', e.platform, 'node_id', ${nodeId}::text,
                     'detected_at', to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'request_id', null),
                   e.at, e.at
            from expired e join users u on u.id = e.user_id and u.webhook_url is not null
            returning 1
          ), health as (
            -- A lost login is a health signal too (accounts/health/): its insert wakes the evaluation.
            insert into account_health_signals (account_id, kind, source, detail, at)
            select e.id, 'session_expired', 'control_plane', jsonb_build_object('node_id', ${nodeId}::text), e.at from expired e
            returning 1
          )
          select 'expired' as kind, e.id as "accountId", e.user_id as "userId", e.platform, null::text as ref from expired e
          union all
          select j.why, null, j.owner, j.platform, j.ref from judged j where j.why is not null`,
    );
    return {
      unplaced: out.filter((o) => o.kind !== 'expired').map((o) => ({ ref: o.ref!, why: o.kind as UnplacedAccount['why'], ...(o.userId !== null ? { userId: Number(o.userId) } : {}) })),
      expired: out.filter((o) => o.kind === 'expired').map((e) => ({ accountId: Number(e.accountId), userId: Number(e.userId), platform: e.platform! })),
    };
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

  /** A node's site checks changed between hellos: replaced whole inside its capabilities (fenced like the rest). */
  async saveSiteChecks(db: Db, nodeId: string, epoch: number, checks: SiteCheck[]): Promise<void> {
    await db.execute(sql`
      update execution_nodes set capabilities = jsonb_set(capabilities, '{siteChecks}', ${JSON.stringify(checks)}::jsonb)
      where id = ${nodeId} and session_epoch = ${epoch}`);
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
    adapters: capabilities.adapters,
    videoDir: capabilities.videoDir,
    os: capabilities.os,
    siteChecks: capabilities.siteChecks,
    browserStates: capabilities.browserStates === 1 ? 1 : undefined,
    logins: capabilities.logins,
  };
}

/** An int[] column as either driver returns it (an array, or PGlite/pg text like `{1,2}`). */
export function parseIntArray(v: number[] | string): number[] {
  if (Array.isArray(v)) return v.map(Number);
  const inner = v.replace(/^{|}$/g, '');
  return inner ? inner.split(',').map(Number) : [];
}

/** A PostgreSQL text[] literal that drizzle passes as one parameter on both drivers. */
export function toTextArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

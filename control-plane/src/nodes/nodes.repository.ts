/**
 * Execution nodes and which users they serve: those in node_users, or every
 * user for a node with all_users (a web node of the operator's pool);
 * nodeServesSql is that definition for every reader. "Online" is defined once, here
 * (nodeOnlineSql): the node's socket is held by some replica, its last
 * heartbeat is recent, and it is active. The dispatch hub only keeps
 * connected_replica and last_heartbeat_at up to date; every reader (account
 * list, node list, preflight, publish) judges online-ness with this fragment,
 * against the database clock so replicas agree.
 */
import { type AnyColumn, and, asc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.js';
import { executionNodes, type NodeCapabilities, nodeUsers } from './nodes.schema.js';

/** A heartbeat older than this means the node is gone (the hub pings every 20 s). */
export const NODE_ONLINE_WINDOW_SECONDS = 60;

/** The definition as SQL text over execution_nodes (for statements written as text); nodeOnlineSql for drizzle. */
export const NODE_ONLINE_TEXT = `("execution_nodes"."connected_replica" is not null
    and "execution_nodes"."last_heartbeat_at" > now() - make_interval(secs => ${NODE_ONLINE_WINDOW_SECONDS})
    and "execution_nodes"."status" = 'active')`;

export function nodeOnlineSql(): SQL<boolean> {
  return sql.raw(NODE_ONLINE_TEXT) as SQL<boolean>;
}

/**
 * Whether the node serves the user: named in node_users, or a node serving
 * all users. `nodeId` and `userId` are SQL expressions (columns of the
 * caller's query); one definition for account lists, plans and node lists.
 */
export function nodeServesSql(nodeId: SQL | AnyColumn, userId: SQL | AnyColumn): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from node_users nu where nu.node_id = ${nodeId} and nu.user_id = ${userId})
    or exists (select 1 from execution_nodes sn where sn.id = ${nodeId} and sn.all_users))`;
}

export type NodeKind = (typeof executionNodes.$inferSelect)['kind'];

export interface NodeView {
  id: string;
  kind: NodeKind;
  name: string;
  status: 'active' | 'draining' | 'revoked';
  capabilities: NodeCapabilities;
  online: boolean;
  lastHeartbeatAt: Date | null;
  createdAt: Date;
}

const nodeColumns = {
  id: executionNodes.id,
  kind: executionNodes.kind,
  name: executionNodes.name,
  status: executionNodes.status,
  capabilities: executionNodes.capabilities,
  online: nodeOnlineSql(),
  lastHeartbeatAt: executionNodes.lastHeartbeatAt,
  createdAt: executionNodes.createdAt,
};

export const nodesRepository = {
  /** Nodes serving the user (node_users, or all users), revoked ones left out. */
  async listForUser(db: Db, userId: number): Promise<NodeView[]> {
    return db
      .select(nodeColumns)
      .from(executionNodes)
      .where(and(nodeServesSql(executionNodes.id, sql`${userId}::int`), ne(executionNodes.status, 'revoked'), isNull(executionNodes.revokedAt)))
      .orderBy(asc(executionNodes.createdAt), asc(executionNodes.id));
  },

  async get(db: Db, nodeId: string): Promise<NodeView | undefined> {
    const [node] = await db.select(nodeColumns).from(executionNodes).where(eq(executionNodes.id, nodeId));
    return node;
  },

  async isAuthorized(db: Db, nodeId: string, userId: number): Promise<boolean> {
    const [row] = await rows<{ serves: boolean }>(db, sql`select ${nodeServesSql(sql`${nodeId}::text`, sql`${userId}::int`)} as serves`);
    return row?.serves === true;
  },

  /** Every node (or the one `onlyId`) with the users it serves (admin). */
  async listAll(db: Db, onlyId?: string): Promise<Array<NodeView & { userIds: number[] }>> {
    const list = await db
      .select(nodeColumns)
      .from(executionNodes)
      .where(onlyId ? eq(executionNodes.id, onlyId) : undefined)
      .orderBy(asc(executionNodes.createdAt), asc(executionNodes.id));
    if (list.length === 0) return [];
    const links = await db
      .select()
      .from(nodeUsers)
      .where(inArray(nodeUsers.nodeId, list.map((n) => n.id)));
    return list.map((n) => ({ ...n, userIds: links.filter((l) => l.nodeId === n.id).map((l) => l.userId).sort((a, b) => a - b) }));
  },

  /** The hub's side of online-ness: a socket was accepted on `replica` (capabilities as the node reported them). */
  async markConnected(db: Db, nodeId: string, replica: string, capabilities?: NodeCapabilities): Promise<void> {
    await db
      .update(executionNodes)
      .set({ connectedReplica: replica, connectedAt: sql`now()`, lastHeartbeatAt: sql`now()`, ...(capabilities ? { capabilities } : {}) })
      .where(eq(executionNodes.id, nodeId));
  },

  async recordHeartbeat(db: Db, nodeId: string, replica: string): Promise<void> {
    await db
      .update(executionNodes)
      .set({ lastHeartbeatAt: sql`now()` })
      .where(and(eq(executionNodes.id, nodeId), eq(executionNodes.connectedReplica, replica)));
  },

  async markDisconnected(db: Db, nodeId: string, replica: string): Promise<void> {
    await db
      .update(executionNodes)
      .set({ connectedReplica: null })
      .where(and(eq(executionNodes.id, nodeId), eq(executionNodes.connectedReplica, replica)));
  },
};

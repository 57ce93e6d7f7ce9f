/**
 * Which users an enrolled node serves, changed by an operator: users added
 * or removed, and the "all users" flag of a web node (the operator's web
 * pool). One transaction writes the change and its audit row (who, what was
 * added and removed), so the log never misses a change nor records one that
 * did not happen.
 *
 * What a change does elsewhere is read from these rows, never from a copy:
 * the account lists (the triggers of migration 0005 tell every replica), the
 * accounts a node may report (node-registry.repository.ts), and the web
 * pool, which moves an account off a web node that stopped serving its user
 * (web-pool.repository.ts). A node's own session is not told: it learns
 * nothing about users, it only reports accounts.
 */
import { sql } from 'drizzle-orm';
import { adminError } from '../http/admin-errors.js';
import { type Db, rows } from '../db/client.js';
import { missingUserIds } from '../integrators/admin-lookups.repository.js';
import type { NodeKind, NodeStatus } from './node-registry.repository.js';

export interface NodeUsersView {
  id: string;
  kind: NodeKind;
  status: NodeStatus;
  allUsers: boolean;
  userIds: number[];
}

export interface UsersChange {
  userIds?: number[] | undefined;
  /** add: serve every user; remove: serve only the listed ones again. */
  allUsers?: boolean | undefined;
}

export interface AuditRecord {
  actor: string;
  method: string;
  path: string;
  requestId: string;
  route: string | null;
}

interface NodeRow {
  id: string;
  kind: NodeKind;
  status: NodeStatus;
  allUsers: boolean;
}

const notFound = (id: string) => adminError('NODE_NOT_FOUND', `No execution node ${id}`);

export class NodeUsersService {
  constructor(private readonly db: Db) {}

  async get(nodeId: string): Promise<NodeUsersView> {
    const [node] = await rows<NodeRow>(this.db, sql`select id, kind, status, all_users as "allUsers" from execution_nodes where id = ${nodeId}`);
    if (!node) throw notFound(nodeId);
    return { ...node, userIds: await this.userIdsOf(this.db, nodeId) };
  }

  async add(nodeId: string, change: UsersChange, audit: AuditRecord): Promise<{ node: NodeUsersView; added: number[] }> {
    const userIds = checkedChange(change);
    const missing = await missingUserIds(this.db, userIds);
    if (missing.length) throw adminError('USER_NOT_FOUND', `No such user: ${missing.join(', ')}`);
    return this.db.transaction(async (tx) => {
      const node = await this.writable(tx, nodeId);
      if (change.allUsers && node.kind !== 'web') {
        throw adminError('NODE_KIND_NOT_WEB', `Node ${nodeId} is an ${node.kind} node: only nodes of kind web (the operator's web pool) serve all users; add the users it serves instead`);
      }
      const added = userIds.length
        ? await rows<{ userId: number }>(
            tx,
            sql`insert into node_users (node_id, user_id)
                select ${nodeId}, u from unnest(${`{${userIds.join(',')}}`}::int[]) as u
                on conflict do nothing returning user_id as "userId"`,
          )
        : [];
      if (change.allUsers && !node.allUsers) await tx.execute(sql`update execution_nodes set all_users = true where id = ${nodeId}`);
      const addedIds = added.map((a) => Number(a.userId)).sort((a, b) => a - b);
      const allUsers = node.allUsers || change.allUsers === true;
      await this.audit(tx, audit, nodeId, { added: addedIds, removed: [], allUsers: { before: node.allUsers, after: allUsers } });
      return { node: { id: node.id, kind: node.kind, status: node.status, allUsers, userIds: await this.userIdsOf(tx, nodeId) }, added: addedIds };
    });
  }

  async remove(nodeId: string, change: UsersChange, audit: AuditRecord): Promise<{ node: NodeUsersView; removed: number[] }> {
    const userIds = checkedChange(change);
    return this.db.transaction(async (tx) => {
      const node = await this.writable(tx, nodeId);
      const removed = userIds.length
        ? await rows<{ userId: number }>(
            tx,
            sql`delete from node_users where node_id = ${nodeId} and user_id = any(${`{${userIds.join(',')}}`}::int[]) returning user_id as "userId"`,
          )
        : [];
      if (change.allUsers && node.allUsers) await tx.execute(sql`update execution_nodes set all_users = false where id = ${nodeId}`);
      const removedIds = removed.map((r) => Number(r.userId)).sort((a, b) => a - b);
      const allUsers = node.allUsers && change.allUsers !== true;
      await this.audit(tx, audit, nodeId, { added: [], removed: removedIds, allUsers: { before: node.allUsers, after: allUsers } });
      return { node: { id: node.id, kind: node.kind, status: node.status, allUsers, userIds: await this.userIdsOf(tx, nodeId) }, removed: removedIds };
    });
  }

  /** The node, locked for the change; a revoked node is never changed again. */
  private async writable(tx: Db, nodeId: string): Promise<NodeRow> {
    const [node] = await rows<NodeRow>(tx, sql`select id, kind, status, all_users as "allUsers" from execution_nodes where id = ${nodeId} for update`);
    if (!node) throw notFound(nodeId);
    if (node.status === 'revoked') throw adminError('NODE_REVOKED', `Node ${nodeId} is revoked; enroll a new node instead`);
    return node;
  }

  private async userIdsOf(db: Db, nodeId: string): Promise<number[]> {
    const found = await rows<{ userId: number }>(db, sql`select user_id as "userId" from node_users where node_id = ${nodeId} order by user_id`);
    return found.map((f) => Number(f.userId));
  }

  private async audit(tx: Db, a: AuditRecord, nodeId: string, what: { added: number[]; removed: number[]; allUsers: { before: boolean; after: boolean } }): Promise<void> {
    const detail = { route: a.route, params: { nodeId }, ...what };
    await tx.execute(sql`insert into admin_audit_log (actor, method, path, status_code, request_id, detail)
                         values (${a.actor}, ${a.method}, ${a.path}, 200, ${a.requestId}, ${JSON.stringify(detail)}::jsonb)`);
  }
}

/** The user ids of a change, deduplicated; a change naming nothing is refused. */
function checkedChange(change: UsersChange): number[] {
  const userIds = [...new Set(change.userIds ?? [])].sort((a, b) => a - b);
  if (userIds.length === 0 && change.allUsers !== true) throw adminError('INVALID_REQUEST', 'name the users (userIds) or allUsers: true');
  return userIds;
}

/**
 * The operator's view of execution nodes: list and detail with live state,
 * revoke (the holding replica closes the socket on the NOTIFY; the bumped
 * epoch fences it even before that; the node's unfinished jobs are settled),
 * drain and resume, and failure evidence of a job.
 */
import { sql } from 'drizzle-orm';
import { adminError } from '../http/admin-errors.js';
import { type Db, rows } from '../db/client.js';
import { type NodeKind, nodeRegistry, type NodeStatus, parseIntArray } from './node-registry.repository.js';
import { sweeps } from './sweeps.repository.js';

/** Same definition as the Open API's nodeOnlineSql (nodes/nodes.repository.ts). */
export const ONLINE_WINDOW_SECONDS = 60;

export interface AdminNodeView {
  id: string;
  kind: NodeKind;
  name: string;
  status: NodeStatus;
  online: boolean;
  capabilities: Record<string, unknown>;
  sessionEpoch: number;
  connectedReplica: string | null;
  connectedAt: string | null;
  lastHeartbeatAt: string | null;
  machineId: string | null;
  fingerprint: string | null;
  userIds: number[];
  allUsers: boolean;
  accounts: number;
  jobsInFlight: number;
  jobsQueued: number;
  createdAt: string;
  revokedAt: string | null;
}

export interface AdminNodeDetail extends AdminNodeView {
  accountList: Array<{ id: number; userId: number; platform: string; displayName: string; externalRef: string | null; loginState: string }>;
  inventory: { files: number; truncated: boolean; updatedAt: string } | null;
}

export interface JobEvidence {
  id: string;
  jobId: string;
  attemptId: string;
  nodeId: string;
  step: string;
  errorCode: string | null;
  screenshotPng: string | null;
  html: string | null;
  createdAt: string;
}

type Instant = Date | string;
const isoOf = (v: Instant) => new Date(v).toISOString();
const isoOrNull = (v: Instant | null) => (v === null ? null : isoOf(v));

/** Raw rows carry the driver's types (Date or text timestamps, int arrays as text on PGlite); answers carry JSON's. */
function nodeView(r: Record<string, any>): AdminNodeView {
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    status: r.status,
    online: Boolean(r.online),
    capabilities: r.capabilities ?? {},
    sessionEpoch: Number(r.sessionEpoch),
    connectedReplica: r.connectedReplica,
    connectedAt: isoOrNull(r.connectedAt),
    lastHeartbeatAt: isoOrNull(r.lastHeartbeatAt),
    machineId: r.machineId,
    fingerprint: r.fingerprint,
    userIds: parseIntArray(r.userIds),
    allUsers: r.allUsers === true,
    accounts: Number(r.accounts),
    jobsInFlight: Number(r.jobsInFlight),
    jobsQueued: Number(r.jobsQueued),
    createdAt: isoOf(r.createdAt),
    revokedAt: isoOrNull(r.revokedAt),
  };
}

interface NodeFilter {
  status?: NodeStatus | undefined;
  kind?: NodeKind | undefined;
  id?: string;
}

const notFound = (id: string) => adminError('NODE_NOT_FOUND', `No execution node ${id}`);

export class NodesAdminService {
  constructor(private readonly db: Db) {}

  /** Nodes oldest first; with `limit`, one page of them and how many match in all (the console pages the list, the CLI reads it whole). */
  async list(filter: NodeFilter): Promise<AdminNodeView[]> {
    return (await this.page(filter)).items;
  }

  async page(filter: NodeFilter & { limit?: number; offset?: number }): Promise<{ items: AdminNodeView[]; total: number }> {
    const found = await rows<Record<string, any>>(
      this.db,
      sql`select n.id, n.kind, n.name, n.status,
                 (n.connected_replica is not null and n.last_heartbeat_at > now() - make_interval(secs => ${ONLINE_WINDOW_SECONDS}) and n.status = 'active') as online,
                 n.capabilities, n.session_epoch::int as "sessionEpoch", n.connected_replica as "connectedReplica",
                 n.connected_at as "connectedAt", n.last_heartbeat_at as "lastHeartbeatAt", n.machine_id as "machineId",
                 (select t.fingerprint from node_enrollment_tokens t where t.node_id = n.id limit 1) as fingerprint,
                 coalesce((select array_agg(u.user_id order by u.user_id) from node_users u where u.node_id = n.id), '{}') as "userIds", n.all_users as "allUsers",
                 (select count(*)::int from accounts a where a.node_id = n.id and a.removed_at is null) as accounts,
                 (select count(*)::int from publish_jobs j where j.node_id = n.id and j.state in ('offered', 'accepted', 'running', 'committed')) as "jobsInFlight",
                 (select count(*)::int from publish_jobs j where j.node_id = n.id and j.state = 'queued') as "jobsQueued",
                 n.created_at as "createdAt", n.revoked_at as "revokedAt"
          from execution_nodes n
          where ${filter.status ? sql`n.status = ${filter.status}` : sql`true`} and ${filter.id ? sql`n.id = ${filter.id}` : sql`true`}
            and ${filter.kind ? sql`n.kind = ${filter.kind}` : sql`true`}
          order by n.created_at, n.id
          ${filter.limit === undefined ? sql`` : sql`limit ${filter.limit} offset ${filter.offset ?? 0}`}`,
    );
    const items = found.map(nodeView);
    // Counted apart only when a page is asked for: a whole list is its own count.
    if (filter.limit === undefined) return { items, total: items.length };
    const [counted] = await rows<{ total: number }>(
      this.db,
      sql`select count(*)::int as total from execution_nodes n
          where ${filter.status ? sql`n.status = ${filter.status}` : sql`true`} and ${filter.kind ? sql`n.kind = ${filter.kind}` : sql`true`}`,
    );
    return { items, total: Number(counted?.total ?? 0) };
  }

  async get(id: string): Promise<AdminNodeDetail> {
    const [node] = await this.list({ id });
    if (!node) throw notFound(id);
    const accountList = await rows<AdminNodeDetail['accountList'][number]>(
      this.db,
      sql`select id, user_id as "userId", platform, display_name as "displayName", external_ref as "externalRef", login_state as "loginState"
          from accounts where node_id = ${id} and removed_at is null order by id`,
    );
    const [inventory] = await rows<{ files: number; truncated: boolean; updatedAt: Instant }>(
      this.db,
      sql`select jsonb_array_length(files) as files, truncated, updated_at as "updatedAt" from node_inventories where node_id = ${id}`,
    );
    return {
      ...node,
      accountList: accountList.map((a) => ({ ...a, id: Number(a.id), userId: Number(a.userId) })),
      inventory: inventory ? { files: Number(inventory.files), truncated: inventory.truncated, updatedAt: isoOf(inventory.updatedAt) } : null,
    };
  }

  async setStatus(id: string, status: NodeStatus): Promise<AdminNodeDetail> {
    if (!(await nodeRegistry.setStatus(this.db, id, status))) {
      const exists = await nodeRegistry.authInfo(this.db, id);
      if (!exists) throw notFound(id);
      throw adminError('NODE_REVOKED', `Node ${id} is revoked; enroll a new node instead`);
    }
    if (status === 'revoked') await sweeps.settleRevokedNode(this.db, id);
    return this.get(id);
  }

  async evidence(jobId: string): Promise<JobEvidence[]> {
    const found = await rows<JobEvidence & { createdAt: Instant }>(
      this.db,
      sql`select id::text as id, job_id as "jobId", attempt_id as "attemptId", node_id as "nodeId", step, error_code as "errorCode",
                 screenshot_png as "screenshotPng", html, created_at as "createdAt"
          from job_evidence where job_id = ${jobId} order by id`,
    );
    return found.map((e) => ({ ...e, createdAt: isoOf(e.createdAt) }));
  }
}

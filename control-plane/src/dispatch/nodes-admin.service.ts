/**
 * The operator's view of execution nodes: list and detail with live state,
 * revoke (the holding replica closes the socket on the NOTIFY; the bumped
 * epoch fences it even before that; the node's unfinished jobs are settled),
 * drain and resume, and failure evidence of a job.
 */
import { sql } from 'drizzle-orm';
import { ApiError } from '../http/errors.js';
import { type Db, rows } from '../db/client.js';
import { nodeRegistry, type NodeStatus } from './node-registry.repository.js';
import { sweeps } from './sweeps.repository.js';

/** Same definition as the Open API's nodeOnlineSql (openapi/nodes.repository.ts). */
const ONLINE_WINDOW_SECONDS = 60;

export interface AdminNodeView {
  id: string;
  kind: string;
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
  accounts: number;
  jobsInFlight: number;
  jobsQueued: number;
  createdAt: string;
  revokedAt: string | null;
}

const notFound = (id: string) => new ApiError('NODE_NOT_FOUND', `No execution node ${id}`, 404);

export class NodesAdminService {
  constructor(private readonly db: Db) {}

  async list(filter: { status?: NodeStatus | undefined }): Promise<AdminNodeView[]> {
    return rows<AdminNodeView>(
      this.db,
      sql`select n.id, n.kind, n.name, n.status,
                 (n.connected_replica is not null and n.last_heartbeat_at > now() - make_interval(secs => ${ONLINE_WINDOW_SECONDS}) and n.status = 'active') as online,
                 n.capabilities, n.session_epoch::int as "sessionEpoch", n.connected_replica as "connectedReplica",
                 n.connected_at as "connectedAt", n.last_heartbeat_at as "lastHeartbeatAt", n.machine_id as "machineId",
                 (select t.fingerprint from node_enrollment_tokens t where t.node_id = n.id limit 1) as fingerprint,
                 coalesce((select array_agg(u.user_id order by u.user_id) from node_users u where u.node_id = n.id), '{}') as "userIds",
                 (select count(*)::int from accounts a where a.node_id = n.id and a.removed_at is null) as accounts,
                 (select count(*)::int from publish_jobs j where j.node_id = n.id and j.state in ('offered', 'accepted', 'running', 'committed')) as "jobsInFlight",
                 (select count(*)::int from publish_jobs j where j.node_id = n.id and j.state = 'queued') as "jobsQueued",
                 n.created_at as "createdAt", n.revoked_at as "revokedAt"
          from execution_nodes n
          where ${filter.status ? sql`n.status = ${filter.status}` : sql`true`}
          order by n.created_at, n.id`,
    );
  }

  async get(id: string): Promise<AdminNodeView & { accountList: unknown[]; inventory: unknown }> {
    const [node] = (await this.list({})).filter((n) => n.id === id);
    if (!node) throw notFound(id);
    const accountList = await rows(
      this.db,
      sql`select id, user_id as "userId", platform, display_name as "displayName", external_ref as "externalRef", login_state as "loginState"
          from accounts where node_id = ${id} and removed_at is null order by id`,
    );
    const [inventory] = await rows<{ files: number; truncated: boolean; updatedAt: string }>(
      this.db,
      sql`select jsonb_array_length(files) as files, truncated, updated_at as "updatedAt" from node_inventories where node_id = ${id}`,
    );
    return { ...node, accountList, inventory: inventory ?? null };
  }

  async setStatus(id: string, status: NodeStatus): Promise<AdminNodeView> {
    if (!(await nodeRegistry.setStatus(this.db, id, status))) {
      const exists = await nodeRegistry.authInfo(this.db, id);
      if (!exists) throw notFound(id);
      throw new ApiError('NODE_REVOKED', `Node ${id} is revoked; enroll a new node instead`, 409);
    }
    if (status === 'revoked') await sweeps.settleRevokedNode(this.db, id);
    return (await this.get(id)) as AdminNodeView;
  }

  async evidence(jobId: string): Promise<unknown[]> {
    return rows(
      this.db,
      sql`select id, job_id as "jobId", attempt_id as "attemptId", node_id as "nodeId", step, error_code as "errorCode",
                 screenshot_png as "screenshotPng", html, created_at as "createdAt"
          from job_evidence where job_id = ${jobId} order by id`,
    );
  }
}

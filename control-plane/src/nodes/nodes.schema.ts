/** Execution nodes (edge, desktop, web) and the users each one serves. */
import type { AdapterReport, SiteCheck } from '@plume/shared';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from '../db/columns.js';
import { users } from '../integrators/integrators.schema.js';
import { devices } from '../license/license.schema.js';

export interface NodeCapabilities {
  localVideoFile: 0 | 1;
  publishSettingsSnapshot: 0 | 1;
  chromiumVersion?: string;
  concurrency?: number;
  platforms?: string[];
  /** (platform × content types) the node runs, with the settings each adapter applies; absent in reports of older nodes. */
  adapters?: AdapterReport[];
  /** Root of the node's video tree (PLUME_EDGE_VIDEO_DIR on edge nodes), when the node reports it. */
  videoDir?: string;
  /** The node's last site check per (platform, content type); a failed one blocks that pair on this node. */
  siteChecks?: SiteCheck[];
  /** 1: a web node that reports its accounts' browser state and takes accounts moved to it (the web pool). */
  browserStates?: 0 | 1;
  /** Platforms whose login page the node opens for a relayed login; absent in reports of older nodes. */
  logins?: string[];
  /** A desktop's operating system: its jobs' local paths are checked by its rules (publishing/publish/paths.ts). */
  os?: 'windows' | 'macos' | 'linux';
}

export const executionNodes = pgTable('execution_nodes', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['edge', 'desktop', 'web'] }).notNull(),
  name: text('name').notNull(),
  publicKey: text('public_key'),
  machineId: text('machine_id'),
  status: text('status', { enum: ['active', 'draining', 'revoked'] }).notNull().default('active'),
  /**
   * Serves every user, present and future (the operator's web pool), besides
   * any listed in node_users. Only nodes of kind `web` are given it.
   */
  allUsers: boolean('all_users').notNull().default(false),
  capabilities: jsonb('capabilities').$type<NodeCapabilities>().notNull().default({ localVideoFile: 0, publishSettingsSnapshot: 0 }),
  /** Bumped at every handshake: a stale connection's writes are fenced out. */
  sessionEpoch: bigint('session_epoch', { mode: 'number' }).notNull().default(0),
  /** Which replica holds the socket; null when disconnected. */
  connectedReplica: text('connected_replica'),
  connectedAt: ts('connected_at'),
  /**
   * The network (IPv4 /24, IPv6 /48) of the address the current session
   * connected from, as the control plane saw it (a trusted proxy's forwarded
   * address when PLUME_TRUST_PROXY is set): where its accounts' jobs go out
   * from (accounts/egress.schema.ts). Null: not known.
   */
  egressNetwork: text('egress_network'),
  lastHeartbeatAt: ts('last_heartbeat_at'),
  createdAt: createdAt(),
  revokedAt: ts('revoked_at'),
});

export const nodeUsers = pgTable(
  'node_users',
  {
    nodeId: text('node_id')
      .notNull()
      .references(() => executionNodes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.nodeId, t.userId] }), index('node_users_user').on(t.userId)],
);

/**
 * A desktop node whose identity is a license v2 device: made when the device
 * enrolled with a code tied to a user; its public key is the device key.
 */
export const desktopNodeDevices = pgTable('desktop_node_devices', {
  nodeId: text('node_id')
    .primaryKey()
    .references(() => executionNodes.id, { onDelete: 'cascade' }),
  deviceId: integer('device_id')
    .notNull()
    .unique()
    .references(() => devices.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

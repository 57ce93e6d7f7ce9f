/**
 * Test-only seeding of what enrolled nodes leave in the database: a node row
 * (with the public key enrollment would have stored) authorized for users,
 * optionally marked connected as the dispatch hub marks it, and platform
 * accounts as a node's report writes them (node_id, external_ref, login
 * state). The product has no API for either: nodes exist only through
 * enrollment tokens and accounts only through their node's report, so tests
 * that are about something else write the rows here instead of driving a
 * node through the handshake.
 */
import { randomBytes } from 'node:crypto';
import { generateEd25519 } from '../crypto/ed25519.js';
import { randomId } from '../crypto/tokens.js';
import type { Db } from '../db/client.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { nodesRepository } from '../nodes/nodes.repository.js';
import { executionNodes, type NodeCapabilities, nodeUsers } from '../nodes/nodes.schema.js';

export type SeedNodeKind = 'edge' | 'desktop' | 'web';
export type SeedLoginState = 'logged_in' | 'logged_out' | 'unknown';

export interface SeedNodeSpec {
  kind?: SeedNodeKind;
  name?: string;
  userIds: number[];
  /** Serves every user (a web node of the operator's pool). */
  allUsers?: boolean;
  /** What the node's last hello reported (default: nothing runs, no frozen settings). */
  capabilities?: NodeCapabilities;
  /** Connected and heartbeating on `replica` (default true). */
  online?: boolean;
  replica?: string;
}

export interface SeededNode {
  nodeId: string;
  /** The node's Ed25519 private seed (base64url), for a test that signs as it. */
  secretKey: string;
}

/** A node as enrollment leaves it (a key pair, the users it serves), plus the hub's "connected" mark. */
export async function seedNode(db: Db, spec: SeedNodeSpec): Promise<SeededNode> {
  const nodeId = randomId('node', 12);
  const key = generateEd25519();
  await db.insert(executionNodes).values({
    id: nodeId,
    kind: spec.kind ?? 'edge',
    name: spec.name ?? 'test node',
    publicKey: key.publicKey,
    machineId: `machine-${randomBytes(4).toString('hex')}`,
    capabilities: spec.capabilities ?? { localVideoFile: 0, publishSettingsSnapshot: 0 },
    allUsers: spec.allUsers ?? false,
  });
  const userIds = [...new Set(spec.userIds)];
  if (userIds.length) await db.insert(nodeUsers).values(userIds.map((userId) => ({ nodeId, userId })));
  if (spec.online ?? true) await nodesRepository.markConnected(db, nodeId, spec.replica ?? 'test-replica');
  return { nodeId, secretKey: key.privateKey };
}

export interface SeedAccountSpec {
  userId: number;
  platform: string;
  /** The node holding the account; null for an account left without one (its node was deleted). */
  nodeId: string | null;
  /** Always the node's kind, as a report writes it; given only without a node (default edge). */
  executor?: SeedNodeKind;
  /** As the node reported it (default logged_in). */
  loginState?: SeedLoginState;
  displayName?: string;
  /** The node's own id of the account (default a fresh one). */
  externalRef?: string;
}

/** A platform account as its node's report writes it: its executor is the node's kind. */
export async function seedAccount(db: Db, spec: SeedAccountSpec): Promise<number> {
  let executor = spec.executor ?? 'edge';
  if (spec.nodeId !== null) {
    const node = await nodesRepository.get(db, spec.nodeId);
    if (!node) throw new Error(`seedAccount: no node ${spec.nodeId}`);
    if (spec.executor && spec.executor !== node.kind) throw new Error(`seedAccount: node ${node.id} is a ${node.kind} node; its accounts have executor ${node.kind}`);
    executor = node.kind;
  }
  return accountsRepository.insert(db, {
    userId: spec.userId,
    platform: spec.platform,
    displayName: spec.displayName ?? `${spec.platform} account`,
    executor,
    nodeId: spec.nodeId,
    loginState: spec.loginState ?? 'logged_in',
    externalRef: spec.externalRef ?? `ref-${randomBytes(4).toString('hex')}`,
  });
}

/**
 * Verifies a node's signed request (the WebSocket connect, the identity
 * check) before anything else happens: in the style of LICENSE-V2-PROOF, the
 * cheap refusals first, the signature before the nonce is remembered (so a
 * forger cannot burn a node's nonces), the nonce in PostgreSQL (every replica
 * sees it). Refusals: unknown node or bad signature 401, revoked 403, clock
 * skew 401, replay 409.
 */
import { ID_PATTERNS, NODE_HEADERS, NODE_PATHS, nodeConnectMessage, nodeIdentityMessage } from '@plume/shared';
import { verifyEd25519 } from '../crypto/ed25519.js';
import type { Db } from '../db/client.js';
import { nodeRegistry, type NodeAuthRow } from './node-registry.repository.js';
import { nodeError } from './nodes.errors.js';

const NODE_ID = ID_PATTERNS.node;
const TIMESTAMP = /^\d{1,12}$/;
const NONCE = /^[A-Za-z0-9_-]{8,128}$/;

type Headers = Record<string, string | string[] | undefined>;
const one = (h: Headers, name: string): string | undefined => {
  const v = h[name];
  return Array.isArray(v) ? undefined : v;
};

export async function verifyNodeRequest(
  db: Db,
  headers: Headers,
  path: (typeof NODE_PATHS)['connect' | 'identity'],
  now: Date,
  skewSeconds: number,
): Promise<NodeAuthRow> {
  const nodeId = one(headers, NODE_HEADERS.nodeId);
  const timestamp = one(headers, NODE_HEADERS.timestamp);
  const nonce = one(headers, NODE_HEADERS.nonce);
  const signature = one(headers, NODE_HEADERS.signature);
  if (!nodeId || !timestamp || !nonce || !signature) {
    throw nodeError('unauthorized', 'Send X-Plume-Node-Id, X-Plume-Timestamp, X-Plume-Nonce and X-Plume-Signature (plume-edge does)');
  }
  if (!NODE_ID.test(nodeId)) throw nodeError('unauthorized', 'Unknown node');
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (!TIMESTAMP.test(timestamp) || Math.abs(Number(timestamp) - nowSeconds) > skewSeconds) {
    throw nodeError('clock_skew', `X-Plume-Timestamp must be Unix seconds within ${skewSeconds} s of the server clock (server: ${nowSeconds}); fix the node's clock (NTP)`);
  }
  if (!NONCE.test(nonce)) throw nodeError('unauthorized', 'X-Plume-Nonce must be 8-128 base64url characters');

  const node = await nodeRegistry.authInfo(db, nodeId);
  if (!node || !node.publicKey) throw nodeError('unauthorized', 'Unknown node; enroll it with plume-edge enroll');
  if (node.status === 'revoked') throw nodeError('node_revoked', 'This node was revoked; enroll it again with a new token');

  const input = { nodeId, timestamp, nonce };
  const message = path === NODE_PATHS.connect ? nodeConnectMessage(input) : nodeIdentityMessage(input);
  if (!verifyEd25519(node.publicKey, message, signature)) {
    throw nodeError('signature_invalid', 'X-Plume-Signature does not verify with the key this node enrolled');
  }
  // Twice the skew window: a timestamp still acceptable can never meet a forgotten nonce.
  const fresh = await nodeRegistry.admitNonce(db, nodeId, nonce, new Date(now.getTime() + 2 * skewSeconds * 1000 + 60_000));
  if (!fresh) throw nodeError('nonce_replay', 'This X-Plume-Nonce was already used; every connection needs a fresh nonce');
  return node;
}

/**
 * Node enrollment: an operator asks for a single-use token (15 minutes) for
 * a node kind and a set of users; the node proves possession of the key pair
 * it generated and trades the token for a node id. Only the token's SHA-256
 * is stored; only the public key leaves the node.
 */
import { randomBytes } from 'node:crypto';
import { nodeEnrollMessage } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { ApiError } from '../http/errors.js';
import { parsePublicKey, verifyEd25519 } from '../crypto/ed25519.js';
import { randomId, sha256Hex } from '../crypto/tokens.js';
import { type Db, rows } from '../db/client.js';
import type { NodeKind } from './node-registry.repository.js';
import { nodeError } from './nodes.errors.js';

export interface CreatedToken {
  id: string;
  token: string;
  kind: NodeKind;
  name: string;
  userIds: number[];
  expiresAt: string;
}

export interface EnrollInput {
  token: string;
  publicKey: string;
  machineId: string;
  fingerprint: string;
  name?: string | undefined;
  proof: string;
}

export class EnrollmentService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly ttlMs: number,
  ) {}

  async createToken(input: { kind: NodeKind; userIds: number[]; name: string; createdBy: string }): Promise<CreatedToken> {
    const userIds = [...new Set(input.userIds)].sort((a, b) => a - b);
    const found = await rows<{ id: number }>(
      this.db,
      sql`select id from users where id in (${sql.join(userIds.map((id) => sql`${id}`), sql`, `)})`,
    );
    const missing = userIds.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw new ApiError('USER_NOT_FOUND', `No such user: ${missing.join(', ')}`, 404);
    const token = `plmnode_${randomBytes(32).toString('base64url')}`;
    const id = randomId('net', 12);
    const expiresAt = new Date(this.now().getTime() + this.ttlMs);
    await this.db.execute(sql`
      insert into node_enrollment_tokens (id, token_hash, kind, name, user_ids, created_by, expires_at)
      values (${id}, ${sha256Hex(token)}, ${input.kind}, ${input.name}, ${JSON.stringify(userIds)}::jsonb, ${input.createdBy}, ${expiresAt.toISOString()}::timestamptz)`);
    return { id, token, kind: input.kind, name: input.name, userIds, expiresAt: expiresAt.toISOString() };
  }

  async enroll(input: EnrollInput): Promise<{ nodeId: string; kind: NodeKind; userIds: number[] }> {
    if (!parsePublicKey(input.publicKey)) throw nodeError('public_key_invalid', 'publicKey must be a base64url 32-byte Ed25519 public key');
    const tokenHash = sha256Hex(input.token);
    const message = nodeEnrollMessage({ tokenSha256: tokenHash, publicKey: input.publicKey, machineId: input.machineId });
    if (!verifyEd25519(input.publicKey, message, input.proof)) {
      throw nodeError('proof_invalid', 'proof must be an Ed25519 signature by publicKey over PLUME-NODE-V1-ENROLL, the token SHA-256, publicKey and machineId');
    }
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const [token] = await rows<{ id: string; kind: NodeKind; name: string; userIds: number[]; expiresAt: Date | string; usedAt: Date | string | null }>(
        tx,
        sql`select id, kind, name, user_ids as "userIds", expires_at as "expiresAt", used_at as "usedAt"
            from node_enrollment_tokens where token_hash = ${tokenHash} for update`,
      );
      if (!token) throw nodeError('token_invalid', 'Unknown enrollment token; ask the operator for a new one');
      if (token.usedAt) throw nodeError('token_used', 'This enrollment token was already used; ask the operator for a new one');
      if (new Date(token.expiresAt).getTime() <= now.getTime()) throw nodeError('token_expired', 'This enrollment token expired (they last 15 minutes); ask for a new one');
      const nodeId = randomId('node', 12);
      await tx.execute(sql`
        insert into execution_nodes (id, kind, name, public_key, machine_id, status)
        values (${nodeId}, ${token.kind}, ${input.name || token.name}, ${input.publicKey}, ${input.machineId}, 'active')`);
      for (const userId of token.userIds) {
        await tx.execute(sql`insert into node_users (node_id, user_id) values (${nodeId}, ${userId}) on conflict do nothing`);
      }
      await tx.execute(sql`
        update node_enrollment_tokens set used_at = ${now.toISOString()}::timestamptz, node_id = ${nodeId},
          machine_id = ${input.machineId}, fingerprint = ${input.fingerprint}
        where id = ${token.id}`);
      return { nodeId, kind: token.kind, userIds: token.userIds };
    });
  }
}

/**
 * Node enrollment: an operator asks for a single-use token (15 minutes) for
 * a node kind and a set of users (or, for a node of kind `web`, every user:
 * the operator's web pool), may list and revoke the tokens handed out;
 * the node proves possession of the key pair it generated and trades the
 * token for a node id. Only the token's SHA-256 is stored; only the public
 * key leaves the node.
 */
import { randomBytes } from 'node:crypto';
import { nodeEnrollMessage } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { adminError } from '../http/admin-errors.js';
import { parsePublicKey, verifyEd25519 } from '../crypto/ed25519.js';
import { randomId, sha256Hex } from '../crypto/tokens.js';
import { type Db, rows } from '../db/client.js';
import { missingUserIds } from '../integrators/admin-lookups.repository.js';
import type { NodeKind } from './node-registry.repository.js';
import { nodeError } from './nodes.errors.js';

export interface CreatedToken {
  id: string;
  token: string;
  kind: NodeKind;
  name: string;
  userIds: number[];
  allUsers: boolean;
  expiresAt: string;
}

export const ENROLLMENT_TOKEN_STATES = ['pending', 'used', 'expired', 'revoked'] as const;
export type EnrollmentTokenState = (typeof ENROLLMENT_TOKEN_STATES)[number];

/** A token as operators see it: never the secret, which exists only in the answer that created it. */
export interface EnrollmentTokenView {
  id: string;
  kind: NodeKind;
  name: string;
  userIds: number[];
  allUsers: boolean;
  state: EnrollmentTokenState;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  nodeId: string | null;
  machineId: string | null;
  revokedAt: string | null;
}

interface TokenRow {
  id: string;
  kind: NodeKind;
  name: string;
  userIds: number[];
  allUsers: boolean;
  createdBy: string;
  createdAt: Date | string;
  expiresAt: Date | string;
  usedAt: Date | string | null;
  nodeId: string | null;
  machineId: string | null;
  revokedAt: Date | string | null;
}

const isoOf = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : isoOf(v));

const TOKEN_COLUMNS = sql`id, kind, name, user_ids as "userIds", all_users as "allUsers", created_by as "createdBy", created_at as "createdAt", expires_at as "expiresAt",
  used_at as "usedAt", node_id as "nodeId", machine_id as "machineId", revoked_at as "revokedAt"`;

/** The rows in one state at `now` (the state is derived, so the filter is too). */
function stateFilter(state: EnrollmentTokenState, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  switch (state) {
    case 'revoked':
      return sql`revoked_at is not null`;
    case 'used':
      return sql`used_at is not null`;
    case 'expired':
      return sql`revoked_at is null and used_at is null and expires_at <= ${at}`;
    case 'pending':
      return sql`revoked_at is null and used_at is null and expires_at > ${at}`;
  }
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

  /**
   * `allUsers`: the node serves every user, present and future, instead of
   * `userIds` — only a node of kind `web` (the operator's own pool: an edge or
   * desktop node is a user's machine, and handing it every user's accounts and
   * files would make it everyone's).
   */
  async createToken(input: { kind: NodeKind; userIds?: number[] | undefined; allUsers?: boolean | undefined; name: string; createdBy: string }): Promise<CreatedToken> {
    const allUsers = input.allUsers === true;
    const userIds = [...new Set(input.userIds ?? [])].sort((a, b) => a - b);
    if (allUsers && input.kind !== 'web') {
      throw adminError('NODE_KIND_NOT_WEB', `allUsers is for nodes of kind web (the operator's web pool); an ${input.kind} node serves the users it is given`);
    }
    if (allUsers === userIds.length > 0) {
      throw adminError('INVALID_REQUEST', allUsers ? 'give either userIds or allUsers, not both' : 'userIds (the users the node serves) or, for a web node, allUsers: true is required');
    }
    const missing = await missingUserIds(this.db, userIds);
    if (missing.length) throw adminError('USER_NOT_FOUND', `No such user: ${missing.join(', ')}`);
    const token = `plmnode_${randomBytes(32).toString('base64url')}`;
    const id = randomId('net', 12);
    const expiresAt = new Date(this.now().getTime() + this.ttlMs);
    await this.db.execute(sql`
      insert into node_enrollment_tokens (id, token_hash, kind, name, user_ids, all_users, created_by, expires_at)
      values (${id}, ${sha256Hex(token)}, ${input.kind}, ${input.name}, ${JSON.stringify(userIds)}::jsonb, ${allUsers}, ${input.createdBy}, ${expiresAt.toISOString()}::timestamptz)`);
    return { id, token, kind: input.kind, name: input.name, userIds, allUsers, expiresAt: expiresAt.toISOString() };
  }

  private view(row: TokenRow): EnrollmentTokenView {
    const expired = new Date(row.expiresAt).getTime() <= this.now().getTime();
    const state: EnrollmentTokenState = row.revokedAt ? 'revoked' : row.usedAt ? 'used' : expired ? 'expired' : 'pending';
    return {
      id: row.id,
      kind: row.kind,
      name: row.name,
      userIds: row.userIds.map(Number),
      allUsers: row.allUsers === true,
      state,
      createdBy: row.createdBy,
      createdAt: isoOf(row.createdAt),
      expiresAt: isoOf(row.expiresAt),
      usedAt: isoOrNull(row.usedAt),
      nodeId: row.nodeId,
      machineId: row.machineId,
      revokedAt: isoOrNull(row.revokedAt),
    };
  }

  /** Newest first. */
  async listTokens(q: { state?: EnrollmentTokenState | undefined; limit: number; offset: number }): Promise<{ items: EnrollmentTokenView[]; total: number }> {
    const where = q.state ? stateFilter(q.state, this.now()) : sql`true`;
    const [count] = await rows<{ n: number }>(this.db, sql`select count(*)::int as n from node_enrollment_tokens where ${where}`);
    const list = await rows<TokenRow>(
      this.db,
      sql`select ${TOKEN_COLUMNS} from node_enrollment_tokens where ${where} order by created_at desc, id desc limit ${q.limit} offset ${q.offset}`,
    );
    return { items: list.map((r) => this.view(r)), total: Number(count?.n ?? 0) };
  }

  /**
   * Revokes a token not used yet (expired ones too: they stay refused either
   * way, and the list then says an operator withdrew them). The update waits
   * for an enroll holding the row, then finds it used.
   */
  async revokeToken(id: string): Promise<{ token: EnrollmentTokenView; alreadyRevoked: boolean }> {
    const [revoked] = await rows<TokenRow>(
      this.db,
      sql`update node_enrollment_tokens set revoked_at = ${this.now().toISOString()}::timestamptz
          where id = ${id} and used_at is null and revoked_at is null returning ${TOKEN_COLUMNS}`,
    );
    if (revoked) return { token: this.view(revoked), alreadyRevoked: false };
    const [row] = await rows<TokenRow>(this.db, sql`select ${TOKEN_COLUMNS} from node_enrollment_tokens where id = ${id}`);
    if (!row) throw adminError('ENROLLMENT_TOKEN_NOT_FOUND', `No enrollment token ${id}`);
    if (row.usedAt) throw adminError('ENROLLMENT_TOKEN_USED', `Enrollment token ${id} was used by node ${row.nodeId}; revoke the node instead`);
    return { token: this.view(row), alreadyRevoked: true };
  }

  async enroll(input: EnrollInput): Promise<{ nodeId: string; kind: NodeKind; userIds: number[]; allUsers: boolean }> {
    if (!parsePublicKey(input.publicKey)) throw nodeError('public_key_invalid', 'publicKey must be a base64url 32-byte Ed25519 public key');
    const tokenHash = sha256Hex(input.token);
    const message = nodeEnrollMessage({ tokenSha256: tokenHash, publicKey: input.publicKey, machineId: input.machineId });
    if (!verifyEd25519(input.publicKey, message, input.proof)) {
      throw nodeError('proof_invalid', 'proof must be an Ed25519 signature by publicKey over PLUME-NODE-V1-ENROLL, the token SHA-256, publicKey and machineId');
    }
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const [token] = await rows<{
        id: string;
        kind: NodeKind;
        name: string;
        userIds: number[];
        allUsers: boolean;
        expiresAt: Date | string;
        usedAt: Date | string | null;
        revokedAt: Date | string | null;
      }>(
        tx,
        sql`select id, kind, name, user_ids as "userIds", all_users as "allUsers", expires_at as "expiresAt", used_at as "usedAt", revoked_at as "revokedAt"
            from node_enrollment_tokens where token_hash = ${tokenHash} for update`,
      );
      if (!token) throw nodeError('token_invalid', 'Unknown enrollment token; ask the operator for a new one');
      if (token.revokedAt) throw nodeError('token_revoked', 'This enrollment token was revoked by the operator; ask for a new one');
      if (token.usedAt) throw nodeError('token_used', 'This enrollment token was already used; ask the operator for a new one');
      if (new Date(token.expiresAt).getTime() <= now.getTime()) throw nodeError('token_expired', 'This enrollment token expired (they last 15 minutes); ask for a new one');
      const nodeId = randomId('node', 12);
      await tx.execute(sql`
        insert into execution_nodes (id, kind, name, public_key, machine_id, status, all_users)
        values (${nodeId}, ${token.kind}, ${input.name || token.name}, ${input.publicKey}, ${input.machineId}, 'active', ${token.allUsers === true})`);
      for (const userId of token.userIds) {
        await tx.execute(sql`insert into node_users (node_id, user_id) values (${nodeId}, ${userId}) on conflict do nothing`);
      }
      await tx.execute(sql`
        update node_enrollment_tokens set used_at = ${now.toISOString()}::timestamptz, node_id = ${nodeId},
          machine_id = ${input.machineId}, fingerprint = ${input.fingerprint}
        where id = ${token.id}`);
      return { nodeId, kind: token.kind, userIds: token.userIds.map(Number), allUsers: token.allUsers === true };
    });
  }
}

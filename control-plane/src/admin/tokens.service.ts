/**
 * Admin tokens created through the API: `plma_` + 32 random bytes, shown once
 * at creation and stored only as a SHA-256 hash; scope `read` (GET only) or
 * `write` (everything, including managing tokens); revocable. And the audit
 * log that records every write with the token that made it.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import { randomId, sha256Hex } from '../crypto/tokens.js';
import { adminError } from '../http/admin-errors.js';
import { iso, limitOffset, type Page, resolveRange } from '../http/admin-query.js';
import { type AdminTokenView, tokensRepository as repo } from './tokens.repository.js';

export const ADMIN_TOKEN_PREFIX = 'plma_';

const tokenView = (t: AdminTokenView) => ({
  id: t.id,
  name: t.name,
  scope: t.scope,
  createdBy: t.createdBy,
  createdAt: t.createdAt.toISOString(),
  lastUsedAt: iso(t.lastUsedAt),
  revokedAt: iso(t.revokedAt),
});

export class TokensService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(input: { name: string; scope: 'read' | 'write' }, createdBy: string) {
    const secret = `${ADMIN_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = await repo.insert(this.db, {
      id: randomId('adm', 12),
      name: input.name,
      scope: input.scope,
      tokenHash: sha256Hex(secret),
      createdBy,
      createdAt: this.now(),
    });
    return { token: tokenView(row), secret };
  }

  async list(q: Page & { includeRevoked: boolean }) {
    const { rows, total } = await repo.list(this.db, { includeRevoked: q.includeRevoked, ...limitOffset(q) });
    return { items: rows.map(tokenView), total };
  }

  async revoke(id: string) {
    const result = await repo.revoke(this.db, id, this.now());
    if (!result.found) throw adminError('TOKEN_NOT_FOUND', `No admin token ${id}`);
    return { tokenId: id, revoked: true as const, alreadyRevoked: result.alreadyRevoked };
  }

  async audit(q: Page & { actor?: string | undefined; from?: string | undefined; to?: string | undefined }) {
    const { rows, total } = await repo.auditList(this.db, { actor: q.actor, range: resolveRange(q, false), ...limitOffset(q) });
    const items = rows.map((a) => ({
      id: a.id,
      actor: a.actor,
      method: a.method,
      path: a.path,
      statusCode: a.statusCode,
      requestId: a.requestId,
      detail: a.detail,
      createdAt: a.createdAt.toISOString(),
    }));
    return { items, total };
  }
}

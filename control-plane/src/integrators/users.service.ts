/** Integrator users: plans, quota grants, API keys and webhook settings (admin only). */
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, ilike, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { adminError } from '../http/admin-errors.js';
import { likePattern } from '../http/admin-query.js';
import { randomId } from '../crypto/tokens.js';
import { hashApiKey } from './auth.js';
import { forgetUserLocally, notifyApiKeysChanged } from './key-cache.js';
import { apiKeys, type Permission, QUOTA_BUCKETS, type QuotaBucket, type UserPlan, users } from './integrators.schema.js';
import { quotaRepository } from './quota.repository.js';

export type QuotaGrants = Partial<Record<QuotaBucket, number>>;

export interface CreateUserInput {
  name: string;
  email?: string | undefined;
  plan: UserPlan;
  quotas?: QuotaGrants | undefined;
}

export class UsersService {
  constructor(private readonly db: Db) {}

  private async view(userId: number) {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!user) throw adminError('NOT_FOUND', `No user ${userId}`);
    const balances = await quotaRepository.balances(this.db, userId);
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      plan: user.plan,
      quotas: Object.fromEntries(QUOTA_BUCKETS.map((b) => [b, balances.get(b) ?? { granted: 0, used: 0 }])) as Record<QuotaBucket, { granted: number; used: number }>,
      webhookUrl: user.webhookUrl,
      disabled: user.disabledAt !== null,
      createdAt: user.createdAt.toISOString(),
    };
  }

  async create(input: CreateUserInput) {
    const id = await this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(users)
        .values({ name: input.name, email: input.email ?? null, plan: input.plan })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!inserted[0]) throw adminError('USER_EXISTS', `A user with email ${input.email} already exists`);
      for (const bucket of QUOTA_BUCKETS) await quotaRepository.setGrant(tx, inserted[0].id, bucket, input.quotas?.[bucket] ?? 0);
      return inserted[0].id;
    });
    return this.view(id);
  }

  get(userId: number) {
    return this.view(userId);
  }

  /** A page of users, oldest first; with a keyword, those whose name or email contains it (any case) or whose id it is. */
  async list(page: number, pageSize: number, keyword?: string) {
    const pattern = keyword === undefined ? undefined : likePattern(keyword);
    const where =
      keyword === undefined
        ? undefined
        : or(ilike(users.name, pattern!), ilike(users.email, pattern!), ...(/^[1-9][0-9]{0,9}$/.test(keyword) && Number(keyword) <= 2 ** 31 - 1 ? [eq(users.id, Number(keyword))] : []));
    const [total] = await this.db.select({ n: count() }).from(users).where(where);
    const list = await this.db.select({ id: users.id }).from(users).where(where).orderBy(asc(users.id)).limit(pageSize).offset((page - 1) * pageSize);
    return { items: await Promise.all(list.map((u) => this.view(u.id))), total: total?.n ?? 0, page, pageSize };
  }

  async update(userId: number, patch: { name?: string | undefined; plan?: UserPlan | undefined; quotas?: QuotaGrants | undefined; disabled?: boolean | undefined }) {
    await this.view(userId);
    await this.db.transaction(async (tx) => {
      const set: Partial<typeof users.$inferInsert> = {};
      if (patch.name !== undefined) set.name = patch.name;
      if (patch.plan !== undefined) set.plan = patch.plan;
      if (patch.disabled !== undefined) set.disabledAt = patch.disabled ? new Date() : null;
      if (Object.keys(set).length) await tx.update(users).set(set).where(eq(users.id, userId));
      // A grant below what is already used is raised to the used amount: usage is history.
      for (const [bucket, granted] of Object.entries(patch.quotas ?? {})) await quotaRepository.setGrant(tx, userId, bucket as QuotaBucket, granted);
      // Plan and disabled state are cached with every key of the user on every replica.
      if (patch.plan !== undefined || patch.disabled !== undefined) await notifyApiKeysChanged(tx, userId);
    });
    if (patch.plan !== undefined || patch.disabled !== undefined) forgetUserLocally(this.db, userId);
    return this.view(userId);
  }

  async createKey(userId: number, name: string, permissions: Permission[] | undefined) {
    const user = await this.view(userId);
    const key = `plm_${randomBytes(32).toString('base64url')}`;
    const row = {
      id: randomId('key', 12),
      userId,
      name,
      keyHash: hashApiKey(key),
      keyPrefix: key.slice(0, 12),
      permissions: permissions ?? user.plan.permissions,
    };
    await this.db.insert(apiKeys).values(row);
    return { id: row.id, name, key, keyPrefix: row.keyPrefix, permissions: row.permissions, createdAt: new Date().toISOString() };
  }

  async listKeys(userId: number) {
    await this.view(userId);
    const keys = await this.db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(asc(apiKeys.createdAt));
    return keys.map((k) => ({
      id: k.id,
      name: k.name,
      keyPrefix: k.keyPrefix,
      permissions: k.permissions,
      createdAt: k.createdAt.toISOString(),
      lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
      revokedAt: k.revokedAt?.toISOString() ?? null,
    }));
  }

  async revokeKey(keyId: string) {
    const revoked = await this.db.transaction(async (tx) => {
      const list = await tx
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id, userId: apiKeys.userId });
      // Every replica caches the key: NOTIFY (sent at commit) makes them all drop it.
      for (const k of list) await notifyApiKeysChanged(tx, k.userId);
      return list;
    });
    for (const k of revoked) forgetUserLocally(this.db, k.userId);
    if (revoked.length === 0) {
      const [exists] = await this.db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, keyId));
      if (!exists) throw adminError('NOT_FOUND', `No API key ${keyId}`);
    }
    return { id: keyId, revoked: true as const };
  }

  /** Sets the webhook URL; the signing secret is generated when not given and shown in this answer. */
  async setWebhook(userId: number, url: string, secret: string | undefined) {
    await this.view(userId);
    const webhookSecret = secret ?? `whsec_${randomBytes(24).toString('base64url')}`;
    await this.db.update(users).set({ webhookUrl: url, webhookSecret }).where(eq(users.id, userId));
    return { url, secret: webhookSecret };
  }

  async clearWebhook(userId: number) {
    await this.view(userId);
    await this.db.update(users).set({ webhookUrl: null, webhookSecret: null }).where(eq(users.id, userId));
    return { url: null };
  }
}

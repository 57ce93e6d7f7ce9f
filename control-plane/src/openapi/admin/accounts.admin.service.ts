/**
 * Operators' side of accounts: registering platform accounts (until edge and
 * desktop nodes report their own, next layer) and CMS sites, presets, and
 * removal. CMS credentials (site URL, user, password) are sealed before they
 * reach the database and are never returned by any API.
 */
import { type ContentType, isCmsPlatform, platformById, validateSettingsLayer } from '@plume/shared';
import { adminError } from '../../admin/admin.errors.js';
import type { Sealer } from '../../crypto/seal.js';
import type { Db } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import { type AccountRecord, accountsRepository } from '../accounts.repository.js';
import { nodesRepository } from '../nodes.repository.js';
import { missingUserIds } from './admin-lookups.repository.js';

/** Additional authenticated data of sealed CMS credentials: they open only as what they are. */
export const CMS_CREDENTIALS_AAD = 'plume:cms-site-credentials:v1';

export interface NewAccountInput {
  platform: string;
  displayName: string;
  executor: 'web' | 'desktop' | 'edge';
  nodeId?: string | undefined;
  loginState?: 'logged_in' | 'logged_out' | 'unknown' | undefined;
  externalRef?: string | undefined;
}

export interface NewCmsSiteInput {
  type: 'wordpress' | 'metaweblog';
  displayName: string;
  siteUrl: string;
  username: string;
  password: string;
}

export class AccountsAdminService {
  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
    private readonly now: () => Date,
  ) {}

  private async requireUser(userId: number): Promise<void> {
    if ((await missingUserIds(this.db, [userId])).length) throw adminError('NOT_FOUND', `No user ${userId}`);
  }

  private async presetsOf(ids: number[]) {
    const all = await accountsRepository.allPresets(this.db, ids);
    return (id: number) => Object.fromEntries(all.filter((p) => p.accountId === id).map((p) => [p.contentType, p.settings]));
  }

  private view(a: AccountRecord, presets: Record<string, unknown>) {
    return {
      id: a.id,
      userId: a.userId,
      platform: a.platform,
      category: isCmsPlatform(a.platform) ? 'cms' : 'content',
      displayName: a.displayName,
      executor: a.executor,
      nodeId: a.nodeId,
      loginState: a.loginState,
      paired: a.paired,
      createdAt: a.createdAt.toISOString(),
      removedAt: a.removedAt?.toISOString() ?? null,
      presets,
    };
  }

  private async get(accountId: number) {
    const account = await accountsRepository.get(this.db, accountId);
    if (!account) throw adminError('NOT_FOUND', `No account ${accountId}`);
    return this.view(account, (await this.presetsOf([accountId]))(accountId));
  }

  async createAccount(userId: number, input: NewAccountInput) {
    await this.requireUser(userId);
    if (!platformById(input.platform)) throw new ApiError('UNKNOWN_PLATFORM', `No platform has the code '${input.platform}' (see GET /api/openapi/v1/meta)`, 400);
    if (isCmsPlatform(input.platform)) {
      throw new ApiError('USE_CMS_SITES', `${input.platform} is a CMS site type: register it with POST /api/admin/users/${userId}/cms-sites`, 400);
    }
    if (input.executor !== 'web' && !input.nodeId) throw new ApiError('NODE_REQUIRED', `A ${input.executor} account lives on a node: send nodeId`, 400);
    if (input.nodeId) {
      const node = await nodesRepository.get(this.db, input.nodeId);
      if (!node) throw new ApiError('NODE_NOT_FOUND', `No node ${input.nodeId}`, 404);
      if (node.kind !== input.executor) {
        throw new ApiError('NODE_KIND_MISMATCH', `Node ${node.id} is a ${node.kind} node; an account on it has executor ${node.kind}`, 400);
      }
      if (node.kind !== 'web' && !(await nodesRepository.isAuthorized(this.db, node.id, userId))) {
        throw new ApiError('NODE_NOT_AUTHORIZED', `Node ${node.id} does not serve user ${userId}; authorize it for the user first`, 400);
      }
    }
    let id: number;
    try {
      id = await accountsRepository.insert(this.db, {
        userId,
        platform: input.platform,
        displayName: input.displayName,
        executor: input.executor,
        nodeId: input.nodeId ?? null,
        loginState: input.loginState ?? 'unknown',
        externalRef: input.externalRef ?? null,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError('ACCOUNT_EXISTS', `Node ${input.nodeId} already has an account with externalRef ${input.externalRef}`, 409);
      throw error;
    }
    return this.get(id);
  }

  async createCmsSite(userId: number, input: NewCmsSiteInput) {
    await this.requireUser(userId);
    const credentials = JSON.stringify({ type: input.type, siteUrl: input.siteUrl, username: input.username, password: input.password });
    const id = await accountsRepository.insert(this.db, {
      userId,
      platform: input.type,
      displayName: input.displayName,
      executor: 'web',
      nodeId: null,
      loginState: 'logged_in',
      // The URL is sealed with the credentials; the plain column stays empty.
      siteUrl: null,
      credentialsSealed: await this.sealer.seal(credentials, CMS_CREDENTIALS_AAD),
      paired: true,
    });
    return this.get(id);
  }

  async list(userId: number) {
    await this.requireUser(userId);
    const list = await accountsRepository.listAllForUser(this.db, userId);
    const presets = await this.presetsOf(list.map((a) => a.id));
    return list.map((a) => this.view(a, presets(a.id)));
  }

  async remove(accountId: number) {
    const removedAt = await accountsRepository.markRemoved(this.db, accountId, this.now());
    if (!removedAt) throw adminError('NOT_FOUND', `No account ${accountId}`);
    return this.get(accountId);
  }

  async putPreset(accountId: number, contentType: ContentType, settings: Record<string, unknown>) {
    const account = await accountsRepository.get(this.db, accountId);
    if (!account) throw adminError('NOT_FOUND', `No account ${accountId}`);
    if (account.removedAt) throw new ApiError('ACCOUNT_REMOVED', `Account ${accountId} was removed`, 409);
    const issues = validateSettingsLayer(contentType, account.platform, settings, 'settings');
    if (issues.length) {
      const deprecated = issues.some((i) => i.code === 'deprecated_field');
      throw new ApiError(deprecated ? 'DEPRECATED_FIELD' : 'INVALID_SETTINGS', issues.map((i) => i.message).join('; '), 400);
    }
    await accountsRepository.putPreset(this.db, accountId, contentType, settings, this.now());
    return this.get(accountId);
  }
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

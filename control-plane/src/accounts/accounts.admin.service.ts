/**
 * Operators' side of accounts: registering CMS sites, presets, removal and
 * the list. Platform accounts are created only by their node's report (the
 * node is the source of truth for them and their login state), never here.
 * CMS credentials (site URL, user, password) are sealed before they reach the
 * database and are never returned by any API.
 */
import { CONTENT_TYPES, type ContentType, fieldsFor, isCmsPlatform, SETTINGS_CONTRACT_VERSION, type SettingField, validateSettingsLayer } from '@plume/shared';
import { adminError } from '../http/admin-errors.js';
import type { Sealer } from '../crypto/seal.js';
import type { Db } from '../db/client.js';
import { standingOfAccount } from './account.view.js';
import { type AccountRecord, accountsRepository } from './accounts.repository.js';
import { egressRepository } from './egress.repository.js';
import { missingUserIds } from '../integrators/admin-lookups.repository.js';

/** Additional authenticated data of sealed CMS credentials: they open only as what they are. */
export const CMS_CREDENTIALS_AAD = 'plume:cms-site-credentials:v1';

export interface NewCmsSiteInput {
  type: 'wordpress' | 'metaweblog';
  displayName: string;
  siteUrl: string;
  username: string;
  password: string;
}

/** Where an account publishes from, in short (GET …/egress has every change). */
interface EgressView {
  network: string | null;
  since: string | null;
  lastChange: { at: string; from: string; to: string } | null;
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

  private async egressOf(ids: number[]): Promise<(id: number) => EgressView> {
    const all = await egressRepository.summaries(this.db, ids);
    return (id: number) => {
      const e = all.get(id);
      return e
        ? { network: e.network, since: e.since.toISOString(), lastChange: e.lastChange && { at: e.lastChange.at.toISOString(), from: e.lastChange.from, to: e.lastChange.to } }
        : { network: null, since: null, lastChange: null };
    };
  }

  private view(a: AccountRecord, presets: Record<string, Record<string, unknown>>, egress: EgressView) {
    return {
      id: a.id,
      userId: a.userId,
      platform: a.platform,
      category: isCmsPlatform(a.platform) ? ('cms' as const) : ('content' as const),
      displayName: a.displayName,
      executor: a.executor,
      nodeId: a.nodeId,
      loginState: a.loginState,
      paired: a.paired,
      // What the settings contract lets a preset exist for (GET …/presets/{contentType}).
      contentTypes: CONTENT_TYPES.filter((type) => fieldsFor(type, a.platform) !== undefined),
      createdAt: a.createdAt.toISOString(),
      removedAt: a.removedAt?.toISOString() ?? null,
      presets,
      health: standingOfAccount(a, isCmsPlatform(a.platform)),
      // CMS sites publish from the control plane itself: no node, no egress of their own.
      egress: isCmsPlatform(a.platform) ? null : egress,
    };
  }

  private async get(accountId: number) {
    const account = await accountsRepository.get(this.db, accountId);
    if (!account) throw adminError('NOT_FOUND', `No account ${accountId}`);
    return this.view(account, (await this.presetsOf([accountId]))(accountId), (await this.egressOf([accountId]))(accountId));
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
    const ids = list.map((a) => a.id);
    const [presets, egress] = await Promise.all([this.presetsOf(ids), this.egressOf(ids)]);
    return list.map((a) => this.view(a, presets(a.id), egress(a.id)));
  }

  async remove(accountId: number) {
    const removedAt = await accountsRepository.markRemoved(this.db, accountId, this.now());
    if (!removedAt) throw adminError('NOT_FOUND', `No account ${accountId}`);
    return this.get(accountId);
  }

  /**
   * An account's preset for one content type beside the fields the settings
   * contract lets it hold there (the console's preset form is built from them).
   */
  async getPreset(accountId: number, contentType: ContentType): Promise<{ account: ReturnType<AccountsAdminService['view']>; fields: SettingField[]; settingsContractVersion: string }> {
    const account = await this.get(accountId);
    const fields = fieldsFor(contentType, account.platform);
    if (!fields) throw adminError('INVALID_REQUEST', `${account.platform} takes no ${contentType} settings`);
    return { account, fields, settingsContractVersion: SETTINGS_CONTRACT_VERSION };
  }

  async putPreset(accountId: number, contentType: ContentType, settings: Record<string, unknown>) {
    const account = await accountsRepository.get(this.db, accountId);
    if (!account) throw adminError('NOT_FOUND', `No account ${accountId}`);
    if (account.removedAt) throw adminError('ACCOUNT_REMOVED', `Account ${accountId} was removed`);
    const issues = validateSettingsLayer(contentType, account.platform, settings, 'settings');
    if (issues.length) {
      const deprecated = issues.some((i) => i.code === 'deprecated_field');
      throw adminError(deprecated ? 'DEPRECATED_FIELD' : 'INVALID_SETTINGS', issues.map((i) => i.message).join('; '));
    }
    await accountsRepository.putPreset(this.db, accountId, contentType, settings, this.now());
    return this.get(accountId);
  }
}

/**
 * What a publish plan is made of (publish-plan.ts builds it; the checks,
 * the preflight answer and the publish service read it).
 */
import type { ContentType, Executor, SettingsLayer, SettingsMode } from '@plume/shared';
import type { AccountRecord } from '../../accounts/accounts.repository.js';
import type { UnpublishableReason } from '../../accounts/account-resolution.js';
import type { OpenApiErrorCode } from '../../http/openapi-errors.js';
import type { QuotaBucket } from '../../integrators/integrators.schema.js';
import type { IgnoredSetting } from './ignored-settings.js';
import type { PublishContent } from './publish-content.js';
import type { FieldSource } from './target-settings.js';

export interface Problem {
  code: OpenApiErrorCode;
  message: string;
  accountId: number | null;
}

export interface PlannedTarget {
  account: AccountRecord;
  executor: Executor;
  nodeId: string | null;
  bucket: QuotaBucket;
  /** Frozen: shared with other plans of the same request shape (target-settings.ts). */
  settings: Readonly<Record<string, unknown>>;
  settingsSource: readonly SettingsLayer[];
  fieldSources: Readonly<Record<string, FieldSource>>;
  settingsHash: string;
  /** Fields of `settings` the target's executor does not apply (reported, still frozen into the job). */
  ignoredSettings: readonly IgnoredSetting[];
  publishable: boolean;
  /** Why not publishable, as GET /accounts names them (empty when publishable). */
  unpublishableReasons: readonly UnpublishableReason[];
  executorOnline: boolean;
  problems: readonly Problem[];
}

export interface AwaitingItem {
  code: string;
  message: string;
  accountIds: number[];
}

export interface Plan {
  contentType: ContentType;
  executor: Executor;
  settingsMode: SettingsMode;
  content: PublishContent;
  targets: PlannedTarget[];
  awaiting: AwaitingItem[];
  hash: string;
  /**
   * Set when the accounts came from the accounts cache: what the plan judged
   * them by, for the publish statement to check against the database
   * (publish.repository.ts PUBLISH_WRITES; judgedAccounts builds the rows,
   * only publish needs them); null when they were read fresh.
   */
  cached: { presetsOf: ContentType | null; presets: ReadonlyMap<number, unknown> } | null;
}

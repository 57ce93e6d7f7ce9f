/**
 * Fixed routing (spec: Account, "executor resolved from current configuration;
 * fixed routing cannot be bypassed"). An account's executor is where it lives:
 * the node whose browser holds its login, or the in-process web executor for
 * CMS sites. For a content type the account's executor is used when the
 * catalog allows it for that platform and type, and nothing else ever is.
 * Pure: the account list and the publish planner both call it.
 */
import { type ContentType, CONTENT_TYPES, type Executor, executorsFor, isCmsPlatform, platformById, supports } from '@plume/shared';
import type { AccountRecord } from './accounts.repository.js';
import { PerObjectMemo } from './per-object-memo.js';

export const UNPUBLISHABLE_REASONS = [
  'unknown_platform',
  'content_type_not_supported',
  'executor_not_supported',
  'not_paired',
  'logged_out',
  'login_unknown',
  'no_node',
  'node_not_authorized',
  'node_revoked',
] as const;
export type UnpublishableReason = (typeof UNPUBLISHABLE_REASONS)[number];

export interface ResolvedAccount {
  /** The executor for the type (or, without a type, where the account lives); null when the catalog allows none. */
  executor: Executor | null;
  publishable: boolean;
  reasons: UnpublishableReason[];
  executorOnline: boolean;
  /** Content types this account can publish with its executor. */
  contentTypes: ContentType[];
  cms: boolean;
}

/** Reasons that are about the request (type or routing), not the account's current state. */
export const ROUTING_REASONS: ReadonlySet<UnpublishableReason> = new Set(['unknown_platform', 'content_type_not_supported', 'executor_not_supported']);

export function executorOnline(account: AccountRecord): boolean {
  // CMS plugins run inside the control plane: always there.
  if (isCmsPlatform(account.platform)) return true;
  return account.node?.online === true;
}

/** Why the account cannot publish right now, whatever the content type. */
function stateReasons(account: AccountRecord): UnpublishableReason[] {
  const reasons: UnpublishableReason[] = [];
  if (!account.paired) reasons.push('not_paired');
  if (isCmsPlatform(account.platform)) return reasons;
  if (account.loginState === 'logged_out') reasons.push('logged_out');
  if (account.loginState === 'unknown') reasons.push('login_unknown');
  if (!account.nodeId || !account.node) reasons.push('no_node');
  else if (account.node.status === 'revoked') reasons.push('node_revoked');
  else if (account.executor !== 'web' && !account.node.authorized) reasons.push('node_not_authorized');
  return reasons;
}

/**
 * Resolutions of frozen records (the accounts cache freezes every record it
 * shares), per record and content type: a preflight asks the same record up
 * to six times. A record that is not frozen may still change, so it is
 * resolved afresh on every call.
 */
const resolvedOf = new PerObjectMemo<ContentType | undefined, ResolvedAccount>();

export function resolveAccount(account: AccountRecord, contentType?: ContentType): ResolvedAccount {
  if (!Object.isFrozen(account)) return resolveNow(account, contentType);
  return resolvedOf.get(account, contentType, () => {
    const resolved = resolveNow(account, contentType);
    Object.freeze(resolved.reasons);
    Object.freeze(resolved.contentTypes);
    return Object.freeze(resolved);
  });
}

function resolveNow(account: AccountRecord, contentType?: ContentType): ResolvedAccount {
  const cms = isCmsPlatform(account.platform);
  const contentTypes = CONTENT_TYPES.filter((t) => executorsFor(account.platform, t).includes(account.executor));
  const online = executorOnline(account);
  if (!platformById(account.platform)) {
    return { executor: null, publishable: false, reasons: ['unknown_platform'], executorOnline: online, contentTypes: [], cms };
  }
  const reasons: UnpublishableReason[] = [];
  let executor: Executor | null = account.executor;
  if (contentType) {
    if (!supports(account.platform, contentType)) {
      reasons.push('content_type_not_supported');
      executor = null;
    } else if (!executorsFor(account.platform, contentType).includes(account.executor)) {
      reasons.push('executor_not_supported');
      executor = null;
    }
  } else if (contentTypes.length === 0) {
    reasons.push('executor_not_supported');
  }
  reasons.push(...stateReasons(account));
  return { executor, publishable: reasons.length === 0, reasons, executorOnline: online, contentTypes, cms };
}

export const REASON_TEXT: Record<UnpublishableReason, string> = {
  unknown_platform: 'the platform is not in the catalog',
  content_type_not_supported: 'the platform does not take this content type',
  executor_not_supported: "the account's executor is not allowed for this platform and content type",
  not_paired: 'the account (or CMS site) is not paired',
  logged_out: 'the account is logged out on its node; log in again in the web or desktop application',
  login_unknown: 'the node has not reported the login state of this account yet',
  no_node: 'the account is not bound to an execution node',
  node_not_authorized: "the account's node is not authorized for this user",
  node_revoked: "the account's node was revoked",
};

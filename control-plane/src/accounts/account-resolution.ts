/**
 * Fixed routing: the executor is resolved from the current configuration and
 * cannot be bypassed. An account's executor is where it lives:
 * the node whose browser holds its login (for `web`, a node of the
 * operator's web pool, which the pool may move it off with its sealed
 * browser state: web-pool.repository.ts), or the in-process web executor for
 * CMS sites. For a content type the account's executor is used when the
 * catalog allows it for that platform and type, and nothing else ever is.
 * And it is publishable only for what that executor can actually run: the
 * (platform × content type) adapters its node last reported (CMS site
 * plugins run in process and publish articles, always).
 * Pure: the account list and the publish planner both call it.
 */
import {
  type AdapterGap,
  adapterSupport,
  type ContentType,
  CONTENT_TYPES,
  type Executor,
  executorsFor,
  type LoginState,
  isCmsPlatform,
  platformById,
  type SiteCheck,
  supports,
} from '@plume/shared';
import type { AccountRecord } from './accounts.repository.js';
import { PerObjectMemo } from './per-object-memo.js';

export const UNPUBLISHABLE_REASONS = [
  'unknown_platform',
  'content_type_not_supported',
  'executor_not_supported',
  'platform_unsupported_by_node',
  'content_type_unsupported_by_node',
  'node_adapters_unreported',
  'not_paired',
  'logged_out',
  'login_unknown',
  'no_node',
  'node_not_authorized',
  'node_revoked',
  'site_check_failed',
  'web_node_unavailable',
  'license_exhausted',
  'license_expired',
  'license_revoked',
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

/** Reasons that are about what the account's node can run (its last capabilities report). */
export const NODE_ADAPTER_REASONS: ReadonlySet<UnpublishableReason> = new Set<AdapterGap>([
  'platform_unsupported_by_node',
  'content_type_unsupported_by_node',
  'node_adapters_unreported',
]);

/**
 * Why the account's node cannot run `contentType` on the account's platform,
 * or null when it can (or there is no node to judge: CMS sites run in
 * process, and an account without a node has its own reason).
 */
export function nodeAdapterGap(account: AccountRecord, contentType: ContentType): AdapterGap | null {
  if (isCmsPlatform(account.platform) || !account.node) return null;
  const support = adapterSupport(account.node.capabilities, account.platform, contentType);
  return support.ok ? null : support.gap;
}

/**
 * The settings fields the executor of the account applies for the type,
 * from its node's report; null when it cannot run the type (or there is no
 * node). CMS sites are answered by the caller (the plugins live in process).
 */
export function nodeAppliedSettings(account: AccountRecord, contentType: ContentType): readonly string[] | null {
  if (!account.node) return null;
  const support = adapterSupport(account.node.capabilities, account.platform, contentType);
  return support.ok ? support.settings : null;
}

export function executorOnline(account: AccountRecord): boolean {
  // CMS plugins run inside the control plane: always there.
  if (isCmsPlatform(account.platform)) return true;
  return account.node?.online === true;
}

/**
 * The login state the account list shows. A node reports `unsupported_platform` for an account
 * on a platform it has no adapter for; a node that predates that state reports `unknown` for
 * it, and its capabilities (no adapter for the platform) tell the same.
 */
export function loginStateOf(account: AccountRecord): LoginState {
  if (account.loginState !== 'unknown' || !account.node || isCmsPlatform(account.platform)) return account.loginState;
  const support = adapterSupport(account.node.capabilities, account.platform, 'article');
  return !support.ok && support.gap === 'platform_unsupported_by_node' ? 'unsupported_platform' : 'unknown';
}

/** Why the account cannot publish right now, whatever the content type. */
function stateReasons(account: AccountRecord, reasons: UnpublishableReason[]): void {
  if (!account.paired) reasons.push('not_paired');
  if (isCmsPlatform(account.platform)) return;
  const login = loginStateOf(account);
  if (login === 'logged_out') reasons.push('logged_out');
  if (login === 'unknown') reasons.push('login_unknown');
  // The node cannot check (or publish) this platform: that is the reason, not an unreported login.
  if (login === 'unsupported_platform' && !reasons.includes('platform_unsupported_by_node')) reasons.push('platform_unsupported_by_node');
  if (!account.nodeId || !account.node) reasons.push('no_node');
  else if (account.node.status === 'revoked') reasons.push('node_revoked');
  else {
    if (!account.node.authorized) reasons.push('node_not_authorized');
    // The web pool publishes only through a web node that is there now: an offline or draining one
    // hands its accounts on (web-pool.repository.ts) rather than keep them waiting.
    if (account.executor === 'web' && !account.node.online) reasons.push('web_node_unavailable');
  }
  // A desktop node whose identity is a license device publishes only while that license can be used.
  if (account.node?.license) reasons.push(account.node.license);
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
  const routable = CONTENT_TYPES.filter((t) => executorsFor(account.platform, t).includes(account.executor));
  // What the node runs narrows what routing allows; without a node there is nothing to narrow (no_node says why).
  const contentTypes = routable.filter((t) => nodeAdapterGap(account, t) === null);
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
    } else {
      const gap = nodeAdapterGap(account, contentType);
      if (gap) reasons.push(gap);
    }
  } else if (routable.length === 0) {
    reasons.push('executor_not_supported');
  } else if (contentTypes.length === 0) {
    // The node runs none of the types routing allows here: say why for the first of them.
    reasons.push(nodeAdapterGap(account, routable[0]!)!);
  }
  stateReasons(account, reasons);
  if (contentType && failedSiteCheck(account, contentType)) reasons.push('site_check_failed');
  return { executor, publishable: reasons.length === 0, reasons, executorOnline: online, contentTypes, cms };
}

/**
 * The node's last site check of this account's platform and `contentType`, when it
 * failed: the site no longer looks the way the adapter expects, so jobs would fail
 * (or worse, fill the wrong field) until a later check passes.
 */
export function failedSiteCheck(account: AccountRecord, contentType: ContentType): SiteCheck | undefined {
  const checks = account.node?.capabilities.siteChecks;
  if (!Array.isArray(checks)) return undefined;
  return checks.find((c) => c.platform === account.platform && c.contentType === contentType && c.status === 'failed');
}

/** One line for people: what the failed check saw. */
export function siteCheckText(check: SiteCheck): string {
  return `the node's last site check of ${check.platform} ${check.contentType} (${check.checkedAt}) failed at step ${check.step ?? '?'}: ${check.message ?? check.code ?? 'no detail'}; publishing resumes once a check passes (plume-edge check)`;
}

export const REASON_TEXT: Record<UnpublishableReason, string> = {
  unknown_platform: 'the platform is not in the catalog',
  content_type_not_supported: 'the platform does not take this content type',
  executor_not_supported: "the account's executor is not allowed for this platform and content type",
  platform_unsupported_by_node: "the account's node runs no adapter for this platform (see capabilities.adapters in GET /execution-nodes)",
  content_type_unsupported_by_node: "the account's node publishes other content types on this platform (see capabilities.adapters in GET /execution-nodes)",
  node_adapters_unreported:
    "the account's node has not reported which platforms and content types it runs (a version that predates that report); update and restart it",
  not_paired: 'the account (or CMS site) is not paired',
  logged_out: "the account's session on its node ended (logged out or expired); log it in again on that node (plume-edge accounts relogin, or the web or desktop application)",
  login_unknown: 'the node has not reported the login state of this account yet',
  no_node: 'the account is not bound to an execution node',
  node_not_authorized: "the account's node is not authorized for this user",
  node_revoked: "the account's node was revoked",
  site_check_failed: "the node's last check of this platform and content type found the site changed (plume-edge check)",
  web_node_unavailable:
    "the account's web node is offline or draining; the service moves the account, with its browser state, to another web node that serves you and runs this platform as soon as one is online",
  license_exhausted: "the license code of the account's desktop executor has no uses left; the operator issues a new code, and the desktop application enrolls with it",
  license_expired:
    "the license of the account's desktop executor has expired (a TIME code past its end, or the application was away longer than its session may be renewed); enroll the application again, with a new code if the old one ended",
  license_revoked: "the license of the account's desktop executor was revoked (its device or code revoked or disabled, its project disabled, or its application version banned)",
};

/**
 * The per-target checks of a publish plan (see publish-plan.ts for which
 * failures are immediate errors and which are reported problems). Pure apart
 * from reading the account record they are given.
 */
import { type ContentType, type Executor, nodeContentTypes, platformById, platformContract, PLATFORMS, type SettingsIssue, supports } from '@plume/shared';
import type { ApiCaller } from '../../integrators/auth.js';
import { failedSiteCheck, NODE_ADAPTER_REASONS, nodeAdapterGap, REASON_TEXT, resolveAccount, ROUTING_REASONS, siteCheckText, type UnpublishableReason } from '../../accounts/account-resolution.js';
import type { AccountRecord } from '../../accounts/accounts.repository.js';
import { openapiError } from '../../http/openapi-errors.js';
import { PerObjectMemo } from '../../accounts/per-object-memo.js';
import { desktopPathProblem, edgePathProblem } from './paths.js';
import type { PublishContent } from './publish-content.js';
import type { AwaitingItem, PlannedTarget, Problem } from './plan.types.js';

const DYNAMIC_PLATFORMS = PLATFORMS.filter((p) => supports(p.id, 'dynamic')).map((p) => p.id);
const NOUN: Record<ContentType, string> = { article: 'articles', dynamic: 'dynamics', video: 'videos' };

/** Routing: the catalog, the account's fixed executor, and CMS permission. Throws when the request cannot be routed. */
export function checkRoute(caller: ApiCaller, account: AccountRecord, contentType: ContentType, requested: Executor): Executor {
  const resolved = resolveAccount(account, contentType);
  const where = `account ${account.id} (${account.platform})`;
  if (resolved.reasons.includes('unknown_platform')) throw openapiError('unknown_platform', `${where}: platform is not in the catalog`);
  if (resolved.reasons.includes('content_type_not_supported')) {
    const hint = contentType === 'dynamic' ? `; dynamics exist on ${DYNAMIC_PLATFORMS.join(', ')} only and never fall back to articles` : '';
    throw openapiError('content_type_not_supported', `${where}: ${account.platform} does not publish ${NOUN[contentType]}${hint}`);
  }
  if (resolved.executor === null) {
    const allowed = platformById(account.platform)!;
    const list = contentType === 'video' ? allowed.video_executors : allowed.article_executors;
    throw openapiError(
      'executor_not_supported',
      `${where}: ${account.platform} ${NOUN[contentType]} are published only by ${list.join(' or ')}, and this account lives on ${account.executor}`,
    );
  }
  if (requested !== resolved.executor) {
    throw openapiError(
      'executor_mismatch',
      `${where} is published by its ${resolved.executor} executor (where the account lives); executor=${requested} cannot be used for it: fixed routing cannot be bypassed`,
    );
  }
  if (resolved.cms && (!caller.permissions.has('cms') || !caller.plan.cmsEnabled)) {
    throw openapiError('cms_not_permitted', `${where}: publishing to CMS sites needs the plan's CMS permission and a key with the 'cms' permission`);
  }
  return resolved.executor;
}

/** How the node's own report is shown in a refusal: what it runs on the platform, if anything. */
function reportedRuns(account: AccountRecord): string {
  const here = nodeContentTypes(account.node!.capabilities, account.platform);
  return here.length ? `on ${account.platform} it runs ${here.map((t) => NOUN[t]).join(' and ')} only` : `it runs no ${account.platform} adapter`;
}

/**
 * What the executing node must be able to do; these answer 422 even when the
 * node is offline (the capabilities are what it last reported), before any
 * quota is taken.
 */
export function checkCapabilities(account: AccountRecord, contentType: ContentType): void {
  const node = account.node;
  if (!node || resolveAccount(account).cms) return;
  if (node.capabilities.publishSettingsSnapshot !== 1) {
    throw openapiError(
      'settings_executor_upgrade_required',
      `The ${node.kind} executor ${node.id} of account ${account.id} cannot run jobs with frozen settings (capabilities.publishSettingsSnapshot is not 1). Update and restart the executor, then preflight again; do not switch to another route or delete the account.`,
    );
  }
  if (contentType === 'video' && node.capabilities.localVideoFile !== 1) {
    throw openapiError('capability_missing', `The ${node.kind} executor ${node.id} of account ${account.id} does not publish local video files (capabilities.localVideoFile is not 1)`);
  }
  const gap = nodeAdapterGap(account, contentType);
  if (gap === 'node_adapters_unreported') {
    throw openapiError(
      gap,
      `The ${node.kind} executor ${node.id} of account ${account.id} has not reported which platforms and content types it runs (capabilities.adapters): it predates that report. Update and restart it, then preflight again.`,
    );
  }
  if (gap) {
    throw openapiError(
      gap,
      `The ${node.kind} executor ${node.id} of account ${account.id} cannot publish ${account.platform} ${NOUN[contentType]}: ${reportedRuns(account)} (capabilities.adapters in GET /execution-nodes). Use an account on an executor that runs it, or update the executor.`,
    );
  }
}

/** Which code a refused path answers, by the request field that carries it. */
function pathCode(field: string, contentType: ContentType): 'cover_path_invalid' | 'image_path_invalid' | 'video_path_invalid' {
  if (field === 'coverImage' || field === 'coverImagePath') return 'cover_path_invalid';
  return contentType === 'dynamic' ? 'image_path_invalid' : 'video_path_invalid';
}

/**
 * Every local path a job carries, checked for its executor; the refusal names
 * the path (the caller's own). An article's cover on the web executor is
 * cover-checks.ts' call: that executor reads it only when the cover is used.
 */
export function checkPaths(caller: ApiCaller, account: AccountRecord, executor: Executor, content: PublishContent, contentType: ContentType): void {
  for (const { field, path } of content.localPaths) {
    if (field === 'coverImage' && executor === 'web') continue;
    let problem: string | null;
    if (executor === 'edge') problem = edgePathProblem(path, caller.userId, account.node?.capabilities.videoDir);
    else if (executor === 'desktop') problem = desktopPathProblem(path, account.node?.capabilities.os);
    else problem = 'cannot be used with executor web: local files exist only on edge and desktop executors';
    if (problem) throw openapiError(pathCode(field, contentType), `${field} ${shown(path)} ${problem} (account ${account.id}, executor ${executor})`);
  }
  if (contentType === 'article') checkBodyPictures(caller, account, executor, content);
}

/**
 * Whether the platform's edge adapter uploads the local pictures of an
 * article's body from the node's disk (through the media sandbox): not where
 * the editor takes pictures by web address only (checkLimits refuses local
 * ones there) nor where it takes none (inlineImages).
 */
function uploadsLocalPictures(platform: string): boolean {
  const contract = platformContract('article', platform);
  return contract !== undefined && contract.limits.inlinePictures === undefined && !contract.fields.some((f) => f.key === 'inlineImages');
}

/**
 * The pictures of an article's body that name files, checked for the
 * target's executor as checkPaths checks the request's own paths. A Windows
 * path is no picture for the web or edge executors, nor for a desktop on
 * macOS or Linux: they render the Markdown with the shared renderer, which
 * shows such a picture as its alt text (a Windows desktop reads its own
 * computer's files, so it is left to that). On edge, a platform whose adapter uploads local
 * pictures opens each one through the node's media sandbox, which refuses
 * any path that is not absolute and inside the owner's media directory. The
 * web executor has no files of the user's at all.
 */
function checkBodyPictures(caller: ApiCaller, account: AccountRecord, executor: Executor, content: PublishContent): void {
  const where = `account ${account.id} (${account.platform}), executor ${executor}`;
  const windows = content.windowsPictures;
  const windowsDesktop = executor === 'desktop' && (account.node?.capabilities.os ?? 'windows') === 'windows';
  if (!windowsDesktop && windows.length > 0) {
    const n = windows.length;
    throw openapiError(
      'image_path_invalid',
      `The article's body has ${n === 1 ? 'a picture' : `${n} pictures`} given as a Windows path: ${pictureList(windows)} (${where}). The ${executor} executor runs on ${executor === 'desktop' && account.node?.capabilities.os === 'macos' ? 'macOS' : 'Linux'} and cannot read ${n === 1 ? 'it' : 'them'}, and the article would go out with ${n === 1 ? 'its' : 'their'} alt text instead; use a web (https) address${executor === 'edge' ? ` or an absolute path inside PLUME_EDGE_VIDEO_DIR/${caller.userId}/ on the node` : ''}`,
    );
  }
  if (executor === 'desktop' || !uploadsLocalPictures(account.platform)) return;
  if (executor === 'web' && content.localPictures.length > 0) {
    const n = content.localPictures.length;
    throw openapiError(
      'image_path_invalid',
      `The article's body has ${n === 1 ? 'a picture' : `${n} pictures`} given as a local path: ${pictureList(content.localPictures)} (${where}). Local files exist only on edge and desktop executors; use a web (https) address, or an edge account with the file inside PLUME_EDGE_VIDEO_DIR/${caller.userId}/ on its node`,
    );
  }
  const refused = content.localPictures.flatMap((path) => {
    const problem = edgePathProblem(path, caller.userId, account.node?.capabilities.videoDir);
    return problem ? [{ path, problem }] : [];
  });
  const first = refused[0];
  if (first) {
    const rest = refused.slice(1).map((r) => r.path);
    const more = rest.length ? `; ${rest.length === 1 ? 'one more is' : `${rest.length} more are`} refused too: ${pictureList(rest)}` : '';
    throw openapiError('image_path_invalid', `The picture ${shown(first.path)} in the article's body ${first.problem} (${where})${more}. Give each such picture a path of that form, or a web (https) address`);
  }
}

/** The path as the caller sent it, quoted (control characters escaped), cut to a readable length. */
const shown = (path: string) => JSON.stringify(path.length > 300 ? `${path.slice(0, 300)}…` : path);

/** Characters as platforms count them: code points (an emoji is one), which never exceed UTF-16 units. */
function characters(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Up to five pictures, quoted, then how many more. */
function pictureList(pictures: readonly string[]): string {
  const named = pictures.slice(0, 5).map(shown).join(', ');
  return pictures.length > 5 ? `${named} and ${pictures.length - 5} more` : named;
}

/** Platform limits on the content (throws content_limit_exceeded, local_picture_unsupported); returns the cover rule as a settings issue. */
export function checkLimits(account: AccountRecord, contentType: ContentType, content: PublishContent, settings: Record<string, unknown>): SettingsIssue[] {
  const limits = platformContract(contentType, account.platform)!.limits;
  const where = `account ${account.id} (${account.platform})`;
  const over = (what: string, n: number, max: number) =>
    openapiError('content_limit_exceeded', `${where}: ${what} has ${n} characters; ${account.platform} accepts at most ${max}`);
  const title = content.title;
  if (title !== null && limits.titleMaxLength !== undefined && characters(title) > limits.titleMaxLength) throw over('title', characters(title), limits.titleMaxLength);
  if (title !== null && limits.titleMinLength !== undefined && characters(title.trim()) < limits.titleMinLength) {
    throw openapiError('content_limit_exceeded', `${where}: title has ${characters(title.trim())} characters; ${account.platform} needs at least ${limits.titleMinLength}`);
  }
  if (contentType === 'dynamic') {
    const text = content.text ?? '';
    if (limits.contentMaxLength !== undefined && text.length > limits.contentMaxLength && characters(text) > limits.contentMaxLength) {
      throw over('content', characters(text), limits.contentMaxLength);
    }
    if (limits.minImages !== undefined && content.imageCount < limits.minImages) {
      throw openapiError('content_limit_exceeded', `${where}: ${account.platform} dynamics need at least ${limits.minImages} image(s) in images`);
    }
    if (limits.maxImages !== undefined && content.imageCount > limits.maxImages) {
      throw openapiError('content_limit_exceeded', `${where}: ${account.platform} dynamics take at most ${limits.maxImages} images`);
    }
  }
  if (limits.inlinePictures === 'web_addresses_only' && content.localPictures.length > 0) {
    const n = content.localPictures.length;
    throw openapiError(
      'local_picture_unsupported',
      `${where}: ${account.platform} takes the pictures in an article's body by web address (http, https) only, and this article's body has ${n === 1 ? 'one that is' : `${n} that are`} not: ${pictureList(content.localPictures)}. Put ${n === 1 ? 'it' : 'them'} on the web and use ${n === 1 ? 'its address' : 'their addresses'}, or remove ${n === 1 ? 'it' : 'them'}`,
    );
  }
  const issues: SettingsIssue[] = [];
  if (settings.coverMode === 'custom' && !content.hasCover) {
    const source = contentType === 'article' ? "the article has no coverImage" : 'coverImagePath is missing';
    issues.push({ code: 'invalid_settings', field: 'coverMode', message: `${where}: coverMode custom needs a cover, but ${source}` });
  }
  // A platform whose editor takes no pictures in the body (its contract offers inlineImages) publishes such an article only when told to drop them.
  const inline = platformContract(contentType, account.platform)!.fields.find((f) => f.key === 'inlineImages');
  if (inline && content.inlineImages && (settings.inlineImages ?? inline.default) !== 'drop') {
    issues.push({
      code: 'invalid_settings',
      field: 'inlineImages',
      message: `${where}: ${account.platform}'s editor takes no pictures in the article's body and this article has some; send inlineImages "drop" to publish it without them, or remove them`,
    });
  }
  return issues;
}

function reasonText(reason: UnpublishableReason, account: AccountRecord, contentType: ContentType): string {
  const check = reason === 'site_check_failed' ? failedSiteCheck(account, contentType) : undefined;
  return check ? siteCheckText(check) : REASON_TEXT[reason];
}

export interface StateProblems {
  problems: readonly Problem[];
  publishable: boolean;
  /** Why not publishable (the reasons behind account_not_publishable), as GET /accounts names them. */
  reasons: readonly UnpublishableReason[];
  online: boolean;
}

/** Per frozen (cached, shared) account record and content type, like resolveAccount. */
const stateOf = new PerObjectMemo<ContentType, StateProblems>();

export function stateProblems(account: AccountRecord, contentType: ContentType): StateProblems {
  if (!Object.isFrozen(account)) return stateNow(account, contentType);
  return stateOf.get(account, contentType, () => {
    const state = stateNow(account, contentType);
    Object.freeze(state.problems);
    Object.freeze(state.reasons);
    return Object.freeze(state);
  });
}

function stateNow(account: AccountRecord, contentType: ContentType): StateProblems {
  const resolved = resolveAccount(account, contentType);
  const problems: Problem[] = [];
  // Routing and node adapters answer 422 before this (checkRoute, checkCapabilities): only the moment's state is a problem.
  const stateReasons = resolved.reasons.filter((r) => !ROUTING_REASONS.has(r) && !NODE_ADAPTER_REASONS.has(r));
  if (stateReasons.length) {
    problems.push({
      code: 'account_not_publishable',
      message: `Account ${account.id} (${account.platform}) is not publishable: ${stateReasons.map((r) => reasonText(r, account, contentType)).join('; ')}`,
      accountId: account.id,
    });
  }
  if (!resolved.executorOnline) {
    const node = account.node;
    problems.push({
      code: 'executor_offline',
      message: node
        ? `The ${node.kind} executor ${node.id} of account ${account.id} is offline; start it (or wait for it to reconnect) and preflight again`
        : `Account ${account.id} has no execution node to publish through`,
      accountId: account.id,
    });
  }
  return { problems, publishable: stateReasons.length === 0, reasons: stateReasons, online: resolved.executorOnline };
}

export function awaitingItems(content: PublishContent, targets: PlannedTarget[]): AwaitingItem[] {
  const ids = (pred: (t: PlannedTarget) => boolean) => targets.filter(pred).map((t) => t.account.id);
  const all = ids(() => true);
  const items: AwaitingItem[] = [
    { code: 'account_permission', message: "The account's permission to publish (and to use each chosen setting) is checked on the platform when the job runs.", accountIds: all },
  ];
  const platforms = ids((t) => !resolveAccount(t.account).cms);
  if (platforms.length) {
    items.push({ code: 'control_selection', message: "Settings are applied by selecting the platform editor's controls when the job runs; a control the platform no longer offers stops the job.", accountIds: platforms });
  }
  const cms = ids((t) => resolveAccount(t.account).cms);
  if (cms.length) items.push({ code: 'site_connection', message: "The CMS site's reachability and credentials are checked when the job runs.", accountIds: cms });
  if (content.localPaths.length) {
    items.push({
      code: 'local_file',
      message: 'Local files are not read by preflight: the executor checks that each file exists (edge: a regular file inside PLUME_EDGE_VIDEO_DIR/<userId>/) when the job starts.',
      accountIds: all,
    });
  }
  if (content.hasImages) items.push({ code: 'image_format_and_size', message: 'Image format and size are checked against each platform when the job runs.', accountIds: all });
  const custom = ids((t) => t.settings.coverMode === 'custom');
  if (custom.length) {
    items.push({ code: 'cover_adoption', message: 'If the platform does not adopt the custom cover, the job stops instead of using an automatic cover.', accountIds: custom });
  }
  return items;
}

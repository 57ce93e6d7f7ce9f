/**
 * The adapter contract. One content platform is one folder whose adapter
 * (built by `defineAdapter`, define.ts) holds one `Flow` per content type; the
 * daemon drives it in this order:
 *
 *   checkLogin → prepare (retry freely) → publish (exactly once) ; verify when unsure
 *
 * What `prepare` made (a draft id, the form it will send…) is the value it
 * returns, and `publish` takes that value: nothing passes between the two
 * steps through the page or the module, so one page (or one module) may serve
 * any number of jobs. The daemon keeps the value without looking inside.
 *
 * The line that matters is the publish click. Everything before it is
 * idempotent: `prepare` reloads the editor and fills it from scratch, so the
 * daemon may run it again after any failure (the last value it returned is the
 * one `publish` gets). `publish` calls `ctx.beforePublish()`
 * (the commit gate: journal + `commit` acknowledged by the control plane)
 * immediately before the one non-repeatable click; once that gate has passed,
 * any failure other than an explicit `publish_rejected` leaves the outcome
 * unknown, and only `verify` — a read-only lookup — may resolve it.
 */
import type { Page } from 'playwright-core';
import type { ArticlePayload, ContentType, DynamicPayload, VideoPayload } from '@plume/shared';
import type { Provenance } from './provenance.js';
import type { Step } from './steps.js';

export type { ContentType };

export { STEPS, type Step } from './steps.js';

/**
 * Stable failure codes.
 * - `login_required`: no session, or the browser profile is logged in as another account.
 * - `editor_changed`: a selector the adapter relies on is missing (the site changed).
 * - `upload_failed`: a media file could not be opened or the platform refused/failed the upload.
 * - `cover_rejected`: the custom cover cannot be adopted; the job stops rather than use an automatic cover.
 * - `setting_unavailable`: a frozen setting is missing, deprecated, or not offered by the editor.
 * - `publish_rejected`: the platform refused the content — either its editor rules before the
 *   click (step `fill`), or an explicit refusal answering the click (step `publish`). Nothing was published.
 * - `readback_failed`: the click happened (or may have) but no post id came back: the outcome is
 *   unknown and must be resolved by `verify`, never by publishing again.
 */
export const ADAPTER_ERROR_CODES = [
  'login_required',
  'editor_changed',
  'upload_failed',
  'cover_rejected',
  'setting_unavailable',
  'publish_rejected',
  'readback_failed',
] as const;
export type AdapterErrorCode = (typeof ADAPTER_ERROR_CODES)[number];

export class AdapterError extends Error {
  override readonly name = 'AdapterError';
  constructor(
    readonly code: AdapterErrorCode,
    readonly step: Step,
    message: string,
    /** Evidence for the job's failure record (page URL, platform message…); never secrets. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }

  /** The publish click may have happened: resolve with `verify`, never by re-publishing. */
  get outcomeUnknown(): boolean {
    return this.code === 'readback_failed';
  }
}

export function isAdapterError(e: unknown, code?: AdapterErrorCode): e is AdapterError {
  return e instanceof AdapterError && (code === undefined || e.code === code);
}

/** What each content type publishes: the schemas the control plane writes and the node parses (shared/src/job-payload.ts). */
export type { ArticlePayload, DynamicPayload, VideoPayload } from '@plume/shared';

interface PublishJobBase {
  jobId: string;
  attemptId: string;
  platform: string;
  account: { id: string; externalRef: string };
  /** The frozen settings snapshot; adapters read only this, never presets. */
  settings: Readonly<Record<string, unknown>>;
  settingsHash: string;
  /** When the job was created (ISO 8601): the lower bound of `verify`'s time window. */
  createdAt: string;
}

export type ArticleJob = PublishJobBase & { contentType: 'article'; payload: ArticlePayload };
export type DynamicJob = PublishJobBase & { contentType: 'dynamic'; payload: DynamicPayload };
export type VideoJob = PublishJobBase & { contentType: 'video'; payload: VideoPayload };
export type PublishJob = ArticleJob | DynamicJob | VideoJob;

export interface OpenedFile {
  /** The path the browser may read (already resolved and checked by the sandbox). */
  path: string;
  size: number;
  /**
   * Reads into `into` from `position` of the opened file (the sandbox's
   * descriptor, never the path again); resolves with the bytes read, 0 at the
   * end. Used when the daemon sends the bytes itself (upload-offload.ts).
   */
  read(into: Buffer, position: number): Promise<number>;
}

export interface ProgressDetail {
  bytesSent?: number;
  bytesTotal?: number;
  percent?: number;
  /** Sub-phase within a step, e.g. `transfer` or `transcode` during `upload`. */
  phase?: string;
}

/** Structured logger; a pino child logger satisfies it. */
export interface AdapterLog {
  debug(obj: Record<string, unknown>, msg?: string): void;
  info(obj: Record<string, unknown>, msg?: string): void;
  warn(obj: Record<string, unknown>, msg?: string): void;
}

export interface AdapterTimeouts {
  /** How long a selector may take to appear once its page has loaded. */
  selectorMs: number;
  /** Page navigations. */
  navigationMs: number;
  /** Media transfer plus server-side processing (transcoding). */
  uploadMs: number;
  /** From the publish click to the platform's answer. */
  publishMs: number;
}

export const DEFAULT_TIMEOUTS: AdapterTimeouts = {
  selectorMs: 10_000,
  navigationMs: 30_000,
  uploadMs: 30 * 60_000,
  publishMs: 60_000,
};

export interface AdapterContext {
  /** The platform's origin: the real site in production, the simulator in tests. */
  baseUrl: string;
  /** The only way to reach media: the daemon's sandbox checks the path and resolves it. */
  openFile(path: string): Promise<OpenedFile>;
  progress(step: Step, detail?: ProgressDetail): void;
  /** The commit gate. Called immediately before the publish click; if it throws, there is no click. */
  beforePublish(): Promise<void>;
  signal: AbortSignal;
  log: AdapterLog;
  timeouts?: Partial<AdapterTimeouts>;
}

export interface LoginInfo {
  /** The platform's own account id (matches `job.account.externalRef`). */
  externalRef: string;
  displayName: string;
}

/**
 * How a platform's own login page looks, for an interactive login on the node
 * (`plume-edge accounts login`, edge-node/src/login/). Selectors are
 * Playwright selectors on that page; URLs are the platform's real ones (a
 * replica is reached through `liveUrl`). Only `url`, `qr`, `sessionCookies` and
 * `isLoginPage` are required: a page whose QR expires without a marker the
 * sources record is refreshed by reloading it.
 */
export interface LoginPageSpec {
  /** The real URL of the login page. */
  readonly url: string;
  /** Clicked when the QR is not shown but this is (the page opened on another login method). */
  readonly qrTab?: string;
  /** The QR code element (an img or a canvas). */
  readonly qr: string;
  /** Shown once the QR has expired. */
  readonly expired?: string;
  /** Clicked for a new QR once it expired (absent: the page is reloaded). */
  readonly refresh?: string;
  /** Shown once a phone scanned the QR, until the person confirms on it. */
  readonly scanned?: string;
  /**
   * The same sign read from the answer of the page's own QR status poll, where the sources record
   * that answer rather than the page's text: `url` is tested on the poll's real host and path
   * (`passport.bilibili.com/x/passport-login/web/qrcode/poll`), `scanned` on its JSON body. The
   * node only listens to what the page already receives; it never calls the poll itself.
   */
  readonly scannedAnswer?: { readonly url: RegExp; scanned(body: unknown): boolean };
  /** The SMS verification step some logins ask for after the scan. */
  readonly sms?: {
    /** The code input: its being visible is the step. */
    readonly input: string;
    /** Clicked once to have the code sent. */
    readonly send?: string;
    /** Clicked once the code is typed. */
    readonly submit: string;
    /** Shown when the platform refused the code. */
    readonly error?: string;
  };
  /** A slider captcha (no headless answer: a person drags it). */
  readonly slider?: string;
  /** A page asking for a second scan with the account administrator's phone. */
  readonly adminScan?: { readonly marker: string; readonly qr?: string };
  /** Cookies the platform sets when it logs the browser in (any one is the sign to check the login). */
  readonly sessionCookies: readonly string[];
  /** Whether a page (its real URL) is still the login: leaving it is the other sign. */
  isLoginPage(real: URL): boolean;
}

export interface PublishResult {
  postId: string;
  url: string;
}

export type VerifyResult =
  | {
      found: true;
      postId: string;
      url: string;
      /** Posts that matched; more than one means a person should decide which is this job's. */
      candidates: number;
    }
  | { found: false };

/** A job of one content type. */
export type JobOf<T extends ContentType> = Extract<PublishJob, { contentType: T }>;

/**
 * One content type on one platform. `prepare` returns what `publish` needs of
 * the page it left (the draft it saved, the request it will send); `publish`
 * and `discardDraft` get exactly that value back.
 */
export interface Flow<J extends PublishJob, P = void> {
  /**
   * Everything before the publish click: open the editor, fill, upload, apply settings. Safe to repeat;
   * `earlier` is what a previous successful `prepare` of the same job returned, when a caller repeats it
   * (a platform that saves drafts saves into that one instead of leaving another behind).
   */
  prepare(page: Page, job: J, ctx: AdapterContext, earlier?: P): Promise<P>;
  /** The one non-repeatable step, on the page `prepare` left: gate, click once, read back the post. */
  publish(page: Page, job: J, ctx: AdapterContext, prepared: P): Promise<PublishResult>;
  /** Read-only: finds this job's post (title or text, account, time window). Never writes. */
  verify(page: Page, job: J, ctx: AdapterContext): Promise<VerifyResult>;
  /**
   * After a site check stopped at the commit gate: removes the draft the platform kept of
   * what `prepare` filled (where it keeps one). Best effort; never publishes.
   */
  discardDraft?(page: Page, job: J, ctx: AdapterContext, prepared: P): Promise<void>;
}

/** A platform's flows, one per content type it publishes (in the order its reports list them). */
export type Flows = { readonly [T in ContentType]?: Flow<JobOf<T>, unknown> };

/** What `prepare` returned, handed back unchanged to `publish`: the daemon never looks inside. */
export type Prepared = unknown;

export interface Adapter {
  readonly platform: string;
  readonly contentTypes: readonly ContentType[];
  /** The real site's origin, used when the daemon is not told otherwise. */
  readonly defaultBaseUrl: string;
  /**
   * Settings fields (shared settings contract names) this adapter applies to each of its content
   * types that `settingKeysByType` does not name; any others are logged and ignored.
   */
  readonly settingKeys: readonly string[];
  /**
   * The fields of a content type whose editor takes other settings than the adapter's other types
   * (douyin's article editor has no 自主声明), so the node's report, and preflight, say so per type.
   */
  readonly settingKeysByType?: Partial<Record<ContentType, readonly string[]>>;
  /**
   * Settings a site check (`plume-edge check`) fills in for a content type, where the
   * platform's form requires some (e.g. a partition): valid values that exist on the live site.
   */
  readonly checkSettings?: Partial<Record<ContentType, Readonly<Record<string, unknown>>>>;
  /** Opens a logged-in-only page; throws `login_required` when there is no session. */
  checkLogin(page: Page, ctx: AdapterContext): Promise<LoginInfo>;
  /**
   * The job's flow's `prepare`; its value goes, unopened, to `publish` (and `discardDraft`). Safe to repeat:
   * a caller that prepares the same job again may hand back what the last one returned as `earlier`.
   */
  prepare(page: Page, job: PublishJob, ctx: AdapterContext, earlier?: Prepared): Promise<Prepared>;
  /** The job's flow's `publish`, given what the last `prepare` of this job returned. */
  publish(page: Page, job: PublishJob, ctx: AdapterContext, prepared: Prepared): Promise<PublishResult>;
  /** Read-only: finds this job's post (title or text, account, time window). Never writes. */
  verify(page: Page, job: PublishJob, ctx: AdapterContext): Promise<VerifyResult>;
  /**
   * What each step rests on: every fact about the real site the adapter relies on, with its public
   * sources and how sure it is (provenance.ts). `plume-edge check` and docs/platforms.md count from it.
   */
  readonly provenance: Provenance;
  /** The platform's login page, for `plume-edge accounts login` (absent: accounts come by `accounts import` only). */
  readonly login?: LoginPageSpec;
  /**
   * After a site check stopped at the commit gate: removes the draft the platform kept of
   * what `prepare` filled (where it keeps one), given what that `prepare` returned. Best effort; never publishes.
   */
  discardDraft?(page: Page, job: PublishJob, ctx: AdapterContext, prepared: Prepared): Promise<void>;
}

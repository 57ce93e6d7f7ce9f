/**
 * What the simulated platforms remember: sessions, uploaded media, published
 * posts (the record tests count), and per-platform behaviour switches.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ChallengeRaise } from './challenge-raise.js';
import { cookies } from './http.js';

export interface MediaRecord {
  kind: 'video' | 'cover' | 'image';
  size: number;
  sha256: string;
}

export interface Publish {
  platform: string;
  /** The account id the session belongs to (`sim_session_<platform>=<account>`). */
  account: string;
  postId: string;
  url: string;
  title?: string;
  /** The text as the platform received it (Markdown for articles, plain text elsewhere). */
  body: string;
  /** The platform's own settings fields as submitted (partition, tags, declaration, …). */
  settings: Record<string, unknown>;
  media: MediaRecord[];
  at: string;
}

export interface PlatformOptions {
  /** Refuse custom covers with this message. */
  rejectCover: string | false;
  /** Refuse image uploads with this message. */
  rejectImages: string | false;
  /** Refuse the video upload with this message. */
  rejectVideo: string | false;
  /** Refuse every publish with this message (content review). */
  rejectPublish: string | false;
  /** Record the post, then cut the connection: the answer to the click is lost. */
  dropPublishResponse: boolean;
  /** Time between receiving a publish and answering it. */
  publishDelayMs: number;
  /** How long "transcoding" takes after a video upload completes (0 → 100 %). */
  transcodeMs: number;
  /** Delay per uploaded chunk, so progress is observable on localhost. */
  chunkDelayMs: number;
  /**
   * Controls or answer fields a replica leaves out (the site "changed"), by the
   * replica's own names (each platform module lists the names it knows).
   */
  omit: string[];
  /**
   * Where public sources record several forms of a control or an answer, which
   * one a replica serves, by the replica's own names (each platform module
   * lists the keys and values it knows); its default form for a key not given.
   */
  forms: Record<string, string>;
  /** Video upload chunk size the upload endpoint hands out (bilibili; default 96 KiB). */
  chunkSize: number;
  /** Hash video chunks as they arrive (in order) and keep none of them: for uploads too large for memory (benchmarks). */
  discardUploads: boolean;
  /** How long a login QR lives before the page shows it expired (login-pages.ts). */
  loginQrTtlMs: number;
  /** A slider captcha after the phone confirms a login. */
  loginSlider: boolean;
  /** An SMS code after the phone confirms a login (and after the slider). */
  loginSms: boolean;
  /** A challenge the replica's pages raise mid-publish until it is answered once (challenge.ts). */
  challenge: ChallengeRaise | false;
}

export const DEFAULT_OPTIONS: PlatformOptions = {
  chunkSize: 96 * 1024,
  discardUploads: false,
  rejectCover: false,
  rejectImages: false,
  rejectVideo: false,
  rejectPublish: false,
  dropPublishResponse: false,
  publishDelayMs: 150,
  transcodeMs: 1000,
  chunkDelayMs: 25,
  omit: [],
  forms: {},
  loginQrTtlMs: 180_000,
  loginSlider: false,
  loginSms: false,
  challenge: false,
};

/** An SMS code a replica "sent" to an account's phone during a login, or for a challenge mid-publish. */
export interface SmsSent {
  platform: string;
  account: string;
  code: string;
  at: string;
  /** Absent: a login's. */
  purpose?: 'login' | 'challenge';
}

export interface StoredMedia extends MediaRecord {
  id: string;
  platform: string;
  account: string;
  /** Kept for small files so a page can show them back. */
  bytes?: Buffer;
  contentType?: string;
}

export class SimState {
  private readonly sessions = new Map<string, string>(); // `${platform}:${account}` → display name
  private readonly options = new Map<string, PlatformOptions>();
  readonly published: Publish[] = [];
  /** SMS codes sent during logins, oldest first. */
  readonly smsSent: SmsSent[] = [];
  private smsWaiters: Array<() => void> = [];
  readonly media = new Map<string, StoredMedia>();
  private readonly bags = new Map<string, Map<string, unknown>>();
  private seq = 0;

  /** A code reaches the account's phone (recorded in smsSent; whoever waits on nextSms is told). */
  sendSms(sms: SmsSent): void {
    this.smsSent.push(sms);
    const waiters = this.smsWaiters;
    this.smsWaiters = [];
    for (const w of waiters) w();
  }

  /** Resolves when the next code reaches a phone. */
  nextSms(): Promise<void> {
    return new Promise((resolve) => this.smsWaiters.push(resolve));
  }

  /** `sessionCookies`: platform → the real cookie name its session lives in (default `sim_session_<platform>`). */
  constructor(private readonly sessionCookies: ReadonlyMap<string, string> = new Map()) {}

  /** The cookie a browser holds for this platform's session. */
  cookieName(platform: string): string {
    return this.sessionCookies.get(platform) ?? `sim_session_${platform}`;
  }

  setLoggedIn(platform: string, account: string, loggedIn: boolean, displayName = `user_${account}`): void {
    if (loggedIn) this.sessions.set(`${platform}:${account}`, displayName);
    else this.sessions.delete(`${platform}:${account}`);
  }

  /** The display name of a live session, or undefined. */
  displayName(platform: string, account: string): string | undefined {
    return this.sessions.get(`${platform}:${account}`);
  }

  /** The logged-in user of this request, if its session cookie names a live session. */
  user(req: IncomingMessage, platform: string): { uid: string; name: string } | null {
    const account = cookies(req)[this.cookieName(platform)];
    if (!account) return null;
    const name = this.sessions.get(`${platform}:${account}`);
    return name === undefined ? null : { uid: account, name };
  }

  opts(platform: string): PlatformOptions {
    return this.options.get(platform) ?? DEFAULT_OPTIONS;
  }

  configure(platform: string, patch: Partial<PlatformOptions>): void {
    this.options.set(platform, { ...this.opts(platform), ...patch });
  }

  storeMedia(platform: string, account: string, kind: MediaRecord['kind'], bytes: Buffer | { size: number; sha256: string }, contentType?: string): StoredMedia {
    const id = randomBytes(8).toString('hex');
    if (!Buffer.isBuffer(bytes)) {
      const digest: StoredMedia = { id, platform, account, kind, size: bytes.size, sha256: bytes.sha256, contentType };
      this.media.set(id, digest);
      return digest;
    }
    const m: StoredMedia = { id, platform, account, kind, size: bytes.length, sha256: sha256(bytes), contentType };
    if (bytes.length <= 2 * 1024 * 1024) m.bytes = bytes;
    this.media.set(id, m);
    return m;
  }

  record(p: Omit<Publish, 'at'>): Publish {
    const full = { ...p, at: new Date().toISOString() };
    this.published.push(full);
    return full;
  }

  /** Per-platform scratch storage (upload sessions, transcoding jobs); cleared by reset(). */
  bag<T>(name: string): Map<string, T> {
    let b = this.bags.get(name);
    if (!b) this.bags.set(name, (b = new Map()));
    return b as Map<string, T>;
  }

  nextSeq(): number {
    return ++this.seq;
  }

  reset(): void {
    this.published.length = 0;
    this.smsSent.length = 0;
    this.media.clear();
    this.options.clear();
    this.bags.clear();
  }
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

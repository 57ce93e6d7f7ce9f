/**
 * This computer's license, through the product's reference client
 * (shared/src/license): activation (enroll), the token kept fresh
 * (challenge/renew before it expires), `status` at start and on demand, the
 * offline snapshot verified with the pinned project key while the server
 * cannot be reached, and one use consumed per successful publish.
 *
 * Uses are journaled before they are sent (license-uses.json): a job id is
 * written when its success is reported (daemon onReport), then consumed with
 * `requestId` = the job id until the server answers. The server deducts once
 * per requestId, so a result sent again after a crash, or a journal entry
 * sent twice, never costs two uses.
 *
 * Every state the person can see has a plain message: what happened, what to do.
 */
import { readFileSync } from 'node:fs';
import { type ConsumeResponse, FileKeyStore, LicenseClient, LicenseError, type StatusResponse } from '@plume/shared';
import type { Logger } from 'pino';
import { writeFileDurable } from '../fs-durable.js';

export const STANDINGS = ['not_activated', 'active', 'offline', 'exhausted', 'expired', 'revoked', 'version_banned', 'disabled', 'snapshot_invalid', 'unreachable', 'not_a_node'] as const;
export type Standing = (typeof STANDINGS)[number];

export interface LicenseState {
  standing: Standing;
  /** Whether jobs may run now. */
  canPublish: boolean;
  message: string;
  licenseMode: 'TIME' | 'COUNT' | null;
  expiresAt: string | null;
  remainingCount: number | null;
  tokenExpiresAt: string | null;
  /** While offline: the snapshot vouches for the license until then. */
  offlineUntil: string | null;
  nodeId: string | null;
  deviceId: number | null;
  checkedAt: string | null;
  /** Uses journaled and not yet recorded by the server. */
  pendingUses: number;
}

/** The reject reason an offer gets while the license cannot publish (the control plane's own words for it). */
const REFUSAL: Partial<Record<Standing, string>> = {
  exhausted: 'license_exhausted',
  expired: 'license_expired',
  revoked: 'license_revoked',
  version_banned: 'license_version_banned',
  disabled: 'license_disabled',
  not_activated: 'license_not_activated',
  snapshot_invalid: 'license_unverified',
  not_a_node: 'license_not_a_node',
};

const MESSAGES: Record<Exclude<Standing, 'active' | 'offline'>, string> = {
  not_activated: 'This computer is not activated. Enter the server address and your activation code (plume-desktop activate --server <URL> --code <CODE>).',
  exhausted: 'All uses of this activation code are spent. Plume Desktop takes no more publish jobs; ask your operator for more uses or a new code, then activate again.',
  expired: 'This license has expired. Plume Desktop takes no more publish jobs; ask your operator to extend it or for a new code, then activate again.',
  revoked: 'This computer’s license was revoked by the operator. Plume Desktop takes no more publish jobs; ask your operator why, and activate again with a new code if they give you one.',
  version_banned: 'This version of Plume Desktop is no longer allowed by your server. Install the current version, then start it again.',
  disabled: 'This activation code was disabled by the operator. Plume Desktop takes no more publish jobs; ask your operator for a new code.',
  snapshot_invalid: 'The saved offline license failed its check (it was altered, or does not belong to this computer) and the server cannot be reached to replace it. Connect this computer to the server, then refresh.',
  unreachable: 'The license server cannot be reached and there is no valid offline license on this computer. Check the network and the server address, then refresh.',
  not_a_node: 'This activation code is a license only: it is not tied to a Plume user, so this computer cannot run publish jobs. Ask your operator for a desktop code generated for your user, then activate again.',
};

const BY_ERROR: Record<string, Standing> = {
  DEVICE_REVOKED: 'revoked',
  SESSION_REVOKED: 'revoked',
  VERSION_BANNED: 'version_banned',
  CODE_EXHAUSTED: 'exhausted',
  CODE_EXPIRED: 'expired',
  CODE_DISABLED: 'disabled',
  PROJECT_DISABLED: 'disabled',
  NOT_ENROLLED: 'not_activated',
};

/** What activation refusals mean to the person typing the code. */
const ACTIVATION_MESSAGES: Record<string, string> = {
  CODE_INVALID: 'This activation code is not known to the server (check it, and the project, with your operator).',
  CODE_EXHAUSTED: 'This activation code has no uses left. Ask your operator for a new code.',
  CODE_EXPIRED: 'This activation code has expired. Ask your operator for a new code.',
  CODE_DISABLED: 'This activation code was disabled by the operator. Ask your operator for a new code.',
  CODE_ALREADY_BOUND: 'This activation code is already in use on another computer. Each code activates one computer: ask your operator for another.',
  VERSION_BANNED: 'This version of Plume Desktop is not allowed by the server. Install the current version, then activate.',
  PROJECT_NOT_FOUND: 'The server has no license project of that name. Check the project with your operator.',
  PROJECT_DISABLED: 'The license project of this code is disabled. Ask your operator.',
  DEVICE_REVOKED: 'This computer was revoked by the operator. Ask your operator before activating it again.',
  NETWORK: 'The server cannot be reached. Check its address and the network, then try again.',
  BAD_RESPONSE: 'That address does not answer as a Plume server. Check the server address.',
};

export class ActivationRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface DesktopLicenseOptions {
  serverUrl: string;
  projectKey: string;
  machineId: string;
  fingerprintHash: string;
  appVersion: string;
  /** device.json: the device key and session (FileKeyStore, mode 0600). */
  keyFile: string;
  /** license-uses.json. */
  usesFile: string;
  pinnedPublicKeys?: string[];
  log: Logger;
  fetch?: typeof fetch;
  /** How often the token, the status and the pending uses are looked after (default 30 s). */
  tickMs?: number;
}

export class DesktopLicense {
  readonly client: LicenseClient;
  private state: LicenseState;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private lastStatusAt = 0;
  private readonly listeners = new Set<(s: LicenseState) => void>();

  constructor(private readonly o: DesktopLicenseOptions) {
    this.client = new LicenseClient({
      baseUrl: o.serverUrl,
      projectKey: o.projectKey,
      machineId: o.machineId,
      fingerprintHash: o.fingerprintHash,
      appVersion: o.appVersion,
      keyStore: new FileKeyStore(o.keyFile),
      ...(o.pinnedPublicKeys?.length ? { pinnedPublicKeys: o.pinnedPublicKeys } : {}),
      ...(o.fetch ? { fetch: o.fetch as never } : {}),
      // Renew two minutes before the token expires: the tick runs every 30 s.
      renewMarginSeconds: 120,
    });
    this.state = { ...blank(), standing: 'not_activated', message: MESSAGES.not_activated, pendingUses: this.pending().length };
  }

  get current(): LicenseState {
    return this.state;
  }

  onChange(listener: (s: LicenseState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The reject reason for offers now, or null when jobs may run. */
  refusal(): string | null {
    return this.state.canPublish ? null : (REFUSAL[this.state.standing] ?? 'license_unavailable');
  }

  /** Enrolls with the code; the answer's node id makes this computer its user's desktop executor. */
  async activate(code: string): Promise<LicenseState> {
    try {
      await this.client.enroll(code.trim());
    } catch (e) {
      if (e instanceof LicenseError) {
        throw new ActivationRefused(e.code, ACTIVATION_MESSAGES[e.code] ?? `The server refused the activation (${e.code}): ${e.message}`);
      }
      throw e;
    }
    return this.refresh();
  }

  /** `status` now; offline, the snapshot decides. */
  async refresh(): Promise<LicenseState> {
    if (!(await this.client.isEnrolled())) return this.set({ ...blank(), standing: 'not_activated', message: MESSAGES.not_activated });
    const nodeId = await this.client.nodeId();
    try {
      const res = await this.client.status();
      this.lastStatusAt = Date.now();
      return this.fromAnswer(res, nodeId);
    } catch (e) {
      if (!(e instanceof LicenseError)) throw e;
      return this.judge(e, nodeId);
    }
  }

  /** Starts the background care: token renewal, status every few minutes, pending uses. */
  async start(): Promise<LicenseState> {
    const state = await this.refresh();
    this.timer = setInterval(() => void this.tick(), this.o.tickMs ?? 30_000);
    this.timer.unref();
    void this.flushUses();
    return state;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** A job succeeded (or was verified published): journal its use, then record it with the server. */
  recordUse(jobId: string): void {
    const pending = this.pending();
    if (!pending.includes(jobId)) {
      pending.push(jobId);
      this.savePending(pending);
    }
    this.set({ ...this.state, pendingUses: pending.length });
    void this.flushUses();
  }

  /** Sends every journaled use; each leaves the journal once the server answered for it. */
  flushUses(): Promise<void> {
    this.flushing ??= (async () => {
      for (const jobId of this.pending()) {
        let res: ConsumeResponse;
        try {
          res = await this.client.consume(jobId);
        } catch (e) {
          if (!(e instanceof LicenseError)) throw e;
          if (e.code === 'CODE_EXHAUSTED' || e.code === 'CODE_EXPIRED') {
            // Nothing left to deduct from: the use cannot be recorded, and no job may run now.
            this.o.log.warn({ jobId, code: e.code }, 'a publish use could not be recorded: the license ran out');
            this.dropPending(jobId);
            await this.judge(e, this.state.nodeId);
            continue;
          }
          this.o.log.warn({ jobId, code: e.code }, 'recording a publish use failed; it is retried');
          if (BY_ERROR[e.code]) await this.judge(e, this.state.nodeId);
          return;
        }
        this.o.log.info({ jobId, remainingCount: res.remainingCount, idempotent: res.idempotent }, 'license use recorded');
        this.dropPending(jobId);
        this.fromAnswer(res, this.state.nodeId);
      }
    })().finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async tick(): Promise<void> {
    try {
      if (!(await this.client.isEnrolled())) return;
      await this.client.ensureFreshToken();
      // The status every five minutes tells a revocation, a ban or an expiry the sockets do not.
      if (Date.now() - this.lastStatusAt > 5 * 60_000 || !this.state.canPublish) await this.refresh();
      await this.flushUses();
    } catch (e) {
      if (e instanceof LicenseError) await this.judge(e, this.state.nodeId);
      else this.o.log.warn({ err: e }, 'license upkeep failed');
    }
  }

  private fromAnswer(res: StatusResponse, nodeId: string | null): LicenseState {
    const base = {
      licenseMode: res.licenseMode ?? null,
      expiresAt: res.expiresAt ?? null,
      remainingCount: res.remainingCount ?? null,
      tokenExpiresAt: res.tokenExpiresAt ?? null,
      offlineUntil: res.offlineLicenseExpiresAt ?? null,
      nodeId,
      deviceId: res.deviceId ?? null,
      checkedAt: new Date().toISOString(),
    };
    // A COUNT code at zero publishes no more, whatever `valid` says for the use just recorded.
    if (res.valid === false || (res.licenseMode === 'COUNT' && res.remainingCount !== null && res.remainingCount !== undefined && res.remainingCount <= 0)) {
      const standing: Standing = res.licenseMode === 'COUNT' && (res.remainingCount ?? 0) <= 0 ? 'exhausted' : /disabled/i.test(res.message ?? '') ? 'disabled' : 'expired';
      return this.set({ ...base, standing, canPublish: false, message: MESSAGES[standing as keyof typeof MESSAGES] });
    }
    if (!nodeId) return this.set({ ...base, standing: 'not_a_node', canPublish: false, message: MESSAGES.not_a_node });
    return this.set({ ...base, standing: 'active', canPublish: true, message: describe(base) });
  }

  /** A refused or failed call: the server's reason, or offline the snapshot's. */
  private async judge(e: LicenseError, nodeId: string | null): Promise<LicenseState> {
    if (e.code !== 'NETWORK' && e.code !== 'SERVICE_UNAVAILABLE' && e.code !== 'BAD_RESPONSE') return this.fromError(e, nodeId);
    const offline = await this.client.verifyOffline();
    if (offline.ok) {
      const p = offline.payload;
      return this.set({
        ...blank(),
        standing: 'offline',
        // Offline the node has no server to take jobs from; the snapshot keeps the license shown and the accounts kept.
        canPublish: false,
        message: `The server cannot be reached. The offline license, signed by your server, says this computer is licensed until ${p.notAfter}${p.licenseMode === 'COUNT' ? ` with ${p.remainingCount} uses left` : p.expiresAt ? ` (license expiry ${p.expiresAt})` : ''}; jobs resume when the server is back.`,
        licenseMode: p.licenseMode,
        expiresAt: p.expiresAt,
        remainingCount: p.remainingCount,
        offlineUntil: p.notAfter,
        nodeId,
        deviceId: p.deviceId,
      });
    }
    if (offline.reason === 'SIGNATURE_INVALID' || offline.reason === 'MALFORMED' || offline.reason === 'IDENTITY_MISMATCH') {
      return this.set({ ...blank(), standing: 'snapshot_invalid', message: `${MESSAGES.snapshot_invalid} (${offline.reason})`, nodeId });
    }
    if (offline.reason === 'NOT_VALID') return this.set({ ...blank(), standing: 'expired', message: MESSAGES.expired, nodeId });
    return this.set({ ...blank(), standing: 'unreachable', message: `${MESSAGES.unreachable}${offline.reason === 'EXPIRED' ? ' (the offline license on this computer has run out too)' : ''}`, nodeId });
  }

  private fromError(e: LicenseError, nodeId: string | null): LicenseState {
    const standing = BY_ERROR[e.code];
    if (standing) return this.set({ ...blank(), ...this.keep(), standing, canPublish: false, message: MESSAGES[standing as keyof typeof MESSAGES], nodeId });
    this.o.log.warn({ code: e.code, status: e.status }, e.message);
    return this.set({ ...this.state, canPublish: false, standing: this.state.standing === 'active' ? 'unreachable' : this.state.standing, message: `The license server refused a request (${e.code}): ${e.message}` });
  }

  private keep(): Pick<LicenseState, 'licenseMode' | 'expiresAt' | 'remainingCount'> {
    return { licenseMode: this.state.licenseMode, expiresAt: this.state.expiresAt, remainingCount: this.state.remainingCount };
  }

  private set(next: Omit<LicenseState, 'pendingUses'> & { pendingUses?: number }): LicenseState {
    this.state = { ...next, pendingUses: this.pending().length };
    for (const l of this.listeners) l(this.state);
    return this.state;
  }

  private pending(): string[] {
    try {
      const value = JSON.parse(readFileSync(this.o.usesFile, 'utf8')) as unknown;
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    } catch {
      return [];
    }
  }

  private savePending(ids: string[]): void {
    writeFileDurable(this.o.usesFile, `${JSON.stringify(ids)}\n`, 0o600);
  }

  private dropPending(jobId: string): void {
    this.savePending(this.pending().filter((id) => id !== jobId));
  }
}

function blank(): Omit<LicenseState, 'standing' | 'message' | 'pendingUses'> & { canPublish: false } {
  return { canPublish: false, licenseMode: null, expiresAt: null, remainingCount: null, tokenExpiresAt: null, offlineUntil: null, nodeId: null, deviceId: null, checkedAt: null };
}

function describe(s: Pick<LicenseState, 'licenseMode' | 'expiresAt' | 'remainingCount'>): string {
  if (s.licenseMode === 'COUNT') return `Licensed: ${s.remainingCount} publish${s.remainingCount === 1 ? '' : 'es'} left on this code.`;
  if (s.licenseMode === 'TIME') return `Licensed until ${s.expiresAt}.`;
  return 'Licensed.';
}

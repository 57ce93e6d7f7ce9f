/**
 * License v2 reference client: what a desktop app embeds to enroll with an
 * activation code, keep a short-lived token fresh, check status, consume uses
 * and verify the offline snapshot. The device secret key is generated here and
 * never leaves the key store. Every text it signs comes from ./canonical.ts,
 * and a server-provided signInput is signed only after it has been checked to
 * be a renew challenge for this very session and fingerprint.
 */
import { randomUUID } from 'node:crypto';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fromBase64Url, toBase64Url, utf8 } from '../encoding.js';
import { ED25519_PUBLIC_KEY_BYTES, generateKeyPair, sign } from '../ed25519.js';
import { enrollMessage, LICENSE_PATHS } from './canonical.js';
import {
  assertOneLine,
  assertRenewChallenge,
  assertTokenAnswer,
  blankIdentity,
  checkOptions,
  type Enrolled,
  invalid,
  isEnrolledFor,
  secretOf,
  tokenFields,
} from './client-checks.js';
import { LicenseError } from './errors.js';
import { FileKeyStore, type KeyStore, type StoredIdentity } from './key-store.js';
import { type FetchLike, postLicense, signedHeaders, type Transport } from './signed-fetch.js';
import { type SnapshotCheck, verifyOfflineSnapshot } from './snapshot.js';
import {
  type ChallengeResponse,
  type ConsumeResponse,
  type EnrollResponse,
  type RenewResponse,
  type StatusResponse,
} from './wire.js';

export interface LicenseClientOptions {
  /** Origin (and optional path prefix) of the control plane, e.g. `https://license.example.com`. */
  baseUrl: string;
  projectKey?: string;
  /** Stable device id; persisted by the app, not regenerated per launch. */
  machineId: string;
  /** Locally computed fingerprint hash; bound at enroll and rechecked on every call. */
  fingerprintHash: string;
  appVersion?: string;
  /** Where the identity lives. Default: FileKeyStore(keyFile). */
  keyStore?: KeyStore;
  /** Path for the default FileKeyStore. Default: ~/.plume/license/<projectKey>.json. */
  keyFile?: string;
  fetch?: FetchLike;
  /** Milliseconds since the epoch. */
  now?: () => number;
  /**
   * base64url offline public keys to verify snapshots with (several during a
   * rotation). Absent: the key returned by the first enroll is pinned and
   * stored (trust on first use); later enrolls do not replace it.
   */
  pinnedPublicKeys?: string[];
  /** Renew when the token expires within this many seconds. */
  renewMarginSeconds?: number;
  /** Per-request timeout. */
  timeoutMs?: number;
}

export type OfflineCheck = SnapshotCheck | { ok: false; reason: 'NO_SNAPSHOT' | 'NO_PINNED_KEY' };

export class LicenseClient {
  readonly projectKey: string;
  readonly machineId: string;
  readonly fingerprintHash: string;
  private readonly appVersion: string | undefined;
  private readonly keyStore: KeyStore;
  private readonly transport: Transport;
  private readonly now: () => number;
  private readonly pinnedPublicKeys: string[] | undefined;
  private readonly renewMarginMs: number;
  private identity: StoredIdentity | null | undefined;
  private loading: Promise<StoredIdentity | null> | undefined;
  // Concurrent callers share one renewal instead of each spending a challenge.
  private renewing: Promise<RenewResponse> | undefined;
  // Saves run one after another so an older identity never overwrites a newer one.
  private saving: Promise<unknown> = Promise.resolve();

  constructor({
    baseUrl,
    projectKey = 'default',
    machineId,
    fingerprintHash,
    appVersion,
    keyFile,
    keyStore = new FileKeyStore(keyFile ?? join(homedir(), '.plume', 'license', `${projectKey}.json`)),
    fetch = (url, init) => globalThis.fetch(url, init),
    now = () => Date.now(),
    pinnedPublicKeys,
    renewMarginSeconds = 60,
    timeoutMs = 15_000,
  }: LicenseClientOptions) {
    checkOptions({ baseUrl, projectKey, machineId, fingerprintHash, appVersion, pinnedPublicKeys });
    this.projectKey = projectKey;
    this.machineId = machineId;
    this.fingerprintHash = fingerprintHash;
    this.appVersion = appVersion;
    this.keyStore = keyStore;
    this.transport = { baseUrl, fetch, timeoutMs };
    this.now = now;
    this.pinnedPublicKeys = pinnedPublicKeys ? [...pinnedPublicKeys] : undefined;
    this.renewMarginMs = renewMarginSeconds * 1000;
  }

  /** True when the stored identity holds a session for this projectKey and machineId. */
  async isEnrolled(): Promise<boolean> {
    return isEnrolledFor(await this.load(), this.projectKey, this.machineId);
  }

  /**
   * The desktop execution node this device is since its last enroll (it
   * connects to the node protocol with this id, signing with the device key);
   * null for a pure license or before enrolling.
   */
  async nodeId(): Promise<string | null> {
    const id = await this.load();
    return isEnrolledFor(id, this.projectKey, this.machineId) ? (id.nodeId ?? null) : null;
  }

  /** Binds this device to an activation code; creates the device key pair on first use. */
  async enroll(code: string): Promise<EnrollResponse> {
    if (!code) throw invalid('code is required');
    assertOneLine('code', code);
    let id = await this.load();
    if (!id) {
      const keys = await generateKeyPair();
      id = blankIdentity(toBase64Url(keys.secretKey), toBase64Url(keys.publicKey), this.projectKey, this.machineId);
    } else if (id.projectKey !== this.projectKey || id.machineId !== this.machineId) {
      // Same device key, but the old session and pins belong to another project or machine id.
      id = blankIdentity(id.secretKey, id.publicKey, this.projectKey, this.machineId);
    }
    // Stored before the request: if the answer is lost after the server bound the
    // code to this public key, a retry must present the same key.
    await this.replace(id);
    const proof = enrollMessage({
      projectKey: this.projectKey,
      code,
      machineId: this.machineId,
      fingerprintHash: this.fingerprintHash,
      devicePublicKey: id.publicKey,
      appVersion: this.appVersion,
    });
    const body = JSON.stringify({
      projectKey: this.projectKey,
      code,
      machineId: this.machineId,
      appVersion: this.appVersion,
      fingerprintHash: this.fingerprintHash,
      devicePublicKey: id.publicKey,
      deviceSignature: toBase64Url(await sign(utf8(proof), secretOf(id))),
    });
    const res = await postLicense<EnrollResponse>(this.transport, LICENSE_PATHS.enroll, body);
    assertTokenAnswer(res);
    const offered = res.offlineLicensePublicKey;
    const pins =
      this.pinnedPublicKeys ??
      (id.pinnedPublicKeys.length > 0
        ? id.pinnedPublicKeys
        : fromBase64Url(offered ?? '')?.length === ED25519_PUBLIC_KEY_BYTES
          ? [offered]
          : []);
    await this.replace({
      ...id,
      offlineLicense: null,
      offlineLicenseExpiresAt: null,
      ...tokenFields(res),
      deviceId: res.deviceId ?? null,
      nodeId: res.nodeId ?? null,
      pinnedPublicKeys: pins,
    });
    return res;
  }

  /** Startup / refresh check. Renews the token first when it is about to expire. */
  async status(): Promise<StatusResponse> {
    return this.signedCall<StatusResponse>(LICENSE_PATHS.status, {
      projectKey: this.projectKey,
      fingerprintHash: this.fingerprintHash,
    });
  }

  /**
   * Records one real use. Pass the same requestId when retrying the same action
   * (a thrown LicenseError carries it as `requestId`), so it is deducted once.
   */
  async consume(requestId: string = randomUUID()): Promise<ConsumeResponse & { requestId: string }> {
    try {
      const res = await this.signedCall<ConsumeResponse>(LICENSE_PATHS.consume, {
        projectKey: this.projectKey,
        requestId,
        fingerprintHash: this.fingerprintHash,
      });
      return { ...res, requestId };
    } catch (err) {
      if (err instanceof LicenseError) err.requestId = requestId;
      throw err;
    }
  }

  /** challenge → verify signInput → sign → renew. */
  async renew(): Promise<RenewResponse> {
    this.renewing ??= this.doRenew().finally(() => {
      this.renewing = undefined;
    });
    return this.renewing;
  }

  /** Renews when the token expires within renewMarginSeconds; true when it renewed. */
  async ensureFreshToken(): Promise<boolean> {
    const id = await this.requireSession();
    const expiresAt = id.tokenExpiresAt ? Date.parse(id.tokenExpiresAt) : Number.NaN;
    if (Number.isFinite(expiresAt) && expiresAt - this.now() > this.renewMarginMs) return false;
    await this.renew();
    return true;
  }

  /** Checks the last stored snapshot offline against the pinned key(s) and this device's identity. */
  async verifyOffline(now: Date = new Date(this.now())): Promise<OfflineCheck> {
    const id = await this.load();
    if (!id?.offlineLicense || id.projectKey !== this.projectKey || id.machineId !== this.machineId) {
      return { ok: false, reason: 'NO_SNAPSHOT' };
    }
    const keys = (this.pinnedPublicKeys ?? id.pinnedPublicKeys)
      .map((k) => fromBase64Url(k))
      .filter((k): k is Uint8Array => k?.length === ED25519_PUBLIC_KEY_BYTES);
    if (keys.length === 0) return { ok: false, reason: 'NO_PINNED_KEY' };
    return verifyOfflineSnapshot(id.offlineLicense, keys, {
      projectKey: this.projectKey,
      machineId: this.machineId,
      fingerprintHash: this.fingerprintHash,
      now,
    });
  }

  private async doRenew(): Promise<RenewResponse> {
    const id = await this.requireSession();
    const challenge = await postLicense<ChallengeResponse>(
      this.transport,
      LICENSE_PATHS.challenge,
      JSON.stringify({ projectKey: this.projectKey, sessionId: id.sessionId, fingerprintHash: this.fingerprintHash }),
      { authorization: `Bearer ${id.licenseToken}` },
    );
    assertRenewChallenge(challenge, id.sessionId, this.fingerprintHash);
    const signature = toBase64Url(await sign(utf8(challenge.signInput), secretOf(id)));
    const res = await postLicense<RenewResponse>(
      this.transport,
      LICENSE_PATHS.renew,
      JSON.stringify({
        projectKey: this.projectKey,
        sessionId: id.sessionId,
        challengeId: challenge.challengeId,
        nonce: challenge.nonce,
        signature,
        fingerprintHash: this.fingerprintHash,
      }),
    );
    assertTokenAnswer(res);
    await this.update({ ...tokenFields(res), deviceId: res.deviceId ?? id.deviceId });
    return res;
  }

  private async signedCall<T extends StatusResponse>(path: string, payload: object): Promise<T> {
    await this.ensureFreshToken();
    try {
      return await this.sendSigned<T>(path, payload);
    } catch (err) {
      // The server's clock decides expiry (a laptop that slept, clock drift): renew once and resend.
      if (!(err instanceof LicenseError) || err.code !== 'TOKEN_EXPIRED') throw err;
      await this.renew();
      return this.sendSigned<T>(path, payload);
    }
  }

  private async sendSigned<T extends StatusResponse>(path: string, payload: object): Promise<T> {
    const id = await this.requireSession();
    const bodyText = JSON.stringify(payload);
    const headers = await signedHeaders({
      path,
      bodyText,
      session: { sessionId: id.sessionId, licenseToken: id.licenseToken, secretKey: secretOf(id) },
      nowMs: this.now(),
    });
    const res = await postLicense<T>(this.transport, path, bodyText, headers);
    if (typeof res.offlineLicense === 'string' && res.offlineLicense) {
      await this.update({ offlineLicense: res.offlineLicense, offlineLicenseExpiresAt: res.offlineLicenseExpiresAt ?? null });
    }
    return res;
  }

  private async load(): Promise<StoredIdentity | null> {
    if (this.identity !== undefined) return this.identity;
    this.loading ??= this.keyStore.load().finally(() => {
      this.loading = undefined;
    });
    const loaded = await this.loading;
    if (this.identity === undefined) this.identity = loaded;
    return this.identity;
  }

  private async requireSession(): Promise<Enrolled> {
    const id = await this.load();
    if (!isEnrolledFor(id, this.projectKey, this.machineId)) {
      throw new LicenseError('NOT_ENROLLED', `no license session for project "${this.projectKey}"; enroll first`, 0);
    }
    return id as Enrolled;
  }

  private async update(patch: Partial<StoredIdentity>): Promise<void> {
    const current = await this.load();
    if (!current) throw new LicenseError('NOT_ENROLLED', 'no stored identity to update', 0);
    await this.replace({ ...current, ...patch });
  }

  private async replace(identity: StoredIdentity): Promise<void> {
    this.identity = identity;
    const run = this.saving.then(() => this.keyStore.save(identity));
    this.saving = run.catch(() => undefined);
    await run;
  }
}

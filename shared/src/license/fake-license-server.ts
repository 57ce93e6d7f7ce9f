/**
 * An in-process stand-in for the control plane's license v2 routes, shaped as
 * a FetchLike so the reference client can be tested without a network (and an
 * app embedding the client can test its own flows the same way). It checks
 * what the real server checks with the same shared functions: the enroll
 * proof, bearer token, timestamp window, nonce replay, the LICENSE-V2-PROOF
 * signature over the body bytes as received, the fingerprint, and the renew
 * signature over the signInput it issued. One device, memory only.
 */
import { randomBytes } from 'node:crypto';
import { type Ed25519KeyPair, generateKeyPair, sign, verify } from '../ed25519.js';
import { fromBase64Url, toBase64Url, utf8 } from '../encoding.js';
import { type ChallengeInput, challengeSignInput, enrollMessage, LICENSE_PATHS, proofMessage } from './canonical.js';
import type { FetchLike } from './signed-fetch.js';
import { assembleSnapshot, snapshotSigningInput } from './snapshot.js';
import { type LicenseErrorCode, type LicenseMode, SIGNED_HEADERS, withSnakeCase } from './wire.js';

export interface RecordedRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export type InjectedFault = { status: number; code: LicenseErrorCode; message?: string } | 'network' | 'not-json';

export interface FakeLicenseServerOptions {
  now: () => number;
  /** Valid activation codes and their mode. */
  codes?: Record<string, LicenseMode>;
  sessionId?: string;
  tokenTtlSeconds?: number;
  offlineTtlSeconds?: number;
  skewSeconds?: number;
  remainingCount?: number;
}

interface Device {
  projectKey: string;
  machineId: string;
  fingerprintHash: string;
  publicKey: Uint8Array;
  deviceId: number;
}

class Reject extends Error {
  constructor(
    readonly status: number,
    readonly code: LicenseErrorCode,
  ) {
    super(code);
  }
}

export class FakeLicenseServer {
  readonly requests: RecordedRequest[] = [];
  /** One-shot faults by path. */
  readonly faults = new Map<string, InjectedFault>();
  /** Rewrites the signInput a challenge answers with (to test that the client refuses it). */
  rewriteSignInput: ((signInput: string) => string) | undefined;
  /** Fixes the next challenge's id, nonce and expiry (to reproduce the known-answer vectors). */
  nextChallenge: Pick<ChallengeInput, 'challengeId' | 'nonce' | 'expiresAt'> | undefined;
  device: Device | undefined;
  token = '';
  tokenExpiresAtMs = 0;
  remainingCount: number;
  readonly consumedRequestIds = new Set<string>();
  private readonly seenNonces = new Set<string>();
  private readonly challenges = new Map<string, { nonce: string; signInput: string; used: boolean }>();
  private tokenSeq = 0;
  private readonly sessionId: string;

  private constructor(
    readonly offlineKey: Ed25519KeyPair,
    private readonly o: Required<FakeLicenseServerOptions>,
  ) {
    this.sessionId = o.sessionId;
    this.remainingCount = o.remainingCount;
  }

  static async create(options: FakeLicenseServerOptions): Promise<FakeLicenseServer> {
    return new FakeLicenseServer(await generateKeyPair(), {
      codes: { 'CODE-TIME-1': 'TIME', 'CODE-COUNT-1': 'COUNT' },
      sessionId: 'ls_fake0001',
      tokenTtlSeconds: 900,
      offlineTtlSeconds: 72 * 3600,
      skewSeconds: 300,
      remainingCount: 5,
      ...options,
    });
  }

  get offlinePublicKey(): string {
    return toBase64Url(this.offlineKey.publicKey);
  }

  paths(): string[] {
    return this.requests.map((r) => r.path);
  }

  readonly fetch: FetchLike = async (url, init) => {
    const path = new URL(url).pathname;
    const headers = Object.fromEntries(Object.entries(init.headers).map(([k, v]) => [k.toLowerCase(), v]));
    this.requests.push({ path, headers, body: init.body });
    const fault = this.faults.get(path);
    this.faults.delete(path);
    if (fault === 'network') throw new TypeError('fetch failed');
    if (fault === 'not-json') return { status: 502, text: async () => '<html>bad gateway</html>' };
    if (fault) return answer(fault.status, { success: false, message: fault.message ?? fault.code, code: fault.code });
    try {
      const body = JSON.parse(init.body) as Record<string, unknown>;
      return answer(200, withSnakeCase(await this.route(path, headers, init.body, body)));
    } catch (err) {
      if (err instanceof Reject) return answer(err.status, { success: false, message: err.code, code: err.code });
      throw err;
    }
  };

  /** Makes the current token expired on the server's clock only (the client still thinks it is fresh). */
  expireToken(): void {
    this.tokenExpiresAtMs = this.o.now() - 1;
  }

  private async route(path: string, headers: Record<string, string>, raw: string, body: Record<string, unknown>) {
    switch (path) {
      case LICENSE_PATHS.enroll:
        return this.enroll(body);
      case LICENSE_PATHS.challenge:
        return this.challenge(headers, body);
      case LICENSE_PATHS.renew:
        return this.renew(body);
      case LICENSE_PATHS.status:
        return this.view(path, headers, raw, body);
      case LICENSE_PATHS.consume: {
        const view = await this.view(path, headers, raw, body);
        const requestId = String(body.requestId);
        const idempotent = this.consumedRequestIds.has(requestId);
        if (!idempotent) {
          if (this.remainingCount <= 0) throw new Reject(403, 'CODE_EXHAUSTED');
          this.consumedRequestIds.add(requestId);
          this.remainingCount -= 1;
        }
        return { ...view, remainingCount: this.remainingCount, idempotent };
      }
      default:
        throw new Reject(404, 'NOT_FOUND');
    }
  }

  private async enroll(b: Record<string, unknown>) {
    const projectKey = typeof b.projectKey === 'string' ? b.projectKey : 'default';
    const code = String(b.code);
    if (!this.o.codes[code]) throw new Reject(404, 'CODE_INVALID');
    const publicKey = fromBase64Url(String(b.devicePublicKey));
    if (publicKey?.length !== 32) throw new Reject(400, 'PUBLIC_KEY_INVALID');
    const message = enrollMessage({
      projectKey,
      code,
      machineId: String(b.machineId),
      fingerprintHash: String(b.fingerprintHash),
      devicePublicKey: String(b.devicePublicKey),
      appVersion: typeof b.appVersion === 'string' ? b.appVersion : undefined,
    });
    const signature = fromBase64Url(String(b.deviceSignature));
    if (!signature || !(await verify(signature, utf8(message), publicKey))) throw new Reject(401, 'ENROLL_PROOF_INVALID');
    const [machineId, fingerprintHash] = [String(b.machineId), String(b.fingerprintHash)];
    this.device = { projectKey, machineId, fingerprintHash, publicKey, deviceId: 7 };
    return { ...(await this.issueToken()), offlineLicensePublicKey: this.offlinePublicKey, message: 'enrolled' };
  }

  private challenge(headers: Record<string, string>, b: Record<string, unknown>) {
    const device = this.requireDevice();
    if (headers.authorization !== `Bearer ${this.token}`) throw new Reject(401, 'TOKEN_INVALID');
    if (b.sessionId !== this.sessionId) throw new Reject(401, 'SESSION_MISMATCH');
    if (b.fingerprintHash !== device.fingerprintHash) throw new Reject(403, 'FINGERPRINT_MISMATCH');
    const fixed = this.nextChallenge;
    this.nextChallenge = undefined;
    const challengeId = fixed?.challengeId ?? `lc_${this.challenges.size + 1}`;
    const nonce = fixed?.nonce ?? `cn_${toBase64Url(randomBytes(12))}`;
    const expiresAt = fixed?.expiresAt ?? Math.floor(this.o.now() / 1000) + 60;
    const { fingerprintHash } = device;
    const signInput = challengeSignInput({ sessionId: this.sessionId, challengeId, nonce, expiresAt, fingerprintHash });
    this.challenges.set(challengeId, { nonce, signInput, used: false });
    const sent = this.rewriteSignInput ? this.rewriteSignInput(signInput) : signInput;
    return {
      success: true,
      message: 'challenge issued',
      sessionId: this.sessionId,
      challengeId,
      nonce,
      expiresAt: new Date(expiresAt * 1000).toISOString(),
      signInput: sent,
    };
  }

  private async renew(b: Record<string, unknown>) {
    const device = this.requireDevice();
    const challenge = this.challenges.get(String(b.challengeId));
    if (!challenge || challenge.nonce !== b.nonce) throw new Reject(401, 'CHALLENGE_INVALID');
    if (challenge.used) throw new Reject(409, 'CHALLENGE_USED');
    challenge.used = true;
    if (b.fingerprintHash !== device.fingerprintHash) throw new Reject(403, 'FINGERPRINT_MISMATCH');
    const signature = fromBase64Url(String(b.signature));
    if (!signature || !(await verify(signature, utf8(challenge.signInput), device.publicKey))) {
      throw new Reject(401, 'SIGNATURE_INVALID');
    }
    return { ...(await this.issueToken()), message: 'renewed' };
  }

  private async view(path: string, h: Record<string, string>, raw: string, b: Record<string, unknown>) {
    const device = this.requireDevice();
    const session = h[SIGNED_HEADERS.sessionId];
    const timestamp = h[SIGNED_HEADERS.timestamp];
    const nonce = h[SIGNED_HEADERS.nonce];
    const sig = h[SIGNED_HEADERS.signature];
    if (h['content-type'] !== 'application/json') throw new Reject(415, 'UNSUPPORTED_MEDIA_TYPE');
    if (!h.authorization?.startsWith('Bearer ') || !session || !timestamp || !nonce || !sig) {
      throw new Reject(401, 'PROOF_REQUIRED');
    }
    const token = h.authorization.slice('Bearer '.length);
    if (token !== this.token) throw new Reject(401, 'TOKEN_INVALID');
    if (this.o.now() > this.tokenExpiresAtMs) throw new Reject(401, 'TOKEN_EXPIRED');
    if (session !== this.sessionId) throw new Reject(401, 'SESSION_MISMATCH');
    if (!/^\d+$/.test(timestamp) || Math.abs(Number(timestamp) - this.o.now() / 1000) > this.o.skewSeconds) {
      throw new Reject(401, 'TIMESTAMP_OUT_OF_WINDOW');
    }
    const signature = fromBase64Url(sig);
    const message = proofMessage({ path, sessionId: session, timestamp, nonce, body: raw, licenseToken: token });
    if (!signature || !(await verify(signature, utf8(message), device.publicKey))) throw new Reject(401, 'SIGNATURE_INVALID');
    if (this.seenNonces.has(nonce)) throw new Reject(409, 'NONCE_REPLAY');
    this.seenNonces.add(nonce);
    if (b.fingerprintHash !== device.fingerprintHash) throw new Reject(403, 'FINGERPRINT_MISMATCH');
    return {
      success: true as const,
      message: 'ok',
      licenseMode: 'COUNT' as const,
      expiresAt: null,
      remainingCount: this.remainingCount,
      isActivated: true,
      valid: this.remainingCount > 0,
      sessionId: this.sessionId,
      deviceId: device.deviceId,
      tokenExpiresAt: new Date(this.tokenExpiresAtMs).toISOString(),
      ...(await this.snapshot(device)),
    };
  }

  private async issueToken() {
    const device = this.requireDevice();
    this.token = `lt_fake_${++this.tokenSeq}`;
    this.tokenExpiresAtMs = this.o.now() + this.o.tokenTtlSeconds * 1000;
    const tokenExpiresAt = new Date(this.tokenExpiresAtMs).toISOString();
    return {
      success: true as const,
      tokenType: 'LicenseV2' as const,
      licenseToken: this.token,
      sessionId: this.sessionId,
      deviceId: device.deviceId,
      expiresAt: tokenExpiresAt,
      tokenExpiresAt,
      licenseMode: 'COUNT' as const,
      remainingCount: this.remainingCount,
      isActivated: true,
      valid: true,
      ...(await this.snapshot(device)),
    };
  }

  private async snapshot(device: Device) {
    const now = this.o.now();
    const notAfter = new Date(now + this.o.offlineTtlSeconds * 1000).toISOString();
    const { signingInput } = snapshotSigningInput({
      v: 2,
      kid: 'pk_fake',
      projectKey: device.projectKey,
      machineId: device.machineId,
      fingerprintHash: device.fingerprintHash,
      deviceId: device.deviceId,
      sessionId: this.sessionId,
      licenseMode: 'COUNT',
      expiresAt: null,
      remainingCount: this.remainingCount,
      valid: this.remainingCount > 0,
      issuedAt: new Date(now).toISOString(),
      notAfter,
    });
    const offlineLicense = assembleSnapshot(signingInput, await sign(utf8(signingInput), this.offlineKey.secretKey));
    return { offlineLicense, offlineLicenseExpiresAt: notAfter, offlineLicenseKeyId: 'pk_fake' };
  }

  private requireDevice(): Device {
    if (!this.device) throw new Reject(401, 'TOKEN_INVALID');
    return this.device;
  }
}

function answer(status: number, body: unknown) {
  const text = JSON.stringify(body);
  return { status, text: async () => text };
}

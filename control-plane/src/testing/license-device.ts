/**
 * A scriptable license v2 device for tests: enrolls and signs requests the
 * way a real client does, and lets a test override any part of a request to forge,
 * replay or tamper with it. Talks through app.inject (no network).
 */
import { randomBytes } from 'node:crypto';
import { enrollMessage, LICENSE_PATHS, proofMessage } from '@plume/shared';
import type { FastifyInstance } from 'fastify';
import { generateEd25519, type RawKeyPair, signEd25519 } from '../crypto/ed25519.js';

export interface Reply {
  status: number;
  body: Record<string, any>;
  headers: Record<string, unknown>;
}

export async function post(app: FastifyInstance, url: string, payload: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

let projectCount = 0;
/** A fresh license project (`<prefix>-<n>`) with the given policy, through the admin API; its key. */
export async function createProject(t: { app: FastifyInstance; adminHeaders: Record<string, string> }, prefix: string, policy: Record<string, number> = {}): Promise<string> {
  const projectKey = `${prefix}-${++projectCount}`;
  const res = await post(t.app, '/api/admin/projects', { projectKey, name: projectKey, policy }, t.adminHeaders);
  if (res.status !== 201) throw new Error(`creating project ${projectKey}: ${res.status} ${JSON.stringify(res.body)}`);
  return projectKey;
}

export async function generateCodes(
  app: FastifyInstance,
  adminHeaders: Record<string, string>,
  spec: { projectKey?: string; licenseMode: 'TIME' | 'COUNT'; quantity?: number; remainingCount?: number; expiresAt?: string },
): Promise<string[]> {
  const res = await post(app, '/api/admin/codes/generate', { quantity: 1, ...spec }, adminHeaders);
  if (res.status !== 200) throw new Error(`code generation failed: ${JSON.stringify(res.body)}`);
  return res.body.codes.map((c: { code: string }) => c.code);
}

export interface SignedOverrides {
  timestamp?: string;
  nonce?: string;
  /** Path put into the signed message (not the URL). */
  signedPath?: string;
  /** Body put into the signed message instead of the one sent. */
  signedBody?: string;
  key?: RawKeyPair;
  token?: string;
  sessionId?: string;
  omitHeaders?: Array<'authorization' | 'x-license-session-id' | 'x-license-timestamp' | 'x-license-nonce' | 'x-license-signature'>;
  nowSeconds?: number;
}

export class TestDevice {
  readonly key: RawKeyPair = generateEd25519();
  readonly machineId = `machine-${randomBytes(6).toString('hex')}`;
  fingerprintHash = randomBytes(32).toString('hex');
  appVersion = '1.4.2';
  projectKey = 'default';
  sessionId = '';
  token = '';
  deviceId = 0;
  offlinePublicKey = '';

  constructor(private readonly app: FastifyInstance) {}

  enrollBody(code: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
    const devicePublicKey = this.key.publicKey;
    const signature = signEd25519(
      this.key.privateKey,
      enrollMessage({ projectKey: this.projectKey, code, machineId: this.machineId, fingerprintHash: this.fingerprintHash, devicePublicKey, appVersion: this.appVersion }),
    );
    return {
      projectKey: this.projectKey,
      code,
      machineId: this.machineId,
      appVersion: this.appVersion,
      fingerprintHash: this.fingerprintHash,
      devicePublicKey,
      deviceSignature: signature,
      ...overrides,
    };
  }

  async enroll(code: string, overrides: Record<string, unknown> = {}): Promise<Reply> {
    const res = await post(this.app, LICENSE_PATHS.enroll, this.enrollBody(code, overrides));
    if (res.body.success) {
      this.sessionId = res.body.sessionId;
      this.token = res.body.licenseToken;
      this.deviceId = res.body.deviceId;
      this.offlinePublicKey = res.body.offlinePublicKey ?? res.body.offlineLicensePublicKey;
    }
    return res;
  }

  signedHeaders(path: string, body: string, o: SignedOverrides = {}): Record<string, string> {
    const timestamp = o.timestamp ?? String(o.nowSeconds ?? Math.floor(Date.now() / 1000));
    const nonce = o.nonce ?? `n_${randomBytes(18).toString('base64url')}`;
    const token = o.token ?? this.token;
    const sessionId = o.sessionId ?? this.sessionId;
    const message = proofMessage({
      path: o.signedPath ?? path,
      sessionId,
      timestamp,
      nonce,
      body: o.signedBody ?? body,
      licenseToken: token,
    });
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      'x-license-session-id': sessionId,
      'x-license-timestamp': timestamp,
      'x-license-nonce': nonce,
      'x-license-signature': signEd25519((o.key ?? this.key).privateKey, message),
    };
    for (const h of o.omitHeaders ?? []) delete headers[h];
    return headers;
  }

  async signed(path: string, payload: Record<string, unknown>, o: SignedOverrides = {}): Promise<Reply & { sentHeaders: Record<string, string> }> {
    const body = JSON.stringify(payload);
    const sentHeaders = this.signedHeaders(path, body, o);
    return { ...(await post(this.app, path, body, sentHeaders)), sentHeaders };
  }

  status(o: SignedOverrides = {}, payload: Record<string, unknown> = { fingerprintHash: this.fingerprintHash }) {
    return this.signed(LICENSE_PATHS.status, payload, o);
  }

  consume(requestId?: string, o: SignedOverrides = {}, payload?: Record<string, unknown>) {
    return this.signed(LICENSE_PATHS.consume, payload ?? { fingerprintHash: this.fingerprintHash, ...(requestId ? { requestId } : {}) }, o);
  }

  async renew(o: { fingerprintHash?: string; key?: RawKeyPair } = {}): Promise<{ challenge: Reply; renew: Reply }> {
    const fingerprintHash = o.fingerprintHash ?? this.fingerprintHash;
    const challenge = await post(this.app, LICENSE_PATHS.challenge, { sessionId: this.sessionId, fingerprintHash }, { authorization: `Bearer ${this.token}` });
    if (!challenge.body.success) return { challenge, renew: challenge };
    const renew = await post(this.app, LICENSE_PATHS.renew, {
      sessionId: this.sessionId,
      challengeId: challenge.body.challengeId,
      nonce: challenge.body.nonce,
      signature: signEd25519((o.key ?? this.key).privateKey, challenge.body.signInput),
      fingerprintHash,
    });
    if (renew.body.success) this.token = renew.body.licenseToken;
    return { challenge, renew };
  }
}

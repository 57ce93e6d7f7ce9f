/**
 * Verifies the proof on status and consume: bearer token, the four
 * X-License-* headers and the eight-line LICENSE-V2-PROOF signature over
 * path, session, timestamp, nonce, body hash and token hash. Order matters:
 * cheap refusals first, the signature before the nonce is remembered (a forger
 * cannot burn a device's nonces), and every refusal of a security kind is
 * recorded as a security event.
 */
import { createHash } from 'node:crypto';
import { proofMessageFromHashes } from '@plume/shared';
import type { Db } from '../db/client.js';
import { verifyEd25519 } from '../crypto/ed25519.js';
import { licenseError } from './license.errors.js';
import { type JudgedSession, type JudgedSessions, judgedFrom } from './judged-sessions.js';
import type { ProjectPolicy } from './license.schema.js';
import type { SessionContext } from './session.repository.js';
import type { AdmissionQueue } from './admission-queue.js';
import { type AdmitSignedResult, type ConsumeOutcome, sessionRepository } from './session.repository.js';
import { recordSecurityEvent } from './security-events.js';

export interface SignedRequestInput {
  path: string;
  authorization: string | undefined;
  sessionId: string | undefined;
  timestamp: string | undefined;
  nonce: string | undefined;
  signature: string | undefined;
  rawBody: Buffer;
  ip: string;
}

const TIMESTAMP = /^\d{1,12}$/;
const NONCE = /^[A-Za-z0-9_-]{8,128}$/;

export function bearerToken(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const match = /^Bearer\s+(\S{1,512})$/i.exec(authorization.trim());
  return match ? match[1]! : null;
}

/** Checks that apply to every request made with a session (signed, challenge, renew). */
export async function assertSessionUsable(db: Db, ctx: SessionContext, ip: string): Promise<void> {
  if (!ctx.projectEnabled) throw licenseError('PROJECT_DISABLED', `Project ${ctx.projectKey} is disabled`);
  if (ctx.deviceRevokedAt) {
    await recordSecurityEvent(db, {
      kind: 'device_revocation',
      projectId: ctx.projectId,
      deviceId: ctx.deviceId,
      sessionId: ctx.sessionId,
      ip,
      detail: { reason: 'request from a revoked device' },
    });
    throw licenseError('DEVICE_REVOKED', 'This device has been revoked; contact the vendor');
  }
  if (ctx.sessionRevokedAt) throw licenseError('SESSION_REVOKED', 'This session has been revoked; enroll again');
  if (ctx.versionBanned) {
    await recordSecurityEvent(db, {
      kind: 'version_ban',
      projectId: ctx.projectId,
      deviceId: ctx.deviceId,
      sessionId: ctx.sessionId,
      ip,
      detail: { appVersion: ctx.appVersion },
    });
    throw licenseError('VERSION_BANNED', `Client version ${ctx.appVersion || '(none)'} is banned; update the application`);
  }
}

export async function assertFingerprint(db: Db, ctx: SessionContext, sent: string | undefined, ip: string, path: string): Promise<void> {
  if (sent === ctx.fingerprintHash) return;
  await recordSecurityEvent(db, {
    kind: 'fingerprint_drift',
    projectId: ctx.projectId,
    deviceId: ctx.deviceId,
    sessionId: ctx.sessionId,
    ip,
    detail: { path, missing: sent === undefined || sent === '' },
  });
  throw licenseError(
    'FINGERPRINT_MISMATCH',
    sent ? 'fingerprintHash differs from the one bound at enroll' : 'fingerprintHash is required and must match the one bound at enroll',
  );
}

function timestampInWindow(timestamp: string, policy: Required<ProjectPolicy>, nowSeconds: number): boolean {
  return TIMESTAMP.test(timestamp) && Math.abs(Number(timestamp) - nowSeconds) <= policy.clockSkewSeconds;
}

function proofVerifies(input: CompleteSignedInput, tokenHash: string, devicePublicKey: string): boolean {
  const message = proofMessageFromHashes({
    path: input.path,
    sessionId: input.sessionId,
    timestamp: input.timestamp,
    nonce: input.nonce,
    bodySha256: createHash('sha256').update(input.rawBody).digest('hex'),
    tokenSha256: tokenHash,
  });
  return verifyEd25519(devicePublicKey, message, input.signature);
}

type CompleteSignedInput = SignedRequestInput & { sessionId: string; timestamp: string; nonce: string; signature: string };

/** What a verified signed request hands the service. */
export interface SignedAdmission {
  ctx: SessionContext;
  /** license_consume's answer when the request asked to consume and every condition held in the database. */
  consumed: { outcome: ConsumeOutcome; remaining: number | null } | null;
}

export interface VerifyOptions {
  judged: JudgedSessions;
  /** Where admissions are sent: one statement for all that arrive while the previous one is in flight. */
  admissions: AdmissionQueue;
  /** Root handle a session is read on when judged afresh (Database.signedRequests); defaults to db. */
  signedRequests?: Db;
  /** For consume: deduct in the same round trip as the admission when everything holds. */
  consume?: { requestId: string | null; fingerprintHash: string | undefined };
}

interface Step {
  db: Db;
  input: CompleteSignedInput;
  tokenHash: string;
  now: Date;
  options: VerifyOptions;
}

/**
 * One round trip when this replica has judged the token before: timestamp and
 * signature are checked against the remembered facts, and the admitting
 * statement confirms those facts still hold. Otherwise (first request, or the
 * facts changed, or any check failed) the session is judged afresh in the
 * documented order of checks, which also gives every refusal its usual code.
 */
export async function verifySignedRequest(db: Db, input: SignedRequestInput, now: Date, options: VerifyOptions): Promise<SignedAdmission> {
  const token = bearerToken(input.authorization);
  if (!token) throw licenseError('TOKEN_MISSING', 'Send the license token as Authorization: Bearer <token>');
  if (!input.sessionId || !input.timestamp || !input.nonce || !input.signature) {
    throw licenseError(
      'PROOF_REQUIRED',
      'Signed requests need X-License-Session-Id, X-License-Timestamp, X-License-Nonce and X-License-Signature',
    );
  }
  const step: Step = { db, input: input as CompleteSignedInput, tokenHash: createHash('sha256').update(token).digest('hex'), now, options };
  const judged = options.judged.get(step.tokenHash);
  if (
    judged &&
    judged.sessionId === input.sessionId &&
    timestampInWindow(input.timestamp, judged.policy, Math.floor(now.getTime() / 1000)) &&
    NONCE.test(input.nonce) &&
    proofVerifies(step.input, step.tokenHash, judged.devicePublicKey)
  ) {
    const admitted = await admit(step, judged);
    if (admitted?.attempted) return settle(step, admitted, judged.policy);
    options.judged.delete(step.tokenHash);
    return judgeAfresh(step, admitted ? admitted.ctx : null);
  }
  return judgeAfresh(step, await sessionRepository.byTokenHash(options.signedRequests ?? db, step.tokenHash));
}

/** The full check sequence on a session as just read; retried when the session changes between read and admission. */
async function judgeAfresh(step: Step, ctx: SessionContext | null, retries = 2): Promise<SignedAdmission> {
  const { db, input, now } = step;
  if (!ctx) throw licenseError('TOKEN_INVALID', 'Unknown license token; renew or enroll again');
  if (ctx.sessionId !== input.sessionId) throw licenseError('SESSION_MISMATCH', 'X-License-Session-Id does not belong to this token');
  await assertSessionUsable(db, ctx, input.ip);
  if (ctx.tokenExpiresAt.getTime() <= now.getTime()) throw licenseError('TOKEN_EXPIRED', 'License token expired; renew through challenge and renew');

  const judged = judgedFrom(ctx);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (!timestampInWindow(input.timestamp, judged.policy, nowSeconds)) {
    throw licenseError(
      'TIMESTAMP_OUT_OF_WINDOW',
      `X-License-Timestamp must be Unix seconds within ${judged.policy.clockSkewSeconds} s of the server clock (server: ${nowSeconds})`,
    );
  }
  if (!NONCE.test(input.nonce)) throw licenseError('INVALID_REQUEST', 'X-License-Nonce must be 8-128 base64url characters');

  if (!proofVerifies(input, step.tokenHash, ctx.devicePublicKey)) {
    await recordSecurityEvent(db, {
      kind: 'signature_failure',
      projectId: ctx.projectId,
      deviceId: ctx.deviceId,
      sessionId: ctx.sessionId,
      ip: input.ip,
      detail: { path: input.path },
    });
    throw licenseError('SIGNATURE_INVALID', 'X-License-Signature does not verify with the device key for this request');
  }

  const admitted = await admit(step, judged);
  if (!admitted || !admitted.attempted) {
    // Revoked, re-keyed, re-tokened or re-configured between the read and the admission: judge what is there now.
    if (retries > 0) return judgeAfresh(step, admitted ? admitted.ctx : null, retries - 1);
    throw new Error(`session ${ctx.sessionId} kept changing while a signed request was admitted`);
  }
  step.options.judged.set(step.tokenHash, judged);
  return settle(step, admitted, judged.policy);
}

function admit(step: Step, judged: JudgedSession): Promise<AdmitSignedResult | null> {
  const { now, input, options } = step;
  const windowStart = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  return options.admissions.admit(
    {
      tokenHash: step.tokenHash,
      judged: { sessionId: judged.sessionId, devicePublicKey: judged.devicePublicKey, policyJson: judged.policyJson, requestsPerWindow: judged.policy.sessionRequestsPerMinute },
      now,
      nonce: input.nonce,
      // Twice the skew window: a timestamp still acceptable can never meet a forgotten nonce.
      nonceExpiresAt: new Date(now.getTime() + 2 * judged.policy.clockSkewSeconds * 1000 + 60_000),
      rateKey: `lic:session:${judged.sessionId}`,
      windowStart,
      windowExpiresAt: new Date(windowStart.getTime() + 120_000),
      consume: options.consume,
    },
    { sessionId: judged.sessionId, codeId: judged.codeId },
  );
}

/** After an admission: a replayed nonce or an exceeded rate refuses the request (and nothing was consumed). */
async function settle(step: Step, admitted: AdmitSignedResult, policy: Required<ProjectPolicy>): Promise<SignedAdmission> {
  const { ctx } = admitted;
  const { input, now } = step;
  if (!admitted.fresh) {
    await recordSecurityEvent(step.db, {
      kind: 'nonce_replay',
      projectId: ctx.projectId,
      deviceId: ctx.deviceId,
      sessionId: ctx.sessionId,
      ip: input.ip,
      detail: { path: input.path, nonce: input.nonce },
    });
    throw licenseError('NONCE_REPLAY', 'This X-License-Nonce was already used; every request needs a fresh nonce');
  }
  if (admitted.count > policy.sessionRequestsPerMinute) {
    const windowEnd = (Math.floor(now.getTime() / 60_000) + 1) * 60_000;
    const retryAfter = Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000));
    throw licenseError('RATE_LIMITED', `More than ${policy.sessionRequestsPerMinute} requests this minute for this session`, {
      'retry-after': String(retryAfter),
    });
  }
  return { ctx, consumed: admitted.consumed };
}

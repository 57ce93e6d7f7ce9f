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
import { licenseRepository, type SessionContext } from './license.repository.js';
import { effectivePolicy } from './policy.js';
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

export async function verifySignedRequest(db: Db, input: SignedRequestInput, now: Date): Promise<SessionContext> {
  const token = bearerToken(input.authorization);
  if (!token) throw licenseError('TOKEN_MISSING', 'Send the license token as Authorization: Bearer <token>');
  if (!input.sessionId || !input.timestamp || !input.nonce || !input.signature) {
    throw licenseError(
      'PROOF_REQUIRED',
      'Signed requests need X-License-Session-Id, X-License-Timestamp, X-License-Nonce and X-License-Signature',
    );
  }
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const ctx = await licenseRepository.sessionByTokenHash(db, tokenHash);
  if (!ctx) throw licenseError('TOKEN_INVALID', 'Unknown license token; renew or enroll again');
  if (ctx.sessionId !== input.sessionId) throw licenseError('SESSION_MISMATCH', 'X-License-Session-Id does not belong to this token');
  await assertSessionUsable(db, ctx, input.ip);
  if (ctx.tokenExpiresAt.getTime() <= now.getTime()) throw licenseError('TOKEN_EXPIRED', 'License token expired; renew through challenge and renew');

  const policy = effectivePolicy(ctx.policy);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (!TIMESTAMP.test(input.timestamp) || Math.abs(Number(input.timestamp) - nowSeconds) > policy.clockSkewSeconds) {
    throw licenseError(
      'TIMESTAMP_OUT_OF_WINDOW',
      `X-License-Timestamp must be Unix seconds within ${policy.clockSkewSeconds} s of the server clock (server: ${nowSeconds})`,
    );
  }
  if (!NONCE.test(input.nonce)) throw licenseError('INVALID_REQUEST', 'X-License-Nonce must be 8-128 base64url characters');

  const message = proofMessageFromHashes({
    path: input.path,
    sessionId: input.sessionId,
    timestamp: input.timestamp,
    nonce: input.nonce,
    bodySha256: createHash('sha256').update(input.rawBody).digest('hex'),
    tokenSha256: tokenHash,
  });
  if (!verifyEd25519(ctx.devicePublicKey, message, input.signature)) {
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

  const windowStart = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const admitted = await licenseRepository.admitSignedRequest(db, {
    sessionId: ctx.sessionId,
    nonce: input.nonce,
    // Twice the skew window: a timestamp still acceptable can never meet a forgotten nonce.
    nonceExpiresAt: new Date(now.getTime() + 2 * policy.clockSkewSeconds * 1000 + 60_000),
    rateKey: `lic:session:${ctx.sessionId}`,
    windowStart,
    windowExpiresAt: new Date(windowStart.getTime() + 120_000),
    deviceId: ctx.deviceId,
  });
  if (!admitted.fresh) {
    await recordSecurityEvent(db, {
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
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + 60_000 - now.getTime()) / 1000));
    throw licenseError('RATE_LIMITED', `More than ${policy.sessionRequestsPerMinute} requests this minute for this session`, {
      'retry-after': String(retryAfter),
    });
  }
  return ctx;
}

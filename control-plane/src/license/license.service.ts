/**
 * License v2 operations. No Fastify here: routes hand in parsed input and the
 * raw facts of the request (ip, headers, body bytes); answers are plain objects.
 */
import { randomBytes } from 'node:crypto';
import {
  type ChallengeRequest,
  challengeSignInput,
  type ConsumeRequest,
  type EnrollRequest,
  enrollMessage,
  type OfflineSnapshotPayload,
  type RenewRequest,
  snapshotSigningInput,
  type StatusRequest,
} from '@plume/shared';
import type { Db } from '../db/client.js';
import { hitWindow } from '../db/rate-counter.js';
import { parsePublicKey, verifyEd25519 } from '../crypto/ed25519.js';
import { randomId, sha256Hex } from '../crypto/tokens.js';
import { licenseError } from './license.errors.js';
import { licenseRepository } from './license.repository.js';
import type { SessionContext } from './session.repository.js';
import { effectivePolicy, renewGraceSeconds } from './policy.js';
import { AdmissionQueue } from './admission-queue.js';
import { JudgedSessions } from './judged-sessions.js';
import { recordSecurityEvent } from './security-events.js';
import { sessionRepository } from './session.repository.js';
import { SnapshotSignatures } from './snapshot-signatures.js';
import { desktopNodes } from '../nodes/desktop-nodes.repository.js';
import { assertFingerprint, assertSessionUsable, bearerToken, type SignedRequestInput, verifySignedRequest } from './signed-request.js';

export interface LicenseServiceOptions {
  db: Db;
  /** Root handle for the signed-request statements (Database.signedRequests); defaults to db. */
  signedRequests?: Db;
  /** Statements the admissions may have in flight at once: the connections of signedRequests (Database.signedRequestConnections). */
  admissionLanes?: number;
  now?: () => Date;
  /** What this replica last judged each token by (a hint the database confirms; see judged-sessions.ts). */
  judged?: JudgedSessions;
}

interface LicenseView {
  licenseMode: 'TIME' | 'COUNT';
  expiresAt: string | null;
  remainingCount: number | null;
  isActivated: boolean;
  valid: boolean;
  reason: string;
}

type LicenseFacts = Pick<SessionContext, 'licenseMode' | 'remainingCount' | 'codeExpiresAt' | 'codeDisabledAt'>;

function licenseView(c: LicenseFacts, now: Date): LicenseView {
  let valid = true;
  let reason = 'License is valid';
  if (c.codeDisabledAt) [valid, reason] = [false, 'This activation code has been disabled'];
  else if (c.licenseMode === 'TIME' && (!c.codeExpiresAt || c.codeExpiresAt <= now)) [valid, reason] = [false, 'License has expired'];
  else if (c.licenseMode === 'COUNT' && (c.remainingCount ?? 0) <= 0) [valid, reason] = [false, 'No uses remain on this license'];
  return {
    licenseMode: c.licenseMode,
    expiresAt: c.licenseMode === 'TIME' ? (c.codeExpiresAt?.toISOString() ?? null) : null,
    remainingCount: c.licenseMode === 'COUNT' ? (c.remainingCount ?? 0) : null,
    isActivated: true,
    valid,
    reason,
  };
}

export class LicenseService {
  private readonly db: Db;
  private readonly signedRequests: Db;
  private readonly now: () => Date;
  private readonly judged: JudgedSessions;
  /** Signed-request admissions, batched into one statement per round trip (admission-queue.ts). */
  readonly admissions: AdmissionQueue;
  private readonly snapshots = new SnapshotSignatures();

  constructor({ db, signedRequests = db, admissionLanes = 1, now = () => new Date(), judged = new JudgedSessions() }: LicenseServiceOptions) {
    this.db = db;
    this.signedRequests = signedRequests;
    this.admissions = new AdmissionQueue({ run: (inputs) => sessionRepository.admitSigned(signedRequests, inputs), lanes: admissionLanes });
    this.now = now;
    this.judged = judged;
  }

  private snapshot(ctx: SessionContext, view: LicenseView, now: Date) {
    if (!ctx.kid || !ctx.offlinePrivateKey || !ctx.offlinePublicKey) {
      throw new Error(`project ${ctx.projectKey} has no active offline key (back-fill runs at start)`);
    }
    const policy = effectivePolicy(ctx.policy);
    // Whole seconds: an unchanged license polled within one second signs (and answers) the same payload.
    const issuedAt = Math.floor(now.getTime() / 1000) * 1000;
    let notAfter = issuedAt + policy.offlineTtlSeconds * 1000;
    if (view.expiresAt) notAfter = Math.min(notAfter, Date.parse(view.expiresAt));
    const payload: OfflineSnapshotPayload = {
      v: 2,
      kid: ctx.kid,
      projectKey: ctx.projectKey,
      machineId: ctx.machineId,
      fingerprintHash: ctx.fingerprintHash,
      deviceId: ctx.deviceId,
      sessionId: ctx.sessionId,
      licenseMode: view.licenseMode,
      expiresAt: view.expiresAt,
      remainingCount: view.remainingCount,
      valid: view.valid,
      issuedAt: new Date(issuedAt).toISOString(),
      notAfter: new Date(notAfter).toISOString(),
    };
    const { signingInput } = snapshotSigningInput(payload);
    return {
      offlineLicense: `${signingInput}.${this.snapshots.sign(ctx.sessionId, ctx.offlinePrivateKey, signingInput)}`,
      offlineLicenseExpiresAt: payload.notAfter,
      offlineLicenseKeyId: ctx.kid,
    };
  }

  private static newToken() {
    const licenseToken = `lt_${randomBytes(32).toString('base64url')}`;
    return { licenseToken, tokenHash: sha256Hex(licenseToken) };
  }

  async enroll(req: EnrollRequest, ip: string) {
    const now = this.now();
    const projectKey = req.projectKey ?? 'default';
    const project = await licenseRepository.projectByKey(this.db, projectKey);
    if (!project) throw licenseError('PROJECT_NOT_FOUND', `Unknown projectKey ${projectKey}`);
    if (!project.enabled) throw licenseError('PROJECT_DISABLED', `Project ${projectKey} is disabled`);
    const policy = effectivePolicy(project.policy);
    const hit = await hitWindow(this.db, `lic:enroll:${project.id}:${ip}`, 60, now);
    if (hit.count > policy.enrollPerMinutePerIp) {
      throw licenseError('RATE_LIMITED', 'Too many enroll attempts from this address; wait a minute', {
        'retry-after': String(Math.max(1, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 1000))),
      });
    }
    if (!parsePublicKey(req.devicePublicKey)) {
      throw licenseError('PUBLIC_KEY_INVALID', 'devicePublicKey must be a 32-byte Ed25519 public key in base64url without padding');
    }
    if (!req.fingerprintHash) throw licenseError('INVALID_REQUEST', 'fingerprintHash is required at enroll: it is bound to the device');
    const appVersion = req.appVersion ?? '';
    const proof = enrollMessage({ ...req, projectKey, fingerprintHash: req.fingerprintHash, appVersion });
    if (!verifyEd25519(req.devicePublicKey, proof, req.deviceSignature)) {
      await recordSecurityEvent(this.db, { kind: 'signature_failure', projectId: project.id, ip, detail: { path: 'enroll', machineId: req.machineId } });
      throw licenseError('ENROLL_PROOF_INVALID', 'deviceSignature does not verify over the enroll message with devicePublicKey');
    }
    if (await licenseRepository.isVersionBanned(this.db, project.id, appVersion)) {
      await recordSecurityEvent(this.db, { kind: 'version_ban', projectId: project.id, ip, detail: { appVersion, machineId: req.machineId } });
      throw licenseError('VERSION_BANNED', `Client version ${appVersion || '(none)'} is banned; update the application`);
    }

    const { licenseToken, tokenHash } = LicenseService.newToken();
    const sessionId = randomId('ls');
    const tokenExpiresAt = new Date(now.getTime() + policy.tokenTtlSeconds * 1000);
    const outcome = await this.db.transaction(async (tx) => {
      const code = await licenseRepository.codeForUpdate(tx, project.id, req.code);
      if (!code) return { error: licenseError('CODE_INVALID', 'Unknown activation code for this project') };
      if (code.disabledAt) return { error: licenseError('CODE_DISABLED', 'This activation code has been disabled') };
      if (code.licenseMode === 'TIME' && (!code.expiresAt || code.expiresAt <= now)) {
        return { error: licenseError('CODE_EXPIRED', 'This activation code has expired') };
      }
      if (code.licenseMode === 'COUNT' && (code.remainingCount ?? 0) <= 0) {
        return { error: licenseError('CODE_EXHAUSTED', 'This activation code has no uses left') };
      }
      let deviceId: number;
      if (code.deviceId !== null) {
        const bound = await licenseRepository.deviceById(tx, code.deviceId);
        if (bound?.revokedAt) return { error: licenseError('DEVICE_REVOKED', 'The device bound to this code has been revoked'), revoked: bound };
        // A reinstall on the same machine (same machineId and fingerprint) may re-key; anyone else may not.
        if (!bound || bound.machineId !== req.machineId || bound.fingerprintHash !== req.fingerprintHash) {
          return { error: licenseError('CODE_ALREADY_BOUND', 'This activation code is bound to another device') };
        }
        // The same key again is a retry of an enroll whose answer was lost; a key this device gave up is not.
        if (bound.publicKey !== req.devicePublicKey && (await licenseRepository.isRetiredKey(tx, bound.id, req.devicePublicKey))) {
          return {
            error: licenseError('ENROLL_REPLAYED', 'This device key was replaced by a later enroll and is not accepted again; enroll with a new key'),
            replayedOn: bound,
          };
        }
        await licenseRepository.revokeSessionsOfDevice(tx, bound.id);
        await licenseRepository.rebindDevice(tx, bound, req.devicePublicKey, appVersion);
        deviceId = bound.id;
      } else {
        const device = await licenseRepository.insertDevice(tx, {
          projectId: project.id,
          codeId: code.id,
          machineId: req.machineId,
          publicKey: req.devicePublicKey,
          fingerprintHash: req.fingerprintHash!,
          appVersion,
          lastSeenAt: now,
        });
        await licenseRepository.bindCode(tx, code.id, device.id);
        deviceId = device.id;
      }
      await licenseRepository.insertSession(tx, { id: sessionId, projectId: project.id, deviceId, tokenHash, tokenExpiresAt });
      // A code tied to a user makes the device that user's desktop executor: the device key is the node's identity.
      const node =
        code.userId === null
          ? null
          : await desktopNodes.ensureForDevice(tx, { deviceId, userId: code.userId, publicKey: req.devicePublicKey, machineId: req.machineId });
      return { deviceId, nodeId: node?.nodeId ?? null };
    });
    if ('error' in outcome) {
      if (outcome.revoked) {
        await recordSecurityEvent(this.db, {
          kind: 'device_revocation',
          projectId: project.id,
          deviceId: outcome.revoked.id,
          ip,
          detail: { reason: 'enroll on a revoked device' },
        });
      }
      if (outcome.replayedOn) {
        // An old enroll body, or someone holding a key the device gave up: operators see it with the other replays.
        await recordSecurityEvent(this.db, {
          kind: 'nonce_replay',
          projectId: project.id,
          deviceId: outcome.replayedOn.id,
          ip,
          detail: { path: 'enroll', reason: 'a retired device key' },
        });
      }
      throw outcome.error;
    }
    const ctx = (await licenseRepository.sessionById(this.db, sessionId))!;
    return {
      ...this.tokenAnswer('Device enrolled', ctx, licenseToken, tokenExpiresAt, now),
      offlineLicensePublicKey: ctx.offlinePublicKey!,
      // The execution node this device is (it connects to the node protocol as it, with the device key); null: a pure license.
      nodeId: outcome.nodeId,
    };
  }

  /** Loads the session of a challenge request and applies the checks every session request gets. */
  private async sessionForChallenge(sessionId: string, token: string, fingerprintHash: string | undefined, ip: string) {
    const now = this.now();
    const ctx = await licenseRepository.sessionByTokenHash(this.db, sha256Hex(token));
    if (!ctx) throw licenseError('TOKEN_INVALID', 'Unknown license token; enroll again');
    if (ctx.sessionId !== sessionId) throw licenseError('SESSION_MISMATCH', 'sessionId does not belong to this token');
    await assertSessionUsable(this.db, ctx, ip);
    const policy = effectivePolicy(ctx.policy);
    if (ctx.tokenExpiresAt.getTime() + renewGraceSeconds(policy) * 1000 <= now.getTime()) {
      throw licenseError('TOKEN_EXPIRED', 'This session expired too long ago to renew; enroll again');
    }
    await assertFingerprint(this.db, ctx, fingerprintHash, ip, 'challenge');
    const hit = await hitWindow(this.db, `lic:session:${ctx.sessionId}`, 60, now);
    if (hit.count > policy.sessionRequestsPerMinute) throw licenseError('RATE_LIMITED', 'Too many requests this minute for this session');
    return { ctx, policy, now };
  }

  async challenge(req: ChallengeRequest, authorization: string | undefined, ip: string) {
    const token = bearerToken(authorization) ?? req.licenseToken;
    if (!token) throw licenseError('TOKEN_MISSING', 'Send the license token as Authorization: Bearer <token> or as licenseToken');
    const { ctx, policy, now } = await this.sessionForChallenge(req.sessionId, token, req.fingerprintHash, ip);
    const challengeId = randomId('lc');
    const nonce = randomBytes(24).toString('base64url');
    const expiresAtSeconds = Math.floor(now.getTime() / 1000) + policy.challengeTtlSeconds;
    await licenseRepository.insertChallenge(this.db, {
      id: challengeId,
      sessionId: ctx.sessionId,
      nonce,
      expiresAt: new Date(expiresAtSeconds * 1000),
    });
    return {
      success: true as const,
      message: 'Sign signInput unchanged with the device key and send it to renew',
      sessionId: ctx.sessionId,
      challengeId,
      nonce,
      expiresAt: new Date(expiresAtSeconds * 1000).toISOString(),
      signInput: challengeSignInput({
        sessionId: ctx.sessionId,
        challengeId,
        nonce,
        expiresAt: expiresAtSeconds,
        fingerprintHash: ctx.fingerprintHash,
      }),
    };
  }

  async renew(req: RenewRequest, ip: string) {
    const now = this.now();
    const challenge = await licenseRepository.challengeById(this.db, req.challengeId);
    if (!challenge || challenge.sessionId !== req.sessionId || challenge.nonce !== req.nonce) {
      throw licenseError('CHALLENGE_INVALID', 'Unknown challenge for this session, or its nonce differs');
    }
    const ctx = await licenseRepository.sessionById(this.db, req.sessionId);
    if (!ctx) throw licenseError('CHALLENGE_INVALID', 'Unknown session');
    await assertSessionUsable(this.db, ctx, ip);
    await assertFingerprint(this.db, ctx, req.fingerprintHash, ip, 'renew');
    if (challenge.expiresAt <= now) throw licenseError('CHALLENGE_EXPIRED', 'Challenge expired; request a new one');
    const signInput = challengeSignInput({
      sessionId: ctx.sessionId,
      challengeId: challenge.id,
      nonce: challenge.nonce,
      expiresAt: Math.floor(challenge.expiresAt.getTime() / 1000),
      fingerprintHash: ctx.fingerprintHash,
    });
    if (!verifyEd25519(ctx.devicePublicKey, signInput, req.signature)) {
      await recordSecurityEvent(this.db, {
        kind: 'signature_failure',
        projectId: ctx.projectId,
        deviceId: ctx.deviceId,
        sessionId: ctx.sessionId,
        ip,
        detail: { path: 'renew' },
      });
      throw licenseError('SIGNATURE_INVALID', 'signature does not verify over signInput with the device key');
    }
    const policy = effectivePolicy(ctx.policy);
    const { licenseToken, tokenHash } = LicenseService.newToken();
    const tokenExpiresAt = new Date(now.getTime() + policy.tokenTtlSeconds * 1000);
    const renewed = await this.db.transaction(async (tx) => {
      if (!(await licenseRepository.useChallenge(tx, challenge.id))) return false;
      await licenseRepository.replaceToken(tx, ctx.sessionId, tokenHash, tokenExpiresAt);
      return true;
    });
    if (!renewed) throw licenseError('CHALLENGE_USED', 'This challenge was already used; request a new one');
    return this.tokenAnswer('Token renewed', ctx, licenseToken, tokenExpiresAt, now);
  }

  /** The answer of enroll and renew: a new token and the license as it stands. */
  private tokenAnswer(message: string, ctx: SessionContext, licenseToken: string, tokenExpiresAt: Date, now: Date) {
    const view = licenseView(ctx, now);
    return {
      success: true as const,
      message,
      tokenType: 'LicenseV2' as const,
      licenseToken,
      sessionId: ctx.sessionId,
      deviceId: ctx.deviceId,
      tokenExpiresAt: tokenExpiresAt.toISOString(),
      licenseMode: view.licenseMode,
      // In enroll and renew answers expiresAt accompanies the token; the license's own expiry is licenseExpiresAt.
      expiresAt: tokenExpiresAt.toISOString(),
      licenseExpiresAt: view.expiresAt,
      remainingCount: view.remainingCount,
      isActivated: true,
      valid: view.valid,
      ...this.snapshot(ctx, view, now),
    };
  }

  /**
   * The answer of status and consume. Written out field by field: building it
   * by spreading and then adding fields made V8 fall back to slow (dictionary)
   * objects, which cost more than the whole answer's serialisation.
   */
  private statusBody(ctx: SessionContext, view: LicenseView, now: Date, message: string) {
    const snapshot = this.snapshot(ctx, view, now);
    return {
      success: true as const,
      message,
      licenseMode: view.licenseMode,
      expiresAt: view.expiresAt,
      remainingCount: view.remainingCount,
      isActivated: view.isActivated,
      valid: view.valid,
      sessionId: ctx.sessionId,
      deviceId: ctx.deviceId,
      tokenExpiresAt: ctx.tokenExpiresAt.toISOString(),
      offlineLicense: snapshot.offlineLicense,
      offlineLicenseExpiresAt: snapshot.offlineLicenseExpiresAt,
      offlineLicenseKeyId: snapshot.offlineLicenseKeyId,
    };
  }

  private consumeBody(ctx: SessionContext, view: LicenseView, now: Date, idempotent: boolean) {
    const snapshot = this.snapshot(ctx, view, now);
    return {
      success: true as const,
      message: idempotent ? 'Already consumed for this requestId; nothing deducted' : 'Use recorded',
      licenseMode: view.licenseMode,
      expiresAt: view.expiresAt,
      remainingCount: view.remainingCount,
      isActivated: view.isActivated,
      valid: view.valid,
      sessionId: ctx.sessionId,
      deviceId: ctx.deviceId,
      tokenExpiresAt: ctx.tokenExpiresAt.toISOString(),
      offlineLicense: snapshot.offlineLicense,
      offlineLicenseExpiresAt: snapshot.offlineLicenseExpiresAt,
      offlineLicenseKeyId: snapshot.offlineLicenseKeyId,
      // A use that just spent the last count succeeded; the license is simply spent now.
      idempotent,
    };
  }

  async status(req: StatusRequest, signed: SignedRequestInput) {
    const now = this.now();
    const { ctx } = await verifySignedRequest(this.db, signed, now, {
      judged: this.judged,
      admissions: this.admissions,
      signedRequests: this.signedRequests,
    });
    await assertFingerprint(this.db, ctx, req.fingerprintHash, signed.ip, 'status');
    const view = licenseView(ctx, now);
    return this.statusBody(ctx, view, now, view.reason);
  }

  async consume(req: ConsumeRequest, signed: SignedRequestInput) {
    const now = this.now();
    const requestId = req.requestId ?? null;
    // When every condition holds in the database the deduction happens in the admitting statement itself.
    const { ctx, consumed } = await verifySignedRequest(this.db, signed, now, {
      judged: this.judged,
      admissions: this.admissions,
      signedRequests: this.signedRequests,
      consume: { requestId, fingerprintHash: req.fingerprintHash },
    });
    await assertFingerprint(this.db, ctx, req.fingerprintHash, signed.ip, 'consume');
    const current = licenseView(ctx, now);
    if (ctx.codeDisabledAt || (ctx.licenseMode === 'TIME' && !current.valid)) {
      // Refused before anything is claimed, so a retry after the operator fixes the code is judged afresh.
      await licenseRepository.logConsumption(this.db, {
        projectId: ctx.projectId,
        codeId: ctx.codeId,
        deviceId: ctx.deviceId,
        sessionId: ctx.sessionId,
        requestId,
        outcome: 'refused',
        remainingAfter: null,
      });
      if (ctx.codeDisabledAt) throw licenseError('CODE_DISABLED', 'This activation code has been disabled');
      throw licenseError('CODE_EXPIRED', 'License has expired');
    }
    const result =
      consumed ??
      (await licenseRepository.consume(this.db, {
        codeId: ctx.codeId,
        requestId,
        mode: ctx.licenseMode,
        projectId: ctx.projectId,
        deviceId: ctx.deviceId,
        sessionId: ctx.sessionId,
      }));
    if (result.outcome === 'exhausted') throw licenseError('CODE_EXHAUSTED', 'No uses remain on this license');
    const remainingCount = ctx.licenseMode === 'COUNT' ? (result.remaining ?? ctx.remainingCount) : ctx.remainingCount;
    const view = licenseView({ licenseMode: ctx.licenseMode, remainingCount, codeExpiresAt: ctx.codeExpiresAt, codeDisabledAt: ctx.codeDisabledAt }, now);
    return this.consumeBody(ctx, view, now, result.outcome === 'idempotent');
  }
}

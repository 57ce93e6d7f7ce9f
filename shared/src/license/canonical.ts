/**
 * The exact texts a license v2 device key signs. One function per message;
 * server and reference client both build them here, and ./vectors.ts pins
 * known answers so neither side can drift alone. Lines are joined with "\n"
 * and nothing else (no trailing newline).
 */
import { sha256Hex } from '../encoding.js';

export const LICENSE_PATHS = {
  enroll: '/api/license/v2/enroll',
  challenge: '/api/license/v2/challenge',
  renew: '/api/license/v2/renew',
  status: '/api/license/v2/status',
  consume: '/api/license/v2/consume',
} as const;

export interface EnrollMessageInput {
  projectKey: string;
  code: string;
  machineId: string;
  fingerprintHash: string;
  devicePublicKey: string;
  appVersion?: string | null | undefined;
}

/** The enroll proof of possession; projectKey already resolved (`default` when omitted). */
export function enrollMessage(i: EnrollMessageInput): string {
  return [
    'LICENSE-V2-ENROLL',
    'POST',
    LICENSE_PATHS.enroll,
    i.projectKey,
    i.code,
    i.machineId,
    i.fingerprintHash,
    i.devicePublicKey,
    i.appVersion ?? '',
  ].join('\n');
}

export interface ChallengeInput {
  sessionId: string;
  challengeId: string;
  nonce: string;
  /** Unix seconds. */
  expiresAt: number;
  fingerprintHash: string;
}

/** The signInput a challenge returns; the client signs it unchanged. */
export function challengeSignInput(i: ChallengeInput): string {
  return [
    'LICENSE-V2-CHALLENGE',
    'POST',
    LICENSE_PATHS.renew,
    i.sessionId,
    i.challengeId,
    i.nonce,
    String(i.expiresAt),
    i.fingerprintHash,
  ].join('\n');
}

export interface ProofInput {
  path: string;
  sessionId: string;
  /** Decimal Unix seconds, the same string as the X-License-Timestamp header. */
  timestamp: string;
  nonce: string;
  /** The request body exactly as sent. */
  body: string | Uint8Array;
  licenseToken: string;
}

/** The eight-line LICENSE-V2-PROOF message of signed requests. */
export function proofMessage(i: ProofInput): string {
  return proofMessageFromHashes({ ...i, bodySha256: sha256Hex(i.body), tokenSha256: sha256Hex(i.licenseToken) });
}

/** Same message when the hashes are already known (the server hashes the token once for lookup). */
export function proofMessageFromHashes(i: {
  path: string;
  sessionId: string;
  timestamp: string;
  nonce: string;
  bodySha256: string;
  tokenSha256: string;
}): string {
  return ['LICENSE-V2-PROOF', 'POST', i.path, i.sessionId, i.timestamp, i.nonce, i.bodySha256, i.tokenSha256].join('\n');
}

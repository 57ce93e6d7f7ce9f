/**
 * Offline license snapshot: `LSV2.<base64url(JSON payload)>.<base64url(sig)>`,
 * the Ed25519 signature (project offline key) over the ASCII bytes
 * `LSV2.<payload segment>`. Clients pin the project's public key and check the
 * payload against their own identity and the clock before trusting it.
 */
import { fromBase64Url, toBase64Url, utf8 } from '../encoding.js';
import { verify as edVerify } from '../ed25519.js';

export const SNAPSHOT_PREFIX = 'LSV2';

export interface OfflineSnapshotPayload {
  v: 2;
  kid: string;
  projectKey: string;
  machineId: string;
  fingerprintHash: string;
  deviceId: number;
  sessionId: string;
  licenseMode: 'TIME' | 'COUNT';
  /** License expiry (TIME), ISO 8601 UTC, or null. */
  expiresAt: string | null;
  remainingCount: number | null;
  valid: boolean;
  /** ISO 8601 UTC. */
  issuedAt: string;
  /** ISO 8601 UTC: the snapshot itself is not to be trusted after this. */
  notAfter: string;
}

export function snapshotSigningInput(payload: OfflineSnapshotPayload): { signingInput: string; payloadSegment: string } {
  const payloadSegment = toBase64Url(utf8(JSON.stringify(payload)));
  return { signingInput: `${SNAPSHOT_PREFIX}.${payloadSegment}`, payloadSegment };
}

export function assembleSnapshot(signingInput: string, signature: Uint8Array): string {
  return `${signingInput}.${toBase64Url(signature)}`;
}

export type SnapshotCheck =
  | { ok: true; payload: OfflineSnapshotPayload }
  | { ok: false; reason: 'MALFORMED' | 'SIGNATURE_INVALID' | 'IDENTITY_MISMATCH' | 'EXPIRED' | 'NOT_VALID' };

export interface SnapshotExpectation {
  projectKey: string;
  machineId: string;
  fingerprintHash: string;
  /** Defaults to the current time. */
  now?: Date;
}

/**
 * Verifies a snapshot against a pinned public key (or several, during key
 * rotation) and the client's own identity. Never throws.
 */
export async function verifyOfflineSnapshot(
  snapshot: string,
  pinnedPublicKeys: Uint8Array | Uint8Array[],
  expect: SnapshotExpectation,
): Promise<SnapshotCheck> {
  if (typeof snapshot !== 'string') return { ok: false, reason: 'MALFORMED' };
  const parts = snapshot.split('.');
  if (parts.length !== 3 || parts[0] !== SNAPSHOT_PREFIX) return { ok: false, reason: 'MALFORMED' };
  const [, payloadSegment, sigSegment] = parts as [string, string, string];
  const payloadBytes = fromBase64Url(payloadSegment);
  const sig = fromBase64Url(sigSegment);
  if (!payloadBytes || !sig) return { ok: false, reason: 'MALFORMED' };
  const keys = Array.isArray(pinnedPublicKeys) ? pinnedPublicKeys : [pinnedPublicKeys];
  const input = utf8(`${SNAPSHOT_PREFIX}.${payloadSegment}`);
  let signed = false;
  for (const key of keys) if (await edVerify(sig, input, key)) signed = true;
  if (!signed) return { ok: false, reason: 'SIGNATURE_INVALID' };
  let payload: OfflineSnapshotPayload;
  try {
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(payloadBytes)) as OfflineSnapshotPayload;
  } catch {
    return { ok: false, reason: 'MALFORMED' };
  }
  if (typeof payload !== 'object' || payload === null || payload.v !== 2) return { ok: false, reason: 'MALFORMED' };
  if (
    payload.projectKey !== expect.projectKey ||
    payload.machineId !== expect.machineId ||
    payload.fingerprintHash !== expect.fingerprintHash
  ) {
    return { ok: false, reason: 'IDENTITY_MISMATCH' };
  }
  const now = (expect.now ?? new Date()).getTime();
  const notAfter = Date.parse(payload.notAfter);
  const issuedAt = Date.parse(payload.issuedAt);
  if (!Number.isFinite(notAfter) || !Number.isFinite(issuedAt) || now > notAfter) return { ok: false, reason: 'EXPIRED' };
  // Fail closed: a missing or unparsable license expiry must not read as "never expires".
  if (payload.expiresAt !== null) {
    const expiresAt = typeof payload.expiresAt === 'string' ? Date.parse(payload.expiresAt) : Number.NaN;
    if (!Number.isFinite(expiresAt) || now > expiresAt) return { ok: false, reason: 'EXPIRED' };
  }
  if (payload.valid !== true) return { ok: false, reason: 'NOT_VALID' };
  return { ok: true, payload };
}

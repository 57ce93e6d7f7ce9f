/**
 * The reference client's checks and identity bookkeeping, kept apart from the
 * request flow in ./client.ts. The important one is assertRenewChallenge: the
 * device key signs a server-provided text only when it is exactly the renew
 * renew challenge layout for this session and fingerprint.
 */
import { fromBase64Url } from '../encoding.js';
import { ED25519_PUBLIC_KEY_BYTES } from '../ed25519.js';
import { challengeSignInput } from './canonical.js';
import { LicenseError } from './errors.js';
import type { StoredIdentity } from './key-store.js';
import { type ChallengeResponse, type EnrollResponse, projectKeySchema, type RenewResponse } from './wire.js';

export type Enrolled = StoredIdentity & { sessionId: string; licenseToken: string };

export function invalid(message: string): LicenseError {
  return new LicenseError('INVALID_INPUT', message, 0);
}

/** A line feed would shift the lines of a canonical message; refuse such values outright. */
export function assertOneLine(name: string, value: string): void {
  if (/[\r\n]/.test(value)) throw invalid(`${name} must not contain line breaks`);
}

/** Constructor checks: fail at startup, not at the first signed request. */
export function checkOptions(o: {
  baseUrl: string;
  projectKey: string;
  machineId: string;
  fingerprintHash: string;
  appVersion: string | undefined;
  pinnedPublicKeys: string[] | undefined;
}): void {
  if (!o.baseUrl) throw invalid('baseUrl is required');
  if (!projectKeySchema.safeParse(o.projectKey).success) throw invalid(`projectKey "${o.projectKey}" is not a valid key`);
  for (const [name, value] of [
    ['machineId', o.machineId],
    ['fingerprintHash', o.fingerprintHash],
  ] as const) {
    if (!value) throw invalid(`${name} is required`);
    assertOneLine(name, value);
  }
  if (o.appVersion !== undefined) assertOneLine('appVersion', o.appVersion);
  if (o.pinnedPublicKeys !== undefined) {
    if (o.pinnedPublicKeys.length === 0) throw invalid('pinnedPublicKeys is empty; omit it for trust on first use');
    for (const key of o.pinnedPublicKeys) {
      if (fromBase64Url(key)?.length !== ED25519_PUBLIC_KEY_BYTES) {
        throw invalid(`pinned key "${key}" is not a 32-byte base64url key`);
      }
    }
  }
}

export function blankIdentity(secretKey: string, publicKey: string, projectKey: string, machineId: string): StoredIdentity {
  return {
    v: 1,
    secretKey,
    publicKey,
    machineId,
    projectKey,
    sessionId: null,
    licenseToken: null,
    tokenExpiresAt: null,
    deviceId: null,
    pinnedPublicKeys: [],
    offlineLicense: null,
    offlineLicenseExpiresAt: null,
  };
}

export function isEnrolledFor(id: StoredIdentity | null, projectKey: string, machineId: string): id is Enrolled {
  return !!id && id.projectKey === projectKey && id.machineId === machineId && !!id.sessionId && !!id.licenseToken;
}

export function secretOf(id: StoredIdentity): Uint8Array {
  const secret = fromBase64Url(id.secretKey);
  if (secret?.length !== 32) throw new LicenseError('KEY_FILE_INVALID', 'stored device secret key is not 32 bytes', 0);
  return secret;
}

export function assertTokenAnswer(res: EnrollResponse | RenewResponse): void {
  if (typeof res.licenseToken !== 'string' || !res.licenseToken || typeof res.sessionId !== 'string' || !res.sessionId) {
    throw new LicenseError('BAD_RESPONSE', 'license server answer lacks licenseToken or sessionId', 0);
  }
}

export function tokenFields(res: EnrollResponse | RenewResponse): Partial<StoredIdentity> {
  return {
    sessionId: res.sessionId,
    licenseToken: res.licenseToken,
    // In enroll and renew answers `expiresAt` accompanies the token; prefer the explicit name.
    tokenExpiresAt: res.tokenExpiresAt ?? res.expiresAt ?? null,
    ...(res.offlineLicense
      ? { offlineLicense: res.offlineLicense, offlineLicenseExpiresAt: res.offlineLicenseExpiresAt ?? null }
      : {}),
  };
}

/**
 * Signs nothing but a renew challenge for this session and fingerprint whose
 * challengeId and nonce are the ones returned beside it.
 */
export function assertRenewChallenge(ch: ChallengeResponse, sessionId: string, fingerprintHash: string): void {
  const { signInput, challengeId, nonce } = ch;
  if (typeof signInput !== 'string' || typeof challengeId !== 'string' || typeof nonce !== 'string') {
    throw new LicenseError('BAD_RESPONSE', 'challenge answer lacks signInput, challengeId or nonce', 0);
  }
  const expiresAt = signInput.split('\n')[6] ?? '';
  const expected = /^\d{1,15}$/.test(expiresAt)
    ? challengeSignInput({ sessionId, challengeId, nonce, expiresAt: Number(expiresAt), fingerprintHash })
    : null;
  if (signInput !== expected) {
    throw new LicenseError(
      'SIGN_INPUT_REJECTED',
      'challenge signInput is not a renew challenge for this session and fingerprint; refusing to sign it',
      0,
    );
  }
}

/**
 * TOTP codes (RFC 6238: HMAC-SHA-1, 30-second steps, 6 digits, the settings
 * every authenticator app reads from an otpauth:// URI) and recovery codes.
 * Pure: no database, no clock of its own. otpauth does the RFC arithmetic;
 * this module decides what is accepted: one step either side of now (a phone
 * clock a little off, a code typed as it turned), and the step a code belongs
 * to, so the caller can refuse a step already used.
 */
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
const ISSUER = 'Plume';
/** 160 bits: the key size RFC 4226 recommends for HMAC-SHA-1. */
const SECRET_BYTES = 20;
/** Steps accepted either side of the current one. */
const WINDOW = 1;

export const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32 alphabet in lower case: no i, l, o, u to misread. 10 characters = 50 bits. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const RECOVERY_LENGTH = 10;

const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });

/** A new random secret, base32 (what authenticators accept typed in). */
export const newTotpSecret = (): string => new Secret({ size: SECRET_BYTES }).base32;

/** The otpauth:// URI of the secret, labelled with the person's email, issuer Plume. */
export const otpauthUri = (secret: string, email: string): string => totpOf(secret, email).toString();

/** The 30-second step `at` falls in. */
export const stepAt = (at: Date): number => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** The step whose code `code` is, when it is valid at `at` (one step either side); else null. */
export function matchingStep(secret: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: at.getTime(), window: WINDOW });
  return delta === null ? null : stepAt(at) + delta;
}

/** The code of `secret` at `at` (tests, and nothing else, compute codes). */
export const codeAt = (secret: string, at: Date): string => totpOf(secret).generate({ timestamp: at.getTime() });

/** Fresh recovery codes, shown as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: RECOVERY_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as typed (any case, spaces or a dash) in its canonical form, or null when it cannot be one. */
export function canonicalRecoveryCode(input: string): string | null {
  const bare = input.toLowerCase().replace(/[\s-]/g, '');
  if (bare.length !== RECOVERY_LENGTH || [...bare].some((c) => !RECOVERY_ALPHABET.includes(c))) return null;
  return `${bare.slice(0, 5)}-${bare.slice(5)}`;
}

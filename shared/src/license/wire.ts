/**
 * License v2 wire shapes. Requests accept snake_case aliases
 * (project_key, machine_id, fingerprint_hash, request_id); when both spellings
 * are sent the camelCase one wins. Responses carry both spellings
 * (see withSnakeCase).
 */
import { z } from 'zod';

export const LICENSE_MODES = ['TIME', 'COUNT'] as const;
export type LicenseMode = (typeof LICENSE_MODES)[number];

const REQUEST_ALIASES: Record<string, string> = {
  project_key: 'projectKey',
  machine_id: 'machineId',
  fingerprint_hash: 'fingerprintHash',
  request_id: 'requestId',
  app_version: 'appVersion',
  device_public_key: 'devicePublicKey',
  device_signature: 'deviceSignature',
  license_token: 'licenseToken',
  session_id: 'sessionId',
  challenge_id: 'challengeId',
};

/** Folds snake_case aliases onto their camelCase names; non-objects pass through to fail validation. */
export function foldRequestAliases(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const [alias, name] of Object.entries(REQUEST_ALIASES)) {
    if (alias in out) {
      if (out[name] === undefined) out[name] = out[alias];
      delete out[alias];
    }
  }
  return out;
}

// Fields that go into a signed, line-joined message must not carry line breaks
// or other control characters: one would shift every line after it.
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;
const text = (max: number) => z.string().min(1).max(max).regex(NO_CONTROL, 'must not contain control characters');
const optionalText = (max: number) => z.string().max(max).regex(NO_CONTROL, 'must not contain control characters').optional();

export const projectKeySchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'projectKey: letters, digits, "_", "." and "-", starting with a letter or digit');

export const enrollRequestSchema = z.object({
  projectKey: projectKeySchema.optional(),
  code: text(128),
  machineId: text(256),
  appVersion: optionalText(64),
  fingerprintHash: optionalText(256),
  devicePublicKey: text(128),
  deviceSignature: text(256),
});
export type EnrollRequest = z.infer<typeof enrollRequestSchema>;

export const challengeRequestSchema = z.object({
  projectKey: projectKeySchema.optional(),
  sessionId: text(128),
  fingerprintHash: optionalText(256),
  licenseToken: optionalText(512),
});
export type ChallengeRequest = z.infer<typeof challengeRequestSchema>;

export const renewRequestSchema = z.object({
  projectKey: projectKeySchema.optional(),
  sessionId: text(128),
  challengeId: text(128),
  nonce: text(256),
  signature: text(256),
  fingerprintHash: optionalText(256),
});
export type RenewRequest = z.infer<typeof renewRequestSchema>;

export const statusRequestSchema = z.object({
  projectKey: projectKeySchema.optional(),
  fingerprintHash: optionalText(256),
});
export type StatusRequest = z.infer<typeof statusRequestSchema>;

export const consumeRequestSchema = z.object({
  projectKey: projectKeySchema.optional(),
  fingerprintHash: optionalText(256),
  requestId: optionalText(128),
});
export type ConsumeRequest = z.infer<typeof consumeRequestSchema>;

export const SIGNED_HEADERS = {
  sessionId: 'x-license-session-id',
  timestamp: 'x-license-timestamp',
  nonce: 'x-license-nonce',
  signature: 'x-license-signature',
} as const;

/** Stable failure codes of the license v2 surface. */
export const LICENSE_ERROR_CODES = [
  'INVALID_JSON',
  'INVALID_REQUEST',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'PUBLIC_KEY_INVALID',
  'PROJECT_NOT_FOUND',
  'PROJECT_DISABLED',
  'CODE_INVALID',
  'CODE_DISABLED',
  'CODE_EXPIRED',
  'CODE_EXHAUSTED',
  'CODE_ALREADY_BOUND',
  /** An enroll presenting a key the device was bound to before a later enroll replaced it. */
  'ENROLL_REPLAYED',
  'ENROLL_PROOF_INVALID',
  'TOKEN_MISSING',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'PROOF_REQUIRED',
  'SESSION_MISMATCH',
  'SESSION_REVOKED',
  'TIMESTAMP_OUT_OF_WINDOW',
  'SIGNATURE_INVALID',
  'NONCE_REPLAY',
  'CHALLENGE_INVALID',
  'CHALLENGE_EXPIRED',
  'CHALLENGE_USED',
  'FINGERPRINT_MISMATCH',
  'DEVICE_REVOKED',
  'VERSION_BANNED',
  'RATE_LIMITED',
  'NOT_FOUND',
  'INTERNAL',
  /** 503 with Retry-After: the server cannot reach its database for a moment; retry the same request (same requestId). */
  'SERVICE_UNAVAILABLE',
] as const;
export type LicenseErrorCode = (typeof LICENSE_ERROR_CODES)[number];

export interface LicenseFailure {
  success: false;
  message: string;
  code: LicenseErrorCode;
}

interface LicenseView {
  licenseMode: LicenseMode | null;
  expiresAt: string | null;
  remainingCount: number | null;
}

export interface EnrollResponse extends Omit<LicenseView, 'expiresAt'> {
  success: true;
  message: string;
  tokenType: 'LicenseV2';
  licenseToken: string;
  sessionId: string;
  deviceId: number;
  /** In enroll and renew answers expiresAt accompanies the token (ISO 8601 UTC). */
  expiresAt: string;
  /** The same instant, under the name status uses. */
  tokenExpiresAt: string;
  /** The license's own expiry (TIME), or null. */
  licenseExpiresAt: string | null;
  isActivated: boolean;
  valid: boolean;
  offlineLicense: string;
  offlineLicenseExpiresAt: string;
  offlineLicensePublicKey: string;
  offlineLicenseKeyId: string;
  /**
   * Enroll only: the execution node (kind desktop) this device is, when the
   * code serves an integrator user; it connects to the node protocol with
   * this id and the device key. null for a pure license.
   */
  nodeId?: string | null;
}

export type RenewResponse = Omit<EnrollResponse, 'offlineLicensePublicKey' | 'nodeId'> & { offlineLicensePublicKey?: string };

export interface ChallengeResponse {
  success: true;
  message: string;
  sessionId: string;
  challengeId: string;
  nonce: string;
  /** Challenge expiry, ISO 8601 UTC (the signInput carries the same instant in Unix seconds). */
  expiresAt: string;
  signInput: string;
}

export interface StatusResponse extends LicenseView {
  success: true;
  message: string;
  isActivated: boolean;
  valid: boolean;
  sessionId: string;
  deviceId: number;
  tokenExpiresAt: string;
  offlineLicense: string;
  offlineLicenseExpiresAt: string;
}

export interface ConsumeResponse extends StatusResponse {
  idempotent: boolean;
}

const camelToSnake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Adds the snake_case spelling beside every multi-word camelCase field, so old
 * and new clients read the same response.
 */
export function withSnakeCase<T extends object>(body: T): T & Record<string, unknown> {
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const [key, value] of Object.entries(body)) {
    const snake = camelToSnake(key);
    if (snake !== key) out[snake] = value;
  }
  return out as T & Record<string, unknown>;
}

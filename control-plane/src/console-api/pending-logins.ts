/**
 * The step between a right password and its second factor: a short-lived
 * token (stored as its hash in PostgreSQL, so any replica can finish the
 * login) that the browser sends back with the code.
 */
import { ID_PATTERNS } from '@plume/shared';
import { randomBytes } from 'node:crypto';
import { randomId, sha256Hex } from '../crypto/tokens.js';
import type { Db } from '../db/client.js';
import { totpRepository as repo } from './totp.repository.js';

/** How long the code may follow the password. */
export const PENDING_LOGIN_TTL_MS = 5 * 60_000;
export const PENDING_LOGIN_FORMAT = ID_PATTERNS.pendingLogin;

export interface PendingLogin {
  secondFactor: 'totp';
  pendingLogin: string;
  expiresAt: string;
}

/** A pending login for the person whose password was right. */
export async function startPendingLogin(db: Db, userId: string, now: Date): Promise<PendingLogin> {
  const token = `pcp_${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(now.getTime() + PENDING_LOGIN_TTL_MS);
  await repo.insertPending(db, { id: randomId('cpl', 12), userId, tokenHash: sha256Hex(token), createdAt: now, expiresAt });
  return { secondFactor: 'totp', pendingLogin: token, expiresAt: expiresAt.toISOString() };
}

export const prunePendingLogins = (db: Db, now: Date): Promise<void> => repo.prunePending(db, now);

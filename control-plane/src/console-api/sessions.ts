/**
 * Console sessions: an opaque token in the cookie (`pcs_` + 32 random bytes),
 * only its SHA-256 in PostgreSQL, so a copy of the table logs nobody in. A
 * session ends after 30 minutes without a request or 12 hours after login,
 * whichever comes first; when the person logs out, revokes all their
 * sessions, changes their password (the others end) or is disabled.
 *
 * The CSRF token is derived from the session token (SHA-256 under its own
 * label): it is the same for the whole session, is never stored, and cannot
 * be computed from the stored hash. Pages read it from the login answer or
 * GET /api/console/auth/me and send it as X-CSRF-Token on unsafe requests;
 * another site can neither read it nor make the browser add it.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { randomId, sha256Hex } from '../crypto/tokens.js';
import type { Db } from '../db/client.js';
import { type ConsoleSessionRow, type ConsoleUserRow, sessionsRepository as repo } from './sessions.repository.js';

export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 3600_000;
/** last_seen_at is written at most this often; the idle timeout is that precise. */
export const SESSION_TOUCH_MS = 60_000;
const USER_AGENT_MAX = 300;

export interface ConsolePrincipal {
  sessionId: string;
  user: ConsoleUserRow;
  csrfToken: string;
}

export interface SessionStart {
  token: string;
  sessionId: string;
  csrfToken: string;
}

export interface SessionView {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string | null;
  current: boolean;
}

export function csrfTokenOf(token: string): string {
  return createHash('sha256').update('plume-console-csrf\0').update(token).digest('base64url');
}

export function csrfMatches(principal: ConsolePrincipal, sent: string | string[] | undefined): boolean {
  if (typeof sent !== 'string' || sent.length !== principal.csrfToken.length) return false;
  return timingSafeEqual(Buffer.from(sent), Buffer.from(principal.csrfToken));
}

export class ConsoleSessions {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A new session (a new token, a new id) for the person: called on every login, never reusing one. */
  async start(userId: string, client: { userAgent?: string | undefined; ip?: string | undefined }): Promise<SessionStart> {
    const token = `pcs_${randomBytes(32).toString('base64url')}`;
    const now = this.now();
    const sessionId = randomId('csn', 12);
    await repo.insert(this.db, {
      id: sessionId,
      userId,
      tokenHash: sha256Hex(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
      userAgent: client.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      ip: client.ip ?? null,
    });
    return { token, sessionId, csrfToken: csrfTokenOf(token) };
  }

  private alive(session: ConsoleSessionRow, now: Date): boolean {
    return now < session.expiresAt && now.getTime() - session.lastSeenAt.getTime() < SESSION_IDLE_MS;
  }

  /** The live session the token names, with its person; null when there is none (and a dead one is deleted). */
  async authenticate(token: string): Promise<ConsolePrincipal | null> {
    const found = await repo.byTokenHash(this.db, sha256Hex(token));
    if (!found) return null;
    const now = this.now();
    if (found.user.disabledAt !== null || !this.alive(found.session, now)) {
      await repo.delete(this.db, found.session.id);
      return null;
    }
    if (now.getTime() - found.session.lastSeenAt.getTime() >= SESSION_TOUCH_MS) await repo.touch(this.db, found.session.id, now, SESSION_TOUCH_MS);
    return { sessionId: found.session.id, user: found.user, csrfToken: csrfTokenOf(token) };
  }

  /** Ends the session the token names, if any (a login replaces the session the browser had). */
  endByToken(token: string): Promise<void> {
    return repo.deleteByTokenHash(this.db, sha256Hex(token));
  }

  end(sessionId: string): Promise<void> {
    return repo.delete(this.db, sessionId);
  }

  /** Every session of the person, or every one but `except` (a password change keeps the one that made it). */
  endAllOf(userId: string, except?: string): Promise<number> {
    return repo.deleteOfUser(this.db, userId, except);
  }

  async list(userId: string, currentSessionId: string): Promise<SessionView[]> {
    const now = this.now();
    const rows = await repo.liveOfUser(this.db, userId, now, SESSION_IDLE_MS);
    return rows.map((s) => ({
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      userAgent: s.userAgent,
      current: s.id === currentSessionId,
    }));
  }

  prune(): Promise<void> {
    return repo.prune(this.db, this.now(), SESSION_IDLE_MS);
  }
}

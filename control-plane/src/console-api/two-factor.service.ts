/**
 * Two-factor login with TOTP: setting it up (a sealed secret, confirmed by a
 * code before it counts), recovery codes (single use, SHA-256 only), the
 * second step of a login, turning it off, and an admin's reset.
 *
 * A code is accepted once: its 30-second step is recorded on the person's
 * row by a conditional update, so the same code sent again, to this replica
 * or another, is refused. Every code checked at login or when turning TOTP
 * off passes the login throttle: a wrong one counts like a wrong password.
 */
import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import type { Sealer } from '../crypto/seal.js';
import { randomId, sha256Hex } from '../crypto/tokens.js';
import type { Db } from '../db/client.js';
import { consoleError } from './console.errors.js';
import { type Client, type PeopleService, type UserView, userView } from './people.service.js';
import { PENDING_LOGIN_FORMAT } from './pending-logins.js';
import { peopleRepository } from './people.repository.js';
import type { ConsolePrincipal, ConsoleSessions, SessionStart } from './sessions.js';
import type { ConsoleUserRow } from './sessions.repository.js';
import { emailKey, ipKey, type LoginThrottle, throttledError } from './throttle.js';
import { canonicalRecoveryCode, matchingStep, newRecoveryCodes, newTotpSecret, otpauthUri } from './totp.js';
import { totpRepository as repo } from './totp.repository.js';

export interface TotpSetup {
  secret: string;
  otpauthUri: string;
  qrSvg: string;
}

export interface TotpStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
}

/** Seals bind each secret to its person: a secret copied onto another row does not open. */
const aad = (userId: string) => `console-totp:${userId}`;

const invalidCode = () => consoleError('invalid_code', 'Wrong code: use the current code of your authenticator app (each is accepted once) or an unused recovery code');
const loginExpired = () => consoleError('login_expired', 'This login has expired or was already completed; log in again with your password');
const notEnabled = () => consoleError('totp_not_enabled', 'Two-factor login is not on for this account');
const alreadyEnabled = () => consoleError('totp_already_enabled', 'Two-factor login is already on; turn it off first to set up another authenticator');

export class TwoFactorService {
  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
    private readonly sessions: ConsoleSessions,
    private readonly throttle: LoginThrottle,
    private readonly people: PeopleService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async person(id: string): Promise<ConsoleUserRow> {
    const user = await peopleRepository.byId(this.db, id);
    if (!user) throw consoleError('not_found', `No console user ${id}`);
    return user;
  }

  /** True when `code` is a current TOTP code not used before, or an unused recovery code; either is used up. */
  private async codeAccepted(user: ConsoleUserRow, code: string): Promise<boolean> {
    if (user.totpEnabledAt === null || user.totpSecret === null) return false;
    if (/^\d{6}$/.test(code)) {
      const secret = await this.sealer.open(user.totpSecret, aad(user.id));
      const step = matchingStep(secret, code, this.now());
      return step !== null && (await repo.useStep(this.db, user.id, step));
    }
    const recovery = canonicalRecoveryCode(code);
    return recovery !== null && (await repo.useRecoveryCode(this.db, user.id, sha256Hex(recovery), this.now()));
  }

  /** codeAccepted under the login throttle: refused keys answer 429 unchecked, a wrong code counts as a failure. */
  private async throttledCode(user: ConsoleUserRow, code: string, client: Client): Promise<boolean> {
    const keys = [emailKey(user.email), ipKey(client.ip)] as const;
    const admission = await this.throttle.admit([...keys]);
    if (!admission.admitted) throw throttledError(admission.retryAfterSeconds);
    if (!(await this.codeAccepted(user, code))) {
      await this.throttle.failed([...keys]);
      return false;
    }
    await this.throttle.succeeded(keys[0], keys[1]);
    return true;
  }

  /** The login's second step: the code (or a recovery code) for a pending login; a new session, the browser's previous one ended. */
  async completeLogin(token: string, code: string, client: Client, previousToken: string | undefined): Promise<{ user: UserView; session: SessionStart }> {
    if (!PENDING_LOGIN_FORMAT.test(token)) throw loginExpired();
    const pending = await repo.openPending(this.db, sha256Hex(token), this.now());
    if (!pending) throw loginExpired();
    const user = await peopleRepository.byId(this.db, pending.userId);
    if (!user || user.disabledAt !== null || user.totpEnabledAt === null) {
      await repo.consumePending(this.db, pending.id);
      throw loginExpired();
    }
    if (!(await this.throttledCode(user, code, client))) throw invalidCode();
    // Of two right codes sent at once for one pending login, one gets the session.
    if (!(await repo.consumePending(this.db, pending.id))) throw loginExpired();
    if (previousToken) await this.sessions.endByToken(previousToken);
    const session = await this.sessions.start(user.id, client);
    return { user: userView(user), session };
  }

  async status(principal: ConsolePrincipal): Promise<TotpStatus> {
    const user = await this.person(principal.user.id);
    const enabled = user.totpEnabledAt !== null;
    return { enabled, enabledAt: user.totpEnabledAt?.toISOString() ?? null, recoveryCodesLeft: enabled ? await repo.unusedRecoveryCodes(this.db, user.id) : 0 };
  }

  /** A new secret, sealed, waiting for a code to confirm it; the password is checked like a login. */
  async setUp(principal: ConsolePrincipal, password: string, client: Client): Promise<TotpSetup> {
    const user = await this.person(principal.user.id);
    if (user.totpEnabledAt !== null) throw alreadyEnabled();
    if (!(await this.people.checkPassword(user, password, client))) throw consoleError('invalid_credentials', 'The password is wrong');
    const secret = newTotpSecret();
    await repo.setPendingSecret(this.db, user.id, await this.sealer.seal(secret, aad(user.id)));
    const uri = otpauthUri(secret, user.email);
    const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { secret, otpauthUri: uri, qrSvg };
  }

  /** A valid code of the new secret turns TOTP on; the recovery codes are answered this once. */
  async confirm(principal: ConsolePrincipal, code: string): Promise<{ recoveryCodes: string[] }> {
    const user = await this.person(principal.user.id);
    if (user.totpEnabledAt !== null) throw alreadyEnabled();
    if (user.totpSecret === null) throw consoleError('totp_not_enabled', 'Start the setup first: it gives the secret to add to your authenticator app');
    const step = matchingStep(await this.sealer.open(user.totpSecret, aad(user.id)), code, this.now());
    if (step === null) throw consoleError('invalid_code', 'Wrong code: enter the 6 digits your authenticator app shows now for Plume');
    if (!(await repo.enable(this.db, user.id, step, this.now()))) throw alreadyEnabled();
    return { recoveryCodes: await this.freshRecoveryCodes(user.id) };
  }

  /** New recovery codes for a current TOTP code (checked like a login); the old ones stop working. */
  async regenerateRecoveryCodes(principal: ConsolePrincipal, code: string, client: Client): Promise<{ recoveryCodes: string[] }> {
    const user = await this.person(principal.user.id);
    if (user.totpEnabledAt === null) throw notEnabled();
    if (!(await this.throttledCode(user, code, client))) throw invalidCode();
    return { recoveryCodes: await this.freshRecoveryCodes(user.id) };
  }

  /** TOTP off: needs the password and a current code (or a recovery code). */
  async disable(principal: ConsolePrincipal, input: { password: string; code: string }, client: Client): Promise<void> {
    const user = await this.person(principal.user.id);
    if (user.totpEnabledAt === null) throw notEnabled();
    if (!(await this.people.checkPassword(user, input.password, client))) throw consoleError('invalid_credentials', 'The password is wrong');
    if (!(await this.throttledCode(user, input.code, client))) throw invalidCode();
    await repo.clear(this.db, user.id);
  }

  /** An admin turns a person's TOTP off (a lost phone and no recovery code left): they log in with their password alone until they set it up again. */
  async reset(id: string): Promise<UserView> {
    const user = await this.person(id);
    await repo.clear(this.db, user.id);
    return userView(await this.person(id));
  }

  private async freshRecoveryCodes(userId: string): Promise<string[]> {
    const codes = newRecoveryCodes();
    await repo.replaceRecoveryCodes(this.db, userId, codes.map(sha256Hex), this.now());
    return codes;
  }
}

/** Expired pending logins: nothing accepts them, they only take space. */
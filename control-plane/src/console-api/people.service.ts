/**
 * Console people: logging in (throttled), changing a password, invites
 * (single use, 7 days; only the token's SHA-256 is kept), the list an admin
 * sees, disabling. Sessions are sessions.ts's; this module decides who gets
 * one.
 */
import { ID_PATTERNS } from '@plume/shared';
import { randomBytes } from 'node:crypto';
import { randomId, sha256Hex } from '../crypto/tokens.js';
import type { Db } from '../db/client.js';
import type { ConsoleRole } from '../db/console.schema.js';
import { consoleError } from './console.errors.js';
import { type PendingLogin, startPendingLogin } from './pending-logins.js';
import { defaultPasswordHasher, type PasswordHasher, passwordProblem } from './passwords.js';
import { type ConsoleInviteRow, peopleRepository as repo } from './people.repository.js';
import type { ConsolePrincipal, ConsoleSessions, SessionStart } from './sessions.js';
import type { ConsoleUserRow } from './sessions.repository.js';
import { emailKey, ipKey, type LoginThrottle, throttledError } from './throttle.js';

export const INVITE_TTL_MS = 7 * 24 * 3600_000;
/**
 * `createdBy` of the setup link printed at a start with no console admin (first-admin.ts): an admin
 * invite whose email the person gives on accepting it (the row's email stays empty until then).
 */
export const SETUP_CREATOR = 'setup';
const INVITE_TOKEN_FORMAT = ID_PATTERNS.consoleInvite;

export interface Client {
  ip: string;
  userAgent?: string | undefined;
}

export interface UserView {
  id: string;
  email: string;
  name: string;
  role: ConsoleRole;
  integratorUserId: number | null;
  createdAt: string;
  disabledAt: string | null;
  totpEnabled: boolean;
}

export const userView = (u: ConsoleUserRow): UserView => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  integratorUserId: u.integratorUserId,
  createdAt: u.createdAt.toISOString(),
  disabledAt: u.disabledAt?.toISOString() ?? null,
  totpEnabled: u.totpEnabledAt !== null,
});

export interface InviteInput {
  email: string;
  role: ConsoleRole;
  integratorUserId?: number | undefined;
  name?: string | undefined;
}

export interface InviteCreated {
  id: string;
  email: string;
  role: ConsoleRole;
  expiresAt: string;
  token: string;
  url: string;
}

const invalidCredentials = () => consoleError('invalid_credentials', 'Wrong email or password');
const inviteInvalid = () => consoleError('invite_invalid', 'This invite link was already used, has expired, or does not exist; ask an admin for a new one');

function requireStrongPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw consoleError('password_too_weak', problem);
}

export class PeopleService {
  constructor(
    private readonly db: Db,
    private readonly sessions: ConsoleSessions,
    private readonly throttle: LoginThrottle,
    private readonly now: () => Date = () => new Date(),
    private readonly passwords: PasswordHasher = defaultPasswordHasher,
  ) {}

  /**
   * Checks a password under the login throttle. An unknown email, a wrong
   * password and a disabled person cost the same scrypt and count the same
   * failure, so neither the answer nor its timing tells them apart.
   *
   * `codeFollows`: a login whose code is still to come. Then a right password
   * only gives its attempt back; the email's count starts over when the code
   * is right too, so knowing the password does not reset the count of wrong
   * codes.
   */
  private async passwordMatches(email: string, password: string, user: ConsoleUserRow | null, client: Client, codeFollows = false): Promise<boolean> {
    const decoy = this.passwords.decoyHash();
    // Awaited only for an unknown email; a refusal (replica busy) must not go unhandled otherwise.
    decoy.catch(() => undefined);
    const keys = [emailKey(email), ipKey(client.ip)] as const;
    const admission = await this.throttle.admit([...keys]);
    if (!admission.admitted) {
      throw throttledError(admission.retryAfterSeconds);
    }
    const ok = await this.passwords.verify(password, user?.passwordHash ?? (await decoy));
    if (!ok || !user || user.disabledAt !== null) {
      await this.throttle.failed([...keys]);
      return false;
    }
    if (codeFollows && user.totpEnabledAt !== null) await this.throttle.givenBack([...keys]);
    else await this.throttle.succeeded(keys[0], keys[1]);
    if (this.passwords.needsRehash(user.passwordHash)) await repo.setPasswordHash(this.db, user.id, await this.passwords.hash(password));
    return true;
  }

  /** The password of a signed-in person, checked like a login (throttled). */
  checkPassword(user: ConsoleUserRow, password: string, client: Client): Promise<boolean> {
    return this.passwordMatches(user.email, password, user, client);
  }

  /**
   * Logs in: a new session every time; the one the browser had before (if
   * any) ends. A person with two-factor login gets no session yet: a pending
   * login that the code completes (two-factor.service.ts).
   */
  async login(
    input: { email: string; password: string },
    client: Client,
    previousToken: string | undefined,
  ): Promise<{ user: UserView; session: SessionStart } | { pending: PendingLogin }> {
    const user = await repo.byEmail(this.db, input.email);
    if (!(await this.passwordMatches(input.email, input.password, user, client, true))) throw invalidCredentials();
    if (user!.totpEnabledAt !== null) return { pending: await startPendingLogin(this.db, user!.id, this.now()) };
    if (previousToken) await this.sessions.endByToken(previousToken);
    const session = await this.sessions.start(user!.id, client);
    return { user: userView(user!), session };
  }

  /** The current password is checked like a login (throttled); every other session of the person ends. */
  async changePassword(principal: ConsolePrincipal, input: { currentPassword: string; newPassword: string }, client: Client): Promise<void> {
    requireStrongPassword(input.newPassword);
    const user = await repo.byId(this.db, principal.user.id);
    if (!user || !(await this.passwordMatches(user.email, input.currentPassword, user, client))) {
      throw consoleError('invalid_credentials', 'The current password is wrong');
    }
    await repo.setPasswordHash(this.db, user.id, await this.passwords.hash(input.newPassword));
    await this.sessions.endAllOf(user.id, principal.sessionId);
  }

  async createInvite(input: InviteInput, createdBy: string): Promise<InviteCreated> {
    if (input.role === 'user' && input.integratorUserId === undefined) {
      throw consoleError('validation_failed', 'An invite with role user needs integratorUserId: the integrator user the person acts as');
    }
    if (input.role !== 'user' && input.integratorUserId !== undefined) {
      throw consoleError('validation_failed', `integratorUserId is for role user only, not ${input.role}`);
    }
    if (input.integratorUserId !== undefined && !(await repo.integratorExists(this.db, input.integratorUserId))) {
      throw consoleError('validation_failed', `No integrator user ${input.integratorUserId}`);
    }
    if (await repo.emailTaken(this.db, input.email)) throw consoleError('email_taken', `A person with email ${input.email} already has a console account`);
    const token = `pci_${randomBytes(32).toString('base64url')}`;
    const now = this.now();
    const row = await repo.insertInvite(this.db, {
      id: randomId('cinv', 12),
      email: input.email,
      role: input.role,
      integratorUserId: input.integratorUserId ?? null,
      name: input.name ?? null,
      tokenHash: sha256Hex(token),
      createdBy,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
    });
    return { id: row.id, email: row.email, role: row.role, expiresAt: row.expiresAt.toISOString(), token, url: `/invite/${token}` };
  }

  private async openInvite(token: string): Promise<ConsoleInviteRow> {
    if (!INVITE_TOKEN_FORMAT.test(token)) throw inviteInvalid();
    const invite = await repo.openInvite(this.db, sha256Hex(token), this.now());
    if (!invite) throw inviteInvalid();
    return invite;
  }

  /** `email` null: the first admin's setup link, where the person gives their email. */
  async inviteInfo(token: string): Promise<{ email: string | null; role: ConsoleRole; name: string | null; setup: boolean }> {
    const invite = await this.openInvite(token);
    const setup = invite.createdBy === SETUP_CREATOR;
    // A setup link is spent once an admin exists, whoever made them.
    if (setup && (await repo.activeAdminExists(this.db))) throw inviteInvalid();
    return { email: setup ? null : invite.email, role: invite.role, name: invite.name, setup };
  }

  /**
   * The first admin's one-time setup link, when no admin can log in: an admin invite whose email
   * the person gives. Null when an admin exists. Each start without an admin makes a new one; the
   * first accepted spends them all.
   */
  async createSetupInvite(): Promise<{ token: string; expiresAt: Date } | null> {
    if (await repo.activeAdminExists(this.db)) return null;
    const token = `pci_${randomBytes(32).toString('base64url')}`;
    const now = this.now();
    const row = await repo.insertInvite(this.db, {
      id: randomId('cinv', 12),
      email: '',
      role: 'admin',
      integratorUserId: null,
      name: null,
      tokenHash: sha256Hex(token),
      createdBy: SETUP_CREATOR,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
    });
    return { token, expiresAt: row.expiresAt };
  }

  /**
   * Consumes the invite and creates the person in one transaction, then logs
   * them in. The password is hashed first, outside the transaction (it takes
   * a few hundred milliseconds and holds no lock).
   */
  async acceptInvite(
    token: string,
    input: { name: string; password: string; email?: string | undefined },
    client: Client,
    previousToken: string | undefined,
  ): Promise<{ user: UserView; session: SessionStart }> {
    requireStrongPassword(input.password);
    const open = await this.openInvite(token);
    const setup = open.createdBy === SETUP_CREATOR;
    if (setup && input.email === undefined) throw consoleError('validation_failed', 'The setup link creates the first admin: give the email you will log in with');
    if (!setup && input.email !== undefined) throw consoleError('validation_failed', `This invite is for ${open.email}; the email is not chosen here`);
    const passwordHash = await this.passwords.hash(input.password);
    const user = await this.db.transaction(async (tx) => {
      if (setup) {
        await repo.lockFirstAdmin(tx);
        if (await repo.activeAdminExists(tx)) throw inviteInvalid();
      }
      const invite = await repo.consumeInvite(tx, sha256Hex(token), this.now());
      if (!invite) throw inviteInvalid();
      const email = setup ? input.email! : invite.email;
      const created = await repo.insert(tx, {
        id: randomId('cu', 12),
        email,
        name: input.name,
        role: invite.role,
        integratorUserId: invite.integratorUserId,
        passwordHash,
        createdAt: this.now(),
      });
      // Rolls back: the invite stays open for when the conflict is resolved.
      if (!created) throw consoleError('email_taken', `A person with email ${email} already has a console account`);
      await repo.markInviteUsedBy(tx, invite.id, created.id);
      return created;
    });
    if (previousToken) await this.sessions.endByToken(previousToken);
    const session = await this.sessions.start(user.id, client);
    return { user: userView(user), session };
  }

  async list(limit: number, offset: number): Promise<{ users: Array<UserView & { integratorName: string | null }>; total: number }> {
    const { rows, total } = await repo.list(this.db, limit, offset);
    return { users: rows.map((r) => ({ ...userView(r.person), integratorName: r.integratorName })), total };
  }

  /** Disables a person and ends their sessions; an admin cannot disable themself (someone must remain to undo mistakes). */
  async disable(actor: ConsolePrincipal, id: string): Promise<UserView> {
    if (id === actor.user.id) throw consoleError('forbidden', 'You cannot disable your own account; ask another admin');
    const user = await repo.disable(this.db, id, this.now());
    if (!user) throw consoleError('not_found', `No console user ${id}`);
    await this.sessions.endAllOf(id);
    return userView(user);
  }
}

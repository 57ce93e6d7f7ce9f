/**
 * The accounts logged in on this node (the node is their source of truth):
 * `accounts.json` in the state directory lists them, and each has its own
 * persistent Chromium profile under `profiles/<externalRef>/`. Importing a
 * Playwright storage state writes its cookies and localStorage into that
 * profile (offline: each origin is served a blank page by Playwright itself).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOGIN_STATES, nodeAccountSchema, type NodeAccount } from '@plume/shared';
import { z } from 'zod';
import { writeFileDurable } from './fs-durable.js';

export interface AccountRecord extends NodeAccount {
  importedAt?: string;
  checkedAt?: string;
}

const recordSchema = nodeAccountSchema.extend({ importedAt: z.string().optional(), checkedAt: z.string().optional() });

export const storageStateSchema = z.object({
  cookies: z
    .array(
      z.object({
        name: z.string(),
        value: z.string(),
        domain: z.string(),
        path: z.string(),
        expires: z.number(),
        httpOnly: z.boolean(),
        secure: z.boolean(),
        sameSite: z.enum(['Strict', 'Lax', 'None']),
      }),
    )
    .max(5000),
  origins: z.array(z.object({ origin: z.url(), localStorage: z.array(z.object({ name: z.string(), value: z.string() })) })).max(500),
});
export type StorageState = z.infer<typeof storageStateSchema>;

export class AccountRegistry {
  private readonly file: string;
  readonly profilesDir: string;

  constructor(stateDir: string) {
    this.file = join(stateDir, 'accounts.json');
    this.profilesDir = join(stateDir, 'profiles');
  }

  list(): AccountRecord[] {
    if (!existsSync(this.file)) return [];
    const parsed = z.array(recordSchema).safeParse(JSON.parse(readFileSync(this.file, 'utf8')));
    if (!parsed.success) throw new Error(`${this.file} is not a valid account list: ${parsed.error.issues[0]?.message}`);
    return parsed.data;
  }

  /** What the control plane is told (the protocol's account shape). */
  report(): NodeAccount[] {
    return this.list().map(({ externalRef, platform, displayName, loginState, userId }) => ({
      externalRef,
      platform,
      displayName,
      loginState,
      ...(userId !== undefined ? { userId } : {}),
    }));
  }

  get(externalRef: string): AccountRecord | undefined {
    return this.list().find((a) => a.externalRef === externalRef);
  }

  profileDir(externalRef: string): string {
    // externalRef matches /^[A-Za-z0-9_.@-]+$/ (protocol schema): no separators, no traversal.
    if (!/^[A-Za-z0-9_.@-]+$/.test(externalRef) || externalRef === '.' || externalRef === '..') throw new Error(`bad account ref ${externalRef}`);
    const dir = join(this.profilesDir, externalRef);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return dir;
  }

  upsert(record: AccountRecord): void {
    const checked = recordSchema.parse(record);
    const others = this.list().filter((a) => a.externalRef !== checked.externalRef);
    this.save([...others, checked].sort((a, b) => a.externalRef.localeCompare(b.externalRef)));
  }

  /** Returns true when the state changed (the control plane should hear about it). */
  setLoginState(externalRef: string, loginState: (typeof LOGIN_STATES)[number], displayName?: string): boolean {
    const all = this.list();
    const account = all.find((a) => a.externalRef === externalRef);
    if (!account) return false;
    const changed = account.loginState !== loginState || (displayName !== undefined && displayName !== '' && displayName !== account.displayName);
    account.loginState = loginState;
    if (displayName) account.displayName = displayName;
    account.checkedAt = new Date().toISOString();
    this.save(all);
    return changed;
  }

  remove(externalRef: string): boolean {
    const all = this.list();
    const left = all.filter((a) => a.externalRef !== externalRef);
    if (left.length === all.length) return false;
    this.save(left);
    return true;
  }

  private save(all: AccountRecord[]): void {
    mkdirSync(this.profilesDir, { recursive: true, mode: 0o700 });
    writeFileDurable(this.file, `${JSON.stringify(all, null, 2)}\n`, 0o600);
  }
}

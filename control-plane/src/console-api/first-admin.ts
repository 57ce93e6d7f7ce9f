/**
 * The way into a new installation's console: at a start with no console
 * admin, a one-time setup link (an admin invite whose email the person gives,
 * people.service.ts) is printed and written to `console-setup-link` in the
 * data directory, readable only by the user the control plane runs as (0600).
 * The first admin made from any such link spends them all; a start with an
 * admin removes the file.
 */
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/client.js';
import { PeopleService } from './people.service.js';
import { LoginThrottle } from './throttle.js';
import { ConsoleSessions } from './sessions.js';

export const SETUP_LINK_FILE = 'console-setup-link';

export interface SetupLink {
  url: string;
  /** Where it was written; null without a data directory, or when writing failed (`fileError`). */
  file: string | null;
  fileError?: string;
  expiresAt: Date;
}

/** The address a person on this machine opens: a wildcard listen address means this host's loopback. */
export function consoleBaseUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

export async function prepareFirstAdminSetup(db: Db, o: { baseUrl: string; dataDir: string | null; now?: () => Date }): Promise<SetupLink | null> {
  const now = o.now ?? (() => new Date());
  const file = o.dataDir ? join(o.dataDir, SETUP_LINK_FILE) : null;
  const made = await new PeopleService(db, new ConsoleSessions(db, now), new LoginThrottle(db, now), now).createSetupInvite();
  if (!made) {
    if (file) rmSync(file, { force: true });
    return null;
  }
  const url = `${o.baseUrl.replace(/\/+$/, '')}/invite/${made.token}`;
  if (file) {
    try {
      writeFileSync(file, `${url}\n`, { mode: 0o600 });
      // writeFileSync's mode applies only to a new file: an older one keeps its own until this.
      chmodSync(file, 0o600);
    } catch (error) {
      // The printed link still works: a data directory the process cannot write must not lose it.
      return { url, file: null, fileError: `${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, expiresAt: made.expiresAt };
    }
  }
  return { url, file, expiresAt: made.expiresAt };
}

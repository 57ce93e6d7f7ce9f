/**
 * The daemon's scheduled site checks (PLUME_EDGE_CHECK_INTERVAL_MINUTES): every logged-in
 * account, each content type its adapter publishes, in the account's turn (never while its
 * profile runs a job); each conclusive report lands in the site-check store.
 */
import type { Logger } from 'pino';
import type { AccountTurns } from '../accounts/account-lock.js';
import type { AccountRegistry } from '../accounts/accounts.js';
import { checkTypes, type CheckRunDeps, runChecks } from './check-plan.js';

export interface ScheduledChecksOptions extends Omit<CheckRunDeps, 'registry' | 'log'> {
  /** The accounts' turns in the daemon (the job runner's). */
  turns: AccountTurns;
  accounts: AccountRegistry;
  log: Logger;
}

/** One round over the logged-in accounts; `onRecorded` after each conclusive report. Stops early when the daemon drains. */
export async function runScheduledChecks(o: ScheduledChecksOptions, onRecorded: () => void): Promise<void> {
  const { turns, accounts, log, ...rest } = o;
  const deps: CheckRunDeps = { ...rest, registry: accounts, log };
  for (const account of accounts.list().filter((a) => a.loginState === 'logged_in')) {
    if (turns.draining || !o.adapters.get(account.platform)) continue;
    await turns
      .inAccountTurn(account.externalRef, () =>
        runChecks(deps, account, checkTypes(o.adapters, account), (r) => {
          log.info({ account: r.account, platform: r.platform, contentType: r.contentType, status: r.status, error: r.error, evidence: r.evidenceDir }, 'site checked');
          if (r.status !== 'inconclusive') onRecorded();
        }),
      )
      .catch((err: unknown) => log.warn({ account: account.externalRef, err: (err as Error).message }, 'site check could not run'));
  }
}

/**
 * Which checks to run (an account's platform, every content type its adapter
 * and the catalog allow, or the one asked for), running them one after the
 * other, and how a report reads on a terminal.
 */
import type { BrowserContext } from 'playwright-core';
import type { AccountRecord, AccountRegistry } from '../accounts/accounts.js';
import type { AdapterLog, AdapterTimeouts, ContentType } from '../adapters/contract.js';
import type { AdapterSet } from '../adapters/adapter-set.js';
import type { SiteCheckStore } from './check-store.js';
import { type CheckReport, runCheck } from './run-check.js';

export class CheckRefused extends Error {}

/** The content types a check of `account` covers; refuses a type the node cannot publish there. */
export function checkTypes(adapters: AdapterSet, account: AccountRecord, only?: ContentType): ContentType[] {
  const adapter = adapters.get(account.platform);
  if (!adapter) throw new CheckRefused(`no adapter for ${account.platform} on this node`);
  const types = adapter.contentTypes.filter((t) => adapters.canRun(account.platform, t));
  if (only === undefined) return [...types];
  if (!types.includes(only)) throw new CheckRefused(`${account.platform} on this node publishes ${types.join(', ') || 'nothing'}, not ${only}`);
  return [only];
}

export interface CheckRunDeps {
  adapters: AdapterSet;
  registry: AccountRegistry;
  store: SiteCheckStore;
  stateDir: string;
  platformUrls: Record<string, string>;
  launchProfile: (dir: string) => Promise<BrowserContext>;
  log?: AdapterLog;
  timeouts?: Partial<AdapterTimeouts>;
  signal?: AbortSignal;
}

/** Runs the checks one by one (one Chromium at a time) and records each conclusive one. */
export async function runChecks(d: CheckRunDeps, account: AccountRecord, types: readonly ContentType[], onReport?: (r: CheckReport) => void): Promise<CheckReport[]> {
  const adapter = d.adapters.get(account.platform);
  if (!adapter) throw new CheckRefused(`no adapter for ${account.platform} on this node`);
  const reports: CheckReport[] = [];
  for (const contentType of types) {
    d.signal?.throwIfAborted();
    const report = await runCheck({
      adapter,
      account,
      contentType,
      baseUrl: d.platformUrls[account.platform] ?? adapter.defaultBaseUrl,
      profileDir: d.registry.profileDir(account.externalRef),
      stateDir: d.stateDir,
      launchProfile: d.launchProfile,
      ...(d.log ? { log: d.log } : {}),
      ...(d.timeouts ? { timeouts: d.timeouts } : {}),
      ...(d.signal ? { signal: d.signal } : {}),
    });
    d.store.record(report);
    reports.push(report);
    onReport?.(report);
  }
  return reports;
}

const VERDICT: Record<CheckReport['status'], string> = {
  passed: 'PASSED: every step matched up to the publish click (nothing was published)',
  failed: 'FAILED: the site no longer matches this adapter; publishing this type on this node stops until a check passes',
  inconclusive: 'INCONCLUSIVE: the check could not judge the site; the last result stands',
};

/** A report for people: one line per step, the verdict, where the evidence is. */
export function formatReport(r: CheckReport, baseUrl: string): string {
  const lines = [`${r.platform} ${r.contentType} as ${r.account} on ${baseUrl}`];
  for (const s of r.steps) {
    const why = s.result === 'changed' || s.result === 'unknown' ? `  ${r.error?.code}: ${r.error?.message}` : s.step === 'publish' && s.result === 'matched' ? '  (stopped before the click)' : '';
    const facts = s.facts.unverified ? `  [rests on ${s.facts.unverified} unverified of ${s.facts.total} facts]` : '';
    lines.push(`  ${s.step.padEnd(15)} ${s.result.replace('_', ' ')}${why}${facts}`);
  }
  lines.push(`  ${VERDICT[r.status]}`);
  const walked = r.steps.filter((s) => s.result === 'matched' || s.result === 'changed').length;
  lines.push(`  ${r.unverifiedSteps} of the ${walked} steps walked rest on facts no public source confirms (docs/platforms.md lists them)`);
  if (r.evidenceDir) lines.push(`  evidence: ${r.evidenceDir} (screenshot.png, page.html)`);
  return `${lines.join('\n')}\n`;
}

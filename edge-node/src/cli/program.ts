/**
 * The plume-edge program: enroll | run | accounts | check | doctor. Parses the
 * environment once (config.ts) and the command line here; exit codes: 0 ok, 1
 * failure (for `check`: the site changed), 2 a check could not judge the site,
 * 64 usage error, 78 configuration error (EX_CONFIG: systemd does not restart
 * on it, see systemd/plume-edge.service).
 *
 * The adapters are the caller's to give, never the environment's: the shipped
 * entry (cli.ts) passes the platform registry; the integration tests' entry
 * (test/support/edge-daemon-entry.mjs) passes scripted ones.
 *
 * Each command loads its own modules when it runs: `enroll`, `doctor` or a
 * usage error never load the browser driver or the adapters (about a second of
 * CPU on a small node).
 */
import { parseArgs } from 'node:util';
import { CONTENT_TYPES, type ContentType } from '@plume/shared';
import { type EdgeConfig, loadConfig } from '../config.js';
import type { AdapterSet } from '../adapters/adapter-set.js';
import { exitWithOutcome, UsageError } from './usage.js';

const USAGE = `plume-edge — Plume execution node

  plume-edge enroll --url <control plane URL> --token <enrollment token> [--name <name>] [--force]
  plume-edge run
  plume-edge stop [--timeout <seconds>]
      stops the \`run\` of this state directory (its pid is in <state dir>/plume-edge.pid) and
      waits while it drains; exit 0 when it has exited or was not running, 1 when it outlasts the
      timeout (default PLUME_EDGE_DRAIN_SECONDS + 30)
  plume-edge accounts [list]       each account's login state and last check
  plume-edge accounts login <platform> [--ref <platform account id>] [--user <userId>] [--timeout <seconds>]
      the platform's login page on this node: scan the QR shown here with the account's phone
      (accounts login --help: the steps and exit codes)
  plume-edge accounts import --ref <platform account id> --platform <code> --storage-state <file.json> [--name <display name>] [--user <userId>]
  plume-edge accounts relogin <ref> [--timeout <seconds>]
      logs the account in again the same way (the same account must scan)
  plume-edge accounts relogin <ref> --storage-state <file.json>
      replaces the account's cookies with an exported login and checks it
  plume-edge accounts remove <ref>
      deletes the account and its browser profile
  plume-edge accounts check        checks every account's login now
  plume-edge accounts set <ref> [--proxy <url>] [--proxy-password-stdin] [--locale <bcp47>]
      [--timezone <IANA zone>] [--user-agent-family windows|macos|linux] [--clear <part>]…
      the account's browser identity: its own proxy, locale, time zone and user agent
      (accounts set --help: each option; the password is read from stdin and kept sealed)
      (all of these work beside a running daemon, which reports the change)
  plume-edge check <platform> --account <ref> [--content-type article|dynamic|video]
      runs the adapter against the live site up to, not including, the publish click
  plume-edge doctor

Environment (docs/operators.md has the details):
  PLUME_CONTROL_URL         control plane base URL (written by enroll)
  PLUME_EDGE_VIDEO_DIR      videos and covers, one folder per user id (required for run)
  PLUME_EDGE_STATE_DIR      key, outbox, journal, browser profiles (default /var/lib/plume-edge;
                            systemd's STATE_DIRECTORY when unset)
  PLUME_CHROMIUM_PATH       the browser (default /usr/bin/chromium)
  PLUME_EDGE_HEADLESS       false shows the browser windows (default true)
  PLUME_EDGE_PLATFORM_URLS  JSON object platform code → base URL (a staging site or the simulator);
                            a platform not named goes to its live site; read when a command
                            starts (restart \`run\` after changing it)
  PLUME_EDGE_CONCURRENCY    jobs at once (default 2)
  PLUME_EDGE_DRAIN_SECONDS  on SIGTERM, how long running jobs may finish (default 60)
  PLUME_EDGE_METRICS_ADDR   host:port where \`run\` serves Prometheus metrics at /metrics
                            (e.g. 127.0.0.1:9465; unset: no metrics)
  PLUME_EDGE_CHECK_INTERVAL_MINUTES  run \`plume-edge check\` on every adapter this often while
                            running (default: off; each check drives the live site)
  PLUME_EDGE_LOGIN_CHECK_MINUTES  check each account's login this often while running, ±20%
                            per account, one check per platform at a time, never during its
                            jobs (default 45; 0 = only jobs and \`accounts check\` check)
  LOG_LEVEL                 pino level (default info)
  NOTIFY_SOCKET, PLUME_NOTIFY_FD, WATCHDOG_USEC, WATCHDOG_PID  set by systemd, never by hand
`;

export interface ProgramOptions {
  /** What `run`, `accounts check` and `check` drive; a function loads them only for the commands that need them. */
  adapters: AdapterSet | (() => Promise<AdapterSet>);
}

async function main(argv: string[], options: ProgramOptions): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(USAGE);
    return command ? 0 : 64;
  }
  const config = loadConfig(process.env);
  const adapters = async (): Promise<AdapterSet> => {
    const set = await (typeof options.adapters === 'function' ? options.adapters() : options.adapters);
    if (set.source !== 'registry') return set;
    // The registry as this node's kind runs it: a desktop-only platform (YouTube) only on a desktop node.
    const [{ registryAdaptersFor }, { nodeExecutor }, { enrolledKind }] = await Promise.all([import('../adapters/adapter-set.js'), import('../adapters/registry.js'), import('../control/identity.js')]);
    return registryAdaptersFor(nodeExecutor(enrolledKind(config.stateDir)));
  };
  switch (command) {
    case 'enroll':
      return enrollCommand(config, rest);
    case 'run':
      return runCommand(config, await adapters());
    case 'stop':
      return stopCommand(config, rest);
    case 'accounts': {
      const { accountsCommand } = await import('./accounts-command.js');
      return accountsCommand(config, rest, adapters);
    }
    case 'check':
      return checkCommand(config, rest, await adapters());
    case 'doctor':
      return doctorCommand(config);
    default:
      throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  }
}

async function enrollCommand(config: EdgeConfig, args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { url: { type: 'string' }, token: { type: 'string' }, name: { type: 'string' }, force: { type: 'boolean' } } });
  const url = values.url ?? config.controlUrl;
  if (!url) throw new UsageError('enroll needs --url <control plane URL> (or PLUME_CONTROL_URL)');
  if (!/^https?:\/\/[^/\s]+/.test(url) || !URL.canParse(url)) throw new UsageError(`--url must be the control plane's http(s) base URL, e.g. http://127.0.0.1:8080, not ${JSON.stringify(url)}`);
  if (!values.token) throw new UsageError('enroll needs --token <enrollment token> (from POST /api/admin/nodes/enrollment-tokens)');
  const { enroll } = await import('../control/enroll.js');
  const identity = await enroll({ url, token: values.token, stateDir: config.stateDir, ...(values.name ? { name: values.name } : {}), ...(values.force ? { force: true } : {}) });
  process.stdout.write(`enrolled as ${identity.nodeId} (${identity.kind}) with ${identity.controlUrl}; key in ${config.stateDir}/node.key\n`);
  return 0;
}

async function runCommand(config: EdgeConfig, adapters: AdapterSet): Promise<number> {
  const [{ requireRunConfig }, { default: pino }, { startDaemon }] = await Promise.all([import('../config.js'), import('pino'), import('../daemon.js')]);
  const run = requireRunConfig(config);
  const [{ AccountRegistry }, { startWarnings, warn }, { loadIdentity }, { claimPidFile, refuseSecondDaemon }] = await Promise.all([
    import('../accounts/accounts.js'),
    import('./platform-sites.js'),
    import('../control/identity.js'),
    import('./pid-file.js'),
  ]);
  for (const warning of startWarnings(
    new AccountRegistry(config.stateDir).list().map((a) => a.platform),
    config.platformUrls,
    (platform) => adapters.get(platform)?.defaultBaseUrl,
  )) {
    warn(warning);
  }
  refuseSecondDaemon(config.stateDir);
  // An unenrolled node or an unsafe key is a configuration error (78) before the pid file is written in a state directory that may not exist.
  await loadIdentity(config.stateDir);
  const releasePidFile = claimPidFile(config.stateDir);
  const log = pino({ level: config.logLevel, base: { pid: process.pid, component: 'plume-edge' } });
  let daemon;
  try {
    daemon = await startDaemon(run, log, { adapters });
  } catch (error) {
    releasePidFile();
    throw error;
  }
  // SIGTERM (systemd stop) and SIGINT handled once: a second signal does not interrupt the drain.
  const onSignal = (signal: string) => {
    log.info({ signal }, 'signal received');
    void daemon.stop();
  };
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  process.once('SIGINT', () => onSignal('SIGINT'));
  const code = await daemon.finished;
  releasePidFile();
  log.flush();
  return code;
}

async function stopCommand(config: EdgeConfig, args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { timeout: { type: 'string' } } });
  const timeout = values.timeout === undefined ? config.drainSeconds + 30 : Number(values.timeout);
  if (!Number.isInteger(timeout) || timeout < 1 || timeout > 7200) throw new UsageError('--timeout must be a whole number of seconds from 1 to 7200');
  const { stopDaemon } = await import('./pid-file.js');
  const outcome = await stopDaemon(config.stateDir, timeout * 1000);
  if (outcome.stopped === 'not_running') {
    process.stdout.write(`no plume-edge run on ${config.stateDir}\n`);
    return 0;
  }
  if (outcome.stopped === 'exited') {
    process.stdout.write(`plume-edge run (pid ${outcome.pid}) stopped\n`);
    return 0;
  }
  process.stderr.write(`plume-edge: run (pid ${outcome.pid}) is still draining after ${timeout} s; wait, or end it with kill -9 ${outcome.pid}\n`);
  return 1;
}

async function checkCommand(config: EdgeConfig, args: string[], adapters: AdapterSet): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { account: { type: 'string' }, 'content-type': { type: 'string' } } });
  const [platform, ...extra] = positionals;
  if (!platform || extra.length) throw new UsageError('check needs one platform code: plume-edge check <platform> --account <ref>');
  if (!values.account) throw new UsageError('check needs --account <ref> (an account of that platform on this node: plume-edge accounts list)');
  const only = values['content-type'];
  const [{ AccountRegistry }, { withAccountLock }, { profileLauncher }, { CheckRefused, checkTypes, formatReport, runChecks }, { SiteCheckStore }] = await Promise.all([
    import('../accounts/accounts.js'),
    import('../accounts/account-lock.js'),
    import('../browser/chromium.js'),
    import('../site-checks/check-plan.js'),
    import('../site-checks/check-store.js'),
  ]);
  if (only !== undefined && !(CONTENT_TYPES as readonly string[]).includes(only)) throw new UsageError(`--content-type must be one of ${CONTENT_TYPES.join(', ')}`);
  const registry = new AccountRegistry(config.stateDir);
  const account = registry.get(values.account);
  if (!account) throw new UsageError(`no account ${JSON.stringify(values.account)} on this node (plume-edge accounts list)`);
  if (account.platform !== platform) throw new UsageError(`account ${account.externalRef} is a ${account.platform} account, not ${platform}`);
  let types: ContentType[];
  try {
    types = checkTypes(adapters, account, only as ContentType | undefined);
  } catch (e) {
    if (e instanceof CheckRefused) throw new UsageError(e.message);
    throw e;
  }
  const baseUrl = config.platformUrls[platform] ?? adapters.get(platform)!.defaultBaseUrl;
  const { siteWarning, warn } = await import('./platform-sites.js');
  const warning = siteWarning({ platform, platformUrls: config.platformUrls, defaultBaseUrl: adapters.get(platform)!.defaultBaseUrl });
  if (warning) warn(warning);
  process.stdout.write(`checking ${platform} (${types.join(', ')}) as ${account.externalRef}: nothing will be published\n`);
  // The account's profile is this command's while it runs (a running daemon's jobs on it wait).
  const reports = await withAccountLock(
    config.stateDir,
    account.externalRef,
    () =>
      runChecks(
        {
          adapters,
          registry,
          store: new SiteCheckStore(config.stateDir),
          stateDir: config.stateDir,
          platformUrls: config.platformUrls,
          launchProfile: profileLauncher({ executablePath: config.chromiumPath, headless: config.headless, stateDir: config.stateDir }),
        },
        account,
        types,
        (r) => process.stdout.write(formatReport(r, baseUrl)),
      ),
    { waitMs: 10 * 60_000, onWait: () => process.stdout.write(`${account.externalRef} is in use (a job or check of the running daemon); waiting for it…
`) },
  );
  // 0 all passed, 1 the site changed, 2 a check could not judge it.
  if (reports.some((r) => r.status === 'failed')) return 1;
  return reports.some((r) => r.status === 'inconclusive') ? 2 : 0;
}

async function doctorCommand(config: EdgeConfig): Promise<number> {
  const { doctor } = await import('./doctor.js');
  const checks = await doctor(config);
  for (const c of checks) process.stdout.write(`${c.status === 'ok' ? 'ok  ' : c.status === 'warn' ? 'WARN' : 'FAIL'}  ${c.name.padEnd(16)} ${c.detail}\n`);
  return checks.some((c) => c.status === 'fail') ? 1 : 0;
}

/** Runs one command line to its exit code and exits the process with it. */
export function runProgram(argv: string[], options: ProgramOptions): void {
  exitWithOutcome('plume-edge', USAGE, main(argv, options));
}

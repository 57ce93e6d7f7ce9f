#!/usr/bin/env node
/**
 * plume-edge: enroll | run | accounts | doctor. Parses the environment once
 * (config.ts) and the command line here; exit codes: 0 ok, 1 failure,
 * 64 usage error, 78 configuration error (EX_CONFIG: systemd does not
 * restart on it, see systemd/plume-edge.service).
 */
import { parseArgs } from 'node:util';
import pino from 'pino';
import { importStorageState } from './account-import.js';
import { AccountRegistry } from './accounts.js';
import { profileLauncher } from './chromium.js';
import { ConfigError, type EdgeConfig, loadConfig, requireRunConfig } from './config.js';
import { startDaemon } from './daemon.js';
import { doctor } from './doctor.js';
import { enroll } from './enroll.js';
import { loadAdapters } from './jobs/adapter-set.js';
import { checkLogin } from './jobs/login-check.js';

const USAGE = `plume-edge — Plume execution node

  plume-edge enroll --url <control plane URL> --token <enrollment token> [--name <name>] [--force]
  plume-edge run
  plume-edge accounts [list]
  plume-edge accounts import --ref <platform account id> --platform <code> --storage-state <file.json> [--name <display name>] [--user <userId>]
  plume-edge accounts check
  plume-edge doctor

Environment: PLUME_CONTROL_URL, PLUME_EDGE_VIDEO_DIR (required for run), PLUME_EDGE_STATE_DIR
(default /var/lib/plume-edge), PLUME_CHROMIUM_PATH (default /usr/bin/chromium),
PLUME_EDGE_CONCURRENCY (default 2), PLUME_EDGE_DRAIN_SECONDS (default 60), LOG_LEVEL.
`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(USAGE);
    return command ? 0 : 64;
  }
  const config = loadConfig(process.env);
  switch (command) {
    case 'enroll':
      return enrollCommand(config, rest);
    case 'run':
      return runCommand(config);
    case 'accounts':
      return accountsCommand(config, rest);
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
  if (!values.token) throw new UsageError('enroll needs --token <enrollment token> (from POST /api/admin/nodes/enrollment-tokens)');
  const identity = await enroll({ url, token: values.token, stateDir: config.stateDir, ...(values.name ? { name: values.name } : {}), ...(values.force ? { force: true } : {}) });
  process.stdout.write(`enrolled as ${identity.nodeId} (${identity.kind}) with ${identity.controlUrl}; key in ${config.stateDir}/node.key\n`);
  return 0;
}

async function runCommand(config: EdgeConfig): Promise<number> {
  const run = requireRunConfig(config);
  const log = pino({ level: config.logLevel, base: { pid: process.pid, component: 'plume-edge' } });
  const daemon = await startDaemon(run, log);
  // SIGTERM (systemd stop) and SIGINT handled once: a second signal does not interrupt the drain.
  const onSignal = (signal: string) => {
    log.info({ signal }, 'signal received');
    void daemon.stop();
  };
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  process.once('SIGINT', () => onSignal('SIGINT'));
  const code = await daemon.finished;
  log.flush();
  return code;
}

async function accountsCommand(config: EdgeConfig, args: string[]): Promise<number> {
  const [sub = 'list', ...rest] = args;
  const registry = new AccountRegistry(config.stateDir);
  const launch = profileLauncher({ executablePath: config.chromiumPath, headless: config.headless });
  if (sub === 'list') {
    const list = registry.list();
    if (list.length === 0) process.stdout.write('no accounts on this node; add one with `plume-edge accounts import`\n');
    for (const a of list) {
      process.stdout.write(`${a.externalRef}\t${a.platform}\t${a.loginState}\t${a.displayName}${a.userId ? `\tuser ${a.userId}` : ''}${a.checkedAt ? `\tchecked ${a.checkedAt}` : ''}\n`);
    }
    return 0;
  }
  if (sub === 'import') {
    const { values } = parseArgs({
      args: rest,
      options: { ref: { type: 'string' }, platform: { type: 'string' }, 'storage-state': { type: 'string' }, name: { type: 'string' }, user: { type: 'string' } },
    });
    if (!values.ref || !values.platform || !values['storage-state']) throw new UsageError('accounts import needs --ref, --platform and --storage-state');
    if (!/^[A-Za-z0-9_.@-]{1,200}$/.test(values.ref)) throw new UsageError('--ref is the platform account id: letters, digits, "_", ".", "@" and "-"');
    const user = values.user === undefined ? undefined : Number(values.user);
    if (user !== undefined && !(Number.isInteger(user) && user > 0)) throw new UsageError('--user must be a user id (a positive integer)');
    const counts = await importStorageState({
      registry,
      externalRef: values.ref,
      platform: values.platform,
      storageStatePath: values['storage-state'],
      launchProfile: launch,
      ...(values.name ? { displayName: values.name } : {}),
      ...(user !== undefined ? { userId: user } : {}),
    });
    process.stdout.write(`imported ${counts.cookies} cookie(s) and ${counts.origins} origin(s) into the profile of ${values.ref}; run \`plume-edge accounts check\`\n`);
    return 0;
  }
  if (sub === 'check') {
    const adapters = await loadAdapters(config.testAdapter);
    let failures = 0;
    for (const account of registry.list()) {
      const adapter = adapters.get(account.platform);
      if (!adapter) {
        process.stdout.write(`${account.externalRef}\t${account.platform}\tno adapter on this node\n`);
        failures++;
        continue;
      }
      const result = await checkLogin({ account, adapter, baseUrl: config.platformUrls[account.platform] ?? adapter.defaultBaseUrl, registry, launchProfile: launch });
      if (result.state !== 'logged_in') failures++;
      process.stdout.write(`${account.externalRef}\t${account.platform}\t${result.state}\t${result.detail}\n`);
    }
    return failures ? 1 : 0;
  }
  throw new UsageError(`unknown accounts subcommand ${JSON.stringify(sub)}`);
}

async function doctorCommand(config: EdgeConfig): Promise<number> {
  const checks = await doctor(config);
  for (const c of checks) process.stdout.write(`${c.status === 'ok' ? 'ok  ' : c.status === 'warn' ? 'WARN' : 'FAIL'}  ${c.name.padEnd(16)} ${c.detail}\n`);
  return checks.some((c) => c.status === 'fail') ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
    // Chromium children, chokidar and sockets are closed by now; do not wait on stray handles.
    setTimeout(() => process.exit(code), 200).unref();
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`plume-edge: ${error.message}\n\n${USAGE}`);
      process.exit(64);
    }
    if (error instanceof ConfigError) {
      process.stderr.write(`plume-edge: ${error.message}\n`);
      process.exit(78);
    }
    process.stderr.write(`plume-edge: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);

/**
 * The `plume-edge run` composition root. Starts, in order: identity and
 * directories (refusing to start without a readable key or the video tree),
 * outbox and commit journal, accounts, adapters, job runner, metrics
 * listener (when PLUME_EDGE_METRICS_ADDR is set), inventory watcher, the
 * connection, then tells systemd it is ready, starts the login-check schedule
 * and the watchdog. Stops in reverse, once: stop watching and checking, drain
 * jobs within the bound, flush the outbox briefly, say bye, close.
 */
import { statSync, writeFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { type ControlMessage, type MetricsListener, NODE_PROTOCOL_VERSION, startMetricsListener, SystemdNotifier } from '@plume/shared';
import type { Logger } from 'pino';
import { AccountRegistry, accountsReport, localLoginState } from './accounts/accounts.js';
import { BrowserStateSync } from './accounts/browser-state-sync.js';
import { chromiumVersion, profileLauncher } from './browser/chromium.js';
import { ConfigError, type RunConfig } from './config.js';
import { NodeConnection } from './control/connection.js';
import { SiteCheckStore } from './site-checks/check-store.js';
import { runScheduledChecks } from './site-checks/scheduled-checks.js';
import { type LoadedIdentity, loadIdentity } from './control/identity.js';
import { Inventory } from './media/inventory.js';
import { nodeExecutor } from './adapters/registry.js';
import { type AdapterSet, registryAdapters, registryAdaptersFor } from './adapters/adapter-set.js';
import { JobRunner, type JobRunnerOptions } from './jobs/job-runner.js';
import { LoginChecks } from './login/login-check.js';
import { LoginSchedule } from './login/login-schedule.js';
import { loginPlatforms, RemoteLogins } from './login/remote-login.js';
import { CommitJournal } from './jobs/commit-journal.js';
import { EdgeMetrics } from './metrics/edge-metrics.js';
import { Outbox, type OutboxDraft } from './control/outbox.js';
import { EDGE_TIMERS } from './timers.js';

export interface Daemon {
  /** Resolves with the exit code once stopped (by stop() or a fatal refusal). */
  finished: Promise<number>;
  /** SIGTERM: idempotent, shares the stop in flight. */
  stop(): Promise<number>;
  /** Whether the control plane's socket is open now (Plume Desktop shows it). */
  connected(): boolean;
  /** Why the control plane ended this node for good (revoked, protocol refused), once it did; else null. */
  fatalReason(): string | null;
}

export interface DaemonOptions {
  /** What runs jobs: the platform registry unless the embedding program passes its own (cli/program.ts). */
  adapters?: AdapterSet;
  /** Plume Desktop runs this daemon as its executor (desktop/executor.ts): what differs from an edge node. */
  desktop?: DesktopRole;
}

/**
 * A desktop executor: its identity is the license device (key and node id come from the license
 * client, not node.key), its media are the person's own files in the folders they allow (no
 * video tree, no inventory), it reports its operating system, it takes offers only while its
 * license can publish, and it sees each report before it is recorded (to count license uses).
 */
export interface DesktopRole {
  identity: LoadedIdentity;
  os: 'windows' | 'macos' | 'linux';
  refuseOffers: NonNullable<JobRunnerOptions['refuseOffers']>;
  localMedia: NonNullable<JobRunnerOptions['localMedia']>;
  onReport: (draft: OutboxDraft) => void;
}

export async function startDaemon(config: RunConfig, log: Logger, { adapters = registryAdapters, desktop }: DaemonOptions = {}): Promise<Daemon> {
  // 1. What must exist before anything starts.
  const identity = desktop?.identity ?? (await loadIdentity(config.stateDir));
  // The registry as this node's kind runs it: an edge node never offers a desktop-only platform.
  if (adapters.source === 'registry') adapters = registryAdaptersFor(nodeExecutor(identity.kind));
  const videoDir = desktop ? null : statSync(config.videoDir, { throwIfNoEntry: false });
  if (!desktop && !videoDir?.isDirectory()) throw new ConfigError(`PLUME_EDGE_VIDEO_DIR=${config.videoDir} is not a directory: create it (one folder per user id inside)`);
  const controlUrl = config.controlUrl ?? identity.controlUrl;
  log = log.child({ nodeId: identity.nodeId });

  // 2. Durable state.
  const outbox = new Outbox(config.stateDir, desktop?.onReport).open();
  const journal = new CommitJournal(config.stateDir).open();
  const interrupted = journal.entries();
  const accounts = new AccountRegistry(config.stateDir);
  accounts.list();
  const siteChecks = new SiteCheckStore(config.stateDir);
  siteChecks.list();

  // 3. What runs jobs.
  if (adapters.source !== 'registry') {
    log.warn({ platforms: adapters.platforms() }, 'ADAPTERS SUPPLIED BY THE EMBEDDING PROGRAM, not the platform registry: this daemon publishes only where they do');
  }
  const chromium = await chromiumVersion(config.chromiumPath);
  if (!chromium) log.warn({ path: config.chromiumPath }, 'Chromium did not answer --version; jobs will fail until PLUME_CHROMIUM_PATH points at a working Chromium');
  const notifier = new SystemdNotifier(config.notify, log.child({ component: 'notify' }));

  let connection: NodeConnection | null = null;
  const send = (m: Parameters<NodeConnection['send']>[0]) => connection?.send(m) ?? false;
  // The login states the connected control plane accepts (its welcome's); older ones hear `unknown` for newer states.
  let acceptedLoginStates: readonly string[] | undefined;
  // A web node (the operator's web pool) hands its accounts' browser states to the control plane, sealed there.
  let browserStatesAccepted = false;
  // Each account's browser identity is read at each launch (no work at start: the key is opened only then).
  const launchProfile = profileLauncher({ executablePath: config.chromiumPath, headless: config.headless, stateDir: config.stateDir, chromiumVersion: chromium });
  const browserStates = identity.kind === 'web' ? new BrowserStateSync({ accounts, send, accepted: () => browserStatesAccepted, log: log.child({ component: 'browser-states' }) }) : null;
  // Every browser the runner opens reports its account's state as it closes (web nodes).
  const runnerLaunch = browserStates ? browserStates.wrap(launchProfile) : launchProfile;
  // A login made beside the daemon (accounts login|relogin, a relayed login): its state is read once, in the account's turn.
  const sealNewLogins = () => {
    for (const ref of browserStates?.newlyLoggedIn(accounts.list()) ?? []) {
      void runner
        .inAccountTurn(ref, async () => (await runnerLaunch(accounts.profileDir(ref))).close())
        .catch((err: unknown) => log.warn({ err, account: ref }, "reading a new login's browser state failed; the next job or check sends it"));
    }
  };
  const accountsNow = () => accountsReport(accounts.report(), (p) => adapters.get(p) !== undefined, acceptedLoginStates);
  const reportAccounts = () => send({ type: 'accounts', accounts: accountsNow() });
  outbox.useTransport(send);
  // Read at scrape time, which starts once the listener below does (after the runner exists).
  const metrics = new EdgeMetrics({
    outboxSize: () => outbox.size,
    accounts: () => accounts.list().map((a) => ({ platform: a.platform, loginState: localLoginState(a, (p) => adapters.get(p) !== undefined) })),
    runningJobs: () => runner.busy,
    connected: () => connection?.connected ?? false,
  });
  const runner = new JobRunner({
    adapters,
    accounts,
    outbox,
    journal,
    send,
    connected: () => connection?.connected ?? false,
    launchProfile: runnerLaunch,
    videoDir: config.videoDir,
    stateDir: config.stateDir,
    concurrency: config.concurrency,
    platformUrls: config.platformUrls,
    onAccountsChanged: () => {
      reportAccounts();
      loginSchedule.refresh();
    },
    log: log.child({ component: 'jobs' }),
    observer: metrics,
    ...(desktop ? { refuseOffers: desktop.refuseOffers, localMedia: desktop.localMedia } : {}),
  });
  // Login checks run in the accounts' turns the runner keeps, never beside a job on the same account.
  const loginChecks = new LoginChecks({
    turns: runner,
    adapters,
    accounts,
    platformUrls: config.platformUrls,
    launchProfile: runnerLaunch,
    onAccountsChanged: () => {
      reportAccounts();
      loginSchedule.refresh();
    },
    log: log.child({ component: 'login-checks' }),
  });
  let metricsListener: MetricsListener | null = null;
  if (config.metricsAddress) {
    const { host, port } = config.metricsAddress;
    metricsListener = await startMetricsListener(config.metricsAddress, metrics.registry).catch((e: unknown) => {
      throw new Error(`PLUME_EDGE_METRICS_ADDR=${host}:${port}: cannot listen (${(e as Error).message})`);
    });
    log.info({ address: `${metricsListener.address.host}:${metricsListener.address.port}` }, 'serving metrics');
  }
  // Logins the control plane relays (an admin at the console): the CLI's flow, driven over the socket.
  const logins = new RemoteLogins({
    adapters,
    registry: accounts,
    stateDir: config.stateDir,
    platformUrls: config.platformUrls,
    launchProfile: profileLauncher({ executablePath: config.chromiumPath, headless: config.headless, handleSignals: false, stateDir: config.stateDir, chromiumVersion: chromium }),
    send,
    onAccountsChanged: () => {
      accountsSeen = statSync(accountsFile, { throwIfNoEntry: false })?.mtimeMs ?? 0;
      reportAccounts();
      loginSchedule.refresh();
      sealNewLogins();
    },
    log: log.child({ component: 'logins' }),
  });
  // A desktop reads the person's own folders by path; there is no video tree to list.
  const inventory = desktop ? null : new Inventory({ videoDir: config.videoDir, onReport: (files, truncated) => send({ type: 'inventory', files, truncated }) });

  // 4. The control plane's messages, one handler per type.
  const handlers: { [T in ControlMessage['type']]: (m: Extract<ControlMessage, { type: T }>) => void } = {
    welcome: () => {},
    offer: (m) => runner.offer(m),
    start: (m) => runner.start(m),
    commit_ack: (m) => runner.commitAck(m),
    ack: (m) => {
      for (const done of outbox.pending().filter((p) => m.msgIds.includes(p.msgId) && p.type === 'result')) journal.forget(done.jobId, done.attemptId);
      outbox.ack(m.msgIds);
    },
    // A cancel also ends a job's pause for a person (its deadline passed: input_timeout): given back, nothing committed.
    cancel: (m) => runner.cancel(m),
    job_input: (m) => runner.jobInput(m),
    verify: (m) => runner.verify(m),
    drain: () => log.info('the control plane is draining this node: no new offers will come'),
    account_state: (m) => {
      if (!browserStates) return void log.warn({ account: m.account.externalRef }, 'an account moved here, but only web nodes take accounts from other nodes; ignored');
      browserStates
        .receive(m, {
          launchProfile,
          inAccountTurn: (ref, work) => runner.inAccountTurn(ref, work),
          check: (ref) => loginChecks.checkHeld(ref),
          onAccountsChanged: () => {
            reportAccounts();
            loginSchedule.refresh();
          },
        })
        .catch((err: unknown) => log.error({ err, account: m.account.externalRef }, 'writing the browser state of an account moved here failed'));
    },
    error: (m) => log.warn({ code: m.code }, m.message),
    login_open: (m) => logins.open(m),
    login_input: (m) => logins.input(m),
    login_cancel: (m) => logins.cancel(m),
  };

  let heartbeat: NodeJS.Timeout | null = null;
  let resolveFinished!: (code: number) => void;
  const finished = new Promise<number>((r) => (resolveFinished = r));
  let stopping: Promise<number> | null = null;
  let fatalReason: string | null = null;

  connection = new NodeConnection({
    controlUrl,
    nodeId: identity.nodeId,
    secretKey: identity.secretKey,
    log: log.child({ component: 'connection' }),
    onSession: (welcome) => {
      acceptedLoginStates = welcome.loginStates;
      browserStatesAccepted = welcome.browserStates === true;
      const active = runner.activeJobs();
      const known = new Set(active.map((j) => `${j.jobId}/${j.attemptId}`));
      const lost = interrupted.filter((e) => !known.has(`${e.jobId}/${e.attemptId}`)).map((e) => ({ jobId: e.jobId, attemptId: e.attemptId, phase: 'interrupted' as const }));
      send({
        type: 'hello',
        v: NODE_PROTOCOL_VERSION,
        nodeId: identity.nodeId,
        capabilities: {
          localVideoFile: 1,
          publishSettingsSnapshot: 1,
          ...(chromium ? { chromiumVersion: chromium } : {}),
          concurrency: config.concurrency,
          platforms: adapters.platforms(),
          adapters: adapters.reports(),
          ...(desktop ? { os: desktop.os } : { videoDir: config.videoDir }),
          siteChecks: siteChecks.list(),
          logins: loginPlatforms(adapters),
          ...(browserStates ? { browserStates: 1 } : {}),
        },
        accounts: accountsNow(),
        activeJobs: [...active, ...lost],
      });
      // Reported once: the control plane turns them into verifications (committed) or re-queues them.
      for (const e of interrupted.splice(0)) if (!outbox.has((m) => m.jobId === e.jobId && m.attemptId === e.attemptId)) journal.forget(e.jobId, e.attemptId);
      outbox.flush();
      const snapshot = inventory?.snapshot();
      if (snapshot) send({ type: 'inventory', files: snapshot.files, truncated: snapshot.truncated });
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = setInterval(() => send({ type: 'heartbeat', activeJobs: runner.activeJobs() }), welcome.heartbeatMs);
      heartbeat.unref();
    },
    onMessage: (m) => (handlers[m.type] as (x: ControlMessage) => void)(m),
    onFatal: (error) => {
      fatalReason = error.message;
      log.error(error.message);
      void stop(78);
    },
    kind: identity.kind === 'desktop' ? 'desktop' : 'edge',
  });

  // The local health systemd's watchdog is fed on: the state directory takes durable writes.
  const probe = join(config.stateDir, '.health-probe');
  const healthy = () => {
    try {
      writeFileSync(probe, String(Date.now()));
      unlinkSync(probe);
      return outbox.healthy();
    } catch {
      return false;
    }
  };

  const stop = (code = 0): Promise<number> => {
    stopping ??= (async () => {
      log.info({ drainSeconds: config.drainSeconds, running: runner.busy }, 'stopping');
      notifier.stopping();
      clearInterval(accountsWatch);
      if (checkTimer) clearInterval(checkTimer);
      await siteChecking;
      await inventory?.stop();
      logins.stopAll();
      await loginSchedule.stop();
      await runner.drain(config.drainSeconds * 1000);
      // Results written during the drain get a moment to be acknowledged; the rest waits in the outbox.
      const until = Date.now() + EDGE_TIMERS.stopFlushMs;
      while (outbox.size > 0 && connection?.connected && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      if (heartbeat) clearInterval(heartbeat);
      send({ type: 'bye', reason: code === 0 ? 'stopping' : 'fatal' });
      await connection?.stop();
      await metricsListener?.close();
      log.info({ outbox: outbox.size }, 'stopped');
      resolveFinished(code);
      return code;
    })();
    return stopping;
  };

  // Login state is the node's to know: each account with an adapter here is checked on its own
  // jittered schedule (PLUME_EDGE_LOGIN_CHECK_MINUTES), one just imported at once.
  const loginSchedule = new LoginSchedule({
    intervalMs: config.loginCheckIntervalMs,
    accounts: () => accounts.list().filter((a) => adapters.get(a.platform) !== undefined),
    busy: (ref) => runner.accountBusy(ref),
    check: (a) => loginChecks.check(a.externalRef),
    onError: (a, err) => log.warn({ account: a.externalRef, err: (err as Error).message }, 'login check could not run'),
  });
  // `plume-edge accounts import|relogin|remove|check` edit accounts.json beside a running daemon; tell the control plane.
  const accountsFile = join(config.stateDir, 'accounts.json');
  let accountsSeen = statSync(accountsFile, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  // Site checks change by `plume-edge check` beside the daemon, or by the daemon's own schedule.
  let checksSeen = statSync(siteChecks.file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const reportSiteChecks = () => {
    checksSeen = statSync(siteChecks.file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    send({ type: 'site_checks', checks: siteChecks.list() });
  };
  const accountsWatch = setInterval(() => {
    if ((statSync(siteChecks.file, { throwIfNoEntry: false })?.mtimeMs ?? 0) !== checksSeen) reportSiteChecks();
    const mtime = statSync(accountsFile, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (mtime !== accountsSeen) {
      accountsSeen = mtime;
      reportAccounts();
      loginSchedule.refresh();
      sealNewLogins();
    }
  }, EDGE_TIMERS.accountsPollMs);
  accountsWatch.unref();

  // Scheduled site checks (PLUME_EDGE_CHECK_INTERVAL_MINUTES; off by default, see config.ts), in the accounts' turns.
  const siteCheckOptions = {
    turns: runner,
    adapters,
    accounts,
    store: siteChecks,
    stateDir: config.stateDir,
    platformUrls: config.platformUrls,
    launchProfile: runnerLaunch,
    log: log.child({ component: 'site-checks' }),
  };
  let siteChecking: Promise<void> | null = null;
  const checkTimer =
    config.checkIntervalMs > 0
      ? setInterval(() => {
          siteChecking ??= runScheduledChecks(siteCheckOptions, reportSiteChecks).finally(() => (siteChecking = null));
        }, config.checkIntervalMs)
      : null;
  checkTimer?.unref();

  // 5. Start serving. Nothing before the connection may wait on an account (its lock, its profile, its
  // sealed proxy password): a daemon killed with -9 leaves the lock of each account it was using until
  // it goes stale (20 s, account-lock.ts), and a restart that waited for it would reach the control
  // plane only then. Accounts are touched by jobs and checks, after this.
  await inventory?.start();
  connection.start();
  notifier.ready(`node ${identity.nodeId}`);
  loginSchedule.start();
  notifier.startWatchdog(healthy);
  log.info({ controlUrl, ...(desktop ? { kind: 'desktop', os: desktop.os } : { videoDir: config.videoDir }), concurrency: config.concurrency, chromium, platforms: adapters.platforms().length }, desktop ? 'plume-desktop running' : 'plume-edge running');
  return { finished, stop: () => stop(0), connected: () => connection?.connected ?? false, fatalReason: () => fatalReason };
}

/**
 * The `plume-edge run` composition root. Starts, in order: identity and
 * directories (refusing to start without a readable key or the video tree),
 * outbox and commit journal, accounts, adapters, job runner, inventory
 * watcher, the connection, then tells systemd it is ready and starts the
 * watchdog. Stops in reverse, once: stop watching, drain jobs within the
 * bound, flush the outbox briefly, say bye, close.
 */
import { statSync, writeFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { type ControlMessage, NODE_PROTOCOL_VERSION } from '@plume/shared';
import type { Logger } from 'pino';
import { AccountRegistry } from './accounts.js';
import { chromiumVersion, profileLauncher } from './chromium.js';
import { ConfigError, type RunConfig } from './config.js';
import { NodeConnection } from './connection.js';
import { loadIdentity } from './identity.js';
import { Inventory } from './inventory.js';
import { loadAdapters } from './jobs/adapter-set.js';
import { JobRunner } from './jobs/job-runner.js';
import { CommitJournal } from './journal.js';
import { SystemdNotifier } from './notify.js';
import { Outbox } from './outbox.js';
import { EDGE_TIMERS } from './timers.js';

export interface Daemon {
  /** Resolves with the exit code once stopped (by stop() or a fatal refusal). */
  finished: Promise<number>;
  /** SIGTERM: idempotent, shares the stop in flight. */
  stop(): Promise<number>;
}

export async function startDaemon(config: RunConfig, log: Logger): Promise<Daemon> {
  // 1. What must exist before anything starts.
  const identity = await loadIdentity(config.stateDir);
  const videoDir = statSync(config.videoDir, { throwIfNoEntry: false });
  if (!videoDir?.isDirectory()) throw new ConfigError(`PLUME_EDGE_VIDEO_DIR=${config.videoDir} is not a directory: create it (one folder per user id inside)`);
  const controlUrl = config.controlUrl ?? identity.controlUrl;
  log = log.child({ nodeId: identity.nodeId });

  // 2. Durable state.
  const outbox = new Outbox(config.stateDir).open();
  const journal = new CommitJournal(config.stateDir).open();
  const interrupted = journal.entries();
  const accounts = new AccountRegistry(config.stateDir);
  accounts.list();

  // 3. What runs jobs.
  const adapters = await loadAdapters(config.testAdapter);
  if (adapters.source === 'test') log.warn({ module: config.testAdapter }, 'TEST ADAPTER LOADED (PLUME_EDGE_TEST_ADAPTER): this daemon publishes nowhere real');
  const chromium = await chromiumVersion(config.chromiumPath);
  if (!chromium) log.warn({ path: config.chromiumPath }, 'Chromium did not answer --version; jobs will fail until PLUME_CHROMIUM_PATH points at a working Chromium');
  const notifier = new SystemdNotifier(config.notify, log.child({ component: 'notify' }));

  let connection: NodeConnection | null = null;
  const send = (m: Parameters<NodeConnection['send']>[0]) => connection?.send(m) ?? false;
  outbox.useTransport(send);
  const runner = new JobRunner({
    adapters,
    accounts,
    outbox,
    journal,
    send,
    connected: () => connection?.connected ?? false,
    launchProfile: profileLauncher({ executablePath: config.chromiumPath, headless: config.headless }),
    videoDir: config.videoDir,
    stateDir: config.stateDir,
    concurrency: config.concurrency,
    platformUrls: config.platformUrls,
    onAccountsChanged: () => send({ type: 'accounts', accounts: accounts.report() }),
    log: log.child({ component: 'jobs' }),
  });
  const inventory = new Inventory({ videoDir: config.videoDir, onReport: (files, truncated) => send({ type: 'inventory', files, truncated }) });

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
    cancel: (m) => runner.cancel(m),
    verify: (m) => runner.verify(m),
    drain: () => log.info('the control plane is draining this node: no new offers will come'),
    error: (m) => log.warn({ code: m.code }, m.message),
  };

  let heartbeat: NodeJS.Timeout | null = null;
  let resolveFinished!: (code: number) => void;
  const finished = new Promise<number>((r) => (resolveFinished = r));
  let stopping: Promise<number> | null = null;

  connection = new NodeConnection({
    controlUrl,
    nodeId: identity.nodeId,
    secretKey: identity.secretKey,
    log: log.child({ component: 'connection' }),
    onSession: (welcome) => {
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
          videoDir: config.videoDir,
        },
        accounts: accounts.report(),
        activeJobs: [...active, ...lost],
      });
      // Reported once: the control plane turns them into verifications (committed) or re-queues them.
      for (const e of interrupted.splice(0)) if (!outbox.has((m) => m.jobId === e.jobId && m.attemptId === e.attemptId)) journal.forget(e.jobId, e.attemptId);
      outbox.flush();
      const snapshot = inventory.snapshot();
      send({ type: 'inventory', files: snapshot.files, truncated: snapshot.truncated });
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = setInterval(() => send({ type: 'heartbeat', activeJobs: runner.activeJobs() }), welcome.heartbeatMs);
      heartbeat.unref();
    },
    onMessage: (m) => (handlers[m.type] as (x: ControlMessage) => void)(m),
    onFatal: (error) => {
      log.error(error.message);
      void stop(78);
    },
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
      await inventory.stop();
      await checking;
      await runner.drain(config.drainSeconds * 1000);
      // Results written during the drain get a moment to be acknowledged; the rest waits in the outbox.
      const until = Date.now() + EDGE_TIMERS.stopFlushMs;
      while (outbox.size > 0 && connection?.connected && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      if (heartbeat) clearInterval(heartbeat);
      send({ type: 'bye', reason: code === 0 ? 'stopping' : 'fatal' });
      await connection?.stop();
      log.info({ outbox: outbox.size }, 'stopped');
      resolveFinished(code);
      return code;
    })();
    return stopping;
  };

  // Login state is the node's to know: accounts not checked yet (a fresh import) are checked at
  // once, the rest every EDGE_TIMERS.loginRecheckMs.
  const LOGIN_RECHECK_MS = EDGE_TIMERS.loginRecheckMs;
  let checking: Promise<void> | null = null;
  const checkLogins = () => {
    checking ??= runner.checkLogins(LOGIN_RECHECK_MS).finally(() => (checking = null));
    return checking;
  };
  // `plume-edge accounts import|check` edit accounts.json beside a running daemon; tell the control plane.
  const accountsFile = join(config.stateDir, 'accounts.json');
  let accountsSeen = statSync(accountsFile, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  let lastRecheck = Date.now();
  const accountsWatch = setInterval(() => {
    const mtime = statSync(accountsFile, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (mtime !== accountsSeen) {
      accountsSeen = mtime;
      send({ type: 'accounts', accounts: accounts.report() });
      void checkLogins();
    } else if (Date.now() - lastRecheck > LOGIN_RECHECK_MS) {
      lastRecheck = Date.now();
      void checkLogins();
    }
  }, EDGE_TIMERS.accountsPollMs);
  accountsWatch.unref();

  // 5. Start serving.
  await inventory.start();
  connection.start();
  notifier.ready(`node ${identity.nodeId}`);
  void checkLogins();
  notifier.startWatchdog(healthy);
  log.info({ controlUrl, videoDir: config.videoDir, concurrency: config.concurrency, chromium, platforms: adapters.platforms().length }, 'plume-edge running');
  return { finished, stop: () => stop(0) };
}

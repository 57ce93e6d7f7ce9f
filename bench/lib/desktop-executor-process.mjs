/**
 * Plume Desktop's executor alone in a process, for the desktop job benchmark
 * (lib/desktop-node.mjs forks it): the compiled `startDesktopExecutor`
 * (edge-node/dist/desktop/executor.js) over a computer state laid out as the
 * app lays it out (desktop/config.ts desktopPaths: device.json, node/,
 * recent-jobs.json), with what `plume-desktop run` hands it: Linux, the
 * browser, headless, the platform URLs, the allowed folders, the real
 * recent-jobs journal (RecentJobs), and the app's license.
 *
 * The license is stood in: `refusal()` answers null (licensed) and
 * `recordUse(jobId)` reports the use to the parent over IPC. The real one
 * (desktop/license.ts) answers refusal() from the state it holds in memory,
 * asked once per offer, before `start`; it journals a use in onReport when the
 * job's succeeded result is drafted, after the commit; and it reads the
 * license status from the server every few minutes. None of it is in the
 * window from `start` to `commit`, and the stand-in spares the benchmark a
 * license server. The app's local UI server, idle while jobs run, is not
 * started either.
 *
 * Options come as JSON in BENCH_DESKTOP_OPTIONS: { stateDir, serverUrl,
 * browserPath, platformUrls, folders }. SIGTERM stops the executor (it
 * drains and closes its Chromium) and exits with its code.
 */
import { pino } from 'pino';
import { desktopPaths } from '../../edge-node/dist/desktop/config.js';
import { startDesktopExecutor } from '../../edge-node/dist/desktop/executor.js';
import { RecentJobs } from '../../edge-node/dist/desktop/recent-jobs.js';

const o = JSON.parse(process.env.BENCH_DESKTOP_OPTIONS ?? '{}');
const paths = desktopPaths(o.stateDir);
const log = pino({ level: process.env.LOG_LEVEL || 'warn', base: { component: 'plume-desktop' } });

const license = {
  refusal: () => null,
  recordUse: (jobId) => process.send?.({ use: jobId }),
};

const executor = await startDesktopExecutor({
  os: 'linux',
  serverUrl: o.serverUrl,
  nodeDir: paths.node,
  deviceFile: paths.device,
  machineId: o.machineId,
  browserPath: o.browserPath,
  headless: true,
  platformUrls: o.platformUrls,
  logLevel: process.env.LOG_LEVEL || 'warn',
  folders: () => o.folders,
  license,
  jobs: new RecentJobs(paths.jobs),
  log: log.child({ component: 'executor' }),
});

const stop = async () => {
  const code = await executor.stop();
  process.exit(code);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
// The parent gone (its IPC channel closed): stop as on SIGTERM.
process.once('disconnect', () => void stop());
void executor.finished.then((code) => process.exit(code));

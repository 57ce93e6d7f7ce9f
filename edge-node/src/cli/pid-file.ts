/**
 * `plume-edge run` records its own process id in the state directory
 * (plume-edge.pid) while it runs, and `plume-edge stop` uses it: a daemon
 * started as `npx plume-edge run &` has npm's pid in `$!`, and killing npm
 * left the daemon running. One daemon per state directory: a second `run`
 * beside a live one is refused (both would drive the same accounts).
 */
import { existsSync, readFileSync, rmSync, watch } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config.js';
import { writeFileDurable } from '../fs-durable.js';

export const PID_FILE = 'plume-edge.pid';

export const pidFilePath = (stateDir: string) => join(stateDir, PID_FILE);

/** Whether a process with this id exists (signal 0 checks without sending anything). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of the daemon running on this state directory, or null (no file, or its process is gone). */
export function runningDaemon(stateDir: string): number | null {
  let text: string;
  try {
    text = readFileSync(pidFilePath(stateDir), 'utf8').trim();
  } catch {
    return null;
  }
  const pid = Number(text);
  if (!Number.isInteger(pid) || pid <= 1 || !alive(pid)) return null;
  // A pid is reused after its process ends: count it only while it is a plume-edge run.
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (!/plume-edge|cli\.js|edge-daemon-entry/.test(cmdline) || !cmdline.split('\0').includes('run')) return null;
  } catch {
    return null;
  }
  return pid;
}

/** Refuses a second daemon on a state directory whose daemon is alive (reads only). */
export function refuseSecondDaemon(stateDir: string): void {
  const other = runningDaemon(stateDir);
  if (other !== null && other !== process.pid) {
    throw new ConfigError(`plume-edge run is already running on ${stateDir} (pid ${other}); stop it first: plume-edge stop`);
  }
}

/** Records this process as the state directory's daemon; the returned function removes the record. */
export function claimPidFile(stateDir: string): () => void {
  // No state directory: the node was never enrolled, and the daemon's start says so (exit 78).
  if (!existsSync(stateDir)) return () => {};
  refuseSecondDaemon(stateDir);
  const path = pidFilePath(stateDir);
  writeFileDurable(path, `${process.pid}\n`);
  return () => {
    try {
      if (readFileSync(path, 'utf8').trim() === String(process.pid)) rmSync(path, { force: true });
    } catch {
      /* already gone */
    }
  };
}

export type StopOutcome = { stopped: 'not_running' } | { stopped: 'exited'; pid: number } | { stopped: 'still_running'; pid: number };

/**
 * Sends SIGTERM to the daemon and waits until it has exited, at most `timeoutMs` (the daemon drains
 * its running jobs first, PLUME_EDGE_DRAIN_SECONDS). The daemon removes its pid file last; the wait
 * watches for that and, because a daemon killed with -9 leaves the file, checks the process too.
 */
export async function stopDaemon(stateDir: string, timeoutMs: number): Promise<StopOutcome> {
  const pid = runningDaemon(stateDir);
  if (pid === null) {
    rmSync(pidFilePath(stateDir), { force: true });
    return { stopped: 'not_running' };
  }
  process.kill(pid, 'SIGTERM');
  const gone = () => !alive(pid) || !existsSync(pidFilePath(stateDir));
  const exited = await new Promise<boolean>((resolve) => {
    if (gone()) return resolve(true);
    const watcher = watch(stateDir, () => {
      if (gone()) finish(true);
    });
    // The process check: every 250 ms, for the daemon that dies without removing its file.
    const poll = setInterval(() => {
      if (gone()) finish(true);
    }, 250);
    const timer = setTimeout(() => finish(gone()), timeoutMs);
    function finish(result: boolean) {
      watcher.close();
      clearInterval(poll);
      clearTimeout(timer);
      resolve(result);
    }
  });
  if (!exited) return { stopped: 'still_running', pid };
  // The file is removed as the daemon's last act; wait for the process itself to end too.
  const deadline = Date.now() + 10_000;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return alive(pid) ? { stopped: 'still_running', pid } : { stopped: 'exited', pid };
}

/**
 * CPU accounting from /proc (Linux), so a load benchmark can say where the
 * machine's cores went during a run: load generator, server, PostgreSQL, idle.
 * On a 2-core box they all compete, and a ratio means little without this.
 * Everything degrades to null off Linux instead of throwing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

// USER_HZ is 100 on every mainstream Linux build (getconf CLK_TCK).
const TICKS_PER_SECOND = 100;

/** { user, sys } CPU seconds of one process, or null when unreadable. */
function processTimes(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm may contain spaces; fields after the closing parenthesis are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) / TICKS_PER_SECOND, sys: Number(fields[12]) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

function processSeconds(pid) {
  const t = processTimes(pid);
  return t ? t.user + t.sys : null;
}

function commOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return null;
  }
}

function cmdlineOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

// A client backend's title ends in "<user> <database> <host>(<port>) <state>" or "[local]".
const CLIENT_BACKEND = /\(\d+\)|\[local\]/;

/**
 * Map pid → CPU seconds of PostgreSQL processes: the shared ones (postmaster,
 * WAL writer, checkpointer, …) and, when `database` is given, only the client
 * backends connected to it, so other people's queries on a shared server are
 * not charged to this run. Null when /proc is unreadable.
 */
function postgresSeconds(database) {
  const out = new Map();
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name) || commOf(name) !== 'postgres') continue;
    if (database) {
      const title = cmdlineOf(name);
      if (CLIENT_BACKEND.test(title) && !title.includes(` ${database} `)) continue;
    }
    const s = processSeconds(name);
    if (s !== null) out.set(name, s);
  }
  return out;
}

/** Whole-machine busy and total jiffies from /proc/stat. */
function machineTicks() {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = v[3] + (v[4] ?? 0);
    const total = v.reduce((a, b) => a + b, 0);
    return { idle, total };
  } catch {
    return null;
  }
}

/**
 * Starts a measurement; call the returned function at the end to get cores
 * used (CPU seconds / wall seconds) per named pid, by PostgreSQL and overall.
 * @param {Record<string, number>} pids e.g. { server: 1234, generator: 5678 }
 * @param {{ postgresDatabase?: string }} [options] count only this database's backends
 */
export function startCpuMeter(pids, options = {}) {
  const t0 = process.hrtime.bigint();
  const before = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, processTimes(pid)]));
  const pgBefore = postgresSeconds(options.postgresDatabase);
  const m0 = machineTicks();
  return function stop() {
    const wall = Number(process.hrtime.bigint() - t0) / 1e9;
    const cores = {};
    const sysShare = {};
    for (const [k, pid] of Object.entries(pids)) {
      const after = processTimes(pid);
      const b = before[k];
      cores[k] = after && b ? (after.user + after.sys - b.user - b.sys) / wall : null;
      sysShare[k] = after && b && cores[k] > 0 ? (after.sys - b.sys) / wall / cores[k] : null;
    }
    const pgAfter = postgresSeconds(options.postgresDatabase);
    if (pgBefore && pgAfter) {
      let sum = 0;
      // A backend that started during the run counts from zero.
      for (const [pid, s] of pgAfter) sum += s - (pgBefore.get(pid) ?? 0);
      cores.postgres = sum / wall;
    } else cores.postgres = null;
    const m1 = machineTicks();
    cores.machineBusy = m0 && m1 ? (1 - (m1.idle - m0.idle) / (m1.total - m0.total)) : null;
    return { wallSeconds: wall, cores, sysShare };
  };
}

/**
 * "generator 0.41, server 0.93, postgres 0.52, rest 0.10 cores; machine 97% busy".
 * `rest` is every other process (other databases' backends too) and the
 * kernel: when it is large, something else shared the machine and the run's
 * figures are suspect.
 */
export function describeCpu(cpu) {
  const parts = [];
  let known = 0;
  for (const [k, v] of Object.entries(cpu.cores)) {
    if (k === 'machineBusy') continue;
    known += v ?? 0;
    const sys = cpu.sysShare?.[k];
    parts.push(`${k} ${v === null ? 'n/a' : v.toFixed(2)}${sys == null ? '' : ` (${Math.round(sys * 100)}% sys)`}`);
  }
  const busy = cpu.cores.machineBusy;
  if (busy !== null) parts.push(`rest ${Math.max(0, busy * availableParallelism() - known).toFixed(2)}`);
  return `${parts.join(', ')} cores; machine ${busy === null ? 'n/a' : `${Math.round(busy * 100)}%`} busy`;
}

/**
 * Desktop activation to online: the time from a person running
 * `plume-desktop activate --server … --code …` on a fresh computer state to
 * the control plane seeing that computer's desktop node online (the admin
 * API's `online`: connected, active, heard from), with `plume-desktop run`
 * started as soon as activation returned. p50 over BENCH_ACTIVATIONS
 * activations, each with its own COUNT code generated for the user through
 * the admin API and its own temp HOME and state folder.
 *
 * Baseline, measured in the same run and alternated one by one with the
 * activations (same machine load): the edge node's own way in,
 * `plume-edge enroll --url … --token …` then `plume-edge run`, each with a
 * fresh state and its own enrollment token for the same user, timed the same
 * way to the same `online`. Both are two compiled CLI processes started one
 * after the other; what the desktop adds is the license v2 enroll (device
 * key, fingerprint, signed session, offline snapshot), the license status
 * read at start, and its local page. Target: ratio ≤ 2 (the desktop's p50 at
 * most twice the edge node's).
 *
 * The server is the compiled control plane (run `npx tsc -b` first) on
 * loopback over a throwaway database on DATABASE_URL's server (default the
 * local postgres). `online` is read by polling GET /api/admin/nodes/:id every
 * 20 ms, the same for both, so both figures carry up to 20 ms of it. Every
 * activation and enrollment must reach online; a failure ends the run with
 * the program's output. Each process is stopped (SIGTERM) before the next
 * round starts.
 *
 * Env: BENCH_ACTIVATIONS (default 10), PLUME_CHROMIUM_PATH (the desktop's
 * browser; default: the one it finds, /usr/bin/chromium on Debian).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from './lib/database.mjs';
import { fmt, machineLine, ratioLine } from './lib/report.mjs';

const N = Number(process.env.BENCH_ACTIVATIONS || 10);
if (!Number.isInteger(N) || N < 1) throw new Error('BENCH_ACTIVATIONS: a whole number ≥ 1');
const TARGET = 2;
const TOKEN = randomBytes(24).toString('base64url');
const DESKTOP_CLI = fileURLToPath(new URL('../edge-node/dist/cli-desktop.js', import.meta.url));
const EDGE_CLI = fileURLToPath(new URL('../edge-node/dist/cli.js', import.meta.url));

const { buildApp } = await import('../control-plane/dist/app.js');
const { loadConfig } = await import('../control-plane/dist/config.js');
const { openPostgres } = await import('../control-plane/dist/db/client.js');
const { committedMigrationCount, prepareDatabase } = await import('../control-plane/dist/db/bootstrap.js');

/** Nearest-rank percentile. */
const pct = (values, p) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(p * values.length) - 1)];
const load = () => loadavg().map((l) => l.toFixed(2)).join(' / ');

console.log(machineLine());
console.log(`  ${N} desktop activations and ${N} edge enrollments, alternated; load average 1/5/15 min ${load()} at start`);

const scratch = await createScratchDatabase();
let app;
let database;
try {
  const config = loadConfig({ DATABASE_URL: scratch.url, PLUME_ADMIN_TOKEN: TOKEN, LOG_LEVEL: 'silent' });
  database = openPostgres(scratch.url, 10);
  await prepareDatabase(database);
  app = await buildApp({ config, database, expectedMigrations: committedMigrationCount(), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const server = `http://127.0.0.1:${app.server.address().port}`;
  const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
  const admin = async (method, path, body) => {
    const res = await fetch(`${server}/api/admin${path}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
    const json = await res.json();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };

  const { user } = await admin('POST', '/users', {
    name: 'Bench desktop owner',
    plan: { name: 'bench', permissions: ['publish', 'accounts:read'], perMinuteLimit: 10_000, dailyLimit: 1_000_000, cmsEnabled: false },
    quotas: { web: 0, desktop: 100, edge: 100, cms: 0 },
  });
  const { codes } = await admin('POST', '/codes/generate', { quantity: N, licenseMode: 'COUNT', remainingCount: 10, userId: user.id });

  /** Runs a CLI to its end; its output, or an error with it. */
  const cli = async (file, args, env) => {
    const child = spawn(process.execPath, [file, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const [code] = await once(child, 'exit');
    if (code !== 0) throw new Error(`${file} ${args[0]} exited ${code}:\n${out}`);
    return out;
  };
  /** Starts a long-running CLI; stop() sends SIGTERM and waits for it. */
  const daemon = (file, args, env) => {
    const child = spawn(process.execPath, [file, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    return {
      output: () => out,
      alive: () => child.exitCode === null && child.signalCode === null,
      async stop() {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        const timer = setTimeout(() => {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            // gone meanwhile
          }
        }, 20_000);
        await exited;
        clearTimeout(timer);
      },
    };
  };
  /** Resolves when the control plane reports the node online (polled every 20 ms; 60 s at most). */
  const online = async (nodeId, proc) => {
    const deadline = performance.now() + 60_000;
    for (;;) {
      const { node } = await admin('GET', `/nodes/${nodeId}`);
      if (node.online) return performance.now();
      if (!proc.alive() || performance.now() > deadline) throw new Error(`node ${nodeId} not online${proc.alive() ? ' after 60 s' : ': its program exited'}:\n${proc.output().slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const fresh = (name) => {
    const home = mkdtempSync(join(tmpdir(), `plume-bench-${name}-`));
    return { home, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, LOG_LEVEL: 'warn' } };
  };

  async function desktop(code) {
    const { home, env: base } = fresh('desktop');
    const env = { ...base, PLUME_DESKTOP_STATE_DIR: join(home, 'state'), PLUME_DESKTOP_OPEN_UI: 'false' };
    mkdirSync(join(home, 'Videos'));
    mkdirSync(join(home, 'Pictures'));
    let proc;
    try {
      const t0 = performance.now();
      const out = await cli(DESKTOP_CLI, ['activate', '--server', server, '--code', code], env);
      const t1 = performance.now();
      const nodeId = /executor: (node_[\w-]+)/.exec(out)?.[1];
      if (!nodeId) throw new Error(`activation named no executor:\n${out}`);
      proc = daemon(DESKTOP_CLI, ['run'], env);
      const t2 = await online(nodeId, proc);
      return { totalMs: t2 - t0, firstMs: t1 - t0, runMs: t2 - t1 };
    } finally {
      await proc?.stop();
      rmSync(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    }
  }

  async function edge(i) {
    const { home, env: base } = fresh('edge');
    const env = { ...base, PLUME_EDGE_STATE_DIR: join(home, 'state'), PLUME_EDGE_VIDEO_DIR: join(home, 'videos') };
    mkdirSync(join(home, 'videos'));
    const { token } = await admin('POST', '/nodes/enrollment-tokens', { kind: 'edge', userIds: [user.id], name: `bench-edge-${i}` });
    let proc;
    try {
      const t0 = performance.now();
      const out = await cli(EDGE_CLI, ['enroll', '--url', server, '--token', token], env);
      const t1 = performance.now();
      const nodeId = /enrolled as (node_[\w-]+)/.exec(out)?.[1];
      if (!nodeId) throw new Error(`enrollment named no node:\n${out}`);
      proc = daemon(EDGE_CLI, ['run'], env);
      const t2 = await online(nodeId, proc);
      return { totalMs: t2 - t0, firstMs: t1 - t0, runMs: t2 - t1 };
    } finally {
      await proc?.stop();
      rmSync(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    }
  }

  // One untimed round each: the first start of a compiled program reads its modules from disk.
  await desktop((await admin('POST', '/codes/generate', { quantity: 1, licenseMode: 'COUNT', remainingCount: 1, userId: user.id })).codes[0].code);
  await edge(0);

  const desk = [];
  const base = [];
  for (let i = 0; i < N; i++) {
    // Alternate which goes first, so a slow stretch of the machine burdens both alike.
    if (i % 2 === 0) {
      desk.push(await desktop(codes[i].code));
      base.push(await edge(i + 1));
    } else {
      base.push(await edge(i + 1));
      desk.push(await desktop(codes[i].code));
    }
  }

  const p50 = (xs, k) => pct(xs.map((x) => x[k]), 0.5);
  const s = (ms) => `${fmt.fixed(ms / 1000)} s`;
  const d50 = p50(desk, 'totalMs');
  const e50 = p50(base, 'totalMs');
  console.log(
    ratioLine(
      'desktop-activation',
      d50 / e50,
      { op: '<=', value: TARGET },
      `activate → desktop node online p50 ${s(d50)} (p95 ${s(pct(desk.map((x) => x.totalMs), 0.95))}; activate ${s(p50(desk, 'firstMs'))}, run → online ${s(p50(desk, 'runMs'))}) vs the edge node's enroll → online p50 ${s(e50)} (p95 ${s(pct(base.map((x) => x.totalMs), 0.95))}; enroll ${s(p50(base, 'firstMs'))}, run → online ${s(p50(base, 'runMs'))}), ${N} each`,
    ),
  );
  console.log(`  load average 1/5/15 min ${load()} at the end`);
} finally {
  await app?.close();
  await database?.close();
  await scratch.drop();
}

/**
 * Desktop job overhead: for a few (platform, content type) pairs both Plume
 * Desktop and the edge node publish (edge-node/src/adapters/registry.ts), the
 * time from Plume Desktop's executor receiving `start` to it asking for the
 * commit (the `commit` message its commit gate sends immediately before the
 * publish click), against the same on an edge node, same pair, same jobs,
 * same run. p50 and p95 per executor; the ratio is desktop p50 / edge p50.
 * Target: ≤ 1.2 per pair. The desktop runs the same daemon, adapters and
 * browser launcher; what it adds in the window is a few file operations, so
 * its p50 should stay within the ±20% a baseline moves by between runs on
 * these shared machines.
 *
 * Baseline, alternated job by job with the desktop's jobs (same machine
 * load; which of the two goes first alternates too): the edge node exactly as
 * bench/edge-job-overhead.mjs runs it, the compiled `plume-edge run` getting
 * offer and start from its own stand-in control plane (lib/node-hub.mjs)
 * with the job's files in its video directory (lib/edge-node.mjs).
 *
 * The desktop: the compiled `startDesktopExecutor`
 * (edge-node/dist/desktop/executor.js) in a process of its own
 * (lib/desktop-executor-process.mjs, lib/desktop-node.mjs), connected to
 * another stand-in control plane of the same kind. It is the same daemon run
 * with the license device as node identity (a device.json as activation
 * leaves it: the stand-in checks no signature), the desktop adapters of the
 * registry, one job at a time as a desktop runs them, and what a desktop adds
 * in the window: each job's local files checked against the allowed folder
 * (path rules, link resolution, first bytes sniffed) and staged into the
 * job's private folder by hard link, and the job written to the recent-jobs
 * journal (an fsynced file) before any browser starts. The job names its
 * files as the control plane passes a desktop job's paths on, unchanged: the
 * user's absolute paths, here inside the allowed folder `~/Videos`.
 *
 * Stood in, outside the window: the license. Its refusal() (null: licensed)
 * is asked once per offer, before `start`; its recordUse() runs when the
 * succeeded result is drafted, after the commit (the bench checks one use
 * per succeeded desktop job); its status reads run on a timer of minutes.
 * The app's local UI server, idle while jobs run, is not started.
 *
 * Both are set up alike: the same storage state (the simulator's session
 * cookie for the same account) imported by each program's own `accounts
 * import` into its persistent profile; the same media bytes (the edge node's
 * files copied into the allowed folder; a 400 KiB video starting as an MP4
 * does, a 48 KiB cover, pictures of 64 and 80 KiB); the same JobSpec but for
 * the file paths (bench/lib/edge-jobs.mjs); Debian's Chromium, headless, a
 * persistent profile launched per job by the same launcher. One simulator in
 * its own process serves both, its artificial waits (chunkDelayMs,
 * publishDelayMs, transcodeMs) at zero. The window is taken on each stand-in's
 * clock from sending `start` to receiving `commit`; commit → result is
 * printed apart. Before the timed jobs of a pair, one job each runs untimed.
 * An offer the desktop refuses `busy` (its one slot frees a moment after
 * the result goes out) is made again 25 ms later, before `start`. Every job
 * must succeed; a failed one is counted, left out and printed.
 * p95 is the nearest rank (with 10 jobs, the slowest). The load average is
 * printed at the start, per pair and at the end.
 *
 * `node bench/run.mjs desktop-job` runs it (with the others under
 * `npm run bench`); it needs Chromium and no database.
 *
 * Env: BENCH_JOBS (default 10 per pair and executor), BENCH_PAIRS
 * (comma-separated `platform/type`, default juejin/article,
 * bilibili/video, weibo/dynamic: an article with a local cover, a video with
 * its cover, a post with two pictures), PLUME_CHROMIUM_PATH (default
 * /usr/bin/chromium).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { canPublish } from '../edge-node/dist/adapters/registry.js';
import { startDesktopNode } from './lib/desktop-node.mjs';
import { startEdgeNode } from './lib/edge-node.mjs';
import { accountRef, jobSpec, MEDIA_FILES, registryPairs, USER_ID } from './lib/edge-jobs.mjs';
import { startNodeHub } from './lib/node-hub.mjs';
import { fmt, machineLine, ratioLine } from './lib/report.mjs';
import { startSimulatorProcess } from './lib/simulator-process.mjs';

const JOBS = Number(process.env.BENCH_JOBS || 10);
if (!Number.isInteger(JOBS) || JOBS < 1) throw new Error('BENCH_JOBS: a whole number ≥ 1');
const TARGET = 1.2;
const NAME = 'desktop-job-overhead';
const pairs = (process.env.BENCH_PAIRS || 'juejin/article,bilibili/video,weibo/dynamic').split(',').map((p) => p.trim());
const all = registryPairs();
for (const p of pairs) {
  const [platform, type] = p.split('/');
  if (!all.includes(p) || !canPublish(platform, type, 'edge') || !canPublish(platform, type, 'desktop')) {
    throw new Error(`BENCH_PAIRS: ${p} is not a pair both the edge node and Plume Desktop publish`);
  }
}
const platforms = [...new Set(pairs.map((p) => p.split('/')[0]))];

/** Nearest-rank percentile. */
const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
};
const s = (ms) => ms / 1000;
const load = () => loadavg().map((l) => l.toFixed(2)).join(' / ');

console.log(machineLine());
console.log(`  ${pairs.length} pairs × ${JOBS} jobs per executor (+1 untimed each), alternated; load average 1/5/15 min ${load()} at start`);

let sim;
let edgeHub;
let deskHub;
let edge;
let desk;
const uses = new Set();
try {
  sim = await startSimulatorProcess();
  for (const p of platforms) await sim.configure(p, { chunkDelayMs: 0, publishDelayMs: 0, transcodeMs: 0 });
  const accounts = platforms.map((platform) => ({ platform, ref: accountRef(platform) }));
  edgeHub = await startNodeHub();
  edge = await startEdgeNode({ hub: edgeHub, sim, userId: USER_ID, files: MEDIA_FILES, accounts });
  // The same bytes for both: the edge node's files, copied into the desktop's allowed folder.
  const files = Object.fromEntries(Object.keys(MEDIA_FILES).map((name) => [name, readFileSync(edge.file(name))]));
  deskHub = await startNodeHub();
  desk = await startDesktopNode({ hub: deskHub, sim, files, accounts, onUse: (jobId) => uses.add(jobId) });
  await Promise.all([edge.ready(edgeHub), desk.ready(deskHub)]);

  let seq = 0;
  const run = async (executor, pair) => {
    const n = ++seq;
    const [hub, node, prefix] = executor === 'desktop' ? [deskHub, desk, 'job_desk'] : [edgeHub, edge, 'job_edge'];
    const jobId = `${prefix}_${n}`;
    const spec = jobSpec(pair, n, node.file);
    let t;
    for (let tries = 0; ; tries++) {
      try {
        t = await hub.runJob(jobId, spec);
        break;
      } catch (e) {
        // The desktop's one slot frees a moment after the result is sent (the job's browser is closed by then):
        // an offer that comes in between is refused `busy`, and offered again, as the control plane would.
        if (!/rejected .*: busy$/.test(e.message) || tries >= 200) throw e;
        await new Promise((r) => setTimeout(r, 25));
      }
    }
    const ok = t.result.outcome === 'succeeded' && t.commitAt !== null;
    const firstAt = {};
    // Steps before the gate only: the click and read-back are after the window.
    for (const p of t.progress) if (firstAt[p.step] === undefined && p.at <= (t.commitAt ?? Infinity)) firstAt[p.step] = p.at - t.start;
    return {
      jobId,
      ok,
      error: ok ? null : `${t.result.error?.code ?? 'no commit'} at ${t.result.error?.step ?? '?'}: ${t.result.error?.message ?? ''}`.slice(0, 300),
      gateMs: t.commitAt === null ? null : t.commitAt - t.start,
      afterMs: t.commitAt === null ? null : t.result.at - t.commitAt,
      firstAt,
    };
  };

  const summary = [];
  for (const pair of pairs) {
    const loadAtStart = loadavg()[0];
    for (const executor of ['edge', 'desktop']) {
      const warm = await run(executor, pair);
      if (!warm.ok) throw new Error(`${pair}: the untimed first ${executor} job failed: ${warm.error}\n${(executor === 'desktop' ? desk : edge).output().slice(-4000)}`);
    }
    const results = { edge: [], desktop: [] };
    for (let i = 0; i < JOBS; i++) {
      for (const executor of i % 2 === 0 ? ['edge', 'desktop'] : ['desktop', 'edge']) results[executor].push(await run(executor, pair));
    }
    const stats = {};
    for (const executor of ['edge', 'desktop']) {
      const ok = results[executor].filter((j) => j.ok);
      const failed = results[executor].filter((j) => !j.ok);
      if (ok.length === 0) throw new Error(`${pair}: every ${executor} job failed, e.g. ${failed[0]?.error}`);
      stats[executor] = {
        n: ok.length,
        failed,
        p50: s(pct(ok.map((j) => j.gateMs), 0.5)),
        p95: s(pct(ok.map((j) => j.gateMs), 0.95)),
        after: s(pct(ok.map((j) => j.afterMs), 0.5)),
        steps: [...new Set(ok.flatMap((j) => Object.keys(j.firstAt)))]
          .map((step) => ({ step, at: s(pct(ok.filter((j) => j.firstAt[step] !== undefined).map((j) => j.firstAt[step]), 0.5)) }))
          .sort((a, b) => a.at - b.at),
      };
    }
    const { edge: e, desktop: d } = stats;
    const ratio = d.p50 / e.p50;
    const loadAtEnd = loadavg()[0];
    summary.push({ pair, e, d, ratio, loadAtStart, loadAtEnd });
    const failures = ['edge', 'desktop'].filter((x) => stats[x].failed.length).map((x) => `${stats[x].failed.length} of ${JOBS} ${x} jobs FAILED: ${stats[x].failed[0].error}`);
    console.log(
      ratioLine(`${NAME} ${pair} (start → commit gate) desktop vs edge node`, ratio, { op: '<=', value: TARGET },
        `desktop p50 ${fmt.fixed(d.p50)} s, p95 ${fmt.fixed(d.p95)} s over ${d.n} jobs; edge p50 ${fmt.fixed(e.p50)} s, p95 ${fmt.fixed(e.p95)} s over ${e.n} jobs; ` +
          `commit → result p50 desktop ${fmt.fixed(d.after)} s, edge ${fmt.fixed(e.after)} s; ` +
          `load average (1 min) ${loadAtStart.toFixed(2)} → ${loadAtEnd.toFixed(2)}` +
          (failures.length ? `; ${failures.join('; ')}` : '')),
    );
    for (const x of ['edge', 'desktop']) {
      console.log(`  ${x} steps first reported (p50, s after start): ${stats[x].steps.map((y) => `${y.step} ${fmt.fixed(y.at)}`).join(', ')}, commit ${fmt.fixed(stats[x].p50)}`);
      console.log(`  ${x} jobs in order (s): ${results[x].map((j) => (j.ok ? fmt.fixed(s(j.gateMs)) : 'failed')).join(' ')}`);
    }
  }

  // One use per succeeded desktop job (the untimed ones too), recorded when its result is drafted.
  const expected = summary.reduce((n, x) => n + x.d.n, 0) + pairs.length;
  for (let waited = 0; uses.size < expected && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
  // The recent-jobs journal holds the last 50 jobs.
  const journaled = JSON.parse(readFileSync(desk.recentJobsFile, 'utf8')).filter((j) => j.state === 'succeeded').length;
  console.log(`  the desktop recorded ${uses.size} license uses and journaled ${journaled} succeeded jobs (of its last 50) for ${expected} succeeded desktop jobs${uses.size === expected && journaled === Math.min(expected, 50) ? '' : ' (MISMATCH)'}`);

  if (summary.length > 1) {
    const met = summary.filter((x) => x.ratio <= TARGET).length;
    console.log(`${NAME} summary: ratio ${fmt.fixed(Math.min(...summary.map((x) => x.ratio)))}–${fmt.fixed(Math.max(...summary.map((x) => x.ratio)))}; target ≤ ${TARGET} met by ${met} of ${summary.length} pairs`);
  }
  console.log(`  load average 1/5/15 min ${load()} at end`);
} finally {
  await desk?.close();
  await edge?.close();
  await deskHub?.close();
  await edgeHub?.close();
  await sim?.close();
}

/**
 * Edge job memory: the memory one more concurrent job costs an edge node.
 * BENCH_MEMORY_PAIRS jobs (default 4: bilibili, douyin, kuaishou and
 * xiaohongshu videos with small media, bench/lib/edge-jobs.mjs), each on its
 * own account, start at once on the compiled `plume-edge run` with
 * PLUME_EDGE_CONCURRENCY set to their number, on this 2-core machine; the
 * stand-in control plane (lib/node-hub.mjs) sends the offers and starts and
 * acknowledges each commit at once; the platform simulator runs in its own
 * process with its waits at zero. Per job:
 *
 *   (peak memory of the node while the jobs run − the idle node's) ÷ jobs
 *
 * where the node's memory is the daemon process plus every process below it
 * (each job's Chromium: browser, zygotes, renderers, GPU and network
 * services; edge-node/src/metrics/process-tree.ts, as the daemon's own
 * plume_edge_chromium_* gauges read it). Idle, the daemon holds no Chromium
 * (a job launches its account's profile and closes it at the end), so the
 * idle node is the daemon alone, measured after one untimed job per account
 * (a daemon that has run jobs, not a fresh process). Memory is read every
 * 250 ms while the jobs run (each read walks /proc; more often would take
 * CPU from the jobs); the peak of the sum is kept.
 *
 * Two measures, both printed: RSS (VmRSS, shared pages counted in every
 * process mapping them: Chromium's processes share its 200+ MB binary and
 * their zygote's pages, so RSS sums count them several times) and PSS
 * (/proc/<pid>/smaps_rollup, shared pages divided among their users: what the
 * tree really holds). The target, ≤ 150 MB per job, is judged on PSS. MB here
 * is 2^20 bytes, as in the other benchmarks.
 *
 * Baseline, measured in the same run: the same jobs' floor — the same number
 * of bare Chromium profiles (the daemon's launcher, chromium.ts, on copies of
 * the same accounts' profiles) started together from this process, each
 * holding its pair's editor page loaded and nothing else; their memory per
 * profile. The ratio says how much a running job holds beyond a browser
 * showing its editor; the target is converted the same way (150 MB ÷ the
 * floor per profile).
 *
 * Also judged: every concurrent job succeeds (no node timeout: a selector,
 * upload or commit timeout would fail or give back the job). Rounds: the
 * concurrent run is repeated BENCH_ROUNDS times (default 3), the idle node
 * measured again before each; the ratio is the median round's, the range is
 * printed. The load average is printed at start and end.
 *
 * Env: BENCH_MEMORY_PAIRS (comma-separated `platform/type`, repeats allowed:
 * one job and one account each), BENCH_ROUNDS (3), PLUME_CHROMIUM_PATH.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { profileLauncher } from '../edge-node/dist/browser/chromium.js';
import { DEFAULT_CHROMIUM_PATH } from '../edge-node/dist/adapters/browser.js';
import { descendantUsage } from '../edge-node/dist/metrics/process-tree.js';
import { startEdgeNode } from './lib/edge-node.mjs';
import { accountRef, editorUrl, jobSpec, MEDIA_FILES, registryPairs, USER_ID } from './lib/edge-jobs.mjs';
import { startNodeHub } from './lib/node-hub.mjs';
import { fmt, machineLine, ratioLine } from './lib/report.mjs';
import { startSimulatorProcess } from './lib/simulator-process.mjs';

const TARGET_MB = 150;
const SAMPLE_MS = 250;
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const PAIRS = (process.env.BENCH_MEMORY_PAIRS || 'bilibili/video,douyin/video,kuaishou/video,xiaohongshu/video').split(',').map((p) => p.trim());
const all = registryPairs();
for (const p of PAIRS) if (!all.includes(p)) throw new Error(`BENCH_MEMORY_PAIRS: ${p} is not a pair the registry publishes (${all.join(', ')})`);
const JOBS = PAIRS.length;
/** Job i runs on account slot i of its platform: no two jobs share a profile (they would run one after the other). */
const slots = PAIRS.map((_, i) => i);
const platforms = [...new Set(PAIRS.map((p) => p.split('/')[0]))];

const MB = 2 ** 20;
const mb = (bytes) => bytes / MB;
const load = () => loadavg().map((l) => l.toFixed(2)).join(' / ');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const kib = (text, field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text ?? '')?.[1] ?? 0) * 1024;
/** A process and everything below it: { processes, rssBytes, pssBytes }. */
async function treeUsage(pid) {
  const below = await descendantUsage(pid);
  let status = null;
  let rollup = null;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
    rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  } catch {
    // exited meanwhile
  }
  return { processes: below.processes + (status ? 1 : 0), rssBytes: below.rssBytes + kib(status, 'VmRSS'), pssBytes: below.pssBytes + kib(rollup, 'Pss') };
}
/** Median of `n` reads `gapMs` apart, RSS and PSS each. */
async function settled(read, n = 5, gapMs = 200) {
  const reads = [];
  for (let i = 0; i < n; i++) {
    reads.push(await read());
    if (i < n - 1) await sleep(gapMs);
  }
  return { processes: median(reads.map((r) => r.processes)), rssBytes: median(reads.map((r) => r.rssBytes)), pssBytes: median(reads.map((r) => r.pssBytes)) };
}
/** Every process: pid, parent, command line (null for those gone meanwhile). */
function processes() {
  const out = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      out.push({ pid: Number(name), ppid: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]), comm: readFileSync(`/proc/${name}/comm`, 'utf8').trim(), cmdline: readFileSync(`/proc/${name}/cmdline`, 'utf8') });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}
/** `roots` and their descendants. */
function treeOf(all, roots) {
  const found = new Set(roots);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) if (!found.has(p.pid) && found.has(p.ppid)) found.add(p.pid), (grew = true);
  }
  return all.filter((p) => found.has(p.pid));
}
/** Chromium's role for a process: browser, renderer, gpu-process, zygote, utility:<service>. */
const roleOf = (cmdline) => {
  const type = /--type=([\w-]+)/.exec(cmdline)?.[1] ?? 'browser';
  const service = /--utility-sub-type=[\w]+\.mojom\.(\w+)/.exec(cmdline)?.[1];
  return service ? `${type}:${service}` : type;
};
/** PSS by Chromium role over `procs`, in MB, largest first: "browser 81, renderer 103 (3), …". */
function pssByRole(procs) {
  const roles = new Map();
  for (const p of procs) {
    let pss = 0;
    try {
      pss = kib(readFileSync(`/proc/${p.pid}/smaps_rollup`, 'utf8'), 'Pss');
    } catch {
      continue;
    }
    const r = roles.get(roleOf(p.cmdline)) ?? { pss: 0, n: 0 };
    roles.set(roleOf(p.cmdline), { pss: r.pss + pss, n: r.n + 1 });
  }
  return [...roles].sort((a, b) => b[1].pss - a[1].pss).map(([role, r]) => ({ role, mb: mb(r.pss), n: r.n }));
}
/** Chromium processes on the machine outside `mine` (other work's browsers share Chromium's pages, lowering every PSS). */
const otherChromium = (all, mine) => all.filter((p) => p.comm.startsWith('chrom') && !mine.has(p.pid)).length;

console.log(machineLine());
console.log(`  ${JOBS} concurrent jobs (${PAIRS.join(', ')}), ${ROUNDS} rounds; load average 1/5/15 min ${load()} at start`);

const floorDirs = mkdtempSync(join(tmpdir(), 'plume-bench-floor-'));
// Bare profiles outside any account: launched without an account identity.
const launch = profileLauncher({ executablePath: process.env.PLUME_CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH, headless: true, stateDir: floorDirs });
let sim;
let hub;
let node;
try {
  sim = await startSimulatorProcess();
  for (const p of platforms) await sim.configure(p, { chunkDelayMs: 0, publishDelayMs: 0, transcodeMs: 0 });
  hub = await startNodeHub();
  const accounts = PAIRS.map((pair, i) => ({ platform: pair.split('/')[0], ref: accountRef(pair.split('/')[0], slots[i]) }));
  node = await startEdgeNode({ hub, sim, userId: USER_ID, files: MEDIA_FILES, accounts, env: { PLUME_EDGE_CONCURRENCY: String(JOBS) } });
  await node.ready(hub);

  let seq = 0;
  const runOne = async (pair, slot) => {
    const n = ++seq;
    const t = await hub.runJob(`job_mem_${n}`, jobSpec(pair, n, node.file, slot));
    return {
      pair,
      ok: t.result.outcome === 'succeeded',
      error: t.result.outcome === 'succeeded' ? null : `${t.result.error?.code} at ${t.result.error?.step}: ${t.result.error?.message ?? ''}`.slice(0, 300),
      gateS: t.commitAt === null ? null : (t.commitAt - t.start) / 1000,
      totalS: (t.result.at - t.start) / 1000,
    };
  };
  // One untimed job per account: the daemon has run jobs, each profile has its caches.
  for (let i = 0; i < JOBS; i++) {
    const warm = await runOne(PAIRS[i], slots[i]);
    if (!warm.ok) throw new Error(`${warm.pair}: the untimed job failed: ${warm.error}\n${node.output().slice(-4000)}`);
  }

  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    // Idle: the daemon alone once the last job's Chromium has exited.
    for (let i = 0; i < 100 && (await treeUsage(node.pid)).processes > 1; i++) await sleep(100);
    await sleep(1000);
    const idle = await settled(() => treeUsage(node.pid));
    const others = otherChromium(processes(), new Set([node.pid]));
    let peak = { processes: 0, rssBytes: 0, pssBytes: 0 };
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const u = await treeUsage(node.pid);
        peak = { processes: Math.max(peak.processes, u.processes), rssBytes: Math.max(peak.rssBytes, u.rssBytes), pssBytes: Math.max(peak.pssBytes, u.pssBytes) };
        await sleep(SAMPLE_MS);
      }
    })();
    const t0 = performance.now();
    const jobs = await Promise.all(PAIRS.map((pair, i) => runOne(pair, slots[i]).catch((e) => ({ pair, ok: false, error: e.message, gateS: null, totalS: (performance.now() - t0) / 1000 }))));
    sampling = false;
    await sampler;
    const round = {
      idle,
      peak,
      jobs,
      wallS: (performance.now() - t0) / 1000,
      perJobRss: (peak.rssBytes - idle.rssBytes) / JOBS,
      perJobPss: (peak.pssBytes - idle.pssBytes) / JOBS,
      others,
    };
    rounds.push(round);
    const failed = jobs.filter((j) => !j.ok);
    console.log(
      `  round ${r + 1}: idle node ${fmt.fixed(mb(idle.pssBytes), 0)} MB PSS / ${fmt.fixed(mb(idle.rssBytes), 0)} MB RSS (${idle.processes} process) → peak ${fmt.fixed(mb(peak.pssBytes), 0)} MB PSS / ${fmt.fixed(mb(peak.rssBytes), 0)} MB RSS (up to ${peak.processes} processes); ` +
        `per job ${fmt.fixed(mb(round.perJobPss), 0)} MB PSS, ${fmt.fixed(mb(round.perJobRss), 0)} MB RSS; all ${JOBS} done in ${fmt.fixed(round.wallS, 1)} s, start → commit ${jobs.map((j) => (j.gateS === null ? '—' : fmt.fixed(j.gateS, 1))).join('/')} s; ` +
        (failed.length ? `${failed.length} FAILED: ${failed.map((j) => `${j.pair} ${j.error}`).join('; ')}` : 'every job succeeded') +
        `; ${others} other Chromium processes on the machine at the start`,
    );
  }

  // The floor: as many bare profiles, started together, each with its pair's editor loaded.
  const floorDirsOf = PAIRS.map((pair, i) => {
    const dir = join(floorDirs, `${pair.replace('/', '-')}-${i}`);
    cpSync(node.profileDir(accounts[i].ref), dir, { recursive: true, filter: (src) => !/Singleton(Lock|Socket|Cookie)$/.test(src) });
    return dir;
  });
  const contexts = await Promise.all(floorDirsOf.map((dir) => launch(dir)));
  let floor;
  try {
    await Promise.all(
      contexts.map(async (context, i) => {
        const page = context.pages()[0] ?? (await context.newPage());
        const res = await page.goto(editorUrl(PAIRS[i], sim.baseUrl(PAIRS[i].split('/')[0])), { waitUntil: 'load', timeout: 60_000 });
        if (!res?.ok()) throw new Error(`the editor page of ${PAIRS[i]} answered ${res?.status()}`);
      }),
    );
    await sleep(1000);
    const browsers = processes().filter((p) => p.ppid === process.pid && floorDirsOf.some((dir) => p.cmdline.includes(`--user-data-dir=${dir}`)));
    if (browsers.length !== JOBS) throw new Error(`found ${browsers.length} of ${JOBS} bare Chromium browser processes`);
    floor = await settled(async () => {
      const trees = await Promise.all(browsers.map((p) => treeUsage(p.pid)));
      return trees.reduce((a, b) => ({ processes: a.processes + b.processes, rssBytes: a.rssBytes + b.rssBytes, pssBytes: a.pssBytes + b.pssBytes }));
    });
    const all = processes();
    const tree = treeOf(all, browsers.map((p) => p.pid));
    floor.roles = pssByRole(tree);
    floor.others = otherChromium(all, new Set(tree.map((p) => p.pid)));
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
  const floorPss = floor.pssBytes / JOBS;
  const floorRss = floor.rssBytes / JOBS;

  const mid = [...rounds].sort((a, b) => a.perJobPss - b.perJobPss)[Math.floor((rounds.length - 1) / 2)];
  const pss = rounds.map((r) => mb(r.perJobPss));
  const rss = rounds.map((r) => mb(r.perJobRss));
  const allOk = rounds.every((r) => r.jobs.every((j) => j.ok));
  const perJob = mb(mid.perJobPss);
  console.log(
    ratioLine(`edge-job-memory per concurrent job (${JOBS} jobs on ${JOBS === 1 ? '1 account' : `${JOBS} accounts`}, PSS) vs a bare Chromium profile holding the same editor`, mid.perJobPss / floorPss, { op: '<=', value: (TARGET_MB * MB) / floorPss },
      `${fmt.fixed(perJob, 0)} MB PSS per job in the median round, ${fmt.fixed(Math.min(...pss), 0)}–${fmt.fixed(Math.max(...pss), 0)} MB over ${ROUNDS} rounds (target ≤ ${TARGET_MB} MB, ${perJob <= TARGET_MB ? 'met' : `MISSED by ${fmt.fixed(perJob - TARGET_MB, 0)} MB`}); ` +
        `RSS ${fmt.fixed(mb(mid.perJobRss), 0)} MB per job (${fmt.fixed(Math.min(...rss), 0)}–${fmt.fixed(Math.max(...rss), 0)}); bare profile ${fmt.fixed(mb(floorPss), 0)} MB PSS / ${fmt.fixed(mb(floorRss), 0)} MB RSS (${fmt.fixed(floor.processes / JOBS, 1)} processes each)`),
  );
  console.log(`  bare profiles, PSS by Chromium process role (all ${JOBS} together, MB): ${floor.roles.map((r) => `${r.role} ${fmt.fixed(r.mb, 0)}${r.n > JOBS ? ` (${r.n} processes)` : ''}`).join(', ')}; ${floor.others} other Chromium processes on the machine meanwhile`);
  console.log(`edge-job-memory ${JOBS} concurrent jobs: ${allOk ? `every job of every round succeeded (no timeout), each round done in ${rounds.map((r) => fmt.fixed(r.wallS, 1)).join('/')} s` : 'SOME JOBS FAILED (see the rounds above)'}`);
  console.log(`  load average 1/5/15 min ${load()} at end`);
} finally {
  await node?.close();
  await hub?.close();
  await sim?.close();
  rmSync(floorDirs, { recursive: true, force: true });
}

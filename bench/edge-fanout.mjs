/**
 * Edge fan-out: one article to one account on every article platform the
 * adapter registry publishes, on one node running PLUME_EDGE_CONCURRENCY=4
 * jobs at a time. The figure is the wall time from the first job's `start`
 * to the last job's result: what an integrator waits for a batch that
 * publishes the same article everywhere, when one node holds all the
 * accounts.
 *
 * The job path is the real one, as in edge-job-overhead.mjs: the compiled
 * `plume-edge run` with the platform registry, each job in its account's
 * persistent Chromium profile, against the platform simulator in its own
 * process with its artificial waits at zero; a stand-in control plane
 * (lib/node-hub.mjs) offers and starts the jobs and acknowledges each commit
 * at once. It offers a job whenever one of four jobs has ended, as the
 * dispatcher does with the slots a node reports; an offer the node declines
 * as busy (its slot frees once the ended job's browser has closed, just
 * after the result) is made again 50 ms later. Four jobs run at a time until
 * the queue is empty. The jobs (lib/edge-jobs.mjs) are each pair's
 * typical article with its cover; BENCH_ARTICLE_PICTURES adds pictures to
 * their text.
 *
 * Baseline, measured in the same run: the same jobs one at a time on the same
 * node (the wall time of a node with one slot). The ratio (fan-out ÷ one at a
 * time) says what the four slots buy on this machine; on two cores each
 * Chromium gets less of a core while four run, so it stays well above 1/4.
 * Rounds: BENCH_ROUNDS (default 3), each one at a time first and then fanned
 * out; the median round's figures are printed with the range. Before the
 * first round one untimed job per pair fills the profiles' HTTP caches. Every
 * job must succeed; a failure is printed and fails the benchmark.
 *
 * Env: BENCH_ROUNDS (3), BENCH_FANOUT_CONCURRENCY (4), BENCH_ARTICLE_PICTURES
 * (0), PLUME_CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { cpus, loadavg } from 'node:os';
import { startEdgeNode } from './lib/edge-node.mjs';
import { accountRef, jobSpec, MEDIA_FILES, registryPairs, USER_ID } from './lib/edge-jobs.mjs';
import { startNodeHub } from './lib/node-hub.mjs';
import { fmt, machineLine, ratioLine } from './lib/report.mjs';
import { startSimulatorProcess } from './lib/simulator-process.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const CONCURRENCY = Number(process.env.BENCH_FANOUT_CONCURRENCY || 4);
const PICTURES = Number(process.env.BENCH_ARTICLE_PICTURES || 0);
for (const [name, value, max] of [['BENCH_ROUNDS', ROUNDS, 20], ['BENCH_FANOUT_CONCURRENCY', CONCURRENCY, 16], ['BENCH_ARTICLE_PICTURES', PICTURES, 5]]) {
  if (!Number.isInteger(value) || value < (name === 'BENCH_ARTICLE_PICTURES' ? 0 : 1) || value > max) throw new Error(`${name}: a whole number up to ${max}`);
}
const pairs = registryPairs().filter((p) => p.endsWith('/article'));
const platforms = pairs.map((p) => p.split('/')[0]);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' / ');
/** All cores' busy and total time so far (ms), to say how busy the machine was over a batch. */
const cpuTimes = () =>
  cpus().reduce(
    (acc, c) => {
      const { idle, ...rest } = c.times;
      const busy = Object.values(rest).reduce((a, b) => a + b, 0);
      return { busy: acc.busy + busy, total: acc.total + busy + idle };
    },
    { busy: 0, total: 0 },
  );
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

console.log(machineLine());
console.log(`  ${pairs.length} article platforms (${platforms.join(', ')}), ${CONCURRENCY} slots, ${ROUNDS} rounds${PICTURES ? `, ${PICTURES} pictures per article` : ''}; load average 1/5/15 min ${load()} at start`);

let sim;
let hub;
let node;
try {
  sim = await startSimulatorProcess();
  for (const p of platforms) await sim.configure(p, { chunkDelayMs: 0, publishDelayMs: 0, transcodeMs: 0 });
  hub = await startNodeHub();
  node = await startEdgeNode({
    hub,
    sim,
    userId: USER_ID,
    files: MEDIA_FILES,
    accounts: platforms.map((platform) => ({ platform, ref: accountRef(platform) })),
    env: { PLUME_EDGE_CONCURRENCY: String(CONCURRENCY) },
  });
  await node.ready(hub);

  let seq = 0;
  const runOne = async (pair) => {
    let t;
    for (;;) {
      const n = ++seq;
      try {
        t = await hub.runJob(`job_fan_${n}`, jobSpec(pair, n, node.file, 0, { pictures: PICTURES }));
        break;
      } catch (e) {
        // A slot is free again once the ended job's browser has closed, a moment after its result: offer again, as the dispatcher does.
        if (!/rejected .*: busy$/.test(e.message)) throw e;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    if (t.result.outcome !== 'succeeded') {
      const e = t.result.error;
      throw new Error(`${pair}: ${e?.code ?? t.result.outcome} at ${e?.step ?? '?'}: ${e?.message ?? ''}\n${node.output().slice(-4000)}`);
    }
    return t;
  };
  /** Every pair once through `slots` workers taking the next job as one ends; wall time from the first start to the last result (ms). */
  const batch = async (slots) => {
    const queue = [...pairs];
    const timelines = [];
    const cpuBefore = cpuTimes();
    const worker = async () => {
      for (let pair = queue.shift(); pair !== undefined; pair = queue.shift()) timelines.push({ pair, ...(await runOne(pair)) });
    };
    await Promise.all(Array.from({ length: slots }, worker));
    const cpuAfter = cpuTimes();
    const busyPct = (100 * (cpuAfter.busy - cpuBefore.busy)) / (cpuAfter.total - cpuBefore.total);
    const first = Math.min(...timelines.map((t) => t.start));
    const last = Math.max(...timelines.map((t) => t.result.at));
    const slowest = timelines.reduce((a, b) => (b.result.at - b.start > a.result.at - a.start ? b : a));
    const perJob = Object.fromEntries(timelines.map((t) => [t.pair, t.result.at - t.start]));
    return { wallMs: last - first, slowest: `${slowest.pair} ${fmt.fixed((slowest.result.at - slowest.start) / 1000)} s`, perJob, busyPct };
  };
  /** Each job's time from start to result, one at a time → fanned out, most slowed first: where the slots' time went. */
  const slowdowns = (single, fanned) =>
    pairs
      .map((p) => ({ p, one: single.perJob[p], many: fanned.perJob[p] }))
      .sort((a, b) => b.many / b.one - a.many / a.one)
      .map(({ p, one, many }) => `${p.split('/')[0]} ${fmt.fixed(one / 1000)}→${fmt.fixed(many / 1000)} s`)
      .join(', ');

  await batch(1); // untimed: first page loads fill each profile's cache
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    const single = await batch(1);
    const fanned = await batch(CONCURRENCY);
    rounds.push({ single, fanned, ratio: fanned.wallMs / single.wallMs });
    console.log(
      `  round ${r + 1}: one at a time ${fmt.fixed(single.wallMs / 1000)} s (cores ${fmt.fixed(single.busyPct)}% busy), ${CONCURRENCY} at a time ${fmt.fixed(fanned.wallMs / 1000)} s (cores ${fmt.fixed(fanned.busyPct)}% busy; slowest job ${fanned.slowest}); load average ${load()}`,
    );
    console.log(`    per job, one at a time → ${CONCURRENCY} at a time: ${slowdowns(single, fanned)}`);
  }
  const mid = rounds.find((r) => r.ratio === median(rounds.map((x) => x.ratio)));
  const walls = rounds.map((r) => r.fanned.wallMs / 1000);
  console.log(
    ratioLine(`edge-fanout ${pairs.length} article platforms on one node, ${CONCURRENCY} at a time vs one at a time`, mid.ratio, { op: '<', value: 1 },
      `wall time ${fmt.fixed(mid.fanned.wallMs / 1000)} s (rounds ${fmt.fixed(Math.min(...walls))}–${fmt.fixed(Math.max(...walls))} s) against ${fmt.fixed(mid.single.wallMs / 1000)} s one at a time; every job succeeded`),
  );
  console.log(`  load average 1/5/15 min ${load()} at end`);
} finally {
  await node?.close();
  await hub?.close();
  await sim?.close();
}

/**
 * Dispatch throughput and latency on the real control plane
 * (control-plane/dist/main.js) over real PostgreSQL, with simulated nodes:
 * scripted fake nodes (control-plane/dist/nodes/testing/fake-node.js: a
 * real WebSocket, the signed handshake, shared/src/node-protocol.ts) that
 * answer offer → accept, start → commit, commit_ack → result at once; no
 * browser.
 *
 * 1. Throughput: jobs per second from job creation (`POST
 *    /api/openapi/v1/publish/video`, executor=edge, one job per request, a
 *    closed loop of BENCH_CLIENTS requests in flight) to the result being
 *    acknowledged, as a ratio to pg-boss (send → fetch → complete, the same
 *    number of jobs, the same concurrency, the same PostgreSQL) in the same
 *    run. Target ≥ 1.0.
 * 2. Latency from job creation (the POST being sent) to the node receiving
 *    `start`, at a fixed offered rate of BENCH_RATE (default 200) jobs/s:
 *    p50 and p99. Targets p50 < 15 ms, p99 < 50 ms.
 *
 * Env: DATABASE_URL (server for scratch databases), BENCH_JOBS (default
 * 2000), BENCH_CLIENTS (default 32), BENCH_RATE (default 200),
 * BENCH_RATE_SECONDS (default 10), BENCH_NODES (default 4), BENCH_ACCOUNTS (accounts per node, default
 * 16: an account runs one job at a time, so the jobs in flight need as many accounts), BENCH_WARMUP (default 1000 jobs
 * each before measuring), BENCH_ROUNDS (default 3: the
 * throughput runs alternate plume and pg-boss, the median round's ratio is reported), BENCH_CP_NODE_ARGS (node
 * flags for the control plane, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
import { randomBytes } from 'node:crypto';
import PgBoss from 'pg-boss';
import { FAKE_ADAPTERS, FakeNode } from '../control-plane/dist/nodes/testing/fake-node.js';
import { createScratchDatabase } from './lib/database.mjs';
import { completeEveryJob, enrollEdgeNode } from './lib/fake-nodes.mjs';
import { createEdgeIntegrator } from './lib/integrator.mjs';
import { keepAliveClient, startControlPlane } from './lib/processes.mjs';
import { describeCpu, startCpuMeter } from './lib/proc-cpu.mjs';
import { fmt, machineLine, ratioLine } from './lib/report.mjs';

const envInt = (name, fallback) => {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number`);
  return n;
};
const S = {
  jobs: envInt('BENCH_JOBS', 2000),
  clients: envInt('BENCH_CLIENTS', 32),
  rate: envInt('BENCH_RATE', 200),
  rateSeconds: envInt('BENCH_RATE_SECONDS', 10),
  nodes: envInt('BENCH_NODES', 4),
  accounts: Math.max(1, envInt('BENCH_ACCOUNTS', 16)),
  rounds: Math.max(1, envInt('BENCH_ROUNDS', 3)),
  warmup: envInt('BENCH_WARMUP', 1000),
};
const ADMIN = `bench-admin-${randomBytes(12).toString('hex')}`;
const VIDEO_DIR = '/srv/plume/videos';

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function main() {
  console.log(machineLine());
  const scratch = await createScratchDatabase();
  // BENCH_CP_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the control plane.
  const nodeArgs = process.env.BENCH_CP_NODE_ARGS ? process.env.BENCH_CP_NODE_ARGS.split(' ').filter(Boolean) : [];
  const cp = await startControlPlane({ databaseUrl: scratch.url, adminToken: ADMIN, env: { PLUME_DB_POOL_MAX: '10' }, nodeArgs });
  const nodes = [];
  try {
    const { userId, apiKey } = await createEdgeIntegrator(cp.base, ADMIN);
    const auth = { authorization: `Bearer ${apiKey}` };

    const starts = new Map();
    const dones = new Map();
    let resolveAll;
    let expected = 0;
    let doneCount = 0;
    const hooks = {
      onStart: (jobId, t) => starts.set(jobId, t),
      onDone: (count) => {
        doneCount += count;
        if (doneCount >= expected && resolveAll) resolveAll();
      },
    };
    for (let i = 0; i < S.nodes; i++) {
      const id = await enrollEdgeNode(cp.base, ADMIN, userId);
      const fake = await FakeNode.connect(cp.base, id);
      const welcome = await fake.hello(id.nodeId, {
        capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, chromiumVersion: 'bench', concurrency: 64, platforms: ['bilibili'], adapters: FAKE_ADAPTERS, videoDir: VIDEO_DIR },
        accounts: Array.from({ length: S.accounts }, (_, k) => ({ externalRef: `3001${i}0${k}`, platform: 'bilibili', displayName: `N${i}-${k}`, loginState: 'logged_in' })),
      });
      completeEveryJob(fake, hooks);
      // Like a real node: heartbeats keep it online (a node silent for the online window is offline and
      // POST /publish answers 409 executor_offline) and renew its leases.
      const beat = setInterval(() => fake.send({ type: 'heartbeat', activeJobs: [] }), welcome.heartbeatMs);
      nodes.push({ id, fake, beat });
    }
    // The hello is processed asynchronously: wait for every node's accounts.
    let accounts = [];
    for (let tries = 0; tries < 100 && accounts.length < S.nodes * S.accounts; tries++) {
      const res = await fetch(`${cp.base}/api/openapi/v1/accounts`, { headers: auth });
      const body = await res.json();
      accounts = (body.items ?? body.accounts ?? []).filter((a) => a.publishable !== false);
      if (accounts.length < S.nodes * S.accounts) await new Promise((r) => setTimeout(r, 100));
    }
    if (accounts.length < S.nodes * S.accounts) throw new Error(`only ${accounts.length} accounts publishable`);
    const body = (accountId, n) =>
      JSON.stringify({
        executor: 'edge',
        accountIds: [accountId],
        title: `bench ${n}`,
        localVideoPath: `${VIDEO_DIR}/${userId}/clip.mp4`,
        platformSettings: { bilibili: { partitionName: '知识', tags: ['知识'] } },
      });
    let n = 0;
    const createdAt = new Map();
    const answeredAt = new Map();
    // Enough sockets that the open-loop latency run never queues in the client.
    const client = keepAliveClient(cp.base, 512);
    const publishHeaders = { ...auth, 'content-type': 'application/json' };
    async function publishOne() {
      const i = n++;
      const t0 = performance.now();
      const { status, json } = await client.request('POST', '/api/openapi/v1/publish/video', publishHeaders, body(accounts[i % accounts.length].id, i));
      if (status !== 200) throw new Error(`publish: ${status} ${JSON.stringify(json)}`);
      createdAt.set(json.jobs[0].job_id, t0);
      answeredAt.set(json.jobs[0].job_id, performance.now());
    }

    // Warm-up: BENCH_WARMUP jobs (pg-boss gets as many), at the measured concurrency, so that the
    // JIT has compiled the hot paths and every pool connection has prepared its statements (with
    // 100 jobs plume's first measured round ran ≈ 25% slower than the next two).
    expected = S.warmup + 1;
    let all = new Promise((r) => (resolveAll = r));
    // One publish alone first: the first publish reads the preflight key outside its transaction
    // (cachedServerSecret on the root pool); ten cold ones at once would hold all ten pool
    // connections in their transactions and wait for an eleventh forever.
    await publishOne();
    let warmed = 0;
    await Promise.all(Array.from({ length: S.clients }, async () => { while (warmed < S.warmup) { warmed++; await publishOne(); } }));
    await all;

    // Baseline: pg-boss send → fetch → complete, same jobs, same concurrency, same server (its own
    // scratch database), started now and idle (no supervisor, no schedule) while plume runs.
    const bossDb = await createScratchDatabase();
    const boss = new PgBoss({ connectionString: bossDb.url, max: 10, supervise: false, schedule: false });
    boss.on('error', (e) => console.error('pg-boss:', e.message));
    await boss.start();
    await boss.createQueue('bench');
    const bossOne = async (i) => {
      await boss.send('bench', { title: `bench ${i}` });
      const [job] = await boss.fetch('bench');
      if (job) await boss.complete('bench', job.id);
    };
    let bossWarmed = 0;
    await Promise.all(Array.from({ length: S.clients }, async () => { while (bossWarmed < S.warmup) await bossOne(bossWarmed++); }));

    // 1. Throughput, closed loop: plume and pg-boss alternate for BENCH_ROUNDS rounds (the
    // machine's speed drifts by ±20% within minutes), and the median round's ratio is reported.
    const plumeRound = async () => {
      doneCount = 0;
      expected = S.jobs;
      all = new Promise((r) => (resolveAll = r));
      const t0 = performance.now();
      const cpuStop = startCpuMeter({ controlPlane: cp.pid, bench: process.pid }, { postgresDatabase: scratch.name });
      let issued = 0;
      await Promise.all(
        Array.from({ length: S.clients }, async () => {
          while (issued < S.jobs) {
            issued++;
            await publishOne();
          }
        }),
      );
      await all;
      return { rate: S.jobs / ((performance.now() - t0) / 1000), cpu: describeCpu(cpuStop()) };
    };
    const bossRound = async () => {
      let m = 0;
      const b0 = performance.now();
      await Promise.all(Array.from({ length: S.clients }, async () => { while (m < S.jobs) await bossOne(m++); }));
      return S.jobs / ((performance.now() - b0) / 1000);
    };
    // 2. Latency at a fixed offered rate, measured once, right after plume's first throughput round
    // (as when there was one round: the same history of jobs behind it).
    const latencyPhase = async () => {
      starts.clear();
      createdAt.clear();
      answeredAt.clear();
      doneCount = 0;
      const total = S.rate * S.rateSeconds;
      expected = total;
      all = new Promise((r) => (resolveAll = r));
      const begin = performance.now();
      const sends = [];
      for (let i = 0; i < total; i++) {
        const due = begin + (i * 1000) / S.rate;
        const wait = due - performance.now();
        if (wait > 1) await new Promise((r) => setTimeout(r, wait));
        sends.push(publishOne());
      }
      await Promise.all(sends);
      await all;
      const latencies = [...createdAt.entries()].map(([jobId, t]) => starts.get(jobId) - t).filter(Number.isFinite).sort((x, y) => x - y);
      const posts = [...createdAt.entries()].map(([jobId, t]) => answeredAt.get(jobId) - t).sort((x, y) => x - y);
      const afterCommit = [...answeredAt.entries()].map(([jobId, t]) => starts.get(jobId) - t).filter(Number.isFinite).sort((x, y) => x - y);
      const achieved = total / ((performance.now() - begin) / 1000);
      return { latencies, posts, afterCommit, achieved };
    };
    let latency;

    const rounds = [];
    try {
      for (let r = 0; r < S.rounds; r++) {
        const plume = await plumeRound();
        if (r === 0) latency = await latencyPhase();
        const bossRate = await bossRound();
        rounds.push({ ...plume, bossRate, ratio: plume.rate / bossRate });
        console.log(`  round ${r + 1}/${S.rounds}: plume ${fmt.fixed(plume.rate, 0)} jobs/s vs pg-boss ${fmt.fixed(bossRate, 0)} jobs/s (ratio ${fmt.fixed(plume.rate / bossRate, 2)}); plume CPU ${plume.cpu}`);
      }
    } finally {
      await boss.stop({ graceful: false, wait: true });
      await bossDb.drop();
    }
    const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)];
    const { latencies, posts, afterCommit, achieved } = latency;

    for (const { fake, beat } of nodes) {
      clearInterval(beat);
      fake.socket.close();
    }
    client.close();
    await cp.stop();

    console.log(
      ratioLine('dispatch-throughput jobs/s (POST /publish/video → result acked, fake nodes) vs pg-boss send→fetch→complete', median.ratio, { op: '>=', value: 1 },
        `plume ${fmt.fixed(median.rate, 0)} jobs/s (${S.jobs} jobs, ${S.clients} in flight, ${S.nodes} nodes × concurrency 64) vs pg-boss ${fmt.fixed(median.bossRate, 0)} jobs/s; median of ${rounds.length} alternating rounds (ratios ${rounds.map((r) => fmt.fixed(r.ratio, 2)).join(', ')})`),
    );
    console.log(`  plume CPU during the median round: ${median.cpu}`);
    const p50 = quantile(latencies, 0.5);
    const p99 = quantile(latencies, 0.99);
    console.log(`dispatch-latency creation→start at ${S.rate} jobs/s offered (${fmt.fixed(achieved, 0)} achieved, ${latencies.length} jobs): p50 ${fmt.fixed(p50, 1)} ms (target < 15, ${p50 < 15 ? 'met' : 'MISSED'}), p99 ${fmt.fixed(p99, 1)} ms (target < 50, ${p99 < 50 ? 'met' : 'MISSED'}), max ${fmt.fixed(latencies.at(-1), 1)} ms`);
    console.log(`  of which POST /publish/video answer: p50 ${fmt.fixed(quantile(posts, 0.5), 1)} ms, p99 ${fmt.fixed(quantile(posts, 0.99), 1)} ms; answer→start (dispatch alone, job committed): p50 ${fmt.fixed(quantile(afterCommit, 0.5), 1)} ms, p99 ${fmt.fixed(quantile(afterCommit, 0.99), 1)} ms (negative: start reached the node before the answer reached the client)`);
  } finally {
    for (const { fake, beat } of nodes) {
      clearInterval(beat);
      fake.socket.terminate?.();
    }
    await cp.stop();
    await scratch.drop();
  }
}

await main();

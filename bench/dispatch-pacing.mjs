/**
 * What pacing and account health cost the dispatcher, on the real control
 * plane (control-plane/dist/main.js) over real PostgreSQL, with scripted fake
 * nodes that complete every job at once (as bench/dispatch-throughput.mjs).
 *
 * The same control plane, nodes, accounts and jobs run in two modes, in
 * alternating rounds (ABBA: the order flips every round, so the machine's
 * drift within a run falls on both):
 *
 * - paced: every account has its own pacing override (PUT
 *   /api/admin/accounts/{id}/pacing: a gap of 1 ms, a daily cap of 5,000,
 *   quiet hours an hour long six hours from now) and the platform a default
 *   (PUT /api/admin/pacing/platforms/bilibili: a daily cap of 10,000, quiet
 *   hours, a time zone), so the claim takes the paced path for every job;
 *   and a tenth of the accounts are in health state watch (their node reports
 *   their login lost and back: a `session_expired` signal; GET
 *   /api/openapi/v1/accounts must show watch). The rules let the jobs start
 *   at once: what is measured is evaluating them (the rule lookup, the
 *   account's pacing state and its upsert, the one-job-per-account order),
 *   not waiting.
 * - baseline: no pacing rule (every override and the default DELETEd), the
 *   watch accounts cleared to ok (POST /api/admin/accounts/{id}/health).
 *
 * 1. Throughput: jobs per second from `POST /api/openapi/v1/publish/video`
 *    (one job per request, BENCH_CLIENTS in flight, jobs spread round-robin
 *    over the accounts) to the result being acknowledged; the ratio paced /
 *    baseline of each round, the median printed. Target ≥ 0.8.
 * 2. Claim latency: job creation (the POST being sent) → the node receiving
 *    `start`, at a fixed offered rate of BENCH_RATE jobs/s for
 *    BENCH_RATE_SECONDS, once per mode after the first throughput round; p50
 *    and p99 of both (and of every closed-loop round, where jobs queue).
 * 3. CPU per job: the control plane's and PostgreSQL's CPU seconds (this
 *    database's backends and the server's shared processes) over each
 *    closed-loop round, per job; the ratio paced / baseline, median of the
 *    rounds. Other work on a shared machine moves jobs/s far more than it
 *    moves this. Target ≤ 1.25.
 *
 * Env: DATABASE_URL (server for scratch databases), BENCH_JOBS (default 2000
 * per round and mode), BENCH_ROUNDS (default 3), BENCH_ACCOUNTS (default 240,
 * spread over the nodes), BENCH_WATCH (accounts in watch, default a tenth),
 * BENCH_NODES (default 4, concurrency 64 each), BENCH_CLIENTS (default 32),
 * BENCH_RATE (default 200), BENCH_RATE_SECONDS (default 5), BENCH_WARMUP
 * (default 500 jobs per mode before measuring), BENCH_KEEP_DB=1 (keep the
 * scratch database, its rules and jobs as the run left them, e.g. to EXPLAIN
 * the claim on it; it ends in the paced mode).
 */
import { randomBytes } from 'node:crypto';
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
  rounds: Math.max(1, envInt('BENCH_ROUNDS', 3)),
  nodes: Math.max(1, envInt('BENCH_NODES', 4)),
  accounts: Math.max(1, envInt('BENCH_ACCOUNTS', 240)),
  clients: envInt('BENCH_CLIENTS', 32),
  rate: envInt('BENCH_RATE', 200),
  rateSeconds: envInt('BENCH_RATE_SECONDS', 5),
  warmup: envInt('BENCH_WARMUP', 500),
  keepDb: envInt('BENCH_KEEP_DB', 0) > 0,
};
S.watch = Math.min(S.accounts, envInt('BENCH_WATCH', Math.ceil(S.accounts / 10)));
const ADMIN = `bench-admin-${randomBytes(12).toString('hex')}`;
const VIDEO_DIR = '/srv/plume/videos';
const PLATFORM = 'bilibili';
const ZONE = 'Asia/Shanghai';

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const spread = (values) => {
  const s = [...values].filter(Number.isFinite).sort((a, b) => a - b);
  return { p50: quantile(s, 0.5), p99: quantile(s, 0.99), n: s.length };
};
const latencyText = (l) => `p50 ${fmt.fixed(l.p50, 1)} ms, p99 ${fmt.fixed(l.p99, 1)} ms`;

/** "HH:MM" in ZONE, `hours` from now: quiet hours well away from the run. */
function hhmmFromNow(hours) {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(Date.now() + hours * 3_600_000));
  return `${parts.find((p) => p.type === 'hour').value}:${parts.find((p) => p.type === 'minute').value}`;
}

async function main() {
  console.log(machineLine());
  const scratch = await createScratchDatabase();
  const cp = await startControlPlane({ databaseUrl: scratch.url, adminToken: ADMIN, env: { PLUME_DB_POOL_MAX: '10' } });
  const nodes = [];
  const client = keepAliveClient(cp.base, 512);
  try {
    const admin = { authorization: `Bearer ${ADMIN}` };
    /** An admin call that must succeed; returns its JSON. */
    const adminCall = async (method, path, body) => {
      const res = await fetch(`${cp.base}/api/admin${path}`, {
        method,
        headers: { ...admin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} /api/admin${path} → ${res.status}: ${text}`);
      return JSON.parse(text);
    };
    const { userId, apiKey } = await createEdgeIntegrator(cp.base, ADMIN);
    const auth = { authorization: `Bearer ${apiKey}` };

    const starts = new Map();
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
    // The accounts, spread over the nodes; each node reports its own in its hello.
    const perNode = Array.from({ length: S.nodes }, () => []);
    for (let a = 0; a < S.accounts; a++) perNode[a % S.nodes].push({ externalRef: `4001${String(a).padStart(5, '0')}`, platform: PLATFORM, displayName: `A${a}`, loginState: 'logged_in' });
    for (let i = 0; i < S.nodes; i++) {
      const id = await enrollEdgeNode(cp.base, ADMIN, userId);
      const fake = await FakeNode.connect(cp.base, id);
      const welcome = await fake.hello(id.nodeId, {
        capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, chromiumVersion: 'bench', concurrency: 64, platforms: [PLATFORM], adapters: FAKE_ADAPTERS, videoDir: VIDEO_DIR },
        accounts: perNode[i],
      });
      completeEveryJob(fake, hooks);
      const beat = setInterval(() => fake.send({ type: 'heartbeat', activeJobs: [] }), welcome.heartbeatMs);
      nodes.push({ id, fake, beat, accounts: perNode[i] });
    }

    const listAccounts = async () => {
      const res = await fetch(`${cp.base}/api/openapi/v1/accounts`, { headers: auth });
      return (await res.json()).accounts ?? [];
    };
    /** Waits (100 ms polls, up to 60 s) until `ok(list)` holds for the list of every account; returns it in creation order. */
    const accountsUntil = async (what, ok) => {
      for (let tries = 0; tries < 600; tries++) {
        const list = await listAccounts();
        if (list.length === S.accounts && ok(list)) return list.sort((x, y) => x.id - y.id);
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`accounts not ${what} after 60 s`);
    };
    /** … until every account is publishable and `healthOk(account)` holds. */
    const accountsWhere = (what, healthOk) => accountsUntil(what, (list) => list.every((a) => a.publishable !== false && healthOk(a)));
    let accounts = await accountsWhere('publishable', () => true);
    const byName = new Map(accounts.map((a) => [a.display_name, a]));
    const watchNames = new Set(Array.from({ length: S.watch }, (_, w) => `A${Math.floor((w * S.accounts) / Math.max(1, S.watch))}`));
    const watchIds = new Set([...watchNames].map((name) => byName.get(name).id));

    // --- The two modes, set through the admin API and the node protocol.
    const quiet = { start: hhmmFromNow(6), end: hhmmFromNow(7) };
    const overrideRule = { minGapSeconds: 0.001, dailyCap: 5_000, quietHours: quiet, timeZone: ZONE };
    const platformRule = { dailyCap: 10_000, quietHours: quiet, timeZone: ZONE };
    /** Runs fn over items, `width` at a time. */
    const each = async (items, width, fn) => {
      let next = 0;
      await Promise.all(Array.from({ length: width }, async () => { while (next < items.length) await fn(items[next++]); }));
    };
    const applyRules = async () => {
      await adminCall('PUT', `/pacing/platforms/${PLATFORM}`, platformRule);
      await each(accounts, 8, (a) => adminCall('PUT', `/accounts/${a.id}/pacing`, overrideRule));
      // A lost login and its return: one session_expired signal, watch under the default rules.
      for (const node of nodes) {
        if (!node.accounts.some((a) => watchNames.has(a.displayName))) continue;
        node.fake.send({ type: 'accounts', accounts: node.accounts.map((a) => (watchNames.has(a.displayName) ? { ...a, loginState: 'logged_out' } : a)) });
      }
      await accountsUntil('logged out', (list) => list.every((a) => !watchIds.has(a.id) || a.login_state === 'logged_out'));
      for (const node of nodes) node.fake.send({ type: 'accounts', accounts: node.accounts });
      accounts = await accountsWhere('in watch', (a) => (a.health?.state ?? 'ok') === (watchIds.has(a.id) ? 'watch' : 'ok'));
      const sample = await adminCall('GET', `/accounts/${accounts[0].id}/pacing`);
      if (!sample.pacing.effective.paced || sample.pacing.effective.reason !== null) throw new Error(`pacing not in force as meant: ${JSON.stringify(sample.pacing.effective)}`);
    };
    const removeRules = async () => {
      await adminCall('DELETE', `/pacing/platforms/${PLATFORM}`);
      await each(accounts, 8, (a) => adminCall('DELETE', `/accounts/${a.id}/pacing`));
      await each([...watchIds], 8, (id) => adminCall('POST', `/accounts/${id}/health`, { state: 'ok', note: 'benchmark baseline' }));
      accounts = await accountsWhere('ok', (a) => (a.health?.state ?? 'ok') === 'ok');
      const sample = await adminCall('GET', `/accounts/${accounts[0].id}/pacing`);
      if (sample.pacing.effective.paced) throw new Error('a rule is left in the baseline');
    };
    let mode = 'baseline';
    const enter = async (want) => {
      if (mode === want) return;
      if (want === 'paced') await applyRules();
      else await removeRules();
      mode = want;
    };

    // --- Publishing.
    const body = (accountId, n) =>
      JSON.stringify({
        executor: 'edge',
        accountIds: [accountId],
        title: `bench ${n}`,
        localVideoPath: `${VIDEO_DIR}/${userId}/clip.mp4`,
        platformSettings: { [PLATFORM]: { partitionName: '知识', tags: ['知识'] } },
      });
    let n = 0;
    const createdAt = new Map();
    const publishHeaders = { ...auth, 'content-type': 'application/json' };
    async function publishOne() {
      const i = n++;
      const t0 = performance.now();
      const { status, json } = await client.request('POST', '/api/openapi/v1/publish/video', publishHeaders, body(accounts[i % accounts.length].id, i));
      if (status !== 200) throw new Error(`publish: ${status} ${JSON.stringify(json)}`);
      createdAt.set(json.jobs[0].job_id, t0);
    }
    const latencies = () => spread([...createdAt.entries()].map(([jobId, t]) => starts.get(jobId) - t));
    const reset = (count) => {
      starts.clear();
      createdAt.clear();
      doneCount = 0;
      expected = count;
      return new Promise((r) => (resolveAll = r));
    };
    const closedLoop = async (count) => {
      const all = reset(count);
      const t0 = performance.now();
      const cpuStop = startCpuMeter({ controlPlane: cp.pid, bench: process.pid }, { postgresDatabase: scratch.name });
      let issued = 0;
      await Promise.all(Array.from({ length: S.clients }, async () => { while (issued < count) { issued++; await publishOne(); } }));
      await all;
      const cpu = cpuStop();
      // CPU the product spent per job (control plane + this database's PostgreSQL backends and the
      // server's shared processes): unlike jobs/s, hardly moved by other work taking the cores.
      const cpuMsPerJob = cpu.cores.postgres === null ? NaN : ((cpu.cores.controlPlane + cpu.cores.postgres) * cpu.wallSeconds * 1000) / count;
      return { rate: count / ((performance.now() - t0) / 1000), cpu: describeCpu(cpu), cpuMsPerJob, latency: latencies() };
    };
    const fixedRate = async () => {
      const total = S.rate * S.rateSeconds;
      const all = reset(total);
      const begin = performance.now();
      const sends = [];
      for (let i = 0; i < total; i++) {
        const wait = begin + (i * 1000) / S.rate - performance.now();
        if (wait > 1) await new Promise((r) => setTimeout(r, wait));
        sends.push(publishOne());
      }
      await Promise.all(sends);
      await all;
      return { ...latencies(), achieved: total / ((performance.now() - begin) / 1000) };
    };

    // Warm-up in both modes: the JIT, every pool connection's prepared statements, both claim paths.
    {
      const first = reset(1);
      // One publish alone first (as bench/dispatch-throughput.mjs: the first reads the preflight key outside its transaction).
      await publishOne();
      await first;
      for (const m of ['paced', 'baseline']) {
        await enter(m);
        await closedLoop(S.warmup);
      }
    }

    const rounds = [];
    const fixed = {};
    for (let r = 0; r < S.rounds; r++) {
      const order = r % 2 === 0 ? ['baseline', 'paced'] : ['paced', 'baseline'];
      const round = {};
      for (const m of order) {
        await enter(m);
        round[m] = await closedLoop(S.jobs);
        if (r === 0) fixed[m] = await fixedRate();
      }
      round.ratio = round.paced.rate / round.baseline.rate;
      round.cpuRatio = round.paced.cpuMsPerJob / round.baseline.cpuMsPerJob;
      rounds.push(round);
      console.log(
        `  round ${r + 1}/${S.rounds} (${order.join(' then ')}): paced ${fmt.fixed(round.paced.rate, 0)} jobs/s vs baseline ${fmt.fixed(round.baseline.rate, 0)} jobs/s (ratio ${fmt.fixed(round.ratio, 2)}); ` +
          `creation → start in the loop: paced ${latencyText(round.paced.latency)}, baseline ${latencyText(round.baseline.latency)}`,
      );
      console.log(`    CPU paced: ${round.paced.cpu}; ${fmt.fixed(round.paced.cpuMsPerJob, 2)} ms per job (control plane + PostgreSQL)`);
      console.log(`    CPU baseline: ${round.baseline.cpu}; ${fmt.fixed(round.baseline.cpuMsPerJob, 2)} ms per job (control plane + PostgreSQL)`);
    }
    // The paced path was taken: the sampled accounts have starts today.
    await enter('paced');
    const sampled = await Promise.all(accounts.slice(0, 5).map((a) => adminCall('GET', `/accounts/${a.id}/pacing`)));
    const startsToday = sampled.map((s) => s.pacing.effective.startsToday);
    if (startsToday.some((s) => s === 0)) throw new Error(`a paced account has no start recorded: ${startsToday.join(', ')}`);

    const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)];
    console.log(
      ratioLine(
        `dispatch-pacing jobs/s (POST /publish/video → result acked) with pacing and health in force vs none`,
        median.ratio,
        { op: '>=', value: 0.8 },
        `paced ${fmt.fixed(median.paced.rate, 0)} vs baseline ${fmt.fixed(median.baseline.rate, 0)} jobs/s (${S.jobs} jobs per mode and round over ${S.accounts} accounts, ` +
          `each with an override of a 1 ms gap, a cap of 5,000 and quiet hours elsewhere, the platform a default, ${S.watch} in watch; ` +
          `${S.clients} in flight, ${S.nodes} nodes × concurrency 64); median of ${rounds.length} alternating rounds (ratios ${rounds.map((x) => fmt.fixed(x.ratio, 2)).join(', ')}); ` +
          `starts today on 5 sampled accounts ${startsToday.join(', ')}`,
      ),
    );
    const cpuRatios = rounds.map((x) => x.cpuRatio).sort((a, b) => a - b);
    const cpuMedian = rounds.find((x) => x.cpuRatio === cpuRatios[Math.floor(rounds.length / 2)]);
    console.log(
      ratioLine(
        'dispatch-pacing CPU per job (control plane + PostgreSQL) with pacing and health in force vs none',
        cpuMedian.cpuRatio,
        { op: '<=', value: 1.25 },
        `paced ${fmt.fixed(cpuMedian.paced.cpuMsPerJob, 2)} vs baseline ${fmt.fixed(cpuMedian.baseline.cpuMsPerJob, 2)} ms per job; median of ${rounds.length} rounds (ratios ${rounds.map((x) => fmt.fixed(x.cpuRatio, 2)).join(', ')})`,
      ),
    );
    console.log(
      `dispatch-pacing creation → start at ${S.rate} jobs/s offered (${S.rate * S.rateSeconds} jobs): paced ${latencyText(fixed.paced)} (${fmt.fixed(fixed.paced.achieved, 0)} jobs/s achieved), ` +
        `baseline ${latencyText(fixed.baseline)} (${fmt.fixed(fixed.baseline.achieved, 0)} jobs/s achieved)`,
    );
  } finally {
    for (const { fake, beat } of nodes) {
      clearInterval(beat);
      fake.socket.terminate?.();
    }
    client.close();
    await cp.stop();
    if (S.keepDb) console.log(`kept the database ${scratch.name} (drop it when done)`);
    else await scratch.drop();
  }
}

await main();

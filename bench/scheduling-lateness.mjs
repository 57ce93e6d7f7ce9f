/**
 * Scheduling lateness on the real control plane (control-plane/dist/main.js,
 * its default timers) over real PostgreSQL, with scripted fake nodes that
 * complete every job at once (as bench/dispatch-throughput.mjs).
 *
 * BENCH_SCHEDULED jobs (default 1,000) are published with publishAt, all due
 * within the same minute: a burst (every job due at the same instant) and a
 * spread (due times uniform over 60 s). Lateness = the node receiving the
 * job's offer − its publishAt; p50, p99 and max. For the burst, also when the
 * release itself ended (no job of it scheduled any more, watched on a
 * connection of its own): the offers after that include dispatching 1,000
 * jobs at once and this process reading 1,000 offers on a shared machine. The promise is one poll
 * (DispatchTimers.pollMs, 2 s): target p99 ≤ 2,000 ms.
 *
 * Baseline, same run, same nodes: the same number of jobs published at once
 * (no publishAt) in one burst, latency from each POST's answer to its offer
 * (the dispatch of an equal burst, with nothing scheduled). The ratio is the
 * burst's scheduled p99 lateness over that p99: what holding and releasing a
 * burst adds over dispatching it at once.
 *
 * Env: DATABASE_URL (server for scratch databases), BENCH_SCHEDULED (default
 * 1000), BENCH_NODES (default: 64 job slots each, enough for every job at once), BENCH_CLIENTS (default 32 requests in
 * flight while publishing), BENCH_SPREAD_S (default 60).
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { FAKE_ADAPTERS, FakeNode } from '../control-plane/dist/nodes/testing/fake-node.js';
import { createScratchDatabase } from './lib/database.mjs';
import { enrollEdgeNode } from './lib/fake-nodes.mjs';
import { createEdgeIntegrator } from './lib/integrator.mjs';
import { keepAliveClient, startControlPlane } from './lib/processes.mjs';
import { fmt, machineLine, ratioLine } from './lib/report.mjs';

const envInt = (name, fallback) => {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 1) throw new Error(`${name} must be a positive number`);
  return n;
};
const S = {
  jobs: envInt('BENCH_SCHEDULED', 1000),
  // Enough job slots (64 per node) for every job due at once: lateness is the scheduler's, not a wait for a slot.
  nodes: envInt('BENCH_NODES', Math.ceil(envInt('BENCH_SCHEDULED', 1000) / 64)),
  clients: envInt('BENCH_CLIENTS', 32),
  spreadS: envInt('BENCH_SPREAD_S', 60),
};
const POLL_MS = 2000;
const ADMIN = `bench-admin-${randomBytes(12).toString('hex')}`;
const VIDEO_DIR = '/srv/plume/videos';

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const summary = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return { p50: quantile(s, 0.5), p99: quantile(s, 0.99), max: s.at(-1), n: s.length };
};
const line = (x) => `p50 ${fmt.fixed(x.p50, 0)} ms, p99 ${fmt.fixed(x.p99, 0)} ms, max ${fmt.fixed(x.max, 0)} ms (${x.n} jobs)`;

/** A node that completes every job at once; `offered(jobId, ms)` at each offer (wall clock, as publishAt is). */
function autopilot(fake, offered) {
  let seq = 0;
  fake.socket.on('message', () => {
    for (const m of fake.received.splice(0)) {
      if (m.type === 'offer') {
        offered(m.jobId, Date.now());
        fake.send({ type: 'accept', jobId: m.jobId, attemptId: m.attemptId });
      } else if (m.type === 'start') fake.send({ type: 'commit', jobId: m.jobId, attemptId: m.attemptId });
      else if (m.type === 'commit_ack' && m.ok) {
        fake.send({ type: 'result', msgId: `r-${++seq}-${randomBytes(3).toString('hex')}`, jobId: m.jobId, attemptId: m.attemptId, outcome: 'succeeded', postId: `BV${seq}` });
      }
    }
  });
}

async function main() {
  console.log(machineLine());
  const scratch = await createScratchDatabase();
  const cp = await startControlPlane({ databaseUrl: scratch.url, adminToken: ADMIN, env: { PLUME_DB_POOL_MAX: '10' } });
  const nodes = [];
  const client = keepAliveClient(cp.base, S.clients);
  try {
    const { userId, apiKey } = await createEdgeIntegrator(cp.base, ADMIN);
    const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };

    const offers = new Map();
    const waiting = new Map();
    const offered = (jobId, at) => {
      if (!offers.has(jobId)) offers.set(jobId, at);
      waiting.get(jobId)?.();
    };
    for (let i = 0; i < S.nodes; i++) {
      const id = await enrollEdgeNode(cp.base, ADMIN, userId);
      const fake = await FakeNode.connect(cp.base, id);
      const welcome = await fake.hello(id.nodeId, {
        capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, chromiumVersion: 'bench', concurrency: 64, platforms: ['bilibili'], adapters: FAKE_ADAPTERS, videoDir: VIDEO_DIR },
        accounts: [{ externalRef: `3002${i}`, platform: 'bilibili', displayName: `N${i}`, loginState: 'logged_in' }],
      });
      autopilot(fake, offered);
      const beat = setInterval(() => fake.send({ type: 'heartbeat', activeJobs: [] }), welcome.heartbeatMs);
      nodes.push({ fake, beat });
    }
    let accounts = [];
    while (accounts.length < S.nodes) {
      const res = await fetch(`${cp.base}/api/openapi/v1/accounts`, { headers });
      accounts = ((await res.json()).accounts ?? []).filter((a) => a.publishable !== false);
      if (accounts.length < S.nodes) await new Promise((r) => setTimeout(r, 100));
    }

    /** Publishes `count` one-job batches, BENCH_CLIENTS at a time; `at(i)` their publishAt (ms) or null; returns [{ jobId, answeredAt, due }]. */
    const publishAll = async (count, at) => {
      const out = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: S.clients }, async () => {
          while (next < count) {
            const i = next++;
            const due = at(i);
            const body = JSON.stringify({
              executor: 'edge',
              accountIds: [accounts[i % accounts.length].id],
              title: `scheduled ${i}`,
              localVideoPath: `${VIDEO_DIR}/${userId}/clip.mp4`,
              platformSettings: { bilibili: { partitionName: '知识', tags: ['知识'] } },
              ...(due === null ? {} : { publishAt: new Date(due).toISOString() }),
            });
            const { status, json } = await client.request('POST', '/api/openapi/v1/publish/video', headers, body);
            if (status !== 200) throw new Error(`publish: ${status} ${JSON.stringify(json)}`);
            out.push({ jobId: json.jobs[0].job_id, answeredAt: Date.now(), due });
          }
        }),
      );
      return out;
    };
    const allOffered = (jobs) =>
      Promise.all(jobs.map((j) => (offers.has(j.jobId) ? null : new Promise((resolve) => waiting.set(j.jobId, resolve)))));

    // Warm-up: immediate jobs, so JIT and prepared statements are not measured.
    await allOffered(await publishAll(200, () => null));

    // Baseline: an equal burst published at once, answer → offer.
    const publishStarted = Date.now();
    const baselineJobs = await publishAll(S.jobs, () => null);
    const publishMs = Date.now() - publishStarted;
    await allOffered(baselineJobs);
    const baseline = summary(baselineJobs.map((j) => offers.get(j.jobId) - j.answeredAt));
    console.log(`  published ${S.jobs} jobs at once in ${fmt.int(publishMs)} ms; answer → offer ${line(baseline)}`);

    // Scheduled burst: every job due at the same instant, far enough ahead (twice what publishing
    // the baseline took, at least 15 s) that all are accepted before it.
    const lead = Math.max(15_000, 2 * publishMs + 5_000);
    const burstDue = Date.now() + lead;
    const burstJobs = await publishAll(S.jobs, () => burstDue);
    const acceptedBy = Date.now();
    if (acceptedBy > burstDue) throw new Error(`publishing the burst took until ${acceptedBy - burstDue} ms after its due time; raise the lead`);
    // The release alone (the scheduler's part, before dispatch and before this process reads the
    // offers): watched on its own connection, the moment no job of the burst is scheduled any more.
    const watch = postgres(scratch.url, { max: 1, onnotice: () => {} });
    let releasedAt = null;
    try {
      await new Promise((r) => setTimeout(r, Math.max(0, burstDue - Date.now() - 200)));
      while (releasedAt === null) {
        const [{ n }] = await watch`select count(*)::int as n from publish_jobs where state = 'scheduled'`;
        if (n === 0) releasedAt = Date.now();
        else await new Promise((r) => setTimeout(r, 5));
      }
    } finally {
      await watch.end();
    }
    await allOffered(burstJobs);
    if (burstJobs.some((j) => offers.get(j.jobId) < j.due)) throw new Error('a scheduled job was offered before its publishAt');
    const burst = summary(burstJobs.map((j) => offers.get(j.jobId) - j.due));
    console.log(`  burst due at one instant: all ${S.jobs} released (none scheduled) ${fmt.int(releasedAt - burstDue)} ms after publishAt; node offer − publishAt ${line(burst)}`);

    // Scheduled spread: due times uniform over BENCH_SPREAD_S seconds.
    const spreadStart = Date.now() + lead;
    const spreadJobs = await publishAll(S.jobs, (i) => spreadStart + Math.floor(((i + 0.5) / S.jobs) * S.spreadS * 1000));
    await allOffered(spreadJobs);
    if (spreadJobs.some((j) => offers.get(j.jobId) < j.due)) throw new Error('a scheduled job was offered before its publishAt');
    const spread = summary(spreadJobs.map((j) => offers.get(j.jobId) - j.due));

    console.log(
      ratioLine(
        `scheduling-lateness ${S.jobs} jobs due at one instant, p99 (node offer − publishAt) vs the same burst published at once (answer → offer)`,
        burst.p99 / Math.max(1, baseline.p99),
        { op: '<=', value: 2 },
        `scheduled ${line(burst)} (all released ${fmt.int(releasedAt - burstDue)} ms after publishAt); at once ${line(baseline)}`,
      ),
    );
    console.log(
      `scheduling-lateness ${S.jobs} jobs due over ${S.spreadS} s: ${line(spread)}; target p99 ≤ one poll (${POLL_MS} ms): burst ${burst.p99 <= POLL_MS ? 'met' : 'MISSED'}, spread ${spread.p99 <= POLL_MS ? 'met' : 'MISSED'}`,
    );
  } finally {
    for (const { fake, beat } of nodes) {
      clearInterval(beat);
      fake.socket.terminate?.();
    }
    client.close();
    await cp.stop();
    await scratch.drop();
  }
}

await main();

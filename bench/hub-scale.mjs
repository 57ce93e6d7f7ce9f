/**
 * Hub scale: N simulated nodes (scripted fake nodes over real WebSockets:
 * control-plane/dist/nodes/testing/fake-node.js, the signed handshake and
 * shared/src/node-protocol.ts; no browser) connected to ONE control-plane
 * process (control-plane/dist/main.js) on real PostgreSQL. Reports:
 *   - resident memory per node: (RSS with N nodes connected and helloed −
 *     RSS idle) / N. Target ≤ 50 KB.
 *   - CPU of steady heartbeats: the control plane's CPU % (of one core) over
 *     BENCH_STEADY_SECONDS (30) while every node heartbeats at the interval
 *     the welcome gives (20 s), staggered; and the same per 1,000 nodes.
 *   - reconnect: the control plane is stopped (SIGTERM) and started again on
 *     the same port; time until all N nodes have reconnected and been
 *     welcomed, while node 0 holds a committed job whose result it sends only
 *     after reconnecting, and again after every reconnect until acknowledged
 *     (as the edge daemon's outbox does): the job must end succeeded (no job
 *     lost); how long after SIGTERM it settled is printed.
 * Enrollment: the N nodes' rows (execution_nodes + node_users, each with its
 * own Ed25519 public key) are inserted directly with SQL, as the enrollment
 * service would write them, to keep N enrollments out of the measurement;
 * node 0 is enrolled through the real API (it carries the job).
 *
 * The bench process holds N client sockets and the control plane N server
 * sockets: both need `ulimit -n` above N (this machine: see the printed
 * limit). Env: BENCH_NODES (default 2000; 10,000 connects in about a minute on this 2-core
 * machine since dispatch passes are coalesced and hellos batched), BENCH_STEADY_SECONDS (30),
 * BENCH_CONNECT_PARALLEL (default 100), DATABASE_URL.
 */
import { execSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { nodeEnrollMessage, sha256Hex } from '@plume/shared';
import postgres from 'postgres';
import { generateEd25519, signEd25519 } from '../control-plane/dist/crypto/ed25519.js';
import { FAKE_ADAPTERS, FakeNode } from '../control-plane/dist/nodes/testing/fake-node.js';
import { createScratchDatabase } from './lib/database.mjs';
import { freePort, postJson } from './lib/processes.mjs';
import { startCpuMeter } from './lib/proc-cpu.mjs';
import { fmt, machineLine, ratioLine } from './lib/report.mjs';

const envInt = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const N = envInt('BENCH_NODES', 2_000);
const STEADY = envInt('BENCH_STEADY_SECONDS', 30);
const PARALLEL = envInt('BENCH_CONNECT_PARALLEL', 100);
const ADMIN = `bench-admin-${randomBytes(12).toString('hex')}`;
const VIDEO_DIR = '/srv/plume/videos';

const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
const fdLimit = () => {
  try {
    return execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim();
  } catch {
    return 'unknown';
  }
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function pool(items, parallel, fn) {
  let i = 0;
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, async () => { while (i < items.length) await fn(items[i++]); }));
}

/** Like bench/lib's startControlPlane, but on a given port (a restart keeps the nodes' URL). */
async function startControlPlane({ databaseUrl, adminToken, port }) {
  const child = spawn(process.execPath, [fileURLToPath(new URL('../control-plane/dist/main.js', import.meta.url))], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', PLUME_ADMIN_TOKEN: adminToken, LOG_LEVEL: 'error', PLUME_DB_POOL_MAX: '10' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; ; ) {
    if (child.exitCode !== null) throw new Error(`control plane exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('control plane not ready in 60 s');
    }
    await sleep(100);
  }
  return {
    base,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(t);
    },
  };
}

console.log(machineLine());
console.log(`  nodes ${N}, fd limit ${fdLimit()} (control plane and bench each hold about ${N} sockets)`);
const scratch = await createScratchDatabase();
const port = await freePort();
let cp;
const nodes = [];
const sql = postgres(scratch.url, { max: 2, onnotice: () => {} });
let stopping = false;
try {
  cp = await startControlPlane({ databaseUrl: scratch.url, adminToken: ADMIN, port });
  const admin = { authorization: `Bearer ${ADMIN}` };
  const plan = { name: 'bench', permissions: ['publish', 'accounts:read'], perMinuteLimit: 100_000, dailyLimit: 1_000_000, cmsEnabled: false };
  const userId = (await postJson(`${cp.base}/api/admin/users`, { name: 'bench', plan, quotas: { edge: 1_000_000 } }, admin)).json.user.id;
  const apiKey = (await postJson(`${cp.base}/api/admin/users/${userId}/api-keys`, { name: 'k' }, admin)).json.apiKey.key;

  // Node 0 through the real enrollment API; nodes 1..N-1 by SQL.
  const { json: token } = await postJson(`${cp.base}/api/admin/nodes/enrollment-tokens`, { kind: 'edge', userIds: [userId], name: 'bench-0' }, admin);
  const k0 = generateEd25519();
  const proof = signEd25519(k0.privateKey, nodeEnrollMessage({ tokenSha256: sha256Hex(token.token), publicKey: k0.publicKey, machineId: 'm-0' }));
  const { json: e0 } = await postJson(`${cp.base}/api/nodes/v1/enroll`, { token: token.token, publicKey: k0.publicKey, machineId: 'm-0', fingerprint: 'fp', proof });
  const ids = [{ nodeId: e0.nodeId, secretKey: k0.privateKey }];
  const rows = [];
  for (let i = 1; i < N; i++) {
    const k = generateEd25519();
    const nodeId = `node_${randomBytes(12).toString('base64url')}`;
    ids.push({ nodeId, secretKey: k.privateKey });
    rows.push({ id: nodeId, kind: 'edge', name: `bench-${i}`, public_key: k.publicKey, machine_id: `m-${i}`, status: 'active' });
  }
  for (let i = 0; i < rows.length; i += 1000) {
    const part = rows.slice(i, i + 1000);
    await sql`insert into execution_nodes ${sql(part, 'id', 'kind', 'name', 'public_key', 'machine_id', 'status')}`;
    await sql`insert into node_users ${sql(part.map((r) => ({ node_id: r.id, user_id: userId })), 'node_id', 'user_id')}`;
  }

  let heldJob; // node 0's committed job, result held until after the restart
  let welcomed = 0;
  let heartbeatMs = 20_000;
  const hello = (fake, nodeId, i) =>
    fake.send({
      type: 'hello',
      v: 1,
      nodeId,
      capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, chromiumVersion: 'bench', concurrency: 1, platforms: ['bilibili'], adapters: FAKE_ADAPTERS, videoDir: VIDEO_DIR },
      accounts: i === 0 ? [{ externalRef: '30077000', platform: 'bilibili', displayName: 'Bench', loginState: 'logged_in' }] : [],
      activeJobs: i === 0 && heldJob ? [{ jobId: heldJob.jobId, attemptId: heldJob.attemptId, phase: 'committed' }] : [],
    });

  async function connect(i) {
    const id = ids[i];
    for (let attempt = 0; ; attempt++) {
      try {
        const fake = await FakeNode.connect(`http://127.0.0.1:${port}`, id);
        fake.socket.on('error', () => {});
        fake.socket.on('message', () => {
          for (const m of fake.received.splice(0)) {
            if (m.type === 'welcome') {
              heartbeatMs = m.heartbeatMs;
              hello(fake, id.nodeId, i);
              welcomed++;
              if (i === 0 && sendHeldResult && zeroStage !== 'acked') sendHeldResult();
            } else if (i === 0) nodeZero(fake, m);
          }
        });
        fake.socket.once('close', () => {
          if (!stopping) setTimeout(() => void connect(i), 50 + Math.random() * 450);
        });
        nodes[i] = fake;
        return;
      } catch {
        if (stopping) return;
        await sleep(Math.min(2000, 100 * 2 ** Math.min(attempt, 4)) * (0.5 + Math.random()));
      }
    }
  }
  let zeroStage = 'idle';
  let sendHeldResult = null;
  function nodeZero(fake, m) {
    if (m.type === 'offer') fake.send({ type: 'accept', jobId: m.jobId, attemptId: m.attemptId });
    else if (m.type === 'start') fake.send({ type: 'commit', jobId: m.jobId, attemptId: m.attemptId });
    else if (m.type === 'commit_ack' && m.ok) {
      heldJob = { jobId: m.jobId, attemptId: m.attemptId };
      zeroStage = 'committed';
    } else if (m.type === 'ack') zeroStage = 'acked';
  }

  await sleep(1000);
  const idleRss = rssKb(cp.pid);
  const c0 = performance.now();
  const progress = setInterval(() => console.log(`  … ${welcomed}/${N} welcomed after ${fmt.fixed((performance.now() - c0) / 1000, 0)} s`), 10_000);
  await pool([...ids.keys()], PARALLEL, connect);
  while (welcomed < N) await sleep(50);
  const connectSeconds = (performance.now() - c0) / 1000;
  clearInterval(progress);
  await sleep(3000); // hellos processed
  const fullRss = rssKb(cp.pid);

  // Steady heartbeats, staggered over the interval.
  let beating = true;
  const beats = nodes.map((fake, i) =>
    setTimeout(function beat() {
      if (!beating) return;
      const f = nodes[i];
      if (f?.socket.readyState === 1) f.send({ type: 'heartbeat', activeJobs: i === 0 && heldJob && zeroStage === 'committed' ? [{ ...heldJob, phase: 'committed' }] : [] });
      beats[i] = setTimeout(beat, heartbeatMs);
    }, (i / N) * heartbeatMs),
  );
  await sleep(2000);
  const cpu = startCpuMeter({ controlPlane: cp.pid }, { postgresDatabase: scratch.name });
  await sleep(STEADY * 1000);
  const steady = cpu();

  // A job on node 0, committed, its result held across the restart.
  const auth = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  const accounts = await (await fetch(`${cp.base}/api/openapi/v1/accounts`, { headers: auth })).json();
  const account = (accounts.items ?? accounts.accounts)[0];
  const pub = await (
    await fetch(`${cp.base}/api/openapi/v1/publish/video`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ executor: 'edge', accountIds: [account.id], title: 'held', localVideoPath: `${VIDEO_DIR}/${userId}/clip.mp4`, platformSettings: { bilibili: { partitionName: '知识', tags: ['知识'] } } }),
    })
  ).json();
  for (let t = 0; zeroStage !== 'committed'; t++) {
    if (t > 200) throw new Error(`node 0 never committed: ${JSON.stringify(pub)}`);
    await sleep(50);
  }

  // Restart on the same port; every node reconnects with jittered backoff.
  welcomed = 0;
  const r0 = performance.now();
  await cp.stop();
  cp = await startControlPlane({ databaseUrl: scratch.url, adminToken: ADMIN, port });
  const upSeconds = (performance.now() - r0) / 1000;
  while (welcomed < N) await sleep(50);
  const reconnectSeconds = (performance.now() - r0) / 1000;
  // Like the edge daemon's outbox: the result goes out on the current connection and again after
  // every reconnect until it is acknowledged (a report on a superseded connection is not).
  const resultMsgId = `r-${randomBytes(4).toString('hex')}`;
  sendHeldResult = () => nodes[0].send({ type: 'result', msgId: resultMsgId, jobId: heldJob.jobId, attemptId: heldJob.attemptId, outcome: 'succeeded', postId: 'BVheld' });
  sendHeldResult();
  let jobState;
  for (const settleBy = performance.now() + 120_000; performance.now() < settleBy; ) {
    const view = await (await fetch(`${cp.base}/api/openapi/v1/publish/${pub.batch_id}`, { headers: auth })).json();
    jobState = view.jobs?.[0]?.state;
    if (jobState === 'succeeded') break;
    if (zeroStage !== 'acked') sendHeldResult();
    await sleep(1000);
  }
  const settledSeconds = (performance.now() - r0) / 1000;
  beating = false;
  for (const t of beats) clearTimeout(t);

  const perNodeKb = (fullRss - idleRss) / N;
  console.log(ratioLine(`hub-scale memory per node (${N} nodes, one control plane)`, perNodeKb / 50, { op: '<=', value: 1 },
    `${fmt.fixed(perNodeKb, 1)} KB per node (target ≤ 50 KB; ratio is per-node KB / 50): RSS ${fmt.int(idleRss / 1024)} MB idle → ${fmt.int(fullRss / 1024)} MB with ${N} nodes; all connected and welcomed in ${fmt.fixed(connectSeconds, 1)} s`));
  const pct = steady.cores.controlPlane * 100;
  console.log(`hub-scale steady heartbeats: control plane ${fmt.fixed(pct, 1)}% of one core over ${STEADY} s (${fmt.fixed(pct / (N / 1000), 2)}% per 1,000 nodes; ${fmt.fixed(N / (heartbeatMs / 1000), 0)} heartbeats/s), PostgreSQL ${steady.cores.postgres === null ? 'n/a' : `${fmt.fixed(steady.cores.postgres * 100, 1)}%`}`);
  console.log(`hub-scale reconnect after a control-plane restart: all ${N} nodes welcomed ${fmt.fixed(reconnectSeconds, 1)} s after SIGTERM (control plane ready again after ${fmt.fixed(upSeconds, 1)} s); held job ${jobState === 'succeeded' ? `succeeded (not lost), settled ${fmt.fixed(settledSeconds, 1)} s after SIGTERM` : `LOST: ${jobState}`}`);
  if (jobState !== 'succeeded') process.exitCode = 1;
} finally {
  stopping = true;
  for (const f of nodes) f?.socket.terminate();
  await cp?.stop();
  await sql.end({ timeout: 5 });
  await scratch.drop();
}

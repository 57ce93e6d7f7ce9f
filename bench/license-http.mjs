/**
 * License v2 HTTP throughput: requests per second of POST
 * /api/license/v2/status and /consume on the real control plane
 * (control-plane/dist/main.js) over real PostgreSQL, each as a ratio to a
 * bare Fastify 5 route answering the same JSON size, measured in the same
 * run with the same connections, duration, pipelining and the same signed
 * requests (so the load generator's own cost is identical on both sides).
 * Target: ratio ≥ 0.35.
 *
 * Env: DATABASE_URL (the server to create a scratch database on),
 * BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 2),
 * BENCH_CONNECTIONS (default 32), BENCH_PIPELINING (default 1),
 * BENCH_DEVICES (default 50), BENCH_KINDS (default "status,consume").
 * For investigation: BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof
 * --cpu-prof-dir=/tmp/plume-prof" profiles the control plane),
 * BENCH_KEEP_DATABASE=1 (keeps the scratch database and prints its URL),
 * BENCH_CONTROL_PLANE (another main.js to run instead, e.g. a patched build
 * to A/B a hot-path change).
 */
import { randomBytes } from 'node:crypto';
import { createScratchDatabase } from './lib/database.mjs';
import { assertProofShortcut, bodies, enrollBody, LICENSE_PATHS, newDeviceIdentity, requestSigner } from './lib/device.mjs';
import { postJson, runLoad, startBaseline, startControlPlane } from './lib/processes.mjs';
import { describeCpu, startCpuMeter } from './lib/proc-cpu.mjs';
import { fmt, machineLine, ratioLine } from './lib/report.mjs';

const envInt = (name, fallback) => {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number`);
  return n;
};

const settings = {
  durationSeconds: envInt('BENCH_DURATION', 10),
  warmupSeconds: envInt('BENCH_WARMUP', 2),
  connections: envInt('BENCH_CONNECTIONS', 32),
  pipelining: envInt('BENCH_PIPELINING', 1),
  devices: envInt('BENCH_DEVICES', 50),
  kinds: (process.env.BENCH_KINDS || 'status,consume').split(',').filter((k) => k === 'status' || k === 'consume'),
};
const TARGET = { op: '>=', value: 0.35 };
const PROJECT_KEY = 'bench';

async function prepareDevices(base, adminToken) {
  const admin = { authorization: `Bearer ${adminToken}` };
  await postJson(`${base}/api/admin/projects`, {
    projectKey: PROJECT_KEY,
    name: 'License benchmark',
    // The policy schema caps both at 1,000,000 per minute: far above what one session sees here.
    policy: { sessionRequestsPerMinute: 1_000_000, enrollPerMinutePerIp: 1_000_000 },
  }, admin);
  // One COUNT code per device: consumes deduct from different rows, as real customers do.
  const { json } = await postJson(`${base}/api/admin/codes/generate`, {
    projectKey: PROJECT_KEY,
    licenseMode: 'COUNT',
    quantity: settings.devices,
    remainingCount: 1_000_000_000,
  }, admin);
  const codes = json.codes.map((c) => c.code);
  const devices = [];
  for (let i = 0; i < codes.length; i += 10) {
    devices.push(
      ...(await Promise.all(
        codes.slice(i, i + 10).map(async (code) => {
          const identity = newDeviceIdentity();
          const { json: e } = await postJson(`${base}${LICENSE_PATHS.enroll}`, enrollBody(identity, PROJECT_KEY, code));
          if (!e.success) throw new Error(`enroll failed: ${JSON.stringify(e)}`);
          return { ...identity, sessionId: e.sessionId, token: e.licenseToken };
        }),
      )),
    );
  }
  return devices;
}

/** One signed request of each kind per device: proves the setup and gives the answer sizes. */
async function preflight(base, devices) {
  assertProofShortcut(devices[0]);
  const sizes = { status: 0, consume: 0 };
  for (const device of devices) {
    const sign = requestSigner(device);
    for (const kind of ['status', 'consume']) {
      const body = bodies[kind](device);
      const { text, json } = await postJson(`${base}${LICENSE_PATHS[kind]}`, body, sign(LICENSE_PATHS[kind], body));
      if (!json.success || json.valid !== true) throw new Error(`${kind} preflight failed: ${text}`);
      sizes[kind] = Math.max(sizes[kind], Buffer.byteLength(text));
    }
  }
  return sizes;
}

async function measure(label, target, kind, devices, stops, database) {
  const load = runLoad({
    url: target.base,
    path: LICENSE_PATHS[kind],
    body: kind,
    devices,
    connections: settings.connections,
    pipelining: settings.pipelining,
    durationSeconds: settings.durationSeconds,
    warmupSeconds: settings.warmupSeconds,
  });
  stops.push(load.stop);
  await load.measuring;
  const stopMeter = startCpuMeter({ server: target.pid }, { postgresDatabase: database });
  const result = await load.done;
  const cpu = stopMeter();
  // The generator has exited by now; it measured itself over the same window.
  cpu.cores = { generator: result.generatorCores, ...cpu.cores };
  cpu.sysShare = { generator: result.generatorSysShare, ...cpu.sysShare };
  const r = { ...result, cpu };
  const bad = r.non2xx + r.errors + r.timeouts;
  // CPU time per answered request: steadier than req/s when other work shares the machine.
  const perRequest = (cores) => (cores === null || cores === undefined || !r.rps ? 'n/a' : `${fmt.int((cores * 1e6) / r.rps)} µs`);
  console.log(
    `  ${label}: ${fmt.int(r.rps)} req/s (${fmt.int(r.ok)} ok in ${r.durationSeconds} s), latency p50 ${r.latency.p50} ms p99 ${r.latency.p99} ms max ${r.latency.max} ms; cpu ${describeCpu(cpu)}; per request: server ${perRequest(cpu.cores.server)}, postgres ${perRequest(cpu.cores.postgres)}` +
      (bad ? `; WARNING ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts (req/s counts 2xx only)` : ''),
  );
  return r;
}

// A hung run (a server that stops answering) must not hang CI: give up, clean up, fail.
const WATCHDOG_MS = envInt('BENCH_TIMEOUT', 300) * 1000;

async function main() {
  console.log(machineLine());
  console.log(
    `license-http: ${settings.connections} connections, pipelining ${settings.pipelining}, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s per run, ${settings.devices} enrolled devices (one session each)`,
  );
  const database = await createScratchDatabase();
  const stops = [];
  let cleaning = null;
  const cleanup = () =>
    (cleaning ??= (async () => {
      for (const stop of stops.reverse()) await stop().catch((e) => console.error(`stop failed: ${e.message}`));
      if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`  kept database: ${database.url}`);
      else await database.drop().catch((e) => console.error(`could not drop ${database.name}: ${e.message}`));
    })());
  const abort = (why, code) => {
    console.error(`license-http: ${why}; stopping`);
    cleanup().finally(() => process.exit(code));
  };
  process.once('SIGINT', () => abort('interrupted', 130));
  process.once('SIGTERM', () => abort('terminated', 143));
  setTimeout(() => abort(`no result after ${WATCHDOG_MS / 1000} s (BENCH_TIMEOUT)`, 1), WATCHDOG_MS).unref();

  try {
    const adminToken = randomBytes(32).toString('base64url');
    const t0 = Date.now();
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const plane = await startControlPlane({ databaseUrl: database.url, adminToken, nodeArgs, main: process.env.BENCH_CONTROL_PLANE || undefined });
    stops.push(plane.stop);
    if (process.env.BENCH_CONTROL_PLANE) console.log(`  control plane: ${process.env.BENCH_CONTROL_PLANE} (BENCH_CONTROL_PLANE)`);
    const devices = await prepareDevices(plane.base, adminToken);
    const sizes = await preflight(plane.base, devices);
    const baseline = await startBaseline(sizes);
    stops.push(baseline.stop);
    console.log(
      `  setup: database ${database.name}, control plane pid ${plane.pid}, baseline pid ${baseline.pid}, ${devices.length} devices enrolled in ${((Date.now() - t0) / 1000).toFixed(1)} s; answers: status ${sizes.status} B, consume ${sizes.consume} B of JSON`,
    );

    const results = {};
    for (const kind of settings.kinds) {
      const bare = await measure(`bare Fastify (${kind}-sized)`, baseline, kind, devices, stops, database.name);
      const real = await measure(`${kind}`, plane, kind, devices, stops, database.name);
      results[kind] = { bare, real };
    }

    for (const kind of settings.kinds) {
      const { bare, real } = results[kind];
      console.log(
        `license-http generator (${kind}): building and signing a request costs ${fmt.fixed(real.signingMicros, 1)} µs in the load generator; it used ${fmt.fixed(real.cpu.cores.generator)} cores during the license run and ${fmt.fixed(bare.cpu.cores.generator)} during the bare run (same requests, same signing)`,
      );
    }
    for (const kind of settings.kinds) {
      const { bare, real } = results[kind];
      console.log(
        ratioLine(
          `license-http ${kind}`,
          real.rps / bare.rps,
          TARGET,
          `${fmt.int(real.rps)} req/s (p50 ${real.latency.p50} ms, p99 ${real.latency.p99} ms) vs bare Fastify ${fmt.int(bare.rps)} req/s (p50 ${bare.latency.p50} ms, p99 ${bare.latency.p99} ms); ${sizes[kind]}-byte JSON answers, ${settings.connections} connections, pipelining ${settings.pipelining}, ${settings.durationSeconds} s`,
        ),
      );
    }
  } finally {
    await cleanup();
  }
}

await main();

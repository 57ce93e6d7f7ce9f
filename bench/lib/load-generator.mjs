/**
 * The load generator, run in its own process (bench/lib/processes.mjs
 * runLoad) so its signing work never shares an event loop with the server or
 * the orchestrator, and its CPU can be measured on its own. Receives one job
 * over IPC, warms up, runs autocannon once more for the measured window and
 * sends back the figures plus its own CPU use.
 *
 * Every request is built by setupRequest: a fresh nonce, timestamp and
 * Ed25519 signature (and for consume a fresh requestId), devices taken in
 * turn so the load spreads over sessions.
 */
import autocannon from 'autocannon';
import { bodies, requestSigner } from './device.mjs';

const job = await new Promise((resolve) => process.once('message', resolve));

const signers = job.devices.map((device) => ({ device, sign: requestSigner(device) }));
const makeBody = bodies[job.body];
let turn = 0;

function nextSigned() {
  const { device, sign } = signers[turn++ % signers.length];
  const body = makeBody(device);
  return { headers: sign(job.path, body), body };
}

/** Cost of building one signed request here, measured before the run. */
function signingMicros(iterations = 3000) {
  for (let i = 0; i < 500; i++) nextSigned();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) nextSigned();
  return Number(process.hrtime.bigint() - t0) / 1e3 / iterations;
}

function run(durationSeconds) {
  return autocannon({
    url: job.url,
    connections: job.connections,
    pipelining: job.pipelining,
    duration: durationSeconds,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: job.path,
        setupRequest: (req) => ({ ...req, ...nextSigned() }),
      },
    ],
  });
}

const micros = signingMicros();
if (job.warmupSeconds > 0) await run(job.warmupSeconds);
process.send({ type: 'measuring' });
const cpu0 = process.cpuUsage();
const t0 = process.hrtime.bigint();
const r = await run(job.durationSeconds);
const wall = Number(process.hrtime.bigint() - t0) / 1e9;
const cpu = process.cpuUsage(cpu0);

process.send({
  type: 'result',
  result: {
    rps: r['2xx'] / r.duration,
    total: r.requests.total,
    ok: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    durationSeconds: r.duration,
    latency: { p50: r.latency.p50, p99: r.latency.p99, avg: r.latency.average, max: r.latency.max },
    bytesPerResponse: r.requests.total ? r.throughput.total / r.requests.total : 0,
    generatorCores: (cpu.user + cpu.system) / 1e6 / wall,
    generatorSysShare: cpu.user + cpu.system > 0 ? cpu.system / (cpu.user + cpu.system) : null,
    signingMicros: micros,
  },
});
process.disconnect();

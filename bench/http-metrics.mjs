/**
 * What the control plane's HTTP metrics (control-plane/dist/metrics/http.js:
 * a request counter and a latency histogram per route) cost a request: two
 * Fastify 5 apps in this process, the same route answering the license
 * status answer's JSON size, one with the metrics hooks and one without,
 * driven by app.inject() in alternating rounds. CPU time of this process per
 * request (process.cpuUsage), not req/s: on a machine shared with other work
 * the difference of a few microseconds is lost in HTTP and scheduling noise,
 * while in-process CPU time keeps it. The figure is the difference in µs;
 * the bare route is the cheapest request Fastify can answer (a license
 * status request costs the server about 20 times more CPU, see
 * license-http.mjs), so the target allows the hooks 10% of it: metrics ≤
 * 1.10 × bare, under 0.5% of a status request.
 *
 * Env: BENCH_REQUESTS (per round, default 20000), BENCH_ROUNDS (default 7).
 */
import Fastify from 'fastify';
import { installHttpMetrics } from '../control-plane/dist/metrics/http.js';
import { fmt, machineLine, ratioLine } from './lib/report.mjs';

const requests = Number(process.env.BENCH_REQUESTS || 20_000);
const rounds = Number(process.env.BENCH_ROUNDS || 7);
const BODY = JSON.stringify({ fingerprintHash: 'f'.repeat(64) });
const skeleton = { success: true, message: '' };
const answer = { ...skeleton, message: 'x'.repeat(1879 - JSON.stringify(skeleton).length) };

async function appWith(metrics) {
  const app = Fastify({ logger: false });
  // As app.ts does: the per-route hook exists only for routes declared after this.
  if (metrics) installHttpMetrics(app);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.post('/api/license/v2/status', async () => answer);
  await app.ready();
  return app;
}

async function round(app) {
  const t0 = process.cpuUsage();
  // 16 in flight at once, like concurrent connections.
  let left = requests;
  const worker = async () => {
    while (left-- > 0) {
      const res = await app.inject({ method: 'POST', url: '/api/license/v2/status', payload: BODY, headers: { 'content-type': 'application/json' } });
      if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  const used = process.cpuUsage(t0);
  return (used.user + used.system) / requests;
}

console.log(machineLine());
console.log(`http-metrics: ${rounds} alternating rounds of ${fmt.int(requests)} injected requests per variant`);
const apps = { bare: await appWith(false), metrics: await appWith(true) };
// Warm both up (JIT, prom-client's series) before measuring.
await round(apps.bare);
await round(apps.metrics);
const results = { bare: [], metrics: [] };
for (let i = 0; i < rounds; i++) {
  for (const name of ['bare', 'metrics']) results[name].push(await round(apps[name]));
  console.log(`  round ${i + 1}: bare ${fmt.fixed(results.bare[i], 2)} µs, metrics ${fmt.fixed(results.metrics[i], 2)} µs CPU per request`);
}
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const b = median(results.bare);
const m = median(results.metrics);
console.log(ratioLine('http-metrics cpu per request', m / b, { op: '<=', value: 1.1 }, `${fmt.fixed(m, 2)} µs with metrics vs ${fmt.fixed(b, 2)} µs bare: +${fmt.fixed(m - b, 2)} µs per request (medians of ${rounds} rounds)`));
await Promise.all(Object.values(apps).map((a) => a.close()));

/**
 * Open API v1 HTTP throughput: requests per second of
 * GET /api/openapi/v1/accounts?contentType=article and
 * POST /api/openapi/v1/publish/preflight on the real control plane
 * (control-plane/dist/main.js) over real PostgreSQL, each as a ratio to a
 * bare Fastify 5 route answering a fixed JSON of the same byte size, measured
 * in the same run with the same connections, duration, pipelining and the
 * same requests. Target: ratio ≥ 0.3.
 *
 * The caller is realistic: one user with 20 accounts on 2 edge nodes marked
 * online (as the dispatch hub marks them; their heartbeat is kept fresh during
 * the run), a CMS site, article presets, an imported article; the preflight
 * checks that article for 5 accounts across both nodes with a platform
 * override. Every request is authenticated and counted against the user's
 * per-minute and daily limits (set to their maximum so none is refused).
 * As in production, the key comes from the replica's key cache, the request
 * from its lease on the shared PostgreSQL counters (auth.ts, rate-limit.ts)
 * and the account list and presets from its account cache
 * (accounts-cache.ts); the run stays inside every cache's validity (node
 * heartbeats are kept fresh, nothing is written meanwhile).
 *
 * Env: DATABASE_URL (the server to create a scratch database on),
 * BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 2),
 * BENCH_CONNECTIONS (default 32), BENCH_PIPELINING (default 1),
 * BENCH_KINDS (default "accounts,preflight"), BENCH_ROUNDS (default 3: bare and
 * real alternate, the figure is the median round), BENCH_TIMEOUT (s, default 300).
 * For investigation: BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof
 * --cpu-prof-dir=/tmp/plume-prof"), BENCH_CONTROL_PLANE (another main.js, to
 * A/B a hot-path change), BENCH_KEEP_DATABASE=1.
 *
 * This one file also runs as its two helper processes (argv[2]): `baseline`
 * (the bare Fastify server) and `load` (the autocannon load generator), so
 * bench/run.mjs, which runs every bench/*.mjs, sees one benchmark.
 */
import { fork } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { CONTENT_TYPES, fieldsFor, PLATFORMS as CATALOG } from '@plume/shared';
import { createScratchDatabase } from './lib/database.mjs';
import { postJson, startControlPlane } from './lib/processes.mjs';
import { describeCpu, startCpuMeter } from './lib/proc-cpu.mjs';
import { fmt, machineLine, ratioLine } from './lib/report.mjs';

const SELF = fileURLToPath(import.meta.url);
const PREFIX = '/api/openapi/v1';
const PATHS = { accounts: `${PREFIX}/accounts?contentType=article`, preflight: `${PREFIX}/publish/preflight` };

// ------------------------------------------------------------------ helper process: bare Fastify baseline

async function runBaseline() {
  const { default: Fastify } = await import('fastify');
  const sizes = JSON.parse(process.argv[3]);
  const answerOf = (size) => {
    const skeleton = { ok: true, padding: '' };
    const answer = { ...skeleton, padding: 'x'.repeat(size - JSON.stringify(skeleton).length) };
    if (JSON.stringify(answer).length !== size) throw new Error(`cannot build a ${size}-byte answer`);
    return answer;
  };
  const app = Fastify({ logger: false });
  const accounts = answerOf(sizes.accounts);
  const preflight = answerOf(sizes.preflight);
  app.get(`${PREFIX}/accounts`, async () => accounts);
  // Fastify's default JSON parser reads the same body the real route gets.
  app.post(PATHS.preflight, async () => preflight);
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send({ port: app.server.address().port });
  process.on('disconnect', () => process.exit(0));
}

// ------------------------------------------------------------------ helper process: load generator

async function runLoadGenerator() {
  const { default: autocannon } = await import('autocannon');
  const job = await new Promise((resolve) => process.once('message', resolve));
  const run = (duration) =>
    autocannon({
      url: job.url,
      connections: job.connections,
      pipelining: job.pipelining,
      duration,
      timeout: 10,
      requests: [{ method: job.method, path: job.path, headers: job.headers, ...(job.body ? { body: job.body } : {}) }],
    });
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
      ok: r['2xx'],
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
      durationSeconds: r.duration,
      latency: { p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max },
      generatorCores: (cpu.user + cpu.system) / 1e6 / wall,
      generatorSysShare: cpu.user + cpu.system > 0 ? cpu.system / (cpu.user + cpu.system) : null,
    },
  });
  process.disconnect();
}

// ------------------------------------------------------------------ orchestrator

const envInt = (name, fallback) => {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number`);
  return n;
};

async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

async function startBaseline(sizes) {
  const child = fork(SELF, ['baseline', JSON.stringify(sizes)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const [message] = await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`baseline server exited with ${code}`);
    }),
  ]);
  return { base: `http://127.0.0.1:${message.port}`, pid: child.pid, stop: () => stopChild(child) };
}

function runLoad(job) {
  const child = fork(SELF, ['load'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let result;
  let markMeasuring;
  const measuring = new Promise((resolve) => (markMeasuring = resolve));
  child.on('message', (m) => {
    if (m.type === 'measuring') markMeasuring();
    if (m.type === 'result') result = m.result;
  });
  const done = once(child, 'exit').then(([code, signal]) => {
    if (code !== 0 || !result) throw new Error(`load generator ${signal ? `killed by ${signal}` : `exited with ${code}`} without a result`);
    return result;
  });
  child.send(job);
  return { measuring: Promise.race([measuring, done.then(() => {})]), done, stop: () => stopChild(child) };
}

async function call(base, method, path, { headers = {}, body } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text}`);
  return { text, json: JSON.parse(text) };
}

/** What the nodes report they run: every pair of the catalog, applying every contract field (so nothing is ignored). */
const EVERY_ADAPTER = CATALOG.filter((p) => p.category === 'content').map((p) => ({
  platform: p.id,
  contentTypes: [...p.content_types],
  settings: [...new Set(CONTENT_TYPES.flatMap((t) => (fieldsFor(t, p.id) ?? []).map((f) => f.key)))],
}));

/** An Ed25519 public key as enrollment stores it (raw 32 bytes, base64url). */
function nodePublicKey() {
  const { publicKey } = generateKeyPairSync('ed25519');
  return publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('base64url');
}

/** 20 article platforms, 10 accounts on each of the two nodes. */
const PLATFORMS = [
  'zhihu', 'csdn', 'juejin', 'jianshu', 'toutiao', 'weibo', 'bilibili', 'douyin', 'xiaohongshu', 'baijiahao',
  'sohu', 'netease', 'qiehao', 'dayu', 'yidian', 'wechat_mp', 'eastmoney', 'dongchedi', 'autohome', 'yiche',
];

async function prepareUser(base, adminToken, sql) {
  const admin = { authorization: `Bearer ${adminToken}` };
  const { json: created } = await postJson(`${base}/api/admin/users`, {
    name: 'Bench integrator',
    // The admin schema's maxima: far above what one run sends (~2,000 req/s is 120,000 a minute).
    plan: { name: 'bench', permissions: ['publish', 'accounts:read', 'articles:write', 'cms'], perMinuteLimit: 1_000_000, dailyLimit: 100_000_000, cmsEnabled: true },
    quotas: { web: 1000, desktop: 1000, edge: 1000, cms: 1000 },
  }, admin);
  const userId = created.user.id;
  const { json: key } = await postJson(`${base}/api/admin/users/${userId}/api-keys`, { name: 'bench' }, admin);
  // Nodes and their accounts exist only through enrollment and the node's report (no admin API makes
  // them): the rows those leave are written here, as a node with a key that reported its accounts.
  const capabilities = { localVideoFile: 1, publishSettingsSnapshot: 1, videoDir: '/srv/plume/videos', concurrency: 2, adapters: EVERY_ADAPTER };
  const nodes = [];
  for (const name of ['edge-a', 'edge-b']) {
    const id = `node_${randomBytes(9).toString('base64url')}`;
    await sql`insert into execution_nodes (id, kind, name, public_key, machine_id, capabilities)
              values (${id}, 'edge', ${name}, ${nodePublicKey()}, ${`bench-${name}`}, ${sql.json(capabilities)})`;
    await sql`insert into node_users (node_id, user_id) values (${id}, ${userId})`;
    nodes.push(id);
  }
  const accounts = [];
  for (const [i, platform] of PLATFORMS.entries()) {
    const [row] = await sql`insert into accounts (user_id, platform, display_name, executor, node_id, login_state, external_ref)
                            values (${userId}, ${platform}, ${`${platform} main`}, 'edge', ${nodes[i % 2]}, 'logged_in', ${`profile-${platform}`})
                            returning id`;
    accounts.push({ id: row.id, platform });
  }
  await postJson(`${base}/api/admin/users/${userId}/cms-sites`, {
    type: 'wordpress',
    displayName: 'Company blog',
    siteUrl: 'https://blog.example.test',
    username: 'editor',
    password: 'abcd efgh ijkl mnop',
  }, admin);
  // Article presets on every account (what integrators set once in the web app): every field the
  // contract requires, with a value of its type, plus a label choice.
  const headers = { authorization: `Bearer ${key.apiKey.key}` };
  const { json: contract } = await call(base, 'GET', `${PREFIX}/publish/settings?contentType=article`, { headers });
  const sample = (f) =>
    f.type === 'string_list'
      ? [f.options?.[0] ?? 'bench']
      : (f.options?.[0] ?? { boolean: true, integer: f.limits?.min ?? 1, url: 'https://example.test/post', text: 'Bench text' }[f.type] ?? 'Bench');
  for (const { id, platform } of accounts) {
    const fields = [...contract.common, ...(contract.platforms.find((p) => p.id === platform)?.settings ?? [])];
    const settings = Object.fromEntries(fields.filter((f) => f.required).map((f) => [f.key, sample(f)]));
    if (fields.some((f) => f.key === 'aiLabel')) settings.aiLabel = true;
    const res = await fetch(`${base}/api/admin/accounts/${id}/presets/article`, {
      method: 'PUT',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ settings }),
    });
    if (!res.ok) throw new Error(`preset for ${platform} → ${res.status}: ${await res.text()}`);
  }
  const markOnline = () => sql`update execution_nodes set connected_replica = 'bench-hub', connected_at = coalesce(connected_at, now()), last_heartbeat_at = now() where id in ${sql(nodes)}`;
  await markOnline();

  const { json: article } = await call(base, 'POST', `${PREFIX}/articles`, {
    headers,
    body: { title: 'Benchmark article', content: '# Benchmark\n\nBody text with an image ![x](https://cdn.example.test/a.png).', contentProvenance: 'human', aiImageCount: 0 },
  });
  const targets = [accounts[0], accounts[1], accounts[2], accounts[5], accounts[8]].map((a) => a.id);
  const preflightBody = JSON.stringify({
    contentType: 'article',
    articleId: article.article_id,
    executor: 'edge',
    accountIds: targets,
    platformSettings: { zhihu: { column: 'Bench' } },
  });
  return { headers, preflightBody, markOnline };
}

/** One request of each kind: proves the setup (all accounts publishable, preflight valid) and gives the answer sizes. */
async function checkAnswers(base, user) {
  const accounts = await call(base, 'GET', PATHS.accounts, { headers: user.headers });
  const list = accounts.json.accounts;
  if (list.length !== 21 || !list.every((a) => a.publishable && a.executor_online)) throw new Error(`unexpected account list: ${accounts.text}`);
  const preflight = await call(base, 'POST', PATHS.preflight, { headers: user.headers, body: user.preflightBody });
  if (preflight.json.valid !== true) throw new Error(`preflight not valid: ${preflight.text}`);
  return { accounts: Buffer.byteLength(accounts.text), preflight: Buffer.byteLength(preflight.text) };
}

async function main() {
  const settings = {
    durationSeconds: envInt('BENCH_DURATION', 10),
    warmupSeconds: envInt('BENCH_WARMUP', 2),
    connections: envInt('BENCH_CONNECTIONS', 32),
    pipelining: envInt('BENCH_PIPELINING', 1),
    kinds: (process.env.BENCH_KINDS || 'accounts,preflight').split(',').filter((k) => k in PATHS),
    rounds: Math.max(1, envInt('BENCH_ROUNDS', 3)),
  };
  const TARGET = { op: '>=', value: 0.3 };
  console.log(machineLine());
  console.log(
    `openapi-http: ${settings.connections} connections, pipelining ${settings.pipelining}, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s per run, ${settings.rounds} round(s); 1 user, 20 accounts on 2 online edge nodes + 1 CMS site, presets`,
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
    console.error(`openapi-http: ${why}; stopping`);
    cleanup().finally(() => process.exit(code));
  };
  process.once('SIGINT', () => abort('interrupted', 130));
  process.once('SIGTERM', () => abort('terminated', 143));
  setTimeout(() => abort(`no result after ${envInt('BENCH_TIMEOUT', 300)} s (BENCH_TIMEOUT)`, 1), envInt('BENCH_TIMEOUT', 300) * 1000).unref();

  try {
    const adminToken = randomBytes(32).toString('base64url');
    const t0 = Date.now();
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const plane = await startControlPlane({ databaseUrl: database.url, adminToken, nodeArgs, main: process.env.BENCH_CONTROL_PLANE || undefined });
    stops.push(plane.stop);
    if (process.env.BENCH_CONTROL_PLANE) console.log(`  control plane: ${process.env.BENCH_CONTROL_PLANE} (BENCH_CONTROL_PLANE)`);
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    stops.push(() => sql.end({ timeout: 5 }));
    const user = await prepareUser(plane.base, adminToken, sql);
    // The hub's heartbeat: nodes whose last heartbeat is older than a minute are offline (and swept).
    const heartbeat = setInterval(() => user.markOnline().catch((e) => console.error(`heartbeat failed: ${e.message}`)), 10_000);
    stops.push(async () => clearInterval(heartbeat));
    const sizes = await checkAnswers(plane.base, user);
    const baseline = await startBaseline(sizes);
    stops.push(baseline.stop);
    console.log(
      `  setup: database ${database.name}, control plane pid ${plane.pid}, baseline pid ${baseline.pid}, ready in ${((Date.now() - t0) / 1000).toFixed(1)} s; answers: accounts ${sizes.accounts} B, preflight ${sizes.preflight} B of JSON`,
    );

    const measure = async (label, target, kind) => {
      const load = runLoad({
        url: target.base,
        method: kind === 'preflight' ? 'POST' : 'GET',
        path: PATHS[kind],
        headers: { ...user.headers, ...(kind === 'preflight' ? { 'content-type': 'application/json' } : {}) },
        body: kind === 'preflight' ? user.preflightBody : undefined,
        connections: settings.connections,
        pipelining: settings.pipelining,
        durationSeconds: settings.durationSeconds,
        warmupSeconds: settings.warmupSeconds,
      });
      stops.push(load.stop);
      await load.measuring;
      const stopMeter = startCpuMeter({ server: target.pid }, { postgresDatabase: database.name });
      const result = await load.done;
      const cpu = stopMeter();
      cpu.cores = { generator: result.generatorCores, ...cpu.cores };
      cpu.sysShare = { generator: result.generatorSysShare, ...cpu.sysShare };
      const bad = result.non2xx + result.errors + result.timeouts;
      console.log(
        `  ${label}: ${fmt.int(result.rps)} req/s (${fmt.int(result.ok)} ok in ${result.durationSeconds} s), latency p50 ${result.latency.p50} ms p99 ${result.latency.p99} ms max ${result.latency.max} ms; cpu ${describeCpu(cpu)}` +
          (bad ? `; WARNING ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts (req/s counts 2xx only)` : ''),
      );
      return result;
    };

    // Rounds alternate bare and real so a noisy neighbour hits both sides alike; the figure is the
    // round with the median ratio (the machine is shared: one round's baseline moved by ±20%).
    const results = {};
    for (const kind of settings.kinds) {
      results[kind] = [];
      for (let round = 1; round <= settings.rounds; round++) {
        const tag = settings.rounds > 1 ? ` [round ${round}/${settings.rounds}]` : '';
        const bare = await measure(`bare Fastify (${kind}-sized)${tag}`, baseline, kind);
        const real = await measure(`${kind === 'accounts' ? 'GET /accounts?contentType=article' : 'POST /publish/preflight'}${tag}`, plane, kind);
        results[kind].push({ bare, real, ratio: real.rps / bare.rps });
      }
    }
    for (const kind of settings.kinds) {
      const rounds = [...results[kind]].sort((a, b) => a.ratio - b.ratio);
      const { bare, real, ratio } = rounds[Math.floor((rounds.length - 1) / 2)];
      const spread = rounds.length > 1 ? `; median of ${rounds.length} rounds (ratios ${rounds.map((r) => r.ratio.toFixed(2)).join(', ')})` : '';
      console.log(
        ratioLine(
          `openapi-http ${kind}`,
          ratio,
          TARGET,
          `${fmt.int(real.rps)} req/s (p50 ${real.latency.p50} ms, p99 ${real.latency.p99} ms) vs bare Fastify ${fmt.int(bare.rps)} req/s (p50 ${bare.latency.p50} ms, p99 ${bare.latency.p99} ms); ${sizes[kind]}-byte JSON answers, ${settings.connections} connections, pipelining ${settings.pipelining}, ${settings.durationSeconds} s${spread}`,
        ),
      );
    }
  } finally {
    await cleanup();
  }
}

const mode = process.argv[2];
if (mode === 'baseline') await runBaseline();
else if (mode === 'load') await runLoadGenerator();
else await main();

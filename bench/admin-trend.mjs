/**
 * The consumption trend: GET /api/admin/stats/trend?days=90&granularity=day
 * over 1,000,000 log rows spread over the last 89 days, answered over real
 * HTTP by the compiled control plane (in this process). Target: under 300 ms.
 * Same-run baseline: `select count(*)` of the same rows straight from
 * PostgreSQL (the least any answer about all of them can cost). Also shown:
 * one project, and the week and month granularities.
 *
 * The table is vacuumed after loading, as autovacuum keeps an insert-mostly
 * table in service: the trend counts from the index alone (index-only scans)
 * where pages are all-visible. Run `npx tsc -b` first.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { createScratchDatabase } from './lib/database.mjs';
import { fmt, machineLine, ratioLine } from './lib/report.mjs';

const ROWS = 1_000_000;
const RUNS = 15;
const BUDGET_MS = 300;
const TOKEN = randomBytes(24).toString('base64url');

const { buildApp } = await import('../control-plane/dist/app.js');
const { loadConfig } = await import('../control-plane/dist/config.js');
const { openPostgres } = await import('../control-plane/dist/db/client.js');
const { committedMigrationCount, prepareDatabase } = await import('../control-plane/dist/db/bootstrap.js');

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const median = (xs) => sorted(xs)[Math.floor(xs.length / 2)];
const p90 = (xs) => sorted(xs)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.9) - 1)];

/** Projects, 10,000 codes and devices, and ROWS log rows spread over the last 89 days, oldest first. */
async function loadRows(sql) {
  await sql`insert into projects (project_key, name) values ('bench-a', 'A'), ('bench-b', 'B')`;
  const [{ a, b }] = await sql`select min(id) as a, max(id) as b from projects where project_key like 'bench-%'`;
  await sql`insert into activation_codes (project_id, code, license_mode, remaining_count)
            select case when g % 2 = 0 then ${a}::int else ${b}::int end, 'BENCH-' || lpad(g::text, 8, '0'), 'COUNT', 1000
            from generate_series(1, 10000) g`;
  await sql`insert into devices (project_id, code_id, machine_id, public_key, fingerprint_hash, app_version)
            select project_id, id, 'machine-' || md5(id::text), 'pk', md5('fp' || id), '1.4.2' from activation_codes where code like 'BENCH-%' order by id`;
  await sql`insert into consumption_logs (project_id, code_id, device_id, session_id, request_id, outcome, remaining_after, created_at)
            select d.project_id, d.code_id, d.id, 'ls_bench' || d.id, 'req-' || g,
                   case when g % 20 = 0 then 'idempotent' when g % 50 = 1 then 'time_checked' else 'deducted' end,
                   g % 1000, now() - interval '89 days' + g * (interval '89 days' / ${ROWS})
            from generate_series(1, ${ROWS}) g
            join devices d on d.id = (select min(id) from devices) + (g % 10000)
            order by g`;
  await sql`vacuum analyze`;
}

console.log(machineLine());
const scratch = await createScratchDatabase();
let app;
let database;
let sql;
try {
  database = openPostgres(scratch.url, 10);
  await prepareDatabase(database);
  sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
  const started = performance.now();
  await loadRows(sql);
  console.log(`  loaded ${fmt.int(ROWS)} log rows in ${fmt.fixed((performance.now() - started) / 1000, 1)} s`);

  const config = loadConfig({ DATABASE_URL: scratch.url, PLUME_ADMIN_TOKEN: TOKEN, LOG_LEVEL: 'silent' });
  app = await buildApp({ config, database, expectedMigrations: committedMigrationCount(), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.server.address().port}/api/admin/stats/trend`;
  const headers = { authorization: `Bearer ${TOKEN}` };

  async function timeTrend(query) {
    const times = [];
    let body;
    for (let i = 0; i < RUNS + 2; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}?${new URLSearchParams(query)}`, { headers });
      body = await res.json();
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`trend answered ${res.status}: ${JSON.stringify(body)}`);
      if (i >= 2) times.push(ms); // two warm-ups
    }
    return { times, body };
  }

  const day = await timeTrend({ days: '90', granularity: 'day' });
  if (day.body.buckets.length !== 90) throw new Error(`expected 90 buckets, got ${day.body.buckets.length}`);
  if (day.body.totals.total !== ROWS) throw new Error(`the trend counted ${day.body.totals.total} rows, not ${ROWS}`);

  const countTimes = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const t0 = performance.now();
    const [{ n }] = await sql`select count(*)::int as n from consumption_logs where created_at >= ${day.body.from}::timestamptz and created_at < ${day.body.to}::timestamptz`;
    if (i >= 2) countTimes.push(performance.now() - t0);
    if (n !== ROWS) throw new Error(`count(*) saw ${n} rows`);
  }

  console.log(
    ratioLine(
      `admin trend 90 days by day over ${fmt.int(ROWS)} log rows vs ${BUDGET_MS} ms budget`,
      median(day.times) / BUDGET_MS,
      { op: '<=', value: 1 },
      `median ${fmt.int(median(day.times))} ms, p90 ${fmt.int(p90(day.times))} ms over HTTP (${RUNS} runs); ` +
        `baseline select count(*) of the same rows ${fmt.int(median(countTimes))} ms (trend/count ${fmt.fixed(median(day.times) / median(countTimes))})`,
    ),
  );
  for (const [label, query] of [
    ['one project (half the rows), by day', { days: '90', granularity: 'day', projectKey: 'bench-a' }],
    ['by ISO week', { days: '90', granularity: 'week' }],
    ['by month', { days: '90', granularity: 'month' }],
  ]) {
    const r = await timeTrend(query);
    console.log(`  trend 90 days ${label}: median ${fmt.int(median(r.times))} ms, p90 ${fmt.int(p90(r.times))} ms (${r.body.buckets.length} buckets, ${fmt.int(r.body.totals.total)} rows)`);
  }
} finally {
  await app?.close();
  await sql?.end({ timeout: 5 });
  await database?.close();
  await scratch.drop();
}

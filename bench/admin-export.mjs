/**
 * CSV export of 1,000,000 consumption-log rows through
 * GET /api/admin/logs/export.csv, from a control plane running as its own
 * process (control-plane/dist/main.js), against the same run's baseline:
 * PostgreSQL's own `COPY (…) TO STDOUT (FORMAT csv)` of the same rows (same
 * joins, columns, timestamp format and order), read by this process.
 *   - throughput ratio export / COPY (target ≤ 3), medians of 3 rounds, alternating;
 *   - peak RSS of the control plane during the exports above its idle RSS
 *     (VmHWM, reset through /proc/<pid>/clear_refs before each export;
 *     target < 150 MB).
 * Run `npx tsc -b` first. Database: a throwaway one on DATABASE_URL's server.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { createScratchDatabase } from './lib/database.mjs';
import { fmt, machineLine, ratioLine } from './lib/report.mjs';

const ROWS = 1_000_000;
const ROUNDS = 3;
const TOKEN = randomBytes(24).toString('base64url');
const MAIN = fileURLToPath(new URL('../control-plane/dist/main.js', import.meta.url));

const { openPostgres } = await import('../control-plane/dist/db/client.js');
const { prepareDatabase } = await import('../control-plane/dist/db/bootstrap.js');

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Projects, 10,000 codes and devices, and ROWS log rows spread over the last 89 days, oldest first. */
async function loadRows(sql) {
  await sql`insert into projects (project_key, name) values ('bench-a', 'A'), ('bench-b', 'B')`;
  const [{ a, b }] = await sql`select min(id) as a, max(id) as b from projects where project_key like 'bench-%'`;
  await sql`insert into activation_codes (project_id, code, license_mode, remaining_count)
            select case when g % 2 = 0 then ${a}::int else ${b}::int end, 'BENCH-' || lpad(g::text, 8, '0'), 'COUNT', 1000
            from generate_series(1, 10000) g`;
  await sql`insert into devices (project_id, code_id, machine_id, public_key, fingerprint_hash, app_version)
            select project_id, id, 'machine-' || md5(id::text), 'pk', md5('fp' || id), '1.4.2' from activation_codes where code like 'BENCH-%' order by id`;
  await sql`update activation_codes c set device_id = d.id, activated_at = now() from devices d where d.code_id = c.id`;
  await sql`insert into consumption_logs (project_id, code_id, device_id, session_id, request_id, outcome, remaining_after, created_at)
            select d.project_id, d.code_id, d.id, 'ls_bench' || d.id, 'req-' || g,
                   case when g % 20 = 0 then 'idempotent' when g % 50 = 1 then 'time_checked' else 'deducted' end,
                   g % 1000, now() - interval '89 days' + g * (interval '89 days' / ${ROWS})
            from generate_series(1, ${ROWS}) g
            join devices d on d.id = (select min(id) from devices) + (g % 10000)
            order by g`;
  await sql`vacuum analyze`;
}

async function freePort() {
  const server = createServer();
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  await new Promise((r) => server.close(r));
  return port;
}

const status = (pid) => readFileSync(`/proc/${pid}/status`, 'utf8');
const kb = (text, field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);

async function startControlPlane(url) {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', PLUME_ADMIN_TOKEN: TOKEN, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`control plane exited (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`control plane not ready after 30 s: ${stderr}`);
}

/** Reads a byte stream to its end as fast as it comes, counting bytes and line feeds. */
async function drain(iterable) {
  let bytes = 0;
  let lines = 0;
  for await (const chunk of iterable) {
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  }
  return { bytes, lines };
}

console.log(machineLine());
const scratch = await createScratchDatabase();
let sql;
let plane;
// A stalled stream must end the run as a crash, not hang it.
setTimeout(() => {
  console.error('admin-export: no result after 10 minutes; giving up');
  plane?.child.kill('SIGKILL');
  Promise.race([scratch.drop(), new Promise((r) => setTimeout(r, 10_000))]).finally(() => process.exit(1));
}, 600_000).unref();
try {
  const database = openPostgres(scratch.url, 2);
  await prepareDatabase(database);
  await database.close();
  sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
  let started = performance.now();
  await loadRows(sql);
  console.log(`  loaded ${fmt.int(ROWS)} log rows in ${fmt.fixed((performance.now() - started) / 1000, 1)} s`);

  const from = new Date(Date.now() - 90 * 86_400_000).toISOString();
  const to = new Date(Date.now() + 3_600_000).toISOString();
  const copyStatement = `copy (
      select l.id, to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt", p.project_key as "projectKey",
             c.code, l.device_id as "deviceId", d.machine_id as "machineId", l.session_id as "sessionId", l.request_id as "requestId",
             l.outcome, l.remaining_after as "remainingAfter"
      from consumption_logs l
      left join projects p on p.id = l.project_id
      left join activation_codes c on c.id = l.code_id
      left join devices d on d.id = l.device_id
      where l.created_at >= '${from}' and l.created_at < '${to}'
      order by l.created_at, l.id
    ) to stdout with (format csv, header)`;

  plane = await startControlPlane(scratch.url);
  const pid = plane.child.pid;
  const headers = { authorization: `Bearer ${TOKEN}` };
  const exportUrl = `${plane.base}/api/admin/logs/export.csv?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  // Warm-up: one small export and one list, so idle means "has served this route", not "never loaded it".
  await drain((await fetch(`${exportUrl.replace(/from=[^&]*/, `from=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}`)}`, { headers })).body);
  await fetch(`${plane.base}/api/admin/logs?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&pageSize=1`, { headers });
  await new Promise((r) => setTimeout(r, 1000));
  const idleKb = kb(status(pid), 'VmRSS');

  const copyMs = [];
  const exportMs = [];
  let peakAboveIdleKb = 0;
  let copyBytes = 0;
  let exportBytes = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const runCopy = async () => {
      // A connection per COPY: postgres-js can stall a second COPY stream on a reused connection.
      const copySql = postgres(scratch.url, { max: 1, onnotice: () => {} });
      await copySql`select 1`;
      const t0 = performance.now();
      const r = await drain(await copySql.unsafe(copyStatement).readable());
      copyMs.push(performance.now() - t0);
      await copySql.end({ timeout: 5 });
      copyBytes = r.bytes;
      if (r.lines !== ROWS + 1) throw new Error(`COPY gave ${r.lines} lines`);
    };
    const runExport = async () => {
      let hwmReset = true;
      try {
        writeFileSync(`/proc/${pid}/clear_refs`, '5');
      } catch {
        hwmReset = false; // kernels or sandboxes without clear_refs: the 50 ms samples still bound the peak
      }
      let sampledKb = 0;
      const sampler = setInterval(() => (sampledKb = Math.max(sampledKb, kb(status(pid), 'VmRSS'))), 50);
      const t0 = performance.now();
      const res = await fetch(exportUrl, { headers });
      if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
      const r = await drain(res.body);
      exportMs.push(performance.now() - t0);
      clearInterval(sampler);
      exportBytes = r.bytes;
      if (r.lines !== ROWS + 1) throw new Error(`export gave ${r.lines} lines`);
      const peakKb = hwmReset ? Math.max(kb(status(pid), 'VmHWM'), sampledKb) : sampledKb;
      peakAboveIdleKb = Math.max(peakAboveIdleKb, peakKb - idleKb);
    };
    if (round % 2 === 0) {
      await runCopy();
      await runExport();
    } else {
      await runExport();
      await runCopy();
    }
    console.log(`  round ${round + 1}: export ${fmt.int(exportMs.at(-1))} ms, COPY ${fmt.int(copyMs.at(-1))} ms`);
  }

  const rate = (ms) => fmt.int(ROWS / (ms / 1000));
  console.log(
    ratioLine(
      `admin CSV export of ${fmt.int(ROWS)} log rows vs COPY … TO STDOUT (time)`,
      median(exportMs) / median(copyMs),
      { op: '<=', value: 3 },
      `export median ${fmt.int(median(exportMs))} ms (${rate(median(exportMs))} rows/s, ${fmt.fixed(exportBytes / 1e6, 1)} MB); ` +
        `COPY median ${fmt.int(median(copyMs))} ms (${rate(median(copyMs))} rows/s, ${fmt.fixed(copyBytes / 1e6, 1)} MB); ${ROUNDS} rounds each`,
    ),
  );
  const peakMb = peakAboveIdleKb / 1024;
  console.log(
    ratioLine(
      `admin CSV export peak control-plane memory above idle vs 150 MB budget`,
      peakMb / 150,
      { op: '<=', value: 1 },
      `peak ${fmt.fixed(peakMb, 1)} MB above idle RSS ${fmt.fixed(idleKb / 1024, 1)} MB (VmHWM and 50 ms RSS samples, worst of ${ROUNDS} exports)`,
    ),
  );
} finally {
  if (plane) {
    plane.child.kill('SIGTERM');
    await new Promise((r) => (plane.child.exitCode !== null ? r() : plane.child.once('exit', r)));
  }
  await sql?.end({ timeout: 5 });
  await scratch.drop();
}

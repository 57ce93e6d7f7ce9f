/**
 * Bulk code generation: POST /api/admin/codes/generate with quantity 100,000
 * over real HTTP (the answer, ~12 MB of JSON, read to the end), against the
 * same run's baseline: one plain multi-row INSERT of 100,000 rows of the same
 * shape into the same table (same indexes) over its own connection. Rounds
 * alternate which goes first, each into a fresh project, so a growing table
 * burdens both alike; medians are compared. Target: ratio ≤ 1.5.
 *
 * Imports the compiled control plane (run `npx tsc -b` first). Database: a
 * throwaway one on DATABASE_URL's server (default the local postgres).
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { createScratchDatabase } from './lib/database.mjs';
import { fmt, machineLine, ratioLine } from './lib/report.mjs';

const QUANTITY = 100_000;
const ROUNDS = 3;
const TOKEN = randomBytes(24).toString('base64url');

const { buildApp } = await import('../control-plane/dist/app.js');
const { loadConfig } = await import('../control-plane/dist/config.js');
const { openPostgres } = await import('../control-plane/dist/db/client.js');
const { committedMigrationCount, prepareDatabase } = await import('../control-plane/dist/db/bootstrap.js');
const { generateCodes } = await import('../control-plane/dist/license/admin/codes.js');

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(machineLine());
const scratch = await createScratchDatabase();
let app;
let database;
let sql;
try {
  const config = loadConfig({ DATABASE_URL: scratch.url, PLUME_ADMIN_TOKEN: TOKEN, LOG_LEVEL: 'silent' });
  database = openPostgres(scratch.url, 10);
  await prepareDatabase(database);
  app = await buildApp({ config, database, expectedMigrations: committedMigrationCount(), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.server.address().port}/api/admin`;
  const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
  sql = postgres(scratch.url, { max: 1, onnotice: () => {} });

  let projects = 0;
  async function newProject() {
    const projectKey = `bench-${++projects}`;
    const res = await fetch(`${base}/projects`, { method: 'POST', headers, body: JSON.stringify({ projectKey, name: projectKey }) });
    if (res.status !== 201) throw new Error(`project creation failed: ${res.status} ${await res.text()}`);
    const [row] = await sql`select id from projects where project_key = ${projectKey}`;
    return { projectKey, projectId: row.id };
  }

  async function viaApi() {
    const { projectKey } = await newProject();
    const started = performance.now();
    const res = await fetch(`${base}/codes/generate`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ projectKey, licenseMode: 'COUNT', quantity: QUANTITY, remainingCount: 1 }),
    });
    const text = await res.text();
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`generate failed: ${res.status} ${text.slice(0, 200)}`);
    const count = JSON.parse(text).codes.length;
    if (count !== QUANTITY) throw new Error(`generate answered ${count} codes, not ${QUANTITY}`);
    return { ms, bytes: text.length };
  }

  async function plainInsert() {
    const { projectId } = await newProject();
    // Same row shape as the API writes; the statement text is built before the clock starts.
    const values = generateCodes(QUANTITY).map((code) => `(${projectId},'${code}','COUNT',1,null)`).join(',');
    const statement = `insert into activation_codes (project_id, code, license_mode, remaining_count, expires_at) values ${values}`;
    const started = performance.now();
    const result = await sql.unsafe(statement);
    const ms = performance.now() - started;
    if (result.count !== QUANTITY) throw new Error(`baseline inserted ${result.count} rows`);
    return { ms };
  }

  // One small warm-up of each path (connections, JIT, plan caches).
  await fetch(`${base}/codes/generate`, { method: 'POST', headers, body: JSON.stringify({ projectKey: 'default', licenseMode: 'COUNT', quantity: 1000, remainingCount: 1 }) });
  await sql.unsafe(`insert into activation_codes (project_id, code, license_mode, remaining_count) select 1, 'warm-' || g, 'COUNT', 1 from generate_series(1, 1000) g`);

  const api = [];
  const baseline = [];
  let bytes = 0;
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      baseline.push((await plainInsert()).ms);
      const r = await viaApi();
      api.push(r.ms);
      bytes = r.bytes;
    } else {
      const r = await viaApi();
      api.push(r.ms);
      bytes = r.bytes;
      baseline.push((await plainInsert()).ms);
    }
    console.log(`  round ${round + 1}: API ${fmt.int(api.at(-1))} ms, plain INSERT ${fmt.int(baseline.at(-1))} ms`);
  }
  const ratio = median(api) / median(baseline);
  console.log(
    ratioLine(
      `admin codes/generate ${fmt.int(QUANTITY)} in one call vs plain multi-row INSERT`,
      ratio,
      { op: '<=', value: 1.5 },
      `API median ${fmt.int(median(api))} ms (${fmt.int(QUANTITY / (median(api) / 1000))} codes/s, answer ${fmt.fixed(bytes / 1e6, 1)} MB); ` +
        `INSERT median ${fmt.int(median(baseline))} ms (${fmt.int(QUANTITY / (median(baseline) / 1000))} rows/s); ${ROUNDS} rounds each`,
    ),
  );
} finally {
  await app?.close();
  await sql?.end({ timeout: 5 });
  await database?.close();
  await scratch.drop();
}

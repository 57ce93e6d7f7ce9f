/**
 * What recording an account's egress network costs a job's start: the
 * trigger on publish_jobs (migration 0019) that runs when a job becomes
 * running. The accept statement the hub coalesces (dispatchJobs.acceptMany,
 * compiled, real PostgreSQL) over batches of BENCH_BATCH starts (default
 * 100, a loaded replica's batch), timed with the trigger and, as the same-run
 * baseline, with it disabled; the rounds alternate. Most starts come from the
 * network recorded before (the common case: one read of two primary keys,
 * nothing written), which is what is measured; the warm-up also writes each
 * account's first row. Two figures: the trigger's own time per start as
 * PostgreSQL counts it (pg_stat_user_functions, track_functions = pl) against
 * the accept's time per start in the same rounds, target ≤ 10 %; and the
 * rounds' time with / without the trigger, median, target ≤ 1.10 (on a loaded
 * machine round-to-round noise can exceed the trigger's cost: the first
 * figure is the one to read).
 *
 * Env: DATABASE_URL (server for scratch databases), BENCH_STARTS (default
 * 4000 per round), BENCH_BATCH (default 100), BENCH_ACCOUNTS (default 200),
 * BENCH_ROUNDS (default 5 per side). Run `npx tsc -b` first.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { createScratchDatabase } from './lib/database.mjs';
import { fmt, machineLine, ratioLine } from './lib/report.mjs';

const envInt = (name, fallback) => {
  const v = process.env[name];
  const n = v === undefined || v === '' ? fallback : Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer`);
  return n;
};
const S = { starts: envInt('BENCH_STARTS', 4000), batch: envInt('BENCH_BATCH', 100), accounts: envInt('BENCH_ACCOUNTS', 200), rounds: envInt('BENCH_ROUNDS', 5) };

const { openPostgres } = await import('../control-plane/dist/db/client.js');
const { prepareDatabase } = await import('../control-plane/dist/db/bootstrap.js');
const { dispatchJobs } = await import('../control-plane/dist/nodes/dispatch-jobs.repository.js');
const { nodeRegistry } = await import('../control-plane/dist/nodes/node-registry.repository.js');

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(machineLine());
console.log(`  ${fmt.int(S.starts)} starts per round in batches of ${S.batch}, over ${S.accounts} accounts, ${S.rounds} rounds each way`);
const scratch = await createScratchDatabase();
let database;
let sql;
try {
  sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
  // Every connection opened from here on counts the time spent in PL/pgSQL functions (the trigger's).
  await sql.unsafe(`alter database ${scratch.name} set track_functions = 'pl'`);
  database = openPostgres(scratch.url, 4);
  await prepareDatabase(database);
  const [{ id: userId }] = await sql`insert into users (name, plan) values ('egress bench', '{"name":"bench","permissions":["publish"],"perMinuteLimit":1000,"dailyLimit":100000,"cmsEnabled":false}'::jsonb) returning id`;
  const nodeId = `node_${randomBytes(6).toString('hex')}`;
  await sql`insert into execution_nodes (id, kind, name) values (${nodeId}, 'edge', 'bench')`;
  const accounts = (
    await sql`insert into accounts (user_id, platform, display_name, executor, node_id, login_state, external_ref)
              select ${userId}, 'douyin', 'acc ' || g, 'edge', ${nodeId}, 'logged_in', 'ref-' || g from generate_series(1, ${S.accounts}) g returning id`
  ).map((r) => r.id);
  const epoch = (await nodeRegistry.openSession(database.db, nodeId, 'rep_bench', '203.0.113.0/24')).epoch;

  /** One round: S.starts jobs offered, then accepted S.batch at a time; the accept time in ms. */
  async function round(n) {
    const batchId = `bat_${randomBytes(8).toString('hex')}`;
    await sql`insert into publish_batches (id, user_id, content_type, executor, state, request_id) values (${batchId}, ${userId}, 'video', 'edge', 'queued', 'req-bench')`;
    const refs = Array.from({ length: S.starts }, (_, i) => ({ nodeId, epoch, jobId: `job_${n}_${i}_${randomBytes(3).toString('hex')}`, attemptId: `att_${n}_${i}` }));
    await sql`insert into publish_jobs (id, batch_id, user_id, account_id, platform, content_type, executor, node_id, node_epoch, quota_bucket, state,
                attempt_id, lease_until, payload, settings_snapshot, settings_hash, settings_contract_version)
              select j.id, ${batchId}, ${userId}, a.id, 'douyin', 'video', 'edge', ${nodeId}, ${epoch}, 'edge', 'offered', j.att, now() + interval '1 hour',
                     '{}'::jsonb, '{}'::jsonb, 'h', 'v'
              from unnest(${refs.map((r) => r.jobId)}::text[], ${refs.map((r) => r.attemptId)}::text[]) with ordinality as j(id, att, k)
              join unnest(${accounts}::int[]) with ordinality as a(id, k) on a.k = (j.k - 1) % ${accounts.length} + 1`;
    await sql`analyze publish_jobs`;
    const t0 = performance.now();
    for (let i = 0; i < refs.length; i += S.batch) {
      const answers = await dispatchJobs.acceptMany(database.db, refs.slice(i, i + S.batch), 600_000);
      if (answers.some((a) => a === null)) throw new Error('an accept was refused');
    }
    const ms = performance.now() - t0;
    // Out of the way of the next round (the accept's partial indexes stay small).
    await sql`update publish_jobs set state = 'succeeded', lease_until = null where batch_id = ${batchId}`;
    return ms;
  }

  // A warm-up each way (and every account's first egress row written).
  await round('w1');
  await sql`alter table publish_jobs disable trigger publish_jobs_egress`;
  await round('w2');
  const withTrigger = [];
  const without = [];
  for (let r = 0; r < S.rounds; r++) {
    await sql`alter table publish_jobs enable trigger publish_jobs_egress`;
    withTrigger.push(await round(`a${r}`));
    await sql`alter table publish_jobs disable trigger publish_jobs_egress`;
    without.push(await round(`b${r}`));
  }
  await sql`alter table publish_jobs enable trigger publish_jobs_egress`;
  // A backend's function statistics reach the shared counters by the time it exits.
  await database.close();
  database = undefined;
  const [fn] = await sql`select calls::int as calls, self_time as ms from pg_stat_user_functions where funcname = 'account_egress_on_start'`;
  const [{ n: changes }] = await sql`select count(*)::int as n from account_egress_changes`;
  if (changes !== 0) throw new Error(`${changes} egress changes recorded from one network`);
  const a = median(withTrigger);
  const b = median(without);
  const perStart = (ms) => `${fmt.fixed((ms * 1000) / S.starts, 1)} µs/start`;
  if (!fn || fn.calls < S.starts * (S.rounds + 1)) throw new Error(`the trigger ran ${fn?.calls ?? 0} times, expected ${S.starts * (S.rounds + 1)}`);
  const triggerUs = (fn.ms * 1000) / fn.calls;
  const acceptUs = (withTrigger.reduce((x, y) => x + y, 0) * 1000) / (S.starts * S.rounds);
  console.log(
    ratioLine('egress trigger time per job start vs the accept time per start', triggerUs / acceptUs, { op: '<=', value: 0.1 }, `${fmt.fixed(triggerUs, 1)} µs in the trigger (${fmt.int(fn.calls)} calls, pg_stat_user_functions) vs ${fmt.fixed(acceptUs, 1)} µs per accepted start in the rounds with it`),
  );
  console.log(
    ratioLine('job start with the egress trigger vs without', a / b, { op: '<=', value: 1.1 }, `median round ${fmt.fixed(a, 0)} vs ${fmt.fixed(b, 0)} ms (${perStart(a)} vs ${perStart(b)}); rounds with ${withTrigger.map((x) => fmt.fixed(x, 0)).join(', ')}, without ${without.map((x) => fmt.fixed(x, 0)).join(', ')} ms`),
  );
} finally {
  await sql?.end({ timeout: 5 });
  await database?.close();
  await scratch.drop();
}

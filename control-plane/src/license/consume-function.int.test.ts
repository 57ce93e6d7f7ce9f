/**
 * license_consume (migration 0006) deducts first and claims the requestId
 * after. These tests hold one consume's transaction open while a retry of the
 * same requestId waits behind it, so the retry takes the branches a plain
 * sequence never reaches: the claim already taken (its deduction is given
 * back) and the last use already spent by its own requestId.
 */
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../testing/db.js';
import { eventually } from '../testing/eventually.js';

describe.skipIf(!hasPostgres())('license_consume with a retry waiting on the first consume', () => {
  let t: TestDatabase;
  let first: postgres.Sql;
  let retry: postgres.Sql;
  let watcher: postgres.Sql;
  let retryPid: number;
  let projectId: number;

  beforeAll(async () => {
    t = await createTestDatabase();
    // One connection each: the first consume's transaction stays open on its own connection.
    first = postgres(t.url!, { max: 1, onnotice: () => {} });
    retry = postgres(t.url!, { max: 1, onnotice: () => {} });
    // Sees, from outside both, when the retry's backend waits for a lock.
    watcher = postgres(t.url!, { max: 1, onnotice: () => {} });
    [{ pid: retryPid }] = (await retry`select pg_backend_pid() as pid`) as unknown as [{ pid: number }];
    [{ id: projectId }] = (await first`insert into projects (project_key, name) values ('consume-fn', 'consume-fn') returning id`) as unknown as [{ id: number }];
  });
  afterAll(async () => {
    await Promise.all([first?.end(), retry?.end(), watcher?.end()]);
    await t?.close();
  });

  let codes = 0;
  async function code(remaining: number): Promise<number> {
    const [row] = await first`insert into activation_codes (project_id, code, license_mode, remaining_count)
      values (${projectId}, ${`CF-${++codes}`}, 'COUNT', ${remaining}) returning id::int as id`;
    return row!.id as number;
  }
  const consume = (sql: postgres.Sql, codeId: number, requestId: string) =>
    sql`select outcome, remaining from license_consume(${codeId}::bigint, ${requestId}, 'COUNT', ${projectId}, 1, 'ls_consume_fn')`.then((r) => r[0]);
  const state = async (codeId: number, requestId: string) => {
    const [c] = await first`select remaining_count from activation_codes where id = ${codeId}`;
    const claims = await first`select remaining_after from consume_requests where code_id = ${codeId} and request_id = ${requestId}`;
    const logs = await first`select outcome, remaining_after from consumption_logs where code_id = ${codeId} order by id`;
    return { remaining: c!.remaining_count, claims: claims.map((r) => r.remaining_after), logs: logs.map((r) => [r.outcome, r.remaining_after]) };
  };

  /** Runs the first consume in an open transaction, starts the retry, commits once the retry is waiting. */
  async function raced(codeId: number, requestId: string) {
    await first`begin`;
    const firstAnswer = await consume(first, codeId, requestId);
    let settled = false;
    const retried = consume(retry, codeId, requestId).finally(() => (settled = true));
    // Committed once the retry waits for the first consume's row lock, however long it takes to get there.
    await eventually(async () => (await watcher`select wait_event_type from pg_stat_activity where pid = ${retryPid}`)[0]?.wait_event_type).toBe('Lock');
    const waited = !settled;
    await first`commit`;
    return { firstAnswer, retryAnswer: await retried, waited };
  }

  it.each([
    ['finds its requestId claimed meanwhile gives its deduction back and answers idempotent', 5, 'rq-claimed', 4],
    ['finds the last use spent by its own requestId answers idempotent, not exhausted', 1, 'rq-last', 0],
  ] as const)('a retry that %s', async (_name, count, requestId, left) => {
    const codeId = await code(count);
    const { firstAnswer, retryAnswer, waited } = await raced(codeId, requestId);
    expect(waited).toBe(true);
    expect(firstAnswer).toEqual({ outcome: 'deducted', remaining: left });
    expect(retryAnswer).toEqual({ outcome: 'idempotent', remaining: left });
    expect(await state(codeId, requestId)).toEqual({ remaining: left, claims: [left], logs: [['deducted', left], ['idempotent', left]] });
  });

  it('an exhausted consume claims nothing, so its requestId is judged afresh later', async () => {
    const codeId = await code(0);
    expect(await consume(retry, codeId, 'rq-none')).toEqual({ outcome: 'exhausted', remaining: 0 });
    await first`update activation_codes set remaining_count = 1 where id = ${codeId}`;
    expect(await consume(retry, codeId, 'rq-none')).toEqual({ outcome: 'deducted', remaining: 0 });
    expect(await state(codeId, 'rq-none')).toEqual({ remaining: 0, claims: [0], logs: [['exhausted', 0], ['deducted', 0]] });
  });
});

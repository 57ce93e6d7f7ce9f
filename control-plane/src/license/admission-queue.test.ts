/**
 * The group-commit queue on its own, with a scripted statement runner: what
 * shares a statement, what waits, and that every admission is answered exactly
 * once whatever the statements do.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AdmissionQueue, type AdmitBatch } from './admission-queue.js';
import type { AdmitSignedAnswer, AdmitSignedInput, AdmitSignedResult } from './session.repository.js';

const input = (sessionId: string, nonce: string, consume = false): AdmitSignedInput => ({
  tokenHash: `th-${sessionId}`,
  judged: { sessionId, devicePublicKey: 'pk', policyJson: '{}', requestsPerWindow: 600 },
  now: new Date(0),
  nonce,
  nonceExpiresAt: new Date(0),
  rateKey: `lic:session:${sessionId}`,
  windowStart: new Date(0),
  windowExpiresAt: new Date(0),
  ...(consume ? { consume: { requestId: nonce, fingerprintHash: 'fp' } } : {}),
});

/** A result that names the nonce it answers, so a test can tell answers apart. */
const result = (a: AdmitSignedInput): AdmitSignedResult =>
  ({ ctx: { sessionId: a.judged.sessionId }, attempted: true, fresh: true, count: 1, consumed: null, nonce: a.nonce }) as unknown as AdmitSignedResult;

class PgError extends Error {
  severity = 'ERROR';
  constructor(public code: string) {
    super(`pg ${code}`);
  }
}

/** A runner whose statements finish when the test says so. */
function scripted(answer: (inputs: readonly AdmitSignedInput[]) => AdmitSignedAnswer[] | Error = (inputs) => inputs.map(result)) {
  const statements: Array<{ inputs: readonly AdmitSignedInput[]; finish: () => void }> = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const run: AdmitBatch = (inputs) =>
    new Promise((resolve, reject) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      statements.push({
        inputs,
        finish: () => {
          inFlight--;
          const out = answer(inputs);
          if (out instanceof Error) reject(out);
          else resolve(out);
        },
      });
    });
  return { run, statements, maxInFlight: () => maxInFlight };
}

const turn = () => new Promise((r) => setImmediate(r));

/** Finishes statements in order until every promise has settled. */
async function drain(s: ReturnType<typeof scripted>, settled: () => boolean) {
  let finished = 0;
  for (let guard = 0; guard < 1000 && !settled(); guard++) {
    await turn();
    while (finished < s.statements.length) s.statements[finished++]!.finish();
    await turn();
  }
}

describe('happy path', () => {
  it('admissions that arrive while a statement is in flight go out together in the next one', async () => {
    const s = scripted();
    const queue = new AdmissionQueue({ run: s.run, lanes: 1 });
    const first = queue.admit(input('ls_1', 'n1'), { sessionId: 'ls_1' });
    await turn();
    expect(s.statements).toHaveLength(1);
    const later = ['ls_2', 'ls_3', 'ls_4'].map((id) => queue.admit(input(id, `n-${id}`), { sessionId: id }));
    await turn();
    expect(s.statements).toHaveLength(1);
    s.statements[0]!.finish();
    expect(await first).toMatchObject({ nonce: 'n1' });
    await turn();
    expect(s.statements).toHaveLength(2);
    expect(s.statements[1]!.inputs.map((i) => i.nonce)).toEqual(['n-ls_2', 'n-ls_3', 'n-ls_4']);
    s.statements[1]!.finish();
    expect((await Promise.all(later)).map((r) => (r as unknown as { nonce: string }).nonce)).toEqual(['n-ls_2', 'n-ls_3', 'n-ls_4']);
    expect(queue.stats).toEqual({ statements: 2, admissions: 4, largest: 3 });
  });

  it('requests of one turn share the first statement, up to the cap', async () => {
    const s = scripted();
    const queue = new AdmissionQueue({ run: s.run, lanes: 2, maxBatch: 3, spillAfterMs: 0 });
    const all = Array.from({ length: 7 }, (_, i) => queue.admit(input(`ls_${i}`, `n${i}`), { sessionId: `ls_${i}` }));
    await turn();
    // Two lanes: two statements of three at once; the seventh waits for a lane.
    expect(s.statements.map((st) => st.inputs.length)).toEqual([3, 3]);
    await drain(s, () => s.statements.length === 3 && queue.stats.admissions === 7);
    s.statements[2]!.finish();
    expect(await Promise.all(all)).toHaveLength(7);
  });

  it('two admissions of one session never share a statement nor run at once; nor two consumes of one code', async () => {
    const s = scripted();
    const queue = new AdmissionQueue({ run: s.run, lanes: 2, spillAfterMs: 0 });
    const answers = [
      queue.admit(input('ls_a', 'a1'), { sessionId: 'ls_a' }),
      queue.admit(input('ls_a', 'a2', true), { sessionId: 'ls_a', codeId: 1 }),
      queue.admit(input('ls_b', 'b1', true), { sessionId: 'ls_b', codeId: 1 }),
      queue.admit(input('ls_c', 'c1', true), { sessionId: 'ls_c', codeId: 2 }),
      // A status of a session whose code is being consumed elsewhere is no conflict.
      queue.admit(input('ls_d', 'd1'), { sessionId: 'ls_d', codeId: 2 }),
    ];
    await turn();
    // The second lane finds nothing it may send while the first statement holds ls_a and code 1.
    expect(s.statements.map((st) => st.inputs.map((i) => i.nonce))).toEqual([['a1', 'b1', 'c1', 'd1']]);
    s.statements[0]!.finish();
    await turn();
    await turn();
    expect(s.statements.map((st) => st.inputs.map((i) => i.nonce))).toEqual([['a1', 'b1', 'c1', 'd1'], ['a2']]);
    s.statements[1]!.finish();
    expect(await Promise.all(answers)).toHaveLength(5);
  });

  it('a second connection is used only once the statement in flight has run spillAfterMs', async () => {
    const s = scripted();
    const queue = new AdmissionQueue({ run: s.run, lanes: 2, spillAfterMs: 40 });
    const first = queue.admit(input('ls_1', 'n1'), { sessionId: 'ls_1' });
    await turn();
    const later = [queue.admit(input('ls_2', 'n2'), { sessionId: 'ls_2' }), queue.admit(input('ls_3', 'n3'), { sessionId: 'ls_3' })];
    await new Promise((r) => setTimeout(r, 10));
    expect(s.statements).toHaveLength(1);
    // The first statement is slow: after spillAfterMs the queued admissions go out on the other connection.
    // (Polled rather than slept for: under a loaded test run the spill timer may fire late; the test's timeout bounds it.)
    while (s.statements.length < 2) await new Promise((r) => setTimeout(r, 10));
    expect(s.statements.map((st) => st.inputs.map((i) => i.nonce))).toEqual([['n1'], ['n2', 'n3']]);
    s.statements[1]!.finish();
    expect(await Promise.all(later)).toHaveLength(2);
    // Still stuck: the next admission takes the free connection at once, not after another wait.
    const next = queue.admit(input('ls_4', 'n4'), { sessionId: 'ls_4' });
    await new Promise((r) => setTimeout(r, 5));
    expect(s.statements).toHaveLength(3);
    s.statements[2]!.finish();
    s.statements[0]!.finish();
    expect(await first).toMatchObject({ nonce: 'n1' });
    expect(await next).toMatchObject({ nonce: 'n4' });
    expect(queue.stats.statements).toBe(3);
  });

  it('a row the statement deferred is sent again, and answered once', async () => {
    let deferOnce = true;
    const s = scripted((inputs) =>
      inputs.map((a) => {
        if (a.nonce === 'x2' && deferOnce) {
          deferOnce = false;
          return 'deferred';
        }
        return result(a);
      }),
    );
    const queue = new AdmissionQueue({ run: s.run });
    const answers = [queue.admit(input('ls_x', 'x1', true), { sessionId: 'ls_x', codeId: 1 }), queue.admit(input('ls_y', 'x2', true), { sessionId: 'ls_y', codeId: 2 })];
    await drain(s, () => queue.stats.statements === 2 && s.statements.length === 2);
    expect(s.statements.map((st) => st.inputs.map((i) => i.nonce))).toEqual([['x1', 'x2'], ['x2']]);
    expect((await Promise.all(answers)).map((r) => (r as unknown as { nonce: string }).nonce)).toEqual(['x1', 'x2']);
  });

  it('an unknown token answers null for that row only', async () => {
    const s = scripted((inputs) => inputs.map((a) => (a.nonce === 'gone' ? null : result(a))));
    const queue = new AdmissionQueue({ run: s.run });
    const answers = Promise.all([queue.admit(input('ls_1', 'gone'), { sessionId: 'ls_1' }), queue.admit(input('ls_2', 'here'), { sessionId: 'ls_2' })]);
    await drain(s, () => s.statements.length >= 1);
    const [gone, here] = await answers;
    expect(gone).toBeNull();
    expect(here).toMatchObject({ nonce: 'here' });
  });
});

describe('errors', () => {
  it('a database error sends every admission of the statement again alone, and fails only the one that fails alone', async () => {
    const s = scripted((inputs) => (inputs.some((a) => a.nonce === 'bad') ? new PgError('22P02') : inputs.map(result)));
    const queue = new AdmissionQueue({ run: s.run });
    const answers = ['ok1', 'bad', 'ok2'].map((n, i) => queue.admit(input(`ls_${i}`, n), { sessionId: `ls_${i}` }).then((r) => r, (e: Error) => e));
    let settledCount = 0;
    for (const a of answers) void a.then(() => settledCount++);
    await drain(s, () => settledCount === 3);
    expect(s.statements.map((st) => st.inputs.map((i) => i.nonce))).toEqual([['ok1', 'bad', 'ok2'], ['ok1'], ['bad'], ['ok2']]);
    const [ok1, bad, ok2] = await Promise.all(answers);
    expect(ok1).toMatchObject({ nonce: 'ok1' });
    expect(bad).toBeInstanceOf(PgError);
    expect(ok2).toMatchObject({ nonce: 'ok2' });
  });

  it('a lost connection fails every admission of that statement and sends none again (it may have committed)', async () => {
    const lost = Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' });
    const s = scripted(() => lost);
    const queue = new AdmissionQueue({ run: s.run });
    const answers = ['n1', 'n2'].map((n, i) => queue.admit(input(`ls_${i}`, n), { sessionId: `ls_${i}` }).then((r) => r, (e: Error) => e));
    let settledCount = 0;
    for (const a of answers) void a.then(() => settledCount++);
    await drain(s, () => settledCount === 2);
    expect(await Promise.all(answers)).toEqual([lost, lost]);
    expect(s.statements).toHaveLength(1);
  });

  it('every admission is answered exactly once, whatever the statements do', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ session: fc.integer({ min: 0, max: 5 }), consume: fc.boolean(), code: fc.integer({ min: 0, max: 3 }) }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 8 }),
        fc.func(fc.constantFrom<'ok' | 'defer' | 'pgerror'>('ok', 'ok', 'ok', 'defer', 'pgerror')),
        async (items, lanes, maxBatch, fate) => {
          const committed = new Map<string, number>();
          let statementNo = 0;
          const s = scripted((inputs) => {
            const n = statementNo++;
            if (inputs.length > 1 && fate(n, 0) === 'pgerror') return new PgError('40P01');
            const sessions = new Set(inputs.map((a) => a.judged.sessionId));
            expect(sessions.size).toBe(inputs.length);
            return inputs.map((a, i) => {
              // As ADMIT_SIGNED does: never the first row, which has no earlier row to yield to.
              if (i > 0 && fate(n, i + 1) === 'defer') return 'deferred';
              committed.set(a.nonce, (committed.get(a.nonce) ?? 0) + 1);
              return result(a);
            });
          });
          const queue = new AdmissionQueue({ run: s.run, lanes, maxBatch, spillAfterMs: 0 });
          let settledCount = 0;
          const answers = items.map((it, i) => {
            const a = input(`ls_${it.session}`, `n${i}`, it.consume);
            return queue.admit(a, { sessionId: a.judged.sessionId, codeId: it.code }).finally(() => settledCount++);
          });
          await drain(s, () => settledCount === items.length);
          const out = await Promise.all(answers);
          expect(out.map((r) => (r as unknown as { nonce: string }).nonce)).toEqual(items.map((_, i) => `n${i}`));
          expect([...committed.values()].every((n) => n === 1)).toBe(true);
          expect(committed.size).toBe(items.length);
          expect(s.maxInFlight()).toBeLessThanOrEqual(lanes);
        },
      ),
      { numRuns: 150 },
    );
  });
});

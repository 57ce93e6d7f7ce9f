import { describe, expect, it } from 'vitest';
import { BatchedLookup } from './batched-lookup.js';

interface Row {
  key: number;
  value: string;
}

/** A query whose answers the test releases by hand, recording which keys each call asked for. */
function controlledQuery() {
  const calls: Array<{ keys: number[]; release: (rows?: Row[]) => void; fail: (e: Error) => void }> = [];
  const query = (keys: number[]) =>
    new Promise<Row[]>((resolve, reject) => {
      calls.push({
        keys,
        release: (rows) => resolve(rows ?? keys.map((key) => ({ key, value: `v${key}#${calls.length}` }))),
        fail: reject,
      });
    });
  return { calls, query };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('BatchedLookup', () => {
  it('sends a lone lookup at once', async () => {
    const { calls, query } = controlledQuery();
    const lookup = new BatchedLookup<number, Row>({ query, keyOf: (r) => r.key });
    const answer = lookup.get(1);
    expect(calls.map((c) => c.keys)).toEqual([[1]]);
    calls[0]!.release();
    expect(await answer).toEqual([{ key: 1, value: 'v1#1' }]);
  });

  it('batches what arrives during a query into the next one, never into the one in flight', async () => {
    const { calls, query } = controlledQuery();
    const lookup = new BatchedLookup<number, Row>({ query, keyOf: (r) => r.key });
    const first = lookup.get(1);
    const later = [lookup.get(1), lookup.get(2), lookup.get(2), lookup.get(3)];
    expect(calls).toHaveLength(1);
    calls[0]!.release();
    expect(await first).toEqual([{ key: 1, value: 'v1#1' }]);
    await tick();
    // The second query was sent after every later lookup arrived, and answers all of them.
    expect(calls.map((c) => c.keys)).toEqual([[1], [1, 2, 3]]);
    calls[1]!.release([
      { key: 2, value: 'a' },
      { key: 1, value: 'b' },
      { key: 2, value: 'c' },
    ]);
    expect(await Promise.all(later)).toEqual([[{ key: 1, value: 'b' }], [{ key: 2, value: 'a' }, { key: 2, value: 'c' }], [{ key: 2, value: 'a' }, { key: 2, value: 'c' }], []]);
  });

  it('fails only the batch whose query failed, then goes on', async () => {
    const { calls, query } = controlledQuery();
    const lookup = new BatchedLookup<number, Row>({ query, keyOf: (r) => r.key });
    const failed = lookup.get(1);
    const next = lookup.get(2);
    calls[0]!.fail(new Error('connection reset'));
    await expect(failed).rejects.toThrow('connection reset');
    await tick();
    calls[1]!.release();
    expect(await next).toEqual([{ key: 2, value: 'v2#2' }]);
  });

  it('turns a query that throws into a rejection of its batch', async () => {
    let n = 0;
    const lookup = new BatchedLookup<number, Row>({
      query: async (keys) => {
        if (n++ === 0) throw new Error('bad');
        return keys.map((key) => ({ key, value: 'ok' }));
      },
      keyOf: (r) => r.key,
    });
    await expect(lookup.get(1)).rejects.toThrow('bad');
    expect(await lookup.get(1)).toEqual([{ key: 1, value: 'ok' }]);
  });

  it('sends at most maxBatch keys per query', async () => {
    const { calls, query } = controlledQuery();
    const lookup = new BatchedLookup<number, Row>({ query, keyOf: (r) => r.key, maxBatch: 2 });
    const all = [0, 1, 2, 3, 4].map((k) => lookup.get(k));
    for (let i = 0; i < 3; i++) {
      await tick();
      calls[i]!.release();
    }
    expect(calls.map((c) => c.keys)).toEqual([[0], [1, 2], [3, 4]]);
    expect((await Promise.all(all)).map((rows) => rows[0]!.key)).toEqual([0, 1, 2, 3, 4]);
  });
});

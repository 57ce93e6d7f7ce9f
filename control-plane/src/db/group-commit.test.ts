/**
 * The generic group-commit queue's retry answers (the admission queue's tests
 * cover batching, keys, lanes and statement errors through its wrapper).
 */
import { describe, expect, it } from 'vitest';
import { ALONE, DEFERRED, GroupCommitQueue, type Retry } from './group-commit.js';

describe('retry answers', () => {
  it('ALONE sends the item again in a statement of its own; DEFERRED in a later shared one', async () => {
    const statements: string[][] = [];
    const queue = new GroupCommitQueue<string, string>({
      run: async (inputs) => {
        statements.push([...inputs]);
        const first = statements.length === 1;
        return inputs.map((x): string | Retry => (first && x === 'b' ? ALONE : first && x === 'c' ? DEFERRED : `ok:${x}`));
      },
    });
    const answers = await Promise.all(['a', 'b', 'c', 'd'].map((x) => queue.submit(x)));
    expect(answers).toEqual(['ok:a', 'ok:b', 'ok:c', 'ok:d']);
    // b goes out first and alone (retries keep their place ahead of later items), then c.
    expect(statements).toEqual([['a', 'b', 'c', 'd'], ['b'], ['c']]);
  });

  it('an item answered ALONE while alone is refused rather than sent forever', async () => {
    let runs = 0;
    const queue = new GroupCommitQueue<string, string>({
      run: async (inputs) => {
        runs++;
        return inputs.map(() => ALONE);
      },
    });
    await expect(queue.submit('x')).rejects.toThrow(/sent alone was not decided/);
    // Once among (possibly) others, once alone.
    expect(runs).toBe(2);
  });
});

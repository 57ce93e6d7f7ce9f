import { describe, expect, it } from 'vitest';
import { Coalescer } from './coalescer.js';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('Coalescer', () => {
  it('sends the first item at once and batches what arrives while a batch runs', async () => {
    const batches: number[][] = [];
    const gates: Array<() => void> = [];
    const c = new Coalescer(
      async (items: number[]) => {
        batches.push(items);
        await new Promise<void>((r) => gates.push(r));
        return items.map((i) => i * 10);
      },
      { maxInFlight: 1 },
    );
    const first = c.push(1);
    expect(batches).toEqual([[1]]);
    const rest = [c.push(2), c.push(3), c.push(4)];
    await tick();
    expect(batches).toEqual([[1]]);
    gates.shift()!();
    expect(await first).toBe(10);
    await tick();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    gates.shift()!();
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
  });

  it('keeps at most maxInFlight batches running and caps their size', async () => {
    let running = 0;
    let most = 0;
    const sizes: number[] = [];
    const c = new Coalescer(
      async (items: number[]) => {
        running++;
        most = Math.max(most, running);
        sizes.push(items.length);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        return items;
      },
      { maxInFlight: 2, maxBatch: 10 },
    );
    const out = await Promise.all(Array.from({ length: 45 }, (_, i) => c.push(i)));
    expect(out).toEqual(Array.from({ length: 45 }, (_, i) => i));
    expect(most).toBe(2);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(10);
  });

  it('a failed batch is retried item by item: only the bad item is rejected', async () => {
    const c = new Coalescer(
      async (items: string[]) => {
        await new Promise((r) => setTimeout(r, 1));
        if (items.includes('bad')) throw new Error('bad item');
        return items.map((s) => s.toUpperCase());
      },
      { maxInFlight: 1 },
    );
    const first = c.push('x');
    const batch = [c.push('a'), c.push('bad'), c.push('b')];
    expect(await first).toBe('X');
    const settled = await Promise.allSettled(batch);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual(['A', 'bad item', 'B']);
  });

  it('rejects the item of a failed batch of one, and later batches still run', async () => {
    let fail = true;
    const c = new Coalescer(async (items: string[]) => {
      if (fail) throw new Error('boom');
      return items.map((s) => s.toUpperCase());
    });
    await expect(c.push('a')).rejects.toThrow('boom');
    fail = false;
    expect(await c.push('b')).toBe('B');
  });
});

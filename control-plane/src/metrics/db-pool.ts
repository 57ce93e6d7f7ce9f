/**
 * Pool use, counted around the query layer: the `postgres` driver keeps its
 * connection queues to itself, so this counts what the process hands it —
 * statements (`unsafe`, which drizzle and the prepared statements use) and
 * transactions (`begin`, which hold one connection from BEGIN to COMMIT) —
 * from the call until the answer. Each connection runs one statement at a
 * time, so whatever is in flight beyond the pool size waits for a connection
 * (queued in the driver or pipelined behind another statement).
 *
 * The count is per statement, not per request: the license hot path sends
 * one statement per batch of requests (group commit).
 */
import type { Sql } from 'postgres';
import { type PoolUse, pools } from './instruments.js';

class PoolCount implements PoolUse {
  inFlight = 0;
  constructor(
    readonly pool: string,
    readonly max: number,
  ) {}
}

/**
 * The same client, counted. Calls inside a transaction go through the
 * transaction's own handle and are not counted again; the driver's own
 * BEGIN goes through the original client and is not counted either.
 */
export function countedPool<T extends Sql>(client: T, pool: string, max: number): { client: T; release: () => void } {
  const count = new PoolCount(pool, max);
  const settle = () => {
    count.inFlight--;
  };
  const unsafe = (...args: Parameters<Sql['unsafe']>) => {
    const query = client.unsafe(...args);
    count.inFlight++;
    // The driver settles a query through these two; wrapping them adds no promise to the chain.
    const q = query as unknown as { resolve: (x: unknown) => void; reject: (e: unknown) => void };
    const { resolve, reject } = q;
    // A failing connection may report the same query's error twice: count it once.
    let open = true;
    q.resolve = (x) => {
      if (open) (open = false), settle();
      resolve(x);
    };
    q.reject = (e) => {
      if (open) (open = false), settle();
      reject(e);
    };
    return query;
  };
  const begin = (...args: unknown[]) => {
    count.inFlight++;
    return (client.begin as (...a: unknown[]) => Promise<unknown>)(...args).finally(settle);
  };
  const counted = new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe') return unsafe;
      if (property === 'begin') return begin;
      return Reflect.get(target, property, receiver);
    },
  });
  return { client: counted, release: pools.add(count) };
}

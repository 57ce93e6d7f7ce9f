/**
 * Reads by key, batched: lookups that arrive while the previous batch's query
 * is in flight wait for it to finish and then go out together as one query
 * (`where key = any($1)`), each caller getting its own key's rows. Under load
 * that is one round trip, one socket write and one parse for many requests;
 * alone, a lookup goes out at once.
 *
 * Never staler than an unbatched read: a lookup only ever joins a query that
 * has not been sent yet, so the query's snapshot is taken after the lookup
 * arrived — a write committed before the lookup (say, the caller's own
 * publish) is always seen. In-flight queries are never shared.
 *
 * Per process, and only a queue: what is read lives in PostgreSQL.
 */
export interface BatchedLookupOptions<K, R> {
  /** One query for every key of the batch (distinct); rows of keys with none may be absent. */
  query: (keys: K[]) => Promise<R[]>;
  /** The key a row belongs to. */
  keyOf: (row: R) => K;
  /** Keys per query at most (the rest waits for the next). Default 256. */
  maxBatch?: number;
}

interface Waiter<R> {
  resolve: (rows: R[]) => void;
  reject: (error: unknown) => void;
}

export class BatchedLookup<K, R> {
  private readonly waiting = new Map<K, Array<Waiter<R>>>();
  private inFlight = false;
  private readonly maxBatch: number;

  constructor(private readonly options: BatchedLookupOptions<K, R>) {
    this.maxBatch = options.maxBatch ?? 256;
  }

  /** The key's rows, from a query sent after this call. */
  get(key: K): Promise<R[]> {
    return new Promise<R[]>((resolve, reject) => {
      const list = this.waiting.get(key);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (!this.inFlight) this.flush();
    });
  }

  private flush(): void {
    if (this.waiting.size === 0) return;
    const batch = new Map<K, Array<Waiter<R>>>();
    for (const [key, waiters] of this.waiting) {
      if (batch.size === this.maxBatch) break;
      batch.set(key, waiters);
    }
    for (const key of batch.keys()) this.waiting.delete(key);
    this.inFlight = true;
    let answer: Promise<R[]>;
    try {
      answer = this.options.query([...batch.keys()]);
    } catch (error) {
      answer = Promise.reject(error);
    }
    answer.then(
      (rows) => {
        const byKey = new Map<K, R[]>();
        for (const row of rows) {
          const key = this.options.keyOf(row);
          const list = byKey.get(key);
          if (list) list.push(row);
          else byKey.set(key, [row]);
        }
        for (const [key, waiters] of batch) for (const w of waiters) w.resolve(byKey.get(key) ?? []);
      },
      (error: unknown) => {
        for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
      },
    ).finally(() => {
      this.inFlight = false;
      this.flush();
    });
  }
}

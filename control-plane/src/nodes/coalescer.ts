/**
 * Turns many concurrent single-item requests into few batched ones. The
 * first item is sent at once (no timer: an idle replica adds no latency);
 * items that arrive while `maxInFlight` batches are running wait and go
 * together in the next one. Under load, a transition of 200 jobs is one
 * statement instead of 200, which is what lets one replica keep up with a
 * queue without holding a pool connection per job.
 */
export class Coalescer<I, O> {
  private pending: Array<{ item: I; resolve: (o: O) => void; reject: (e: unknown) => void }> = [];
  private inFlight = 0;

  /** `run` answers one output per input, in the same order. */
  constructor(
    private readonly run: (items: I[]) => Promise<O[]>,
    private readonly o: { maxBatch?: number; maxInFlight?: number } = {},
  ) {}

  push(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    const maxInFlight = this.o.maxInFlight ?? 2;
    const maxBatch = this.o.maxBatch ?? 500;
    while (this.inFlight < maxInFlight && this.pending.length > 0) {
      const batch = this.pending.splice(0, maxBatch);
      this.inFlight++;
      void this.flush(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async flush(batch: Array<{ item: I; resolve: (o: O) => void; reject: (e: unknown) => void }>): Promise<void> {
    try {
      const out = await this.run(batch.map((b) => b.item));
      batch.forEach((b, i) => b.resolve(out[i] as O));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      // One bad item must not fail the others with it (they would be resent and fail together
      // again): a failed batch is retried item by item, and only what fails alone is rejected.
      await Promise.all(
        batch.map(async (b) => {
          try {
            b.resolve((await this.run([b.item]))[0] as O);
          } catch (e) {
            b.reject(e);
          }
        }),
      );
    }
  }
}

/**
 * Group commit for publish writes (db/group-commit.ts): the publishes that
 * arrive while a statement is in flight go out together as the next
 * statement (publish.repository.ts PUBLISH_WRITES). Publishes of one user
 * contend for the user's quota rows, which a publish holds locked until its
 * commit: one at a time, they capped a user's publishes at one commit each
 * (bench/dispatch-throughput.mjs: the statement waited 11 ms on average for
 * the row at 32 in flight). Together, one lock and one commit serve them all.
 *
 * PostgreSQL still decides each publish: its judged accounts, its quota.
 * A publish refused for quota in a statement it shared was judged counting
 * the publishes ahead of it as if all were written, so it is sent again in a
 * statement of its own, whose refusal is final. Only the root handle is
 * queued; a publish inside an Idempotency-Key transaction writes alone in it.
 */
import { ALONE, GroupCommitQueue } from '../../db/group-commit.js';
import type { Db } from '../../db/client.js';
import { type InsertOutcome, publishRepository, type PublishWrite } from './publish.repository.js';

/** Statements in flight at once: a second connection takes the next one when the first is slow. */
const LANES = 2;
/** Publishes per statement at most (each may carry many jobs). */
const MAX_BATCH = 32;

const queues = new WeakMap<Db, GroupCommitQueue<PublishWrite, InsertOutcome>>();

function queueOf(db: Db): GroupCommitQueue<PublishWrite, InsertOutcome> {
  let queue = queues.get(db);
  if (!queue) {
    queue = new GroupCommitQueue<PublishWrite, InsertOutcome>({
      run: async (writes) => {
        const outcomes = await publishRepository.insertBatches(db, writes);
        return writes.length > 1 ? outcomes.map((o) => (!o.written && 'short' in o ? ALONE : o)) : outcomes;
      },
      lanes: LANES,
      maxBatch: MAX_BATCH,
      name: 'publish',
    });
    queues.set(db, queue);
  }
  return queue;
}

/** Writes one publish: through the replica's queue on the root handle, alone inside a transaction. */
export async function writePublish(db: Db, write: PublishWrite, root: boolean): Promise<InsertOutcome> {
  if (root) return queueOf(db).submit(write);
  const [outcome] = await publishRepository.insertBatches(db, [write]);
  return outcome!;
}

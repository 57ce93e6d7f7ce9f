/**
 * Group commit for signed-request admissions (db/group-commit.ts): the
 * admissions that arrive while a statement is in flight on the
 * signed-request connections go out together as ONE statement
 * (session.repository.ts ADMIT_SIGNED). PostgreSQL still decides each row:
 * judged facts, nonce, rate counter, license_consume.
 *
 * Two admissions of one session never share a statement nor run in two
 * statements at once (their rate counter row is one row), and neither do two
 * consumes of one activation code; the later one waits for the next
 * statement. Within the process this also keeps concurrent statements off
 * each other's rows, so they never wait on each other's locks. A row the
 * statement deferred anyway (the code it found differs from the hint) is
 * sent again.
 */
import { DEFERRED, GroupCommitQueue } from '../db/group-commit.js';
import type { AdmitSignedAnswer, AdmitSignedInput, AdmitSignedResult } from './session.repository.js';

export { isStatementError } from '../db/group-commit.js';

/** Runs one statement for a batch: one answer per input, in order. */
export type AdmitBatch = (inputs: readonly AdmitSignedInput[]) => Promise<AdmitSignedAnswer[]>;

export interface AdmissionQueueOptions {
  run: AdmitBatch;
  /** Statements in flight at once: the connections the statements run on (Database.signedRequestConnections). */
  lanes?: number;
  /** Admissions per statement at most. */
  maxBatch?: number;
  /** How long the statement in flight may run before another connection takes the next one (ms). */
  spillAfterMs?: number;
}

/** The keys that may appear once per statement and once in flight. */
export interface AdmissionKeys {
  sessionId: string;
  /** For consume: the activation code judged (a hint; the statement defers on the code it actually finds). */
  codeId?: number;
}

interface Keyed {
  input: AdmitSignedInput;
  keys: readonly string[];
}

export class AdmissionQueue {
  private readonly queue: GroupCommitQueue<Keyed, AdmitSignedResult | null>;

  constructor({ run, lanes, maxBatch, spillAfterMs }: AdmissionQueueOptions) {
    this.queue = new GroupCommitQueue<Keyed, AdmitSignedResult | null>({
      run: async (items) => (await run(items.map((k) => k.input))).map((a) => (a === 'deferred' ? DEFERRED : a)),
      keys: (k) => k.keys,
      lanes,
      maxBatch,
      spillAfterMs,
      name: 'license_admission',
    });
  }

  /** Statements sent and admissions they carried. */
  get stats(): { statements: number; admissions: number; largest: number } {
    const { statements, items, largest } = this.queue.stats;
    return { statements, admissions: items, largest };
  }

  admit(input: AdmitSignedInput, keys: AdmissionKeys): Promise<AdmitSignedResult | null> {
    const code = input.consume && keys.codeId !== undefined ? [`c:${keys.codeId}`] : [];
    return this.queue.submit({ input, keys: [`s:${keys.sessionId}`, ...code] });
  }
}

/**
 * The commit journal: before asking to commit (the one non-repeatable step)
 * the node records the attempt on disk, fsynced. After a crash the daemon
 * knows which attempts may have clicked, reports them as `interrupted` in its
 * next hello (the control plane then verifies, never re-runs them), and
 * refuses to run such an attempt again.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileDurable } from '../fs-durable.js';

export interface JournalEntry {
  jobId: string;
  attemptId: string;
  phase: 'committing' | 'committed';
  at: string;
}

export class CommitJournal {
  private readonly dir: string;

  constructor(stateDir: string) {
    this.dir = join(stateDir, 'journal');
  }

  open(): this {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    return this;
  }

  private file(jobId: string, attemptId: string): string {
    return join(this.dir, `${jobId}--${attemptId}.json`);
  }

  record(entry: Omit<JournalEntry, 'at'>): void {
    writeFileDurable(this.file(entry.jobId, entry.attemptId), JSON.stringify({ ...entry, at: new Date().toISOString() }));
  }

  has(jobId: string, attemptId: string): boolean {
    return existsSync(this.file(jobId, attemptId));
  }

  forget(jobId: string, attemptId: string): void {
    try {
      unlinkSync(this.file(jobId, attemptId));
    } catch {
      // already gone
    }
  }

  entries(): JournalEntry[] {
    const out: JournalEntry[] = [];
    for (const f of readdirSync(this.dir).filter((f) => f.endsWith('.json'))) {
      try {
        out.push(JSON.parse(readFileSync(join(this.dir, f), 'utf8')) as JournalEntry);
      } catch {
        // a torn write cannot happen (rename); ignore anything else
      }
    }
    return out;
  }
}

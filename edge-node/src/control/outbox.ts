/**
 * The node's on-disk outbox: every result, progress report, verification
 * answer and challenge report (a job paused for a person, and its clearing)
 * is written here (one fsynced file per message) before it is sent, and
 * removed only when the control plane acknowledges its msgId. After a
 * reconnect (or a restart of the daemon) everything still here is sent again,
 * oldest first; the control plane is idempotent by attempt id, so a repeat is
 * harmless. A newer progress report of an attempt replaces the older ones:
 * only the latest progress matters.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { NodeMessage, NodeMessageOf } from '@plume/shared';
import { writeFileDurable } from '../fs-durable.js';

export type OutboxMessage =
  | NodeMessageOf<'progress'>
  | NodeMessageOf<'result'>
  | NodeMessageOf<'verify_result'>
  | NodeMessageOf<'challenge'>
  | NodeMessageOf<'challenge_cleared'>;
/** What callers hand in: the outbox assigns the msgId. */
export type OutboxDraft = OutboxMessage extends infer M ? (M extends OutboxMessage ? Omit<M, 'msgId'> : never) : never;

/** A msgId says what it acknowledges, in logs and in the outbox directory. */
const MSG_ID_PREFIX: Record<OutboxMessage['type'], string> = { progress: 'p', result: 'r', verify_result: 'v', challenge: 'c', challenge_cleared: 'cc' };

interface Entry {
  file: string;
  message: OutboxMessage;
}

export class Outbox {
  private readonly dir: string;
  private readonly entries = new Map<string, Entry>();
  private seq = 0;
  private lastWriteOk = true;
  private sendNow: (message: NodeMessage) => boolean = () => false;

  constructor(
    stateDir: string,
    /** Sees each message before it is recorded (Plume Desktop journals the license use of a success here). */
    private readonly onPut?: (draft: OutboxDraft) => void,
  ) {
    this.dir = join(stateDir, 'outbox');
  }

  /** How to send right away; false means "not connected" (the message waits for flush()). */
  useTransport(send: (message: NodeMessage) => boolean): void {
    this.sendNow = send;
  }

  /** Loads what a previous run left; corrupt files (a crash mid-write cannot make one, a disk can) are dropped. */
  open(): this {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    for (const file of readdirSync(this.dir).filter((f) => f.endsWith('.json')).sort()) {
      const seq = Number.parseInt(file.slice(0, 12), 10);
      if (Number.isFinite(seq)) this.seq = Math.max(this.seq, seq);
      try {
        const message = JSON.parse(readFileSync(join(this.dir, file), 'utf8')) as OutboxMessage;
        this.entries.set(message.msgId, { file, message });
      } catch {
        unlinkSync(join(this.dir, file));
      }
    }
    return this;
  }

  /** Durably records the message, then tries to send it; returns the message with its msgId. */
  put(draft: OutboxDraft): OutboxMessage {
    this.onPut?.(draft);
    const msgId = `${MSG_ID_PREFIX[draft.type]}_${randomBytes(9).toString('base64url')}`;
    const message = { ...draft, msgId } as OutboxMessage;
    if (message.type === 'progress') {
      for (const [id, e] of this.entries) {
        if (e.message.type === 'progress' && e.message.jobId === message.jobId && e.message.attemptId === message.attemptId) this.remove(id);
      }
    }
    const file = `${String(++this.seq).padStart(12, '0')}-${msgId}.json`;
    try {
      writeFileDurable(join(this.dir, file), JSON.stringify(message));
      this.lastWriteOk = true;
    } catch (e) {
      this.lastWriteOk = false;
      throw e;
    }
    this.entries.set(msgId, { file, message });
    this.sendNow(message);
    return message;
  }

  ack(msgIds: string[]): void {
    for (const id of msgIds) this.remove(id);
  }

  /** Everything not yet acknowledged, oldest first. */
  pending(): OutboxMessage[] {
    return [...this.entries.values()].sort((a, b) => a.file.localeCompare(b.file)).map((e) => e.message);
  }

  /** Sends everything pending (after a reconnect). */
  flush(): void {
    for (const message of this.pending()) if (!this.sendNow(message)) return;
  }

  has(predicate: (m: OutboxMessage) => boolean): boolean {
    return this.pending().some(predicate);
  }

  get size(): number {
    return this.entries.size;
  }

  /** For the watchdog: the last durable write worked. */
  healthy(): boolean {
    return this.lastWriteOk;
  }

  private remove(msgId: string): void {
    const entry = this.entries.get(msgId);
    if (!entry) return;
    this.entries.delete(msgId);
    try {
      unlinkSync(join(this.dir, entry.file));
    } catch {
      // already gone
    }
  }
}

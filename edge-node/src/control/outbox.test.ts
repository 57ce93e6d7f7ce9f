import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NodeMessage } from '@plume/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { Outbox } from './outbox.js';

const dirs: string[] = [];
const stateDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'plume-outbox-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const result = (jobId: string) => ({ type: 'result' as const, jobId, attemptId: 'att_1', outcome: 'succeeded' as const, postId: `p-${jobId}` });

describe('happy path', () => {
  it('keeps messages on disk until acknowledged, across a restart, oldest first', () => {
    const dir = stateDir();
    const sent: NodeMessage[] = [];
    const first = new Outbox(dir).open();
    first.useTransport(() => false);
    const a = first.put(result('job_a'));
    const b = first.put(result('job_b'));
    expect(readdirSync(join(dir, 'outbox'))).toHaveLength(2);

    const again = new Outbox(dir).open();
    again.useTransport((m) => {
      sent.push(m);
      return true;
    });
    again.flush();
    expect(sent.map((m) => (m as { msgId: string }).msgId)).toEqual([a.msgId, b.msgId]);
    again.ack([a.msgId]);
    expect(new Outbox(dir).open().pending().map((m) => m.msgId)).toEqual([b.msgId]);
    // New messages after a restart sort after the old ones.
    const c = again.put(result('job_c'));
    expect(new Outbox(dir).open().pending().map((m) => m.msgId)).toEqual([b.msgId, c.msgId]);
  });

  it('a newer progress report of an attempt replaces the unacknowledged older ones', () => {
    const dir = stateDir();
    const box = new Outbox(dir).open();
    for (let seq = 1; seq <= 5; seq++) box.put({ type: 'progress', jobId: 'job_a', attemptId: 'att_1', seq, step: 'upload', bytesSent: seq * 10, bytesTotal: 50 });
    box.put({ type: 'progress', jobId: 'job_b', attemptId: 'att_9', seq: 1, step: 'fill' });
    const pending = box.pending();
    expect(pending.map((m) => [m.jobId, (m as { seq: number }).seq])).toEqual([
      ['job_a', 5],
      ['job_b', 1],
    ]);
    expect(readdirSync(join(dir, 'outbox'))).toHaveLength(2);
  });
});

describe('errors', () => {
  it('drops a corrupt file instead of failing to start', () => {
    const dir = stateDir();
    const box = new Outbox(dir).open();
    box.put(result('job_a'));
    writeFileSync(join(dir, 'outbox', '000000000099-broken.json'), '{"type":');
    expect(new Outbox(dir).open().pending()).toHaveLength(1);
  });

  it('acknowledging an unknown msgId changes nothing', () => {
    const box = new Outbox(stateDir()).open();
    box.put(result('job_a'));
    box.ack(['r_nope']);
    expect(box.size).toBe(1);
  });
});

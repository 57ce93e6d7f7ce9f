import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { NodeSession } from './hub.js';

const session = () => new NodeSession('node_test', 1, 'edge', {} as WebSocket);

/** Work that records when it starts and ends, and finishes when told. */
function recorder() {
  const log: string[] = [];
  const open = new Map<string, () => void>();
  const work = (name: string) => () =>
    new Promise<void>((resolve) => {
      log.push(`+${name}`);
      open.set(name, () => {
        log.push(`-${name}`);
        resolve();
      });
    });
  const finish = async (name: string) => {
    for (let i = 0; i < 20 && !open.has(name); i++) await new Promise((r) => setTimeout(r, 0));
    open.get(name)!();
    open.delete(name);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { log, work, finish };
}

describe('NodeSession ordering', () => {
  it('hello is a barrier; different jobs run concurrently; one job runs in order', async () => {
    const s = session();
    const r = recorder();
    s.enqueue(null, r.work('hello'));
    s.enqueue('job_a', r.work('accept-a'));
    s.enqueue('job_b', r.work('accept-b'));
    s.enqueue('job_a', r.work('commit-a'));
    await new Promise((x) => setTimeout(x, 0));
    expect(r.log).toEqual(['+hello']);
    await r.finish('hello');
    // Both jobs start; the second message of job a waits for the first.
    expect(r.log).toEqual(['+hello', '-hello', '+accept-a', '+accept-b']);
    await r.finish('accept-b');
    expect(r.log.at(-1)).toBe('-accept-b');
    await r.finish('accept-a');
    expect(r.log.slice(-2)).toEqual(['-accept-a', '+commit-a']);
    // bye waits for everything before it.
    s.enqueue(null, r.work('bye'));
    await new Promise((x) => setTimeout(x, 0));
    expect(r.log.at(-1)).toBe('+commit-a');
    await r.finish('commit-a');
    expect(r.log.slice(-2)).toEqual(['-commit-a', '+bye']);
    await r.finish('bye');
  });
});

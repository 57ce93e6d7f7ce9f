import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { descendantUsage } from './process-tree.js';
import { eventually } from '../../../control-plane/src/testing/eventually.js';

describe('the browser tree from /proc', () => {
  it('counts every descendant (children of children too) with its memory, and nothing once they are gone', async () => {
    const baseline = await descendantUsage(process.pid);
    // A child that starts two grandchildren, the way Chromium starts its zygote and renderers.
    const child = spawn('sh', ['-c', 'sleep 30 & sleep 30 & wait'], { stdio: 'ignore', detached: true });
    try {
      await eventually(async () => (await descendantUsage(process.pid)).processes - baseline.processes).toBe(3);
      const usage = await descendantUsage(process.pid);
      expect(usage.rssBytes).toBeGreaterThan(baseline.rssBytes);
      expect(usage.pssBytes).toBeGreaterThan(baseline.pssBytes);
      // The child alone holds its own descendants, not its parent.
      expect((await descendantUsage(child.pid!)).processes).toBe(2);
    } finally {
      // The whole group, grandchildren included.
      process.kill(-child.pid!, 'SIGKILL');
    }
    await eventually(async () => (await descendantUsage(process.pid)).processes).toBe(baseline.processes);
  });

  it('a process with no children has an empty tree', async () => {
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      await eventually(async () => (await descendantUsage(process.pid)).processes).toBeGreaterThan(0);
      expect(await descendantUsage(child.pid!)).toEqual({ processes: 0, rssBytes: 0, pssBytes: 0 });
    } finally {
      child.kill('SIGKILL');
    }
  });
});

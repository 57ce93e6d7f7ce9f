import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Inventory, type InventoryFile } from './inventory.js';
import { eventually } from '../../../control-plane/src/testing/eventually.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'plume-inventory-'));
  mkdirSync(join(dir, '7', 'trip'), { recursive: true });
  writeFileSync(join(dir, '7', 'a.mp4'), 'aaaa');
  writeFileSync(join(dir, '7', 'trip', 'b.mp4'), 'bb');
  writeFileSync(join(dir, '7', '.partial.mp4'), 'hidden');
  symlinkSync('/etc', join(dir, '7', 'etc'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('happy path', () => {
  it('reports the tree (files only, no hidden files, symlinks not followed), then changes, debounced', async () => {
    const reports: Array<{ files: InventoryFile[]; truncated: boolean }> = [];
    const inventory = new Inventory({ videoDir: dir, debounceMs: 100, onReport: (files, truncated) => reports.push({ files, truncated }) });
    await inventory.start();
    await eventually(() => reports.length).toBeGreaterThanOrEqual(1);
    expect(reports[0]!.files.map((f) => [f.path.slice(dir.length), f.size])).toEqual([
      ['/7/a.mp4', 4],
      ['/7/trip/b.mp4', 2],
    ]);
    for (let i = 0; i < 5; i++) writeFileSync(join(dir, '7', `c${i}.mp4`), 'c');
    await eventually(() => reports.at(-1)!.files.length).toBe(7);
    expect(reports.length).toBeLessThan(5);
    await inventory.stop();
  });

  it('caps the report and says it is truncated', async () => {
    const reports: boolean[] = [];
    const inventory = new Inventory({ videoDir: dir, debounceMs: 50, maxFiles: 3, onReport: (files, truncated) => reports.push(truncated && files.length === 3) });
    await inventory.start();
    await eventually(() => reports.at(-1)).toBe(true);
    expect(inventory.snapshot()).toMatchObject({ truncated: true });
    await inventory.stop();
  });
});

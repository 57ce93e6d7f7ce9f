/**
 * `plume-edge check eastmoney` as an operator runs it: the compiled CLI, the
 * account imported from a replica session, the real adapter in Debian's
 * Chromium. It goes through every step of the 财富号 article editor (the
 * check picture uploaded as the cover) and of the video page (the check
 * video uploaded) up to the publish click, and never makes it. Neither page
 * keeps a draft that public sources record, so there is none to remove.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../test/platform-simulator/index.js';
import { type CheckCli, startCheckCli } from '../../../test/support/edge-check-cli.js';

const P = 'eastmoney';
const REF = '3286015042150002';

let world: CheckCli;
let sim: Simulator;
const cli = (args: string[]) => world.run(args);

beforeAll(async () => {
  world = await startCheckCli({ [P]: REF }, 'eastmoney');
  sim = world.sim;
}, 60_000);

afterAll(async () => {
  await world?.close();
});

describe('happy path', () => {
  it('the article and video checks match every step up to the publish click, upload their media, publish nothing', async () => {
    const res = await cli(['check', P, '--account', REF]);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toContain(`${P} article as ${REF}`);
    expect(res.out).toContain(`${P} video as ${REF}`);
    expect(res.out.match(/publish\s+matched\s+\(stopped before the click\)/g)).toHaveLength(2);
    expect(res.out).toContain('PASSED');
    expect(sim.publishes()).toHaveLength(0);
    expect(sim.hits('/mp.eastmoney.com/collect/api/cover/upload')).toBe(1);
    expect(sim.hits('/mp.eastmoney.com/collect/api/video/upload')).toBe(1);
    expect(sim.hits('/mp.eastmoney.com/collect/api/article/publish') + sim.hits('/mp.eastmoney.com/collect/api/video/publish')).toBe(0);
    const stored = world.storedChecks();
    expect(stored.map((c) => [c.platform, c.contentType, c.status]).sort()).toEqual([
      [P, 'article', 'passed'],
      [P, 'video', 'passed'],
    ]);
  }, 120_000);
});

/**
 * `plume-edge check netease|qiehao --content-type video` as an operator runs
 * it: the compiled CLI, the account imported from a replica session, the real
 * adapter in Debian's Chromium. Each check goes through every step of the
 * platform's video page (the check video uploaded; on 企鹅号 the check
 * picture through the cover dialog and the 自主声明 answered) up to the publish click, and never makes it. Neither page keeps a
 * draft that public sources record, so there is none to remove.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../test/platform-simulator/index.js';
import { type CheckCli, startCheckCli } from '../../../test/support/edge-check-cli.js';

const CASES = [
  { platform: 'netease', ref: 'W7400000000010', upload: '/mp.163.com/api/v3/upload/videoupload', publish: '/mp.163.com/wemedia/video/status/api/publish.do', cover: null },
  // The check's picture goes through 企鹅号's cover dialog, as a video's cover does.
  { platform: 'qiehao', ref: '5120000010', upload: '/om.qq.com/mvideo/api/upload', publish: '/om.qq.com/mvideo/api/publish', cover: '/om.qq.com/mvideo/api/cover' },
] as const;

let world: CheckCli;
let sim: Simulator;
const cli = (args: string[]) => world.run(args);

beforeAll(async () => {
  world = await startCheckCli(Object.fromEntries(CASES.map((c) => [c.platform, c.ref])), 'netease-qiehao-video');
  sim = world.sim;
}, 60_000);

afterAll(async () => {
  await world?.close();
});

describe('happy path', () => {
  for (const c of CASES) {
    it(`${c.platform}: the video check matches every step up to the publish click, uploads its video, publishes nothing`, async () => {
      const res = await cli(['check', c.platform, '--account', c.ref, '--content-type', 'video']);
      expect(res.code, res.out).toBe(0);
      expect(res.out).toContain(`${c.platform} video as ${c.ref}`);
      expect(res.out.match(/publish\s+matched\s+\(stopped before the click\)/g)).toHaveLength(1);
      expect(res.out).toContain('PASSED');
      expect(sim.publishes(c.platform)).toHaveLength(0);
      expect(sim.hits(c.upload)).toBe(1);
      if (c.cover) expect(sim.hits(c.cover)).toBe(1);
      expect(sim.hits(c.publish)).toBe(0);
      const stored = world.storedChecks();
      expect(stored.filter((s) => s.platform === c.platform).map((s) => [s.contentType, s.status])).toEqual([['video', 'passed']]);
    }, 120_000);
  }
});

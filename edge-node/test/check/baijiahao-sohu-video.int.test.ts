/**
 * `plume-edge check baijiahao|sohu --content-type video` as an operator runs
 * it: the compiled CLI, accounts imported from replica sessions, the real
 * adapters in Debian's Chromium. Each goes through every step of the
 * platform's video page (the check video uploaded; on 百家号 the check picture
 * adopted as the cover) up to the publish click, and never makes it. Neither
 * video page keeps a draft that public sources record, so there is none to
 * remove.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../test/platform-simulator/index.js';
import { type CheckCli, startCheckCli } from '../../../test/support/edge-check-cli.js';

const ACCOUNTS = { baijiahao: '1588000000000089', sohu: '120186989' } as const;
const PLATFORMS = Object.keys(ACCOUNTS) as Array<keyof typeof ACCOUNTS>;

let world: CheckCli;
let sim: Simulator;
const cli = (args: string[]) => world.run(args);

beforeAll(async () => {
  world = await startCheckCli(ACCOUNTS, 'baijiahao-sohu-video');
  sim = world.sim;
}, 120_000);

afterAll(async () => {
  await world?.close();
});

describe('happy path', () => {
  it('each video check matches every step up to the publish click, uploads its video, publishes nothing', async () => {
    for (const p of PLATFORMS) {
      const res = await cli(['check', p, '--account', ACCOUNTS[p], '--content-type', 'video']);
      expect(res.code, res.out).toBe(0);
      expect(res.out).toContain(`${p} video as ${ACCOUNTS[p]}`);
      expect(res.out.match(/publish\s+matched\s+\(stopped before the click\)/g), p).toHaveLength(1);
      expect(res.out, p).toContain('PASSED');
    }
    expect(sim.publishes()).toHaveLength(0);
    expect(sim.hits('/baijiahao.baidu.com/materialui/video/uploadvideo')).toBe(1);
    // 百家号's check adopts the check picture as the cover, as a person publishing would.
    expect(sim.hits('/baijiahao.baidu.com/materialui/picture/uploadProxy')).toBe(1);
    expect(sim.hits('/baijiahao.baidu.com/pcui/article/publish')).toBe(0);
    expect(sim.hits('/mp.sohu.com/commons/mp/uploadVideo')).toBe(1);
    expect(sim.hits('/mp.sohu.com/mpbp/bp/news/v4/news/publishVideo/v2')).toBe(0);
    const stored = world.storedChecks();
    expect(stored.map((c) => [c.platform, c.contentType, c.status]).sort()).toEqual([
      ['baijiahao', 'video', 'passed'],
      ['sohu', 'video', 'passed'],
    ]);
  }, 300_000);
});

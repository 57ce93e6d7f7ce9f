/**
 * `plume-edge check zhihu --content-type video` as an operator runs it: the
 * compiled CLI, the account imported from a replica session, the real
 * adapter in Debian's Chromium. It goes through every step of zhihu's video
 * upload page (the check video and the check picture as its cover uploaded)
 * up to the publish click, and never makes it. The page keeps no draft that
 * public sources record, so there is none to remove.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../test/platform-simulator/index.js';
import { type CheckCli, startCheckCli } from '../../../test/support/edge-check-cli.js';

const P = 'zhihu';
const REF = '8f0e1d2c3b4a59687766554433221100';

let world: CheckCli;
let sim: Simulator;
const cli = (args: string[]) => world.run(args);

beforeAll(async () => {
  world = await startCheckCli({ [P]: REF }, 'zhihu-video');
  sim = world.sim;
}, 60_000);

afterAll(async () => {
  await world?.close();
});

describe('happy path', () => {
  it('the video check matches every step up to the publish click, uploads its video and cover, publishes nothing', async () => {
    const res = await cli(['check', P, '--account', REF, '--content-type', 'video']);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toContain(`${P} video as ${REF}`);
    expect(res.out.match(/publish\s+matched\s+\(stopped before the click\)/g)).toHaveLength(1);
    expect(res.out).toContain('PASSED');
    expect(sim.publishes()).toHaveLength(0);
    expect(sim.hits('/www.zhihu.com/api/v4/zvideos/uploads')).toBe(1);
    expect(sim.hits('/www.zhihu.com/api/v4/zvideos/covers')).toBe(1);
    // The publish call's path is a prefix of the others': only the exact path counts.
    expect(sim.hits('/www.zhihu.com/api/v4/zvideos') - sim.hits('/www.zhihu.com/api/v4/zvideos/')).toBe(0);
    const stored = world.storedChecks();
    expect(stored.map((c) => [c.platform, c.contentType, c.status])).toEqual([[P, 'video', 'passed']]);
  }, 120_000);
});

/**
 * `plume-edge check autohome` as an operator runs it: the compiled CLI, the
 * account imported from a replica session, the real adapter in Debian's
 * Chromium. It goes through every step of the 车家号 video page (the check
 * video uploaded) up to the publish click, and never makes it. The page keeps
 * no draft that public sources record, so there is none to remove.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../test/platform-simulator/index.js';
import { type CheckCli, startCheckCli } from '../../../test/support/edge-check-cli.js';

const P = 'autohome';
const REF = '7713002';

let world: CheckCli;
let sim: Simulator;
const cli = (args: string[]) => world.run(args);

beforeAll(async () => {
  world = await startCheckCli({ [P]: REF }, 'autohome-video');
  sim = world.sim;
}, 60_000);

afterAll(async () => {
  await world?.close();
});

describe('happy path', () => {
  it('the video check matches every step up to the publish click, uploads its video, publishes nothing', async () => {
    const res = await cli(['check', P, '--account', REF, '--content-type', 'video']);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toContain(`${P} video as ${REF}`);
    expect(res.out.match(/publish\s+matched\s+\(stopped before the click\)/g)).toHaveLength(1);
    expect(res.out).toContain('PASSED');
    expect(sim.publishes()).toHaveLength(0);
    expect(sim.hits('/creator.autohome.com.cn/openapi/content-api/video/upload')).toBe(1);
    expect(sim.hits('/creator.autohome.com.cn/openapi/content-api/video/publish')).toBe(0);
    const stored = world.storedChecks();
    expect(stored.map((c) => [c.platform, c.contentType, c.status])).toEqual([[P, 'video', 'passed']]);
  }, 120_000);
});

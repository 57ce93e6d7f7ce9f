/**
 * `plume-edge check dayu|yidian --content-type video` as an operator runs it:
 * the compiled CLI, the accounts imported from replica sessions, the real
 * adapters in Debian's Chromium. Each check goes through every step of the
 * platform's video page (the check video uploaded; on 大鱼号 the check picture
 * in both cover slots) up to the publish click, and never makes it. Neither
 * page keeps a draft that public sources record, so there is none to remove.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../test/platform-simulator/index.js';
import { type CheckCli, startCheckCli } from '../../../test/support/edge-check-cli.js';

const REFS = { dayu: 'c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5', yidian: '173650002' } as const;

let world: CheckCli;
let sim: Simulator;
const cli = (args: string[]) => world.run(args);

beforeAll(async () => {
  world = await startCheckCli(REFS, 'dayu-yidian-video');
  sim = world.sim;
}, 60_000);

afterAll(async () => {
  await world?.close();
});

const checks = () => world.storedChecks();

describe('happy path', () => {
  it('the 大鱼号 video check matches every step up to the publish click, uploads its video and its cover twice, publishes nothing', async () => {
    const res = await cli(['check', 'dayu', '--account', REFS.dayu, '--content-type', 'video']);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toContain(`dayu video as ${REFS.dayu}`);
    expect(res.out.match(/publish\s+matched\s+\(stopped before the click\)/g)).toHaveLength(1);
    expect(res.out).toContain('PASSED');
    expect(sim.publishes()).toHaveLength(0);
    expect(sim.hits('/mp.dayu.com/dashboard/video/upload')).toBe(1);
    expect(sim.hits('/ns.dayu.com/article/imageUpload')).toBe(2);
    expect(sim.hits('/mp.dayu.com/dashboard/submit-video')).toBe(0);
    expect(checks().map((c) => [c.platform, c.contentType, c.status])).toContainEqual(['dayu', 'video', 'passed']);
  }, 120_000);

  it('the 一点号 video check matches every step up to the publish click, uploads its video, publishes nothing', async () => {
    const res = await cli(['check', 'yidian', '--account', REFS.yidian, '--content-type', 'video']);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toContain(`yidian video as ${REFS.yidian}`);
    expect(res.out.match(/publish\s+matched\s+\(stopped before the click\)/g)).toHaveLength(1);
    expect(res.out).toContain('PASSED');
    expect(sim.publishes()).toHaveLength(0);
    expect(sim.hits('/mp.yidianzixun.com/api/video/upload')).toBe(1);
    expect(sim.hits('/mp.yidianzixun.com/api/video/publish')).toBe(0);
    expect(checks().map((c) => [c.platform, c.contentType, c.status])).toContainEqual(['yidian', 'video', 'passed']);
  }, 120_000);
});

/**
 * `plume-edge check` for the car platforms' article editors as an operator
 * runs it: the compiled CLI, the accounts imported from replica sessions, the
 * real adapters in Debian's Chromium. Each check goes through every step of
 * the editor (the check picture uploaded as the cover) up to the publish
 * click, and never makes it. Neither editor keeps a draft that public sources
 * record, so there is none to remove.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../test/platform-simulator/index.js';
import { type CheckCli, startCheckCli } from '../../../test/support/edge-check-cli.js';

const REFS = { autohome: '63581288', dongchedi: '1720458836288801' } as const;
const PLATFORMS = Object.keys(REFS) as Array<keyof typeof REFS>;

let world: CheckCli;
let sim: Simulator;
const cli = (args: string[]) => world.run(args);

beforeAll(async () => {
  world = await startCheckCli(REFS, 'car-articles');
  sim = world.sim;
}, 60_000);

afterAll(async () => {
  await world?.close();
});

describe('happy path', () => {
  it('autohome article: the check matches every step of the long-article editor up to the publish click, uploads the cover into both slots, publishes nothing', async () => {
    const res = await cli(['check', 'autohome', '--account', REFS.autohome, '--content-type', 'article']);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toContain(`autohome article as ${REFS.autohome}`);
    expect(res.out.match(/publish\s+matched\s+\(stopped before the click\)/g)).toHaveLength(1);
    expect(res.out).toContain('PASSED');
    expect(sim.publishes()).toHaveLength(0);
    // The one cover, into the 横版 and 竖版 slots.
    expect(sim.hits('/creator.autohome.com.cn/openapi/content-api/cover/upload')).toBe(2);
    expect(sim.hits('/creator.autohome.com.cn/openapi/content-api/gc/article/publish')).toBe(0);
    expect(sim.hits('/chejiahao.autohome.com.cn/article/api/publish')).toBe(0);
    const stored = world.storedChecks();
    expect(stored.filter((c) => c.platform === 'autohome').map((c) => [c.contentType, c.status])).toEqual([['article', 'passed']]);
  }, 120_000);

  it('dongchedi article: the check matches every step of the 懂车号 editor up to the publish click, uploads the cover, publishes nothing', async () => {
    const res = await cli(['check', 'dongchedi', '--account', REFS.dongchedi]);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toContain(`dongchedi article as ${REFS.dongchedi}`);
    expect(res.out.match(/publish\s+matched\s+\(stopped before the click\)/g)).toHaveLength(1);
    expect(sim.publishes()).toHaveLength(0);
    expect(sim.hits('/mp.dcdapp.com/mp/agw/article/cover/upload')).toBe(1);
    expect(sim.hits('/mp.dcdapp.com/mp/agw/article/publish')).toBe(0);
    const stored = world.storedChecks();
    expect(stored.filter((c) => c.platform === 'dongchedi').map((c) => [c.contentType, c.status])).toEqual([['article', 'passed']]);
  }, 120_000);
});

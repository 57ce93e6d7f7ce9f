/**
 * `plume-edge check` on 微信公众号 as an operator runs it: the compiled CLI, an
 * account imported from a replica session, the real adapter in Debian's
 * Chromium. The article check uploads the check picture as the cover, saves
 * the draft, opens the draft's edit page and its 发表 confirmation, and never
 * confirms. No way to remove a draft is on record, so the draft stays, as the
 * operator guide says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from './platform-simulator/index.js';
import { type CheckCli, startCheckCli } from './support/edge-check-cli.js';

const P = 'wechat_mp';
const ACCOUNT = 'gh_c0ffee000088';

let world: CheckCli;
let sim: Simulator;
const cli = (args: string[]) => world.run(args);

beforeAll(async () => {
  world = await startCheckCli({ [P]: ACCOUNT }, 'wx');
  sim = world.sim;
}, 120_000);

afterAll(async () => {
  await world?.close();
});

describe('happy path', () => {
  it('the article check matches every step up to the 发表 confirmation and publishes nothing', async () => {
    const res = await cli(['check', P, '--account', ACCOUNT]);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toContain(`${P} article as ${ACCOUNT}`);
    expect(res.out).toMatch(/publish\s+matched\s+\(stopped before the click\)/);
    expect(res.out).toContain('PASSED');
    expect(sim.publishes()).toHaveLength(0);
    // The cover went up, the draft was saved and its page opened; no publish request left.
    expect(sim.hits('/mp.weixin.qq.com/cgi-bin/filetransfer')).toBe(1);
    expect(sim.hits('/mp.weixin.qq.com/cgi-bin/operate_appmsg')).toBe(1);
    expect(sim.hits('/mp.weixin.qq.com/cgi-bin/masssend')).toBe(0);
    const stored = world.storedChecks();
    expect(stored.map((c) => [c.platform, c.contentType, c.status])).toEqual([[P, 'article', 'passed']]);
  }, 120_000);

  it('a session that is gone fails the check at the login step, before any upload', async () => {
    sim.setLoggedIn(P, ACCOUNT, false);
    const res = await cli(['check', P, '--account', ACCOUNT]);
    expect(res.code, res.out).not.toBe(0);
    expect(res.out).toContain('login_required');
    expect(sim.hits('/mp.weixin.qq.com/cgi-bin/filetransfer')).toBe(1);
  }, 120_000);
});

/**
 * `plume-edge check` on 微信公众号 as an operator runs it: the compiled CLI, an
 * account imported from a replica session, the real adapter in Debian's
 * Chromium. The article check uploads the check picture as the cover, saves
 * the draft, opens the draft's edit page and its 发表 confirmation, and never
 * confirms. The video check uploads the check video in the video editor,
 * saves its draft with 保存, and opens the draft box card's 发表 dialog, and
 * never confirms either. No way to remove a draft is on record, so the drafts
 * stay, as the operator guide says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../test/platform-simulator/index.js';
import { type CheckCli, startCheckCli } from '../../../test/support/edge-check-cli.js';

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
  it('the article and video checks match every step up to the 发表 confirmation and publish nothing', async () => {
    const res = await cli(['check', P, '--account', ACCOUNT]);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toContain(`${P} article as ${ACCOUNT}`);
    expect(res.out).toContain(`${P} video as ${ACCOUNT}`);
    expect(res.out).toMatch(/publish\s+matched\s+\(stopped before the click\)/);
    expect(res.out).toContain('PASSED');
    expect(sim.publishes()).toHaveLength(0);
    // The cover and the video went up, both drafts were saved and their 发表 dialogs opened; no publish request left.
    expect(sim.hits('/mp.weixin.qq.com/cgi-bin/filetransfer')).toBe(2);
    expect(sim.hits('/mp.weixin.qq.com/cgi-bin/operate_appmsg')).toBe(2);
    expect(sim.hits('/mp.weixin.qq.com/cgi-bin/masssend')).toBe(0);
    const stored = world.storedChecks();
    expect(stored.map((c) => [c.platform, c.contentType, c.status])).toEqual([
      [P, 'article', 'passed'],
      [P, 'video', 'passed'],
    ]);
  }, 120_000);

  it('a session that is gone fails the check at the login step, before any upload', async () => {
    sim.setLoggedIn(P, ACCOUNT, false);
    const res = await cli(['check', P, '--account', ACCOUNT]);
    expect(res.code, res.out).not.toBe(0);
    expect(res.out).toContain('login_required');
    expect(sim.hits('/mp.weixin.qq.com/cgi-bin/filetransfer')).toBe(2);
  }, 120_000);
});

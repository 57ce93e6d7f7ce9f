/**
 * `plume-edge check` on 大鱼号 and 一点号 as an operator runs it: the compiled
 * CLI, accounts imported from replica sessions, the real adapters in Debian's
 * Chromium. Each article check saves its draft, opens the draft's page and
 * finds the editor's publish control, and never clicks it. Neither platform
 * has a recorded way to remove a draft, so the draft stays, as the operator
 * guide says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../test/platform-simulator/index.js';
import { type CheckCli, startCheckCli } from '../../../test/support/edge-check-cli.js';

const ACCOUNTS = { dayu: 'c0ffee00c0ffee00c0ffee00c0ffee88', yidian: '1736000088' } as const;
const PLATFORMS = Object.keys(ACCOUNTS) as Array<keyof typeof ACCOUNTS>;

let world: CheckCli;
let sim: Simulator;
const cli = (args: string[]) => world.run(args);

/** 一点号's own list of the account's drafts (status 0), read with its session and mpcode the way the desk does. */
async function yidianDrafts(): Promise<string[]> {
  const base = `${sim.baseUrl('yidian')}/mp.yidianzixun.com`;
  const c = sim.sessionCookie('yidian', ACCOUNTS.yidian);
  const headers = { cookie: `${c.name}=${c.value}` };
  const desk = await (await fetch(`${base}/`, { headers })).text();
  const code = /window\.mpcode = "([0-9a-f]+)"/.exec(desk)![1]!;
  const body = (await (await fetch(`${base}/model/Article?page=1&page_size=10&status=0&has_data=1&type=original`, { headers: { ...headers, 'x-mp-code': code } })).json()) as { posts: Array<{ title: string }> };
  return body.posts.map((p) => p.title);
}

beforeAll(async () => {
  world = await startCheckCli(ACCOUNTS, 'dayu-yidian');
  sim = world.sim;
}, 120_000);

afterAll(async () => {
  await world?.close();
});

describe('happy path', () => {
  it('each article check matches every step up to the publish click and publishes nothing', async () => {
    for (const p of PLATFORMS) {
      const res = await cli(['check', p, '--account', ACCOUNTS[p], '--content-type', 'article']);
      expect(res.code, res.out).toBe(0);
      expect(res.out).toContain(`${p} article as ${ACCOUNTS[p]}`);
      expect(res.out, p).toMatch(/publish\s+matched\s+\(stopped before the click\)/);
      expect(res.out, p).toContain('PASSED');
    }
    expect(sim.publishes()).toHaveLength(0);
    // The drafts were saved, their pages opened, and no publish request left.
    expect(sim.hits('/mp.dayu.com/dashboard/save-draft')).toBe(1);
    expect(sim.hits('/mp.dayu.com/dashboard/submit-article')).toBe(0);
    expect(sim.hits('/mp.yidianzixun.com/api/post/publish')).toBe(0);
    expect(await yidianDrafts()).toEqual([expect.stringMatching(/^Plume 检查 \d{8}-\d{4}$/)]);
    const stored = world.storedChecks();
    expect(stored.map((c) => [c.platform, c.contentType, c.status]).sort()).toEqual([
      ['dayu', 'article', 'passed'],
      ['yidian', 'article', 'passed'],
    ]);
  }, 200_000);
});

/**
 * `plume-edge check toutiao` as an operator runs it: the compiled CLI, an
 * account imported from a replica session, the real toutiao adapter in
 * Debian's Chromium. Each content type goes through every step up to the
 * publish click and never clicks; the article draft the check saved is
 * removed again (discardDraft), so the live site keeps no leftovers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../test/platform-simulator/index.js';
import { type CheckCli, startCheckCli } from '../../../test/support/edge-check-cli.js';

const REF = '1700000000000077';

let world: CheckCli;
let sim: Simulator;
const cli = (args: string[]) => world.run(args);

/** What the account's content list holds on the replica (drafts included), read with its session. */
async function contentList(): Promise<Array<{ id: string; status: number }>> {
  const cookie = sim.sessionCookie('toutiao', REF);
  const res = await fetch(`${sim.baseUrl('toutiao')}/mp.toutiao.com/mp/agw/article/list/?page=1&page_size=20&status=all`, { headers: { cookie: `${cookie.name}=${cookie.value}` } });
  return ((await res.json()) as { data: { articles: Array<{ id: string; status: number }> } }).data.articles;
}

beforeAll(async () => {
  world = await startCheckCli({ toutiao: REF }, 'toutiao');
  sim = world.sim;
}, 120_000);

afterAll(async () => {
  await world?.close();
});

describe('happy path', () => {
  it('article, 微头条 and video: every step matched up to the click, nothing published, no draft left', async () => {
    const res = await cli(['check', 'toutiao', '--account', REF]);
    expect(res.code, res.out).toBe(0);
    for (const type of ['article', 'dynamic', 'video']) expect(res.out).toContain(`toutiao ${type} as ${REF}`);
    expect(res.out.match(/publish\s+matched\s+\(stopped before the click\)/g)).toHaveLength(3);
    expect(res.out.match(/PASSED/g)).toHaveLength(3);
    expect(sim.publishes()).toHaveLength(0);
    // The article check saved a draft through the gateway, then removed it.
    expect(sim.hits('/mp.toutiao.com/mp/agw/article/publish')).toBe(1);
    expect(sim.hits('/mp.toutiao.com/mp/agw/creator_center/delete_draft')).toBe(1);
    expect(await contentList()).toEqual([]);
    const stored = world.storedChecks();
    expect(stored.filter((c) => c.platform === 'toutiao').map((c) => [c.contentType, c.status]).sort()).toEqual([
      ['article', 'passed'],
      ['dynamic', 'passed'],
      ['video', 'passed'],
    ]);
  }, 400_000);
});

/**
 * `plume-edge check` on 百家号, 搜狐号, 网易号 and 企鹅号 as an operator runs it: the
 * compiled CLI, accounts imported from replica sessions, the real adapters in
 * Debian's Chromium. Each article check goes through every step up to the
 * publish call and never makes it. 百家号's draft is removed again
 * (discardDraft: pcui/article/remove); 搜狐号, 网易号 and 企鹅号 have no recorded
 * way to remove a draft, so theirs stays, as the operator guide says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../test/platform-simulator/index.js';
import { type CheckCli, startCheckCli } from '../../../test/support/edge-check-cli.js';

const ACCOUNTS = { baijiahao: '1588000000000088', sohu: '120186988', netease: 'W7400000000088', qiehao: '5120000088' } as const;
const PLATFORMS = Object.keys(ACCOUNTS) as Array<keyof typeof ACCOUNTS>;

let world: CheckCli;
let sim: Simulator;
const cli = (args: string[]) => world.run(args);

const cookieHeader = (p: keyof typeof ACCOUNTS) => {
  const c = sim.sessionCookie(p, ACCOUNTS[p]);
  return `${c.name}=${c.value}`;
};

/** Drafts the account holds on each replica, read with its session the way each site lists them. */
async function drafts(p: keyof typeof ACCOUNTS): Promise<number> {
  const base = sim.baseUrl(p);
  const headers = { cookie: cookieHeader(p) };
  if (p === 'sohu') {
    const body = (await (await fetch(`${base}/mp.sohu.com/mpbp/bp/news/v4/users/news?psize=20&newsType=1&statusType=1&pno=1&accountId=${ACCOUNTS.sohu}`, { headers })).json()) as { data: { news: Array<{ status: number }> } };
    return body.data.news.filter((n) => n.status === 1).length;
  }
  if (p === 'netease') {
    const form = new URLSearchParams({ wemediaId: ACCOUNTS.netease, pageNo: '1', size: '20', contentType: '1', contentState: '0' });
    const body = (await (await fetch(`${base}/mp.163.com/wemedia/content/manage/list.do`, { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: form })).json()) as { data: { list: unknown[] } };
    return body.data.list.length;
  }
  if (p === 'qiehao') {
    const body = (await (await fetch(`${base}/om.qq.com/marticle/article/list?page=1&limit=20`, { headers })).json()) as { data: { list: Array<{ status: string }> } };
    return body.data.list.filter((r) => r.status === 'draft').length;
  }
  // 百家号's list wants the editor's token, which its editor page carries.
  const editor = await (await fetch(`${base}/baijiahao.baidu.com/builder/rc/edit?type=news`, { headers })).text();
  const token = /window\.__BJH__INIT__AUTH__="([^"]+)"/.exec(editor)![1]!;
  const body = (await (await fetch(`${base}/baijiahao.baidu.com/pcui/article/lists?currentPage=1&pageSize=20&search=&type=news&collection=&dynamic=1`, { headers: { ...headers, token } })).json()) as {
    data: { list: Array<{ status: string }> };
  };
  return body.data.list.filter((r) => r.status === 'draft').length;
}

beforeAll(async () => {
  world = await startCheckCli(ACCOUNTS, 'articles-api');
  sim = world.sim;
}, 120_000);

afterAll(async () => {
  await world?.close();
});

describe('happy path', () => {
  it('each article check matches every step up to the publish call and publishes nothing', async () => {
    for (const p of PLATFORMS) {
      const res = await cli(['check', p, '--account', ACCOUNTS[p], '--content-type', 'article']);
      expect(res.code, res.out).toBe(0);
      expect(res.out).toContain(`${p} article as ${ACCOUNTS[p]}`);
      expect(res.out, p).toMatch(/publish\s+matched\s+\(stopped before the click\)/);
      expect(res.out, p).toContain('PASSED');
    }
    expect(sim.publishes()).toHaveLength(0);
    expect(await drafts('baijiahao')).toBe(0);
    expect(sim.hits('/baijiahao.baidu.com/pcui/article/remove')).toBe(1);
    expect(await drafts('sohu')).toBe(1);
    expect(await drafts('netease')).toBe(1);
    expect(await drafts('qiehao')).toBe(1);
    const stored = world.storedChecks();
    // Each check names its content type (these platforms publish videos too): only the article checks are stored.
    expect(stored.map((c) => [c.platform, c.contentType, c.status]).sort()).toEqual([
      ['baijiahao', 'article', 'passed'],
      ['netease', 'article', 'passed'],
      ['qiehao', 'article', 'passed'],
      ['sohu', 'article', 'passed'],
    ]);
  }, 400_000);
});

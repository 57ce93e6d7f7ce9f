/**
 * `plume-edge check zhihu|csdn|jianshu` as an operator runs it: the compiled
 * CLI, accounts imported from replica sessions, the real adapters in
 * Debian's Chromium. Each goes through every step up to the publish call and
 * never makes it; the note the jianshu check saved is removed again
 * (discardDraft). No public source records how zhihu or CSDN delete a
 * draft: their check drafts stay on the site (docs/platforms.md says so).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../test/platform-simulator/index.js';
import { type CheckCli, startCheckCli } from '../../../test/support/edge-check-cli.js';

const REFS = { zhihu: '5d0c9a1e2b3f4a6c8e7d9f0a1b2c3d4e', csdn: 'plume_check', jianshu: '41250077' } as const;
const PLATFORMS = Object.keys(REFS) as Array<keyof typeof REFS>;

let world: CheckCli;
let sim: Simulator;
const cli = (args: string[]) => world.run(args);

/** How many notes the jianshu account holds in all its notebooks, read with its session. */
async function jianshuNotes(): Promise<number> {
  const c = sim.sessionCookie('jianshu', REFS.jianshu);
  const get = async (path: string) => (await fetch(`${sim.baseUrl('jianshu')}/www.jianshu.com${path}`, { headers: { cookie: `${c.name}=${c.value}` } })).json() as Promise<Array<{ id: number }>>;
  let n = 0;
  for (const book of await get('/author/notebooks')) n += (await get(`/author/notebooks/${book.id}/notes`)).length;
  return n;
}

beforeAll(async () => {
  world = await startCheckCli(REFS, 'zhihu-csdn-jianshu');
  sim = world.sim;
}, 120_000);

afterAll(async () => {
  await world?.close();
});

describe('happy path', () => {
  it('each article check matches every step up to the publish call; nothing is published, the jianshu note is removed', async () => {
    for (const p of PLATFORMS) {
      // zhihu also takes videos: its video check is zhihu-video.int.test.ts beside this file.
      const res = await cli(['check', p, '--account', REFS[p], '--content-type', 'article']);
      expect(res.code, res.out).toBe(0);
      expect(res.out).toContain(`${p} article as ${REFS[p]}`);
      expect(res.out).toMatch(/publish\s+matched\s+\(stopped before the click\)/);
      expect(res.out).toContain('PASSED');
    }
    expect(sim.publishes()).toHaveLength(0);
    // The checks reached the platforms' drafts, and uploaded the check picture as the zhihu and CSDN cover.
    expect(sim.hits('/zhuanlan.zhihu.com/api/articles/drafts')).toBe(1);
    expect(sim.hits('/zhihu-pics-upload.zhimg.com/')).toBe(1);
    expect(sim.hits('/bizapi.csdn.net/blog-console-api/v3/mdeditor/saveArticle')).toBe(1);
    expect(sim.hits('/csdn-img-blog.obs.cn-north-4.myhuaweicloud.com/')).toBe(1);
    expect(sim.hits('/soft_destroy')).toBe(1);
    expect(await jianshuNotes()).toBe(0);
    const stored = world.storedChecks();
    expect(stored.filter((c) => PLATFORMS.includes(c.platform as keyof typeof REFS)).map((c) => [c.platform, c.contentType, c.status]).sort()).toEqual([
      ['csdn', 'article', 'passed'],
      ['jianshu', 'article', 'passed'],
      ['zhihu', 'article', 'passed'],
    ]);
  }, 400_000);
});

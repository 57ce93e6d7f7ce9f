/**
 * The account's standing read on the node: one attempt as the job runner drives it
 * (runAttempt) with the real bilibili, wechat_mp and netease adapters in Chromium against their replicas. When the
 * submission is refused with a code the sources record for a throttled or stopped account
 * (21566 投稿过于频繁, -102 账号被封停; WeChat's draft save answering 442001; 网易号's answering
 * 100023, the account banned), the failed result carries the signal of that kind,
 * with the sign and the platform's words; a refusal with a code not on record carries none,
 * and neither does a clean publish. In a page, only the text a person sees counts: a notice
 * hidden in the markup, or a word the pages use for a post's own review (违规), does not.
 */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { standingSignals, visibleText } from '../../src/adapters/kit/standing.js';
import { runAttempt } from '../../src/jobs/run-attempt.js';
import { attemptDeps, useAttemptWorld } from '../../../test/support/attempt-world.js';
import { accountOf, registryJobSpec } from '../../../test/support/registry-jobs.js';

const P = 'bilibili';
const w = useAttemptWorld('standing', { media: true });
let n = 0;

beforeEach(() => {
  w.sim.reset();
  w.sim.configure(P, { chunkDelayMs: 0, publishDelayMs: 0, transcodeMs: 0 });
  w.sim.setLoggedIn(P, accountOf(P), true);
});

async function attempt(pair = `${P}/video`) {
  const id = ++n;
  const platform = pair.split('/')[0]!;
  const outcome = await runAttempt(
    `job_standing_${id}`,
    `att_standing_${id}`,
    registryJobSpec(pair, id, (f) => join(w.root, 'videos', '7', f)),
    attemptDeps(w, { platform, account: accountOf(platform), id }),
  );
  if (outcome.kind !== 'result') throw new Error(`the attempt gave the job back: ${outcome.reason}`);
  return outcome.result;
}

describe('a refused submission', () => {
  it('code 21566 (投稿过于频繁): the failure carries one warning, with the sign and the platform’s words', async () => {
    w.sim.configure(P, { rejectPublish: '投稿过于频繁，建议将APP升级至最新版本后再试', forms: { 'refusal-code': '21566' } });
    const result = await attempt();
    expect(result).toMatchObject({ outcome: 'failed', error: { code: 'publish_rejected', step: 'publish' } });
    expect(result.signals).toEqual([{ kind: 'warning_banner', where: 'publish', sign: '21566', text: expect.stringContaining('投稿过于频繁') }]);
    expect(w.sim.publishes(P)).toEqual([]);
  }, 120_000);

  it('code -102 (账号被封停): a restriction', async () => {
    w.sim.configure(P, { rejectPublish: '账号被封停', forms: { 'refusal-code': '-102' } });
    const result = await attempt();
    expect(result.error?.code).toBe('publish_rejected');
    expect(result.signals).toEqual([{ kind: 'restriction_banner', where: 'publish', sign: '-102', text: expect.stringContaining('账号被封停') }]);
  }, 120_000);

  it('WeChat’s draft save answered ret 442001 (editing switched off): a restriction, read from the answer’s ret', async () => {
    w.sim.setLoggedIn('wechat_mp', accountOf('wechat_mp'), true);
    w.sim.configure('wechat_mp', { forms: { 'draft-refusal': '442001' } });
    const result = await attempt('wechat_mp/article');
    expect(result.error?.code).toBe('publish_rejected');
    expect(result.signals).toMatchObject([{ kind: 'restriction_banner', where: 'publish', sign: '442001' }]);
    expect(w.sim.publishes('wechat_mp')).toEqual([]);
  }, 120_000);

  it('网易号’s draft save answered code 100023 (the account banned): a restriction, read from the answer’s code', async () => {
    w.sim.setLoggedIn('netease', accountOf('netease'), true);
    w.sim.configure('netease', { forms: { 'account-refusal': '100023' } });
    const result = await attempt('netease/article');
    expect(result).toMatchObject({ outcome: 'failed', error: { code: 'publish_rejected', step: 'fill' } });
    expect(result.signals).toMatchObject([{ kind: 'restriction_banner', where: 'publish', sign: '100023' }]);
    expect(w.sim.publishes('netease')).toEqual([]);
  }, 120_000);

  it('网易号’s publish refused with a code not on record: no signal', async () => {
    w.sim.setLoggedIn('netease', accountOf('netease'), true);
    w.sim.configure('netease', { rejectPublish: 'replica: the article refused' });
    const result = await attempt('netease/article');
    expect(result).toMatchObject({ outcome: 'failed', error: { code: 'publish_rejected', step: 'publish' } });
    expect(result.signals).toBeUndefined();
    expect(w.sim.publishes('netease')).toEqual([]);
  }, 120_000);

  it('a code not on record, and a clean publish, carry no signal', async () => {
    w.sim.configure(P, { rejectPublish: '稿件标题含有敏感词' });
    const refused = await attempt();
    expect(refused.error?.code).toBe('publish_rejected');
    expect(refused.signals).toBeUndefined();
    w.sim.configure(P, { rejectPublish: false as unknown as string, forms: {} });
    const published = await attempt();
    expect(published, JSON.stringify(published.error)).toMatchObject({ outcome: 'succeeded' });
    expect(published.signals).toBeUndefined();
  }, 120_000);
});

describe('a page', () => {
  it('counts only the notice a person sees, and never a word of a post’s own review', async () => {
    const page = await w.browser.newPage();
    try {
      await page.setContent(`<main><p>作品违规，已下架</p><div style="display:none">由于违反社区规定，账号封禁</div></main>`);
      expect(standingSignals('kuaishou', { pageText: await visibleText(page) })).toEqual([]);
      await page.setContent(`<header><div class="notice">由于违反社区规定，账号封禁，请前往快手APP进行解封申诉</div></header><main>作品管理</main>`);
      expect(standingSignals('kuaishou', { pageText: await visibleText(page) })).toEqual([
        { kind: 'restriction_banner', where: 'page', sign: '账号封禁', text: expect.stringContaining('由于违反社区规定，账号封禁') },
      ]);
      // The same words on a platform that does not record them there count nothing.
      expect(standingSignals('weibo', { pageText: await visibleText(page) })).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('a page that does not answer is read as nothing within the bound', async () => {
    const page = await w.browser.newPage();
    try {
      await page.setContent('<p>账号封禁</p>');
      // A page whose script never yields: the read gives up at its bound and the result goes without it.
      void page.evaluate('for (;;) {}').catch(() => {});
      const started = performance.now();
      expect(await visibleText(page, 300)).toBe('');
      expect(performance.now() - started).toBeLessThan(10_000);
    } finally {
      await page.close().catch(() => {});
    }
  });
});

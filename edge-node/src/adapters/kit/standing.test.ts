import { ACCOUNT_SIGNALS_MAX, accountSignalSchema } from '@plume/shared';
import { describe, expect, it } from 'vitest';
import { standingSignals } from './standing.js';
import { STANDING_FACTS, STANDING_SOURCES } from './standing-facts.js';

describe('standingSignals', () => {
  it('reads a recorded code in every recorded field of the answer, as a number or a string', () => {
    for (const answer of ['{"ret":442001}', '{"base_resp":{"ret":"442001","err_msg":"x"}}']) {
      expect(standingSignals('wechat_mp', { answer })).toEqual([{ kind: 'restriction_banner', where: 'publish', sign: '442001', text: answer }]);
    }
    expect(standingSignals('xiaohongshu', { answer: '{"success":false,"businessCode":300011}' })).toMatchObject([{ kind: 'warning_banner', sign: '300011' }]);
    // A code in another field, or the same digits in a message, is not the code.
    expect(standingSignals('wechat_mp', { answer: '{"ret":0,"msg":"442001"}' })).toEqual([]);
  });

  it('matches texts without regard to case, in the page or in an answer that is not JSON', () => {
    expect(standingSignals('youtube', { pageText: 'Upload complete. Community Guidelines strike on this channel.' })).toMatchObject([{ kind: 'warning_banner', sign: 'community guidelines strike' }]);
    expect(standingSignals('bilibili', { answer: '<html>账号被封停</html>' })).toMatchObject([{ kind: 'restriction_banner', sign: '账号被封停' }]);
  });

  it('gives one signal of each kind, the restriction first, each valid on the wire', () => {
    const found = standingSignals('bilibili', { answer: '{"code":21566,"message":"投稿过于频繁"}', pageText: '账号被封停' });
    expect(found.map((s) => [s.kind, s.sign])).toEqual([
      ['restriction_banner', '账号被封停'],
      ['warning_banner', '21566'],
    ]);
    expect(found.length).toBeLessThanOrEqual(ACCOUNT_SIGNALS_MAX);
    for (const s of found) expect(accountSignalSchema.parse(s)).toEqual(s);
    // A long page: the text around the sign is cut to what the wire takes.
    const [long] = standingSignals('douyin', { pageText: `${'a'.repeat(5000)}该账号已被封禁${'b'.repeat(5000)}` });
    expect(accountSignalSchema.safeParse(long).success).toBe(true);
  });

  it('reports nothing for a platform with no signs on record, nothing read, or words a review uses for a post', () => {
    expect(standingSignals('weibo', { pageText: '账号已被封禁' })).toEqual([]);
    expect(standingSignals('douyin', {})).toEqual([]);
    expect(standingSignals('douyin', { pageText: '作品违规，已被限流' })).toEqual([]);
    expect(standingSignals('bilibili', { answer: '{"code":21100,"message":"稿件标题含有敏感词"}' })).toEqual([]);
  });

  it('every fact names its sources and says which fields hold a code', () => {
    for (const [platform, facts] of Object.entries(STANDING_FACTS)) {
      for (const f of facts) {
        expect(f.sources.length, `${platform} ${f.sign}`).toBeGreaterThan(0);
        for (const id of f.sources) expect(STANDING_SOURCES[id].snapshot).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        if (f.signType === 'code') expect(f.fields?.length, `${platform} ${f.sign}`).toBeGreaterThan(0);
      }
    }
  });
});

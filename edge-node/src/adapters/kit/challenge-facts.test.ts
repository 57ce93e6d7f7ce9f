import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHALLENGE_KINDS, PLATFORMS } from '@plume/shared';
import { describe, expect, it } from 'vitest';
import { CHALLENGE_FACTS, CHALLENGE_SOURCES, factSigns, factTexts, platformChallenges, renderChallengeTable, withChallengeTable } from './challenge-facts.js';

describe('challenge facts', () => {
  it('name catalog platforms, known kinds and sources that exist, each with a snapshot date', () => {
    const codes = PLATFORMS.map((p) => p.id);
    for (const [platform, list] of Object.entries(CHALLENGE_FACTS)) {
      expect(codes, platform).toContain(platform);
      expect(list.length, platform).toBeGreaterThan(0);
      for (const f of list) {
        expect(CHALLENGE_KINDS, `${platform} ${f.kind}`).toContain(f.kind);
        expect(f.sources.length, `${platform} ${f.kind}: a fact needs a source`).toBeGreaterThan(0);
        for (const id of f.sources) expect(CHALLENGE_SOURCES[id]?.snapshot, `${platform}: ${id}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(f.source).toContain(CHALLENGE_SOURCES[f.sources[0]!].ref);
        expect(f.sign === undefined, `${platform} ${f.kind}: a sign has a type and a type a sign`).toBe(f.signType === undefined);
      }
    }
  });

  it('list a platform’s kinds in the protocol’s order, none where nothing is on record', () => {
    expect(platformChallenges('douyin')).toEqual(['sms', 'slider', 'identity', 'dialog']);
    expect(platformChallenges('douyin', { publishOnly: true })).toEqual(['sms', 'identity', 'dialog']);
    expect(platformChallenges('bilibili', { publishOnly: true })).toEqual(['captcha']);
    expect(platformChallenges('zhihu')).toEqual([]);
  });

  it('give the detector the recorded selectors and texts by kind', () => {
    expect(factSigns().sms).toContain('#uc-second-verify .second-verify-panel');
    expect(factSigns().slider).toEqual(expect.arrayContaining(['#captcha-verify-image', '.geetest_slider_button', '[class*="red-captcha"]']));
    expect(factTexts().identity).toEqual(expect.arrayContaining(['身份验证', '百度安全验证', '微信验证', "Verify it's you"]));
  });

  it('are the table docs/platforms.md shows', () => {
    const doc = readFileSync(fileURLToPath(new URL('../../../../docs/platforms.md', import.meta.url)), 'utf8');
    expect(withChallengeTable(doc), 'docs/platforms.md: the challenge table is not the facts’ (render it with withChallengeTable)').toBe(doc);
    expect(renderChallengeTable().split('\n').length).toBe(2 + Object.values(CHALLENGE_FACTS).flat().length);
  });
});

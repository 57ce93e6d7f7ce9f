import { applyDefaults, mergeSettings, settingsHash } from '@plume/shared';
import { describe, expect, it } from 'vitest';
import { layerKey, presetLayerIssues, requestLayerIssues, targetSettings, type TargetSettingsInput } from './target-settings.js';

function input(over: Partial<TargetSettingsInput> = {}): TargetSettingsInput {
  const platformLayer = over.platformLayer;
  const accountLayer = over.accountLayer;
  return {
    contentType: 'video',
    accountId: 7,
    platform: 'bilibili',
    mode: 'account',
    preset: undefined,
    hasCover: false,
    aiLabelRequired: false,
    ...over,
    platformLayer,
    platformKey: layerKey(platformLayer)!,
    accountLayer,
    accountKey: layerKey(accountLayer)!,
  };
}

describe('targetSettings', () => {
  it("labels content whose own AI facts require it, unless a layer chose, with the declaration the label needs", () => {
    const article = (over: Partial<TargetSettingsInput>) => input({ contentType: 'article', platform: 'toutiao', ...over });
    expect(targetSettings(article({})).settings.aiLabel).toBe(false);
    const facts = targetSettings(article({ aiLabelRequired: true }));
    expect(facts.settings.aiLabel).toBe(true);
    expect(facts.fieldSources.aiLabel).toBe('default');
    expect(targetSettings(article({ aiLabelRequired: true, platformLayer: { aiLabel: false } })).settings.aiLabel).toBe(false);
    // douyin's creation declaration is required once aiLabel is true (its video and 图文 forms): the facts choose its AI option, and preflight stays valid.
    const douyin = targetSettings(input({ platform: 'douyin', aiLabelRequired: true }));
    expect(douyin.settings).toMatchObject({ aiLabel: true, creationDeclaration: 'ai_generated' });
    expect(douyin.issues).toEqual([]);
    expect(targetSettings(input({ platform: 'douyin', aiLabelRequired: true, accountLayer: { creationDeclaration: 'personal_opinion' } })).settings.creationDeclaration).toBe('personal_opinion');
    // Its article editor has no declaration: the label is set, no declaration is invented.
    const douyinArticle = targetSettings(article({ platform: 'douyin', aiLabelRequired: true, hasCover: true }));
    expect(douyinArticle.settings).toMatchObject({ aiLabel: true, coverMode: 'custom' });
    expect(douyinArticle.settings.creationDeclaration).toBeUndefined();
    expect(douyinArticle.issues).toEqual([]);
  });

  it('answers the merge, defaults and hash the planner would compute, and the same object for the same shape', () => {
    const preset = { partitionName: '知识', tags: ['preset'] };
    const first = targetSettings(input({ preset, platformLayer: { tags: ['platform'] }, accountLayer: { visibility: 'private' } }));
    const merged = mergeSettings('account', preset, { tags: ['platform'] }, { visibility: 'private' });
    const { settings } = applyDefaults('video', 'bilibili', merged.settings);
    expect(first.settings).toEqual(settings);
    expect(first.settingsHash).toBe(settingsHash(settings));
    expect(first.source).toEqual(['preset', 'platform', 'account']);
    expect(first.fieldSources).toMatchObject({ partitionName: 'preset', tags: 'platform', visibility: 'account', copyright: 'default' });
    expect(first.issues).toEqual([]);
    // A new request with equal layers (new objects, keys in another order) is the same shape.
    const again = targetSettings(input({ preset, platformLayer: { tags: ['platform'] }, accountLayer: { visibility: 'private' } }));
    expect(again).toBe(first);
  });

  it('never serves an answer across a different preset, layer, mode, account or cover', () => {
    const preset = { partitionName: '知识', tags: ['知识'] };
    const base = targetSettings(input({ preset }));
    expect(base.issues).toEqual([]);
    const edited = targetSettings(input({ preset: { partitionName: '生活', tags: ['生活'] } }));
    expect(edited.settings.partitionName).toBe('生活');
    expect(targetSettings(input({ preset, accountLayer: { partitionName: '游戏' } })).settings.partitionName).toBe('游戏');
    const custom = targetSettings(input({ preset, mode: 'custom' }));
    expect(custom.settings.partitionName).toBeUndefined();
    expect(custom.issues.map((i) => i.field)).toContain('partitionName');
    expect(targetSettings(input({ preset, accountId: 8 })).issues).toEqual(base.issues);
    expect(targetSettings(input({ preset, hasCover: true })).settings.coverMode).toBe('custom');
    expect(base.settings.coverMode).not.toBe('custom');
  });

  it('shares only frozen answers', () => {
    const answer = targetSettings(input({ preset: { partitionName: '知识' } }));
    expect(Object.isFrozen(answer.settings)).toBe(true);
    expect(Object.isFrozen(answer.fieldSources)).toBe(true);
    expect(() => {
      (answer.settings as Record<string, unknown>).partitionName = 'changed';
    }).toThrow(TypeError);
  });

  it('stays correct past its bound of request shapes per preset', () => {
    const preset = { partitionName: '知识' };
    for (let i = 0; i < 300; i++) {
      const answer = targetSettings(input({ preset, accountLayer: { tags: [`t${i}`] } }));
      expect(answer.settings.tags).toEqual([`t${i}`]);
    }
  });
});

describe('presetLayerIssues', () => {
  it('validates a preset once per preset object and names the account', () => {
    const bad = { copyright: 'stolen' };
    const issues = presetLayerIssues('video', 7, 'bilibili', bad);
    expect(issues.length).toBeGreaterThan(0);
    expect(issues[0]!.message).toContain('the video preset of account 7');
    expect(presetLayerIssues('video', 7, 'bilibili', bad)).toBe(issues);
    expect(presetLayerIssues('video', 7, 'bilibili', { copyright: 'original' })).toEqual([]);
  });
});

describe('requestLayerIssues', () => {
  it('validates each distinct layer once and hands back its key', () => {
    const first = requestLayerIssues('video', 'bilibili', { copyright: 'stolen' }, 'platformSettings.bilibili');
    expect(first.issues.length).toBeGreaterThan(0);
    expect(first.issues[0]!.message).toContain('platformSettings.bilibili');
    const again = requestLayerIssues('video', 'bilibili', { copyright: 'stolen' }, 'platformSettings.bilibili');
    expect(again.issues).toBe(first.issues);
    expect(again.key).toBe(first.key);
    // The same layer elsewhere names where it was sent.
    expect(requestLayerIssues('video', 'bilibili', { copyright: 'stolen' }, 'accountSettings.7').issues[0]!.message).toContain('accountSettings.7');
    expect(requestLayerIssues('video', 'bilibili', { copyright: 'original' }, 'platformSettings.bilibili')).toEqual({ key: '{"copyright":"original"}', issues: [] });
  });

  it('refuses a layer without canonical JSON (a number JSON.parse made infinite) instead of throwing', () => {
    const layer = JSON.parse('{"tags":["a"],"extra":1e400}');
    const checked = requestLayerIssues('video', 'bilibili', layer, 'platformSettings.bilibili');
    expect(checked.key).toBeNull();
    expect(checked.issues).toEqual([expect.objectContaining({ code: 'invalid_settings', field: 'platformSettings.bilibili' })]);
  });
});

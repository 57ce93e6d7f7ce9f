import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLATFORMS, supports } from './platforms.js';
import {
  applyDefaults,
  canonicalJson,
  checkEffectiveSettings,
  BILIBILI_PARTITIONS,
  displayWidth,
  fieldsFor,
  JUEJIN_CATEGORIES,
  JUEJIN_TAGS,
  mergeSettings,
  platformContract,
  SETTINGS_CONTRACT_VERSION,
  SETTINGS_CONTRACTS,
  settingsHash,
  settingsSchema,
  validateSettingsLayer,
} from './publish-settings.js';

describe('mergeSettings', () => {
  const preset = { tags: ['preset'], aiLabel: true, description: 'from preset' };
  const platform = { tags: ['platform'], visibility: 'private' };
  const account = { tags: ['account'] };

  it('account mode: preset, then platformSettings, then accountSettings; later wins per field', () => {
    const merged = mergeSettings('account', preset, platform, account);
    expect(merged.settings).toEqual({ tags: ['account'], aiLabel: true, description: 'from preset', visibility: 'private' });
    expect(merged.source).toEqual(['preset', 'platform', 'account']);
    expect(merged.fieldSources).toEqual({ tags: 'account', aiLabel: 'preset', description: 'preset', visibility: 'platform' });
  });

  it('custom mode ignores the preset entirely', () => {
    const merged = mergeSettings('custom', preset, platform, null);
    expect(merged.settings).toEqual({ tags: ['platform'], visibility: 'private' });
    expect(merged.source).toEqual(['platform']);
  });

  it('reports only layers that contributed a field, and copies lists instead of sharing them', () => {
    const merged = mergeSettings('account', {}, undefined, account);
    expect(merged.source).toEqual(['account']);
    (merged.settings.tags as string[]).push('x');
    expect(account.tags).toEqual(['account']);
    expect(mergeSettings('account', null, null, null)).toEqual({ settings: {}, source: [], fieldSources: {} });
  });
});

describe('canonical form and hash', () => {
  it('sorts keys at every level, drops undefined, and is stable', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 'é' }], c: null }, u: undefined })).toBe('{"a":{"c":null,"d":[2,{"y":"é","z":1}]},"b":1}');
    expect(settingsHash({ a: 1, b: 2 })).toBe(settingsHash({ b: 2, a: 1 }));
    expect(settingsHash({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
    expect(() => canonicalJson({ n: Number.NaN })).toThrow();
    expect(() => canonicalJson([1, undefined])).toThrow();
  });

  it('matches the straightforward definition on any JSON value, whatever the key order (property)', () => {
    // The definition, written plainly: the optimized canonicalJson must agree with it everywhere.
    const reference = (v: unknown): string => {
      if (Array.isArray(v)) return `[${v.map(reference).join(',')}]`;
      if (v !== null && typeof v === 'object') {
        const entries = Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${reference(x)}`).join(',')}}`;
      }
      return JSON.stringify(v);
    };
    const reversed = (v: unknown): unknown =>
      Array.isArray(v) ? v.map(reversed) : v !== null && typeof v === 'object' ? Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reversed(x)])) : v;
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(text).toBe(reference(value));
        expect(canonicalJson(reversed(value))).toBe(text);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 500 },
    );
  });
});

describe('the contract', () => {
  it('covers every platform for each type it supports, and nothing else', () => {
    for (const type of ['article', 'dynamic', 'video'] as const) {
      const listed = Object.keys(SETTINGS_CONTRACTS[type].platforms).sort();
      expect(listed).toEqual(PLATFORMS.filter((p) => supports(p.id, type)).map((p) => p.id).sort());
      expect(SETTINGS_CONTRACTS[type].version).toBe(SETTINGS_CONTRACT_VERSION);
    }
    expect(Object.keys(SETTINGS_CONTRACTS.dynamic.platforms)).toHaveLength(6);
    expect(SETTINGS_CONTRACT_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('names bilibili.partitionName and douyin.creationDeclaration for video', () => {
    expect(fieldsFor('video', 'bilibili')!.find((f) => f.key === 'partitionName')).toMatchObject({ type: 'enum', required: true, options: BILIBILI_PARTITIONS });
    expect(fieldsFor('video', 'douyin')!.find((f) => f.key === 'creationDeclaration')).toMatchObject({ type: 'enum', requiredWhen: { field: 'aiLabel', in: [true] } });
  });

  it('holds what the zhihu, CSDN and jianshu editors take', () => {
    const article = SETTINGS_CONTRACTS.article.platforms;
    expect(article.csdn!.limits).toMatchObject({ titleMinLength: 5, titleMaxLength: 100 });
    expect(fieldsFor('article', 'csdn')!.find((f) => f.key === 'summary')).toMatchObject({ type: 'text', maxLength: 256 });
    expect(fieldsFor('article', 'csdn')!.find((f) => f.key === 'tags')).toMatchObject({ type: 'string_list', maxItems: 5 });
    expect(fieldsFor('article', 'zhihu')!.find((f) => f.key === 'column')).toMatchObject({ type: 'string', maxLength: 50 });
    expect(fieldsFor('article', 'jianshu')!.find((f) => f.key === 'notebook')).toMatchObject({ type: 'string', maxLength: 50 });
    expect(article.jianshu!.cover.custom).toBe(false);
    expect(fieldsFor('article', 'jianshu')!.find((f) => f.key === 'coverMode')!.options).toEqual(['auto']);
    expect(validateSettingsLayer('article', 'csdn', { summary: '摘'.repeat(257) }, 'p')[0]!.field).toBe('p.summary');
    expect(validateSettingsLayer('article', 'csdn', { summary: '摘'.repeat(256) }, 'p')).toEqual([]);
  });

  it('field keys are unique per platform and type, and enum fields list options', () => {
    for (const type of ['article', 'dynamic', 'video'] as const) {
      for (const platform of Object.keys(SETTINGS_CONTRACTS[type].platforms)) {
        const fields = fieldsFor(type, platform)!;
        expect(new Set(fields.map((f) => f.key)).size, `${type}/${platform}`).toBe(fields.length);
        for (const f of fields) if (f.type === 'enum') expect(f.options?.length, `${platform}.${f.key}`).toBeGreaterThan(0);
      }
    }
  });
});

describe('validateSettingsLayer', () => {
  it('accepts valid values', () => {
    expect(validateSettingsLayer('video', 'bilibili', { partitionName: '知识', tags: ['a', 'b'], copyright: 'original' }, 'platformSettings.bilibili')).toEqual([]);
  });

  it('refuses the legacy bilibili partition id and the legacy douyin AI switch with deprecated_field', () => {
    expect(validateSettingsLayer('video', 'bilibili', { tid: 36 }, 'platformSettings.bilibili')).toEqual([
      expect.objectContaining({ code: 'deprecated_field', field: 'platformSettings.bilibili.tid', message: expect.stringContaining('partitionName') }),
    ]);
    expect(validateSettingsLayer('video', 'bilibili', { partitionId: 36, partitionName: 'x' }, 'p')[0]!.code).toBe('deprecated_field');
    expect(validateSettingsLayer('video', 'douyin', { isAiGenerated: true }, 'p')[0]).toMatchObject({ code: 'deprecated_field', message: expect.stringContaining('creationDeclaration') });
    expect(validateSettingsLayer('video', 'douyin', { aiGenerated: true }, 'p')[0]!.code).toBe('deprecated_field');
  });

  it('names unknown fields and bad values', () => {
    const unknown = validateSettingsLayer('article', 'csdn', { cookie: 'x' }, 'accountSettings.3');
    expect(unknown).toEqual([expect.objectContaining({ code: 'invalid_settings', field: 'accountSettings.3.cookie' })]);
    const bad = validateSettingsLayer('video', 'douyin', { creationDeclaration: 'nope', tags: 'x' }, 'platformSettings.douyin');
    expect(bad.map((i) => i.field).sort()).toEqual(['platformSettings.douyin.creationDeclaration', 'platformSettings.douyin.tags']);
    expect(validateSettingsLayer('article', 'csdn', { tags: ['1', '2', '3', '4', '5', '6'] }, 'p')[0]!.field).toBe('p.tags');
    expect(validateSettingsLayer('article', 'csdn', [], 'p')[0]!.code).toBe('invalid_settings');
    expect(validateSettingsLayer('article', 'kuaishou', {}, 'p')[0]!.message).toMatch(/does not publish article/);
  });

  it('refuses a tag that names no topic (blank, or only # and whitespace) on every platform with free-text tags', () => {
    const [issue, ...rest] = validateSettingsLayer('video', 'zhihu', { tags: ['Plume', '#', ' # # ', '\t'] }, 'platformSettings.zhihu');
    expect(issue).toMatchObject({ code: 'invalid_settings', field: 'platformSettings.zhihu.tags.1' });
    expect(issue!.message).toContain('names no topic: a tag needs a name besides # and spaces');
    expect(rest.map((i) => i.field)).toEqual(['platformSettings.zhihu.tags.2', 'platformSettings.zhihu.tags.3']);
    for (const type of ['article', 'dynamic', 'video'] as const) {
      for (const platform of PLATFORMS.filter((p) => supports(p.id, type)).map((p) => p.id)) {
        const field = fieldsFor(type, platform)?.find((f) => f.key === 'tags');
        if (!field || field.options) continue;
        expect(field.topicNames, `${type} ${platform}`).toBe(true);
        expect(validateSettingsLayer(type, platform, { tags: ['##'] }, 'p'), `${type} ${platform}`).toHaveLength(1);
      }
    }
    // A leading # on a real name is the caller's habit, not an empty topic; the adapters strip it.
    expect(validateSettingsLayer('video', 'zhihu', { tags: ['#Plume', 'C#'] }, 'p')).toEqual([]);
  });

  it("measures WeChat's author as its editor does: a width of at most 16, a Chinese character counting 2 (作者不能超过8个字)", () => {
    expect(displayWidth('Plume')).toBe(5);
    expect(displayWidth('微信作者')).toBe(8);
    expect(displayWidth('Plume 公众号')).toBe(12);
    expect(displayWidth('é·')).toBe(2); // Latin-1 counts 1
    expect(displayWidth('，')).toBe(2); // full-width punctuation
    expect(displayWidth('😀')).toBe(4); // outside the BMP: two UTF-16 units
    expect(fieldsFor('article', 'wechat_mp')!.find((f) => f.key === 'author')).toMatchObject({ type: 'string', maxWidth: 16 });
    for (const fits of ['一二三四五六七八', 'a'.repeat(16), '公众号Plume01', '']) {
      expect(validateSettingsLayer('article', 'wechat_mp', { author: fits }, 'p'), fits).toEqual([]);
    }
    // Nine Chinese characters are 9 characters (within the old 16-character limit) but 18 wide.
    const [issue, ...rest] = validateSettingsLayer('article', 'wechat_mp', { author: '一二三四五六七八九' }, 'platformSettings.wechat_mp');
    expect(rest).toEqual([]);
    expect(issue).toMatchObject({ code: 'invalid_settings', field: 'platformSettings.wechat_mp.author' });
    expect(issue!.message).toBe(
      'platformSettings.wechat_mp.author: is 18 wide; the platform takes a width of at most 16, counting a Chinese (full-width) character as 2 and a Latin letter, digit or space as 1 (8 Chinese characters, or 16 Latin ones)',
    );
    // Mixed: five Chinese characters (10) and six Latin (6) fit; one more Latin letter does not.
    expect(validateSettingsLayer('article', 'wechat_mp', { author: '公众号作者Plume0' }, 'p')).toEqual([]);
    expect(validateSettingsLayer('article', 'wechat_mp', { author: '公众号作者Plume01' }, 'p')).toHaveLength(1);
  });

  it('limits coverMode to what the platform supports', () => {
    expect(validateSettingsLayer('article', 'jianshu', { coverMode: 'custom' }, 'p')).toHaveLength(1);
    expect(validateSettingsLayer('article', 'csdn', { coverMode: 'custom' }, 'p')).toEqual([]);
    expect(settingsSchema('dynamic', 'weibo')!.shape).not.toHaveProperty('coverMode');
  });
});

describe("values from a platform's fixed list", () => {
  it('offers exactly the shared lists as options', () => {
    const juejin = fieldsFor('article', 'juejin')!;
    expect(juejin.find((f) => f.key === 'category')!.options).toEqual(JUEJIN_CATEGORIES.map((c) => c.value));
    // juejin's own tags replace the common free-text tags field, not sit beside it.
    expect(juejin.filter((f) => f.key === 'tags')).toEqual([expect.objectContaining({ type: 'string_list', options: JUEJIN_TAGS, minItems: 1, maxItems: 3, required: true })]);
    expect(fieldsFor('article', 'csdn')!.find((f) => f.key === 'tags')!.options).toBeUndefined();
  });

  it('refuses a value outside the list, naming the value and the offered ones', () => {
    const [issue, ...rest] = validateSettingsLayer('article', 'juejin', { tags: ['Go', 'plume'] }, 'platformSettings.juejin');
    expect(rest).toEqual([]);
    expect(issue).toMatchObject({ code: 'invalid_settings', field: 'platformSettings.juejin.tags.1' });
    expect(issue!.message).toContain('"plume" is not one of the values the platform offers for tags: 前端, 后端, JavaScript');
    expect(validateSettingsLayer('article', 'juejin', { tags: ['Go', 'Linux'], category: 'backend' }, 'p')).toEqual([]);
    expect(validateSettingsLayer('article', 'juejin', { tags: [] }, 'p')[0]!.message).toContain('at least 1');
    expect(validateSettingsLayer('article', 'juejin', { tags: ['Go', 'Java', 'Linux', 'MySQL'] }, 'p')[0]!.message).toContain('at most 3');
    expect(validateSettingsLayer('article', 'juejin', { category: 'gardening' }, 'p')[0]!.message).toContain('"gardening" is not one of');
    expect(validateSettingsLayer('video', 'bilibili', { partitionName: '不存在的分区' }, 'p')[0]!.field).toBe('p.partitionName');
    // The common tags stay free text elsewhere.
    expect(validateSettingsLayer('article', 'csdn', { tags: ['plume'] }, 'p')).toEqual([]);
  });

  it('requires juejin tags on the merged settings', () => {
    expect(checkEffectiveSettings('article', 'juejin', { category: 'backend' }, 'a').map((i) => i.field)).toEqual(['tags']);
  });
});

describe('checkEffectiveSettings and defaults', () => {
  it('requires required fields and conditional declarations on the merged result', () => {
    expect(checkEffectiveSettings('video', 'bilibili', {}, 'account 1')[0]).toMatchObject({ field: 'partitionName', message: expect.stringContaining('required') });
    expect(checkEffectiveSettings('video', 'bilibili', { partitionName: 'x', copyright: 'repost', tags: ['t'] }, 'a')[0]!.field).toBe('sourceUrl');
    // bilibili publishes no video without a tag, so the contract asks for one as the node does.
    expect(checkEffectiveSettings('video', 'bilibili', { partitionName: '知识' }, 'account 1')).toEqual([
      expect.objectContaining({ code: 'invalid_settings', field: 'tags', message: expect.stringContaining('tags is required for bilibili video') }),
    ]);
    expect(checkEffectiveSettings('video', 'bilibili', { partitionName: '知识', tags: ['知识'] }, 'account 1')).toEqual([]);
    expect(checkEffectiveSettings('video', 'douyin', { aiLabel: true }, 'a')[0]!.field).toBe('creationDeclaration');
    expect(checkEffectiveSettings('video', 'douyin', { aiLabel: false }, 'a')).toEqual([]);
    expect(checkEffectiveSettings('article', 'csdn', { articleType: 'translated' }, 'a')[0]!.field).toBe('originalUrl');
    expect(checkEffectiveSettings('video', 'youtube', { madeForKids: false }, 'a')).toEqual([]);
  });

  it('refuses a value the platform cannot honour: 企鹅号 declares 无需标注, so aiLabel true is invalid there only', () => {
    expect(checkEffectiveSettings('article', 'qiehao', { aiLabel: true }, 'account 7 (qiehao)')).toEqual([
      { code: 'invalid_settings', field: 'aiLabel', message: expect.stringMatching(/^account 7 \(qiehao\): aiLabel true: .*无需标注.*send aiLabel false/) },
    ]);
    expect(checkEffectiveSettings('article', 'qiehao', { aiLabel: false }, 'a')).toEqual([]);
    expect(checkEffectiveSettings('article', 'baijiahao', { aiLabel: true }, 'a')).toEqual([]);
    // Its video page's 自主声明 likewise: the one declaration on record is 无需标注.
    expect(checkEffectiveSettings('video', 'qiehao', { aiLabel: true }, 'a')).toEqual([
      { code: 'invalid_settings', field: 'aiLabel', message: expect.stringMatching(/^a: aiLabel true: .*无需标注.*send aiLabel false/) },
    ]);
    expect(checkEffectiveSettings('video', 'qiehao', { aiLabel: false }, 'a')).toEqual([]);
    // 网易号 records no declaration at all: there aiLabel is ignored, not refused.
    expect(checkEffectiveSettings('video', 'netease', { aiLabel: true }, 'a')).toEqual([]);
  });

  it('video limits and covers of 网易号 and 企鹅号 as their pages are recorded', () => {
    expect(platformContract('video', 'qiehao')).toMatchObject({ limits: { titleMinLength: 5, titleMaxLength: 64 }, cover: { custom: true } });
    expect(fieldsFor('video', 'qiehao')!.find((f) => f.key === 'tags')).toMatchObject({ maxItems: 9 });
    expect(platformContract('video', 'netease')).toMatchObject({ cover: { custom: false } });
    expect(fieldsFor('video', 'netease')!.find((f) => f.key === 'visibility')).toMatchObject({ options: ['public'] });
  });

  it('fills defaults only where no layer set a value', () => {
    const { settings, defaulted } = applyDefaults('video', 'bilibili', { visibility: 'private' });
    expect(settings).toMatchObject({ visibility: 'private', aiLabel: false, copyright: 'original', coverMode: 'auto' });
    expect(defaulted).not.toContain('visibility');
    expect(defaulted).toContain('copyright');
  });
});

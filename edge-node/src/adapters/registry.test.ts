import { fieldsFor, platformById } from '@plume/shared';
import { describe, expect, it } from 'vitest';
import { BILIBILI_COPYRIGHT_LABELS } from './bilibili.js';
import { ADAPTER_ERROR_CODES, STEPS } from './contract.js';
import { JUEJIN_CATEGORY_LABELS } from './juejin.js';
import { adapterFor, adapterPlatforms, allAdapters, canPublish } from './registry.js';
import { WEIBO_VISIBILITY_LABELS } from './weibo.js';

describe('adapter registry', () => {
  it('maps platform codes to adapters whose content types the catalog allows', () => {
    expect(adapterPlatforms()).toEqual(['juejin', 'weibo', 'bilibili']);
    for (const a of allAdapters()) {
      const entry = platformById(a.platform);
      expect(entry?.category, a.platform).toBe('content');
      for (const type of a.contentTypes) expect(entry?.content_types, `${a.platform} ${type}`).toContain(type);
      expect(a.defaultBaseUrl).toMatch(/^https:\/\//);
    }
  });

  it('reads only settings the shared settings contract lets through, and covers its options', () => {
    for (const a of allAdapters()) {
      for (const type of a.contentTypes) {
        const fields = fieldsFor(type, a.platform) ?? [];
        const keys = fields.map((f) => f.key);
        for (const k of a.settingKeys) expect(keys, `${a.platform} ${type} reads "${k}"`).toContain(k);
      }
    }
    const options = (type: 'article' | 'dynamic' | 'video', platform: string, key: string) => fieldsFor(type, platform)?.find((f) => f.key === key)?.options;
    expect(Object.keys(JUEJIN_CATEGORY_LABELS).sort()).toEqual([...(options('article', 'juejin', 'category') ?? [])].sort());
    expect(Object.keys(WEIBO_VISIBILITY_LABELS).sort()).toEqual([...(options('dynamic', 'weibo', 'visibility') ?? [])].sort());
    expect(Object.keys(BILIBILI_COPYRIGHT_LABELS).sort()).toEqual([...(options('video', 'bilibili', 'copyright') ?? [])].sort());
  });

  it('answers what this node can publish', () => {
    expect(adapterFor('bilibili')?.platform).toBe('bilibili');
    expect(adapterFor('wordpress')).toBeUndefined();
    expect(canPublish('juejin', 'article')).toBe(true);
    expect(canPublish('juejin', 'video')).toBe(false);
    expect(canPublish('bilibili', 'article')).toBe(false); // the catalog allows it; no adapter yet
    expect(canPublish('weibo', 'dynamic')).toBe(true);
  });

  it('keeps step names and error codes stable', () => {
    expect(STEPS).toEqual(['check_login', 'open_editor', 'fill', 'upload', 'apply_settings', 'publish', 'read_back']);
    expect(ADAPTER_ERROR_CODES).toEqual(['login_required', 'editor_changed', 'upload_failed', 'cover_rejected', 'setting_unavailable', 'publish_rejected', 'readback_failed']);
  });
});

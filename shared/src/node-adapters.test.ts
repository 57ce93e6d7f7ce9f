import { describe, expect, it } from 'vitest';
import { adapterSupport, nodeContentTypes } from './node-adapters.js';

const report = {
  platforms: ['juejin', 'bilibili'],
  adapters: [
    { platform: 'juejin', contentTypes: ['article' as const], settings: ['category', 'tags'] },
    { platform: 'bilibili', contentTypes: ['video' as const], settings: ['partitionName'] },
    { platform: 'bilibili', contentTypes: ['dynamic' as const], settings: ['tags'] },
  ],
};

describe('adapterSupport', () => {
  it('runs exactly the reported pairs, with the settings of the adapter that runs each', () => {
    expect(adapterSupport(report, 'juejin', 'article')).toEqual({ ok: true, settings: ['category', 'tags'] });
    expect(adapterSupport(report, 'bilibili', 'video')).toEqual({ ok: true, settings: ['partitionName'] });
    expect(adapterSupport(report, 'bilibili', 'dynamic')).toEqual({ ok: true, settings: ['tags'] });
    expect(nodeContentTypes(report, 'bilibili')).toEqual(['video', 'dynamic']);
  });

  it('names why a pair cannot run: the platform, or the content type', () => {
    expect(adapterSupport(report, 'bilibili', 'article')).toEqual({ ok: false, gap: 'content_type_unsupported_by_node' });
    expect(adapterSupport(report, 'weibo', 'dynamic')).toEqual({ ok: false, gap: 'platform_unsupported_by_node' });
    expect(adapterSupport({ adapters: [] }, 'juejin', 'article')).toEqual({ ok: false, gap: 'platform_unsupported_by_node' });
  });

  it('judges a report without pairs (an older node) conservatively', () => {
    // It lists platforms only: one it does not list is certainly unsupported, the types of the others are unknown.
    expect(adapterSupport({ platforms: ['bilibili'] }, 'weibo', 'dynamic')).toEqual({ ok: false, gap: 'platform_unsupported_by_node' });
    expect(adapterSupport({ platforms: ['bilibili'] }, 'bilibili', 'video')).toEqual({ ok: false, gap: 'node_adapters_unreported' });
    expect(adapterSupport({}, 'bilibili', 'video')).toEqual({ ok: false, gap: 'node_adapters_unreported' });
    expect(nodeContentTypes({ platforms: ['bilibili'] }, 'bilibili')).toEqual([]);
  });
});

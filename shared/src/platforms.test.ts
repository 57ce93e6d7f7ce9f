import { describe, expect, it } from 'vitest';
import { executorsFor, PLATFORMS, supports } from './platforms.js';

describe('catalog', () => {
  it('has 24 items: 22 content platforms and 2 CMS site types', () => {
    const content = PLATFORMS.filter((p) => p.category === 'content');
    expect(PLATFORMS).toHaveLength(24);
    expect(content).toHaveLength(22);
    expect(content.filter((p) => p.content_types.includes('video'))).toHaveLength(19);
    expect(content.filter((p) => p.content_types.includes('dynamic')).map((p) => p.id).sort()).toEqual(
      ['bilibili', 'douyin', 'kuaishou', 'toutiao', 'weibo', 'xiaohongshu'],
    );
    expect(PLATFORMS.filter((p) => p.content_types.includes('article'))).toHaveLength(22); // 20 content + 2 CMS
    expect(content.filter((p) => p.content_types.includes('article'))).toHaveLength(20);
    expect(new Set(PLATFORMS.map((p) => p.id)).size).toBe(24);
  });

  it('routes video to edge and desktop only, youtube to desktop only, CMS to web only', () => {
    expect(executorsFor('bilibili', 'video')).toEqual(['edge', 'desktop']);
    expect(executorsFor('youtube', 'video')).toEqual(['desktop']);
    expect(executorsFor('youtube', 'article')).toEqual([]);
    expect(executorsFor('kuaishou', 'article')).toEqual([]);
    expect(executorsFor('wordpress', 'article')).toEqual(['web']);
    expect(supports('csdn', 'video')).toBe(false);
    for (const p of PLATFORMS) if (p.content_types.includes('video')) expect(p.video_sources).toEqual(['local_file']);
  });
});

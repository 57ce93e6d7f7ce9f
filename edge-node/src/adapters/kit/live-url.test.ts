import { describe, expect, it } from 'vitest';
import { liveUrl, realUrl } from './live-url.js';

const adapter = { defaultBaseUrl: 'https://creator.douyin.com' };

describe('liveUrl / realUrl', () => {
  it('is the identity against the live site', () => {
    const ctx = { baseUrl: 'https://creator.douyin.com/' };
    expect(liveUrl(ctx, adapter, 'https://creator.douyin.com/creator-micro/content/upload?x=1')).toBe('https://creator.douyin.com/creator-micro/content/upload?x=1');
    expect(realUrl(ctx, adapter, 'https://api.juejin.cn/a?b=1').toString()).toBe('https://api.juejin.cn/a?b=1');
  });

  it('maps every host of the real site under the replica base, query kept, and back', () => {
    const ctx = { baseUrl: 'http://127.0.0.1:4000/douyin' };
    const live = liveUrl(ctx, adapter, 'https://api.example.com/v1/upload?part=2&id=x%20y');
    expect(live).toBe('http://127.0.0.1:4000/douyin/api.example.com/v1/upload?part=2&id=x%20y');
    expect(realUrl(ctx, adapter, live).toString()).toBe('https://api.example.com/v1/upload?part=2&id=x%20y');
    expect(liveUrl(ctx, adapter, 'https://creator.douyin.com/')).toBe('http://127.0.0.1:4000/douyin/creator.douyin.com/');
    // A client-side route in the fragment survives the mapping both ways.
    const draft = liveUrl(ctx, adapter, 'https://card.weibo.com/article/v3/editor#/draft/42');
    expect(draft).toBe('http://127.0.0.1:4000/douyin/card.weibo.com/article/v3/editor#/draft/42');
    expect(realUrl(ctx, adapter, draft).hash).toBe('#/draft/42');
  });

  it('leaves addresses outside the replica alone and refuses non-web URLs', () => {
    const ctx = { baseUrl: 'http://127.0.0.1:4000/douyin' };
    expect(realUrl(ctx, adapter, 'about:blank').toString()).toBe('about:blank');
    expect(realUrl(ctx, adapter, 'http://127.0.0.1:4000/douyinx/a').toString()).toBe('http://127.0.0.1:4000/douyinx/a');
    expect(() => liveUrl(ctx, adapter, 'data:text/plain,x')).toThrow('not a web address');
  });
});

import { describe, expect, it } from 'vitest';
import { contractLimits } from './contract-limits.js';

describe('happy path', () => {
  it('reads the limits the settings contract states for a platform and content type', () => {
    expect(contractLimits('article', 'csdn', ['titleMin', 'titleMax', 'tagsMax', 'summaryMax'])).toEqual({ titleMin: 5, titleMax: 100, tagsMax: 5, summaryMax: 256 });
    expect(contractLimits('video', 'qiehao', ['titleMin', 'titleMax', 'descriptionMax', 'tagsMax', 'tagMax'])).toEqual({ titleMin: 5, titleMax: 64, descriptionMax: 1000, tagsMax: 9, tagMax: 30 });
    expect(contractLimits('dynamic', 'toutiao', ['textMax', 'maxImages', 'tagsMax'])).toEqual({ textMax: 2000, maxImages: 9, tagsMax: 5 });
    // Where a platform's own rule differs from the common one, preflight holds the platform's: kuaishou's three topics and 31 pictures, weibo's 44-character 导语.
    expect(contractLimits('dynamic', 'kuaishou', ['maxImages', 'tagsMax'])).toEqual({ maxImages: 31, tagsMax: 3 });
    expect(contractLimits('video', 'kuaishou', ['tagsMax'])).toEqual({ tagsMax: 3 });
    expect(contractLimits('article', 'weibo', ['titleMax', 'summaryMax'])).toEqual({ titleMax: 32, summaryMax: 44 });
    // xiaohongshu: ten topics on every form, 1 to 18 pictures in a note, a note's title box of 20.
    expect(contractLimits('dynamic', 'xiaohongshu', ['titleFieldMax', 'textMax', 'minImages', 'maxImages', 'tagsMax'])).toEqual({ titleFieldMax: 20, textMax: 1000, minImages: 1, maxImages: 18, tagsMax: 10 });
    expect(contractLimits('article', 'xiaohongshu', ['titleMax', 'summaryMax', 'tagsMax'])).toEqual({ titleMax: 20, summaryMax: 1000, tagsMax: 10 });
    expect(contractLimits('video', 'xiaohongshu', ['titleMax', 'descriptionMax', 'tagsMax'])).toEqual({ titleMax: 20, descriptionMax: 1000, tagsMax: 10 });
    // douyin's upload page takes five topics; bilibili's upload form one to ten tags of at most 20 characters and a 2,000-character 简介.
    expect(contractLimits('video', 'douyin', ['titleMax', 'tagsMax', 'tagMax', 'descriptionMax'])).toEqual({ titleMax: 30, tagsMax: 5, tagMax: 30, descriptionMax: 1000 });
    expect(contractLimits('video', 'bilibili', ['titleMax', 'tagsMin', 'tagsMax', 'tagMax', 'descriptionMax'])).toEqual({ titleMax: 80, tagsMin: 1, tagsMax: 10, tagMax: 20, descriptionMax: 2000 });
    // 微信公众号's video editor: titles of at most 64 characters, as its article editor.
    expect(contractLimits('video', 'wechat_mp', ['titleMax'])).toEqual({ titleMax: 64 });
  });
});

describe('errors', () => {
  it('a limit the contract does not state, or a pair it does not hold, throws instead of checking against nothing', () => {
    expect(() => contractLimits('article', 'dayu', ['titleMin'])).toThrow('states no titleMin for dayu article');
    expect(() => contractLimits('video', 'csdn', ['titleMax'])).toThrow('has no video for csdn');
  });
});

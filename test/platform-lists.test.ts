/**
 * The platform lists the settings contract offers (shared publish-settings)
 * are values the platforms' editors offer: every option of the contract is
 * one the platform simulator, the replica of each editor, shows. An option the
 * editor lacks would pass preflight and then fail on the node with
 * setting_unavailable. Pure: reads constants only.
 */
import { BILIBILI_ARTICLE_CATEGORIES, BILIBILI_PARTITIONS, DOUYIN_DECLARATIONS, JUEJIN_CATEGORIES, JUEJIN_TAGS, WEIBO_VIDEO_TYPES, WEIBO_VISIBILITIES } from '@plume/shared';
import { describe, expect, it } from 'vitest';
import { BILIBILI_ARTICLE_CATEGORY_TREE } from './platform-simulator/bilibili/article.js';
import { BILIBILI_TYPELIST } from './platform-simulator/bilibili/video.js';
import { DOUYIN_DECLARATIONS as SIM_DECLARATIONS } from './platform-simulator/douyin/common.js';
import { JUEJIN_CATEGORIES as SIM_CATEGORIES, JUEJIN_TAGS as SIM_TAGS } from './platform-simulator/juejin.js';
import { WEIBO_VISIBILITY } from './platform-simulator/weibo.js';
import { WEIBO_VIDEO_TYPES as SIM_VIDEO_TYPES } from './platform-simulator/weibo-video.js';

describe("the contract's platform lists", () => {
  it('juejin: every category label and tag is one the publish panel offers', () => {
    for (const c of JUEJIN_CATEGORIES) expect(Object.values(SIM_CATEGORIES), c.value).toContain(c.label);
    for (const tag of JUEJIN_TAGS) expect(Object.values(SIM_TAGS)).toContain(tag);
  });

  it("bilibili: every partition is in the upload form's partition list, under one parent only", () => {
    const names = BILIBILI_TYPELIST.flatMap((p) => [p.name, ...p.children.map((c) => c.name)]);
    for (const name of BILIBILI_PARTITIONS) {
      expect(names, name).toContain(name);
      expect(names.filter((n) => n === name), `${name} is ambiguous`).toHaveLength(1);
    }
  });

  it('bilibili: every article category is a category one files under, with the id bilibili gives it', () => {
    const children = BILIBILI_ARTICLE_CATEGORY_TREE.flatMap((p) => p.children);
    for (const [name, id] of Object.entries(BILIBILI_ARTICLE_CATEGORIES)) expect(children, name).toContainEqual({ id, name });
  });

  it("douyin and weibo: every declaration and audience label is in the editor's choices", () => {
    for (const d of DOUYIN_DECLARATIONS) expect(SIM_DECLARATIONS, d.value).toContain(d.label);
    for (const v of WEIBO_VISIBILITIES) expect(Object.keys(WEIBO_VISIBILITY), v.value).toContain(v.label);
    for (const v of WEIBO_VIDEO_TYPES) expect(Object.keys(SIM_VIDEO_TYPES), v.value).toContain(v.label);
  });
});

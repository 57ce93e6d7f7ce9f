import { adapterReportSchema, adapterSupport, fieldsFor, JUEJIN_TAGS, platformById } from '@plume/shared';
import { describe, expect, it } from 'vitest';
import { BILIBILI_COPYRIGHT_LABELS } from './bilibili/adapter.js';
import { ADAPTER_ERROR_CODES, STEPS } from './contract.js';
import { DOUYIN_DECLARATION_LABELS } from './douyin/site.js';
import { JUEJIN_CATEGORY_LABELS } from './juejin/adapter.js';
import { TOUTIAO_DECLARATION_LABELS } from './toutiao/site.js';
import { registryAdapters, registryAdaptersFor } from './adapter-set.js';
import { adapterFor, adapterPlatforms, adapterReports, allAdapters, canPublish, nodeExecutor, settingKeysOf } from './registry.js';
import { WEIBO_VISIBILITY_LABELS } from './weibo/adapter.js';
import { WEIBO_VIDEO_TYPE_LABELS } from './weibo/video.js';
import { XHS_VISIBILITY_LABELS } from './xiaohongshu/form.js';

describe('adapter registry', () => {
  it('maps platform codes to adapters whose content types the catalog allows', () => {
    const edge = ['juejin', 'weibo', 'bilibili', 'douyin', 'xiaohongshu', 'kuaishou', 'toutiao', 'baijiahao', 'sohu', 'netease', 'zhihu', 'csdn', 'jianshu', 'qiehao', 'dayu', 'yidian', 'eastmoney', 'autohome', 'dongchedi', 'wechat_mp', 'yiche'];
    expect(adapterPlatforms()).toEqual(edge);
    expect(adapterPlatforms('desktop')).toEqual([...edge, 'youtube']);
    expect(allAdapters().map((a) => a.platform)).toEqual([...edge, 'youtube']);
    for (const a of allAdapters()) {
      const entry = platformById(a.platform);
      expect(entry?.category, a.platform).toBe('content');
      for (const type of a.contentTypes) expect(entry?.content_types, `${a.platform} ${type}`).toContain(type);
      expect(a.defaultBaseUrl).toMatch(/^https:\/\//);
    }
  });

  it('reads only settings the shared settings contract lets through, and covers its options', () => {
    for (const a of allAdapters()) {
      // A key may belong to one of the adapter's content types only (a note's title, a video's description).
      const keys = a.contentTypes.flatMap((type) => (fieldsFor(type, a.platform) ?? []).map((f) => f.key));
      for (const k of a.settingKeys) expect(keys, `${a.platform} reads "${k}"`).toContain(k);
      // A type with its own list reads only what that type's contract offers.
      for (const [type, own] of Object.entries(a.settingKeysByType ?? {}) as Array<['article' | 'dynamic' | 'video', readonly string[]]>) {
        const typeKeys = (fieldsFor(type, a.platform) ?? []).map((f) => f.key);
        for (const k of own) expect(typeKeys, `${a.platform} ${type} reads "${k}"`).toContain(k);
      }
    }
    const options = (type: 'article' | 'dynamic' | 'video', platform: string, key: string) => fieldsFor(type, platform)?.find((f) => f.key === key)?.options;
    expect(Object.keys(JUEJIN_CATEGORY_LABELS).sort()).toEqual([...(options('article', 'juejin', 'category') ?? [])].sort());
    expect(Object.keys(WEIBO_VISIBILITY_LABELS).sort()).toEqual([...(options('dynamic', 'weibo', 'visibility') ?? [])].sort());
    expect(Object.keys(WEIBO_VIDEO_TYPE_LABELS).sort()).toEqual([...(options('video', 'weibo', 'creationType') ?? [])].sort());
    expect(Object.keys(BILIBILI_COPYRIGHT_LABELS).sort()).toEqual([...(options('video', 'bilibili', 'copyright') ?? [])].sort());
    expect(options('article', 'juejin', 'tags')).toEqual(JUEJIN_TAGS);
    for (const type of ['video', 'dynamic'] as const) {
      expect(Object.keys(DOUYIN_DECLARATION_LABELS).sort()).toEqual([...(options(type, 'douyin', 'creationDeclaration') ?? [])].sort());
      expect(options(type, 'douyin', 'creationDeclaration')).toBeDefined();
    }
    expect(Object.keys(XHS_VISIBILITY_LABELS).sort()).toEqual([...(options('video', 'xiaohongshu', 'visibility') ?? [])].sort());
    for (const type of ['article', 'dynamic'] as const) {
      expect(Object.keys(TOUTIAO_DECLARATION_LABELS).sort()).toEqual([...(options(type, 'toutiao', 'declarations') ?? [])].sort());
    }
  });

  it('applies every setting the contract requires of its platform, so none is dropped unseen', () => {
    for (const a of allAdapters()) {
      for (const type of a.contentTypes) {
        for (const f of fieldsFor(type, a.platform) ?? []) {
          if (f.required || f.requiredWhen) expect(settingKeysOf(a, type), `${a.platform} ${type} must apply "${f.key}"`).toContain(f.key);
        }
      }
    }
  });

  it('reports (platform × content types) and the settings each adapter applies, as the protocol carries them', () => {
    const reports = adapterReports(allAdapters(), 'desktop');
    expect([...new Set(reports.map((r) => r.platform))]).toEqual(allAdapters().map((a) => a.platform));
    for (const a of allAdapters()) {
      const mine = reports.filter((r) => r.platform === a.platform);
      // Every content type the catalog allows is reported once, with the settings that type applies.
      expect(mine.flatMap((r) => r.contentTypes).sort()).toEqual(a.contentTypes.filter((t) => platformById(a.platform)!.content_types.includes(t)).sort());
      for (const r of mine) for (const type of r.contentTypes) expect(r.settings, `${a.platform} ${type}`).toEqual([...settingKeysOf(a, type)]);
      // Types applying the same settings share one report.
      expect(new Set(mine.map((r) => r.settings.join())).size).toBe(mine.length);
    }
    expect(reports.find((r) => r.platform === 'juejin')).toEqual({ platform: 'juejin', contentTypes: ['article'], settings: ['category', 'tags', 'summary', 'coverMode'] });
    // douyin is on record asking an SMS code, a slider, an identity check and a guide overlay (challenge-facts.ts).
    const douyinAsks = ['sms', 'slider', 'identity', 'dialog'];
    expect(reports.filter((r) => r.platform === 'douyin')).toEqual([
      { platform: 'douyin', contentTypes: ['video', 'dynamic'], settings: expect.arrayContaining(['creationDeclaration', 'aiLabel']), challenges: douyinAsks },
      { platform: 'douyin', contentTypes: ['article'], settings: ['coverMode'], challenges: douyinAsks },
    ]);
    // A platform with nothing on record reports no challenges at all.
    expect(reports.find((r) => r.platform === 'juejin')).not.toHaveProperty('challenges');
    for (const r of reports) expect(adapterReportSchema.parse(r)).toEqual(r);
    // What the control plane concludes from an edge node's report.
    const caps = { adapters: adapterReports(allAdapters(), 'edge'), platforms: adapterPlatforms('edge') };
    // douyin's article editor has no 自主声明: preflight lists aiLabel as ignored for its articles only.
    expect(adapterSupport(caps, 'douyin', 'article')).toEqual({ ok: true, settings: ['coverMode'] });
    expect(adapterSupport(caps, 'douyin', 'video')).toMatchObject({ ok: true, settings: expect.arrayContaining(['aiLabel']) });
    expect(adapterSupport(caps, 'xiaohongshu', 'article')).toEqual({ ok: true, settings: ['tags', 'summary', 'template', 'visibility', 'location', 'scheduledAt'] });
    expect(adapterSupport(caps, 'dayu', 'article')).toEqual({ ok: true, settings: ['coverMode'] });
    expect(adapterSupport(caps, 'baijiahao', 'video')).toEqual({ ok: true, settings: ['description', 'coverMode', 'aiLabel', 'visibility'] });
    // 懂车号 videos have no adapter: its accounts are not publishable for videos on this node.
    expect(adapterSupport(caps, 'dongchedi', 'video')).toEqual({ ok: false, gap: 'content_type_unsupported_by_node' });
    // 微信公众号's video editor takes the file and the title only: everything else is listed as ignored.
    expect(adapterSupport(caps, 'wechat_mp', 'video')).toEqual({ ok: true, settings: ['coverMode', 'visibility'] });
    // 一点号's video editor records no tags nor declaration: preflight lists those as ignored there.
    expect(adapterSupport(caps, 'yidian', 'video')).toEqual({ ok: true, settings: ['description', 'visibility', 'coverMode'] });
    expect(adapterSupport(caps, 'dayu', 'video')).toEqual({ ok: true, settings: ['description', 'tags', 'coverMode', 'visibility', 'aiLabel'] });
    expect(adapterSupport(caps, 'youtube', 'video')).toEqual({ ok: false, gap: 'platform_unsupported_by_node' });
    expect(adapterSupport(caps, 'qiehao', 'video')).toEqual({ ok: true, settings: ['description', 'tags', 'visibility', 'coverMode', 'aiLabel'] });
    // zhihu videos: topics and the cover on the upload page; no AI declaration there.
    expect(adapterSupport(caps, 'zhihu', 'video')).toEqual({ ok: true, settings: ['description', 'tags', 'coverMode', 'visibility'] });
    expect(adapterSupport(caps, 'zhihu', 'article')).toEqual({ ok: true, settings: ['tags', 'column', 'coverMode', 'aiLabel'] });
    expect(adapterSupport(caps, 'csdn', 'article')).toEqual({ ok: true, settings: ['tags', 'summary', 'articleType', 'originalUrl', 'coverMode'] });
    // jianshu has no AI label, tags or summary: preflight reports those as ignored for its accounts.
    expect(adapterSupport(caps, 'jianshu', 'article')).toEqual({ ok: true, settings: ['notebook', 'coverMode'] });
    expect(adapterSupport(caps, 'juejin', 'article')).toEqual({ ok: true, settings: ['category', 'tags', 'summary', 'coverMode'] });
  });

  it('answers what this node can publish', () => {
    expect(adapterFor('bilibili')?.platform).toBe('bilibili');
    expect(adapterFor('wordpress')).toBeUndefined();
    expect(canPublish('juejin', 'article')).toBe(true);
    expect(canPublish('juejin', 'video')).toBe(false);
    expect(canPublish('bilibili', 'article')).toBe(true);
    expect(canPublish('bilibili', 'dynamic')).toBe(true);
    expect(canPublish('bilibili', 'video')).toBe(true);
    expect(canPublish('weibo', 'dynamic')).toBe(true);
    expect(canPublish('weibo', 'video')).toBe(true);
    expect(canPublish('douyin', 'video')).toBe(true);
    expect(canPublish('douyin', 'dynamic')).toBe(true);
    expect(canPublish('douyin', 'article')).toBe(true);
    expect(canPublish('xiaohongshu', 'video')).toBe(true);
    expect(canPublish('xiaohongshu', 'dynamic')).toBe(true);
    expect(canPublish('xiaohongshu', 'article')).toBe(true);
    for (const type of ['article', 'dynamic', 'video'] as const) expect(canPublish('toutiao', type)).toBe(true);
    for (const platform of ['zhihu', 'csdn', 'jianshu']) expect(canPublish(platform, 'article')).toBe(true);
    // zhihu: articles through the column editor's API, videos through the upload page.
    expect(canPublish('zhihu', 'video')).toBe(true);
    for (const type of ['article', 'video'] as const) expect(canPublish('eastmoney', type)).toBe(true);
    for (const type of ['article', 'video'] as const) expect(canPublish('yiche', type)).toBe(true);
    for (const type of ['article', 'video'] as const) expect(canPublish('autohome', type)).toBe(true);
    // Article editors and video pages under one adapter each.
    for (const p of ['netease', 'qiehao', 'baijiahao', 'sohu', 'dayu', 'yidian']) for (const type of ['article', 'video'] as const) expect(canPublish(p, type), `${p} ${type}`).toBe(true);
    // Articles only: its video uploads have no adapter.
    expect(canPublish('dongchedi', 'article')).toBe(true);
    expect(canPublish('dongchedi', 'video')).toBe(false);
    // 微信公众号: articles through the draft call, videos through the video editor; both published from their drafts, on edge and desktop.
    for (const type of ['article', 'video'] as const) for (const executor of ['edge', 'desktop'] as const) expect(canPublish('wechat_mp', type, executor), `${type} ${executor}`).toBe(true);
  });

  it('reports aiLabel as applied only where the platform has an AI-content declaration', () => {
    const settings = (p: string, type: 'article' | 'dynamic' | 'video' = 'article') => adapterReports().find((r) => r.platform === p && r.contentTypes.includes(type))?.settings;
    expect(settings('baijiahao')).toEqual(['coverMode', 'summary', 'aiLabel']);
    expect(settings('sohu')).toEqual(['coverMode', 'summary', 'aiLabel']);
    // 网易号: no public record of a declaration, so preflight lists aiLabel as ignored there.
    expect(settings('netease')).toEqual(['coverMode', 'original']);
    // 企鹅号: the AI value of its self_declare field is not recorded anywhere public; aiLabel true is refused, false applied.
    expect(settings('qiehao')).toEqual(['coverMode', 'original', 'summary', 'aiLabel']);
    // 大鱼号 and 一点号: no declaration (nor summary, tags) on record; 一点号's save carries 原创.
    expect(settings('dayu')).toEqual(['coverMode']);
    expect(settings('yidian')).toEqual(['coverMode', 'original']);
    // 财富号: no source records a declaration on its article editor.
    expect(settings('eastmoney')).toEqual(['coverMode', 'inlineImages']);
    expect(settings('eastmoney', 'video')).toEqual(['description', 'visibility', 'coverMode']);
    // 易车号: 含AI生成内容 is one of its article page's 内容声明.
    expect(settings('yiche')).toEqual(['coverMode', 'aiLabel']);
    expect(settings('yiche', 'video')).toEqual(['description', 'visibility', 'coverMode']);
    expect(settings('autohome', 'video')).toEqual(['description', 'visibility', 'coverMode']);
    expect(settings('netease', 'video')).toEqual(['description', 'visibility', 'coverMode']);
    // 企鹅号's video page: tags, and the 自主声明 answered 无需标注 (aiLabel false applied, true refused).
    expect(settings('qiehao', 'video')).toEqual(['description', 'tags', 'visibility', 'coverMode', 'aiLabel']);
    // 百家号's video page has a cover dialog and a 创作声明 (含AI生成内容); 搜狐号's has neither on record.
    expect(settings('baijiahao', 'video')).toEqual(['description', 'coverMode', 'aiLabel', 'visibility']);
    expect(settings('sohu', 'video')).toEqual(['description', 'visibility', 'coverMode']);
    // 大鱼号's video page has tags, cover slots and 信息来源 (aiLabel applied as false, true refused); 一点号's has none of them.
    expect(settings('dayu', 'video')).toEqual(['description', 'tags', 'coverMode', 'visibility', 'aiLabel']);
    expect(settings('yidian', 'video')).toEqual(['description', 'visibility', 'coverMode']);
    expect(settings('zhihu', 'video')).toEqual(['description', 'tags', 'coverMode', 'visibility']);
    // douyin's 自主声明 is on its video and 图文 forms, not its article editor; xiaohongshu records none.
    expect(settings('douyin', 'video')).toContain('aiLabel');
    expect(settings('douyin')).not.toContain('aiLabel');
    expect(settings('xiaohongshu')).not.toContain('aiLabel');
  });

  it('keeps step names and error codes stable', () => {
    expect(STEPS).toEqual(['check_login', 'open_editor', 'fill', 'upload', 'apply_settings', 'publish', 'read_back']);
    expect(ADAPTER_ERROR_CODES).toEqual(['login_required', 'editor_changed', 'upload_failed', 'cover_rejected', 'setting_unavailable', 'publish_rejected', 'readback_failed']);
  });
  it('an edge node never offers YouTube (the catalog keeps it to desktop nodes); a desktop node does', () => {
    expect(nodeExecutor('edge')).toBe('edge');
    expect(nodeExecutor('web')).toBe('edge');
    expect(nodeExecutor(undefined)).toBe('edge');
    expect(nodeExecutor('desktop')).toBe('desktop');
    // An edge node: no adapter, no job, nothing reported, as for a platform it has no adapter for.
    expect(adapterFor('youtube')).toBeUndefined();
    expect(canPublish('youtube', 'video')).toBe(false);
    expect(canPublish('youtube', 'video', 'edge')).toBe(false);
    expect(adapterPlatforms('edge')).not.toContain('youtube');
    expect(adapterReports(allAdapters(), 'edge').some((r) => r.platform === 'youtube')).toBe(false);
    expect(registryAdapters.get('youtube')).toBeUndefined();
    expect(registryAdapters.canRun('youtube', 'video')).toBe(false);
    expect(registryAdapters.reports().some((r) => r.platform === 'youtube')).toBe(false);
    const edgeCaps = { adapters: registryAdaptersFor('edge').reports(), platforms: registryAdaptersFor('edge').platforms() };
    expect(adapterSupport(edgeCaps, 'youtube', 'video')).toEqual({ ok: false, gap: 'platform_unsupported_by_node' });
    // A desktop node runs it, with the settings the adapter applies.
    const desktop = registryAdaptersFor('desktop');
    expect(desktop.get('youtube')?.platform).toBe('youtube');
    expect(desktop.canRun('youtube', 'video')).toBe(true);
    expect(desktop.canRun('youtube', 'article')).toBe(false);
    expect(desktop.reports().filter((r) => r.platform === 'youtube')).toEqual([
      {
        platform: 'youtube',
        contentTypes: ['video'],
        settings: ['description', 'tags', 'privacyStatus', 'madeForKids', 'playlistName', 'scheduledAt', 'coverMode'],
        challenges: ['captcha', 'identity'],
      },
    ]);
    expect(adapterSupport({ adapters: desktop.reports(), platforms: desktop.platforms() }, 'youtube', 'video')).toEqual({
      ok: true,
      settings: ['description', 'tags', 'privacyStatus', 'madeForKids', 'playlistName', 'scheduledAt', 'coverMode'],
    });
    // Every other pair is the same for both kinds.
    for (const p of adapterPlatforms('edge')) expect(desktop.get(p), p).toBe(registryAdapters.get(p));
  });
});

/**
 * eastmoney (东方财富 财富号): articles through the 财富号 article editor
 * (eastmoney/article.ts) and videos through the writer's video page
 * (eastmoney/video.ts), pages without a recorded JSON API, driven as a person
 * does; what both share is in eastmoney/site.ts.
 *
 * What each step rests on (the public sources of every fact about these
 * pages, and how sure each is) is in eastmoney/provenance.ts.
 *
 * Settings (shared contract names). Articles: `coverMode` (custom uploads the
 * article's coverImage; when absent, custom if the article has one),
 * `inlineImages` (`refuse`, the default: an article with pictures in its body
 * stops before the browser moves; `drop`: published without them, each one
 * named in the job's log). Tables become lines of text. Videos: `description`
 * (else the payload's), `visibility` (public only), `coverMode` (auto only).
 */
import { defineAdapter } from '../define.js';
import { articleFlow, EASTMONEY_ARTICLE_SETTINGS } from './article.js';
import { EASTMONEY_PROVENANCE } from './provenance.js';
import { at, isLoginPage, ORIGIN, URLS, whoAmI } from './site.js';
import { EASTMONEY_VIDEO_SETTINGS, videoFlow } from './video.js';
import { openLoggedIn } from '../support.js';

export const eastmoneyAdapter = defineAdapter({
  platform: 'eastmoney',
  defaultBaseUrl: ORIGIN,
  settingKeys: EASTMONEY_ARTICLE_SETTINGS,
  settingKeysByType: { video: EASTMONEY_VIDEO_SETTINGS },
  // A site check uploads its picture as the article's cover, as a person publishing would.
  checkSettings: { article: { coverMode: 'custom' } },
  provenance: EASTMONEY_PROVENANCE,

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    await openLoggedIn(page, at(ctx, URLS.articleEditor), 'check_login', ctx, isLoginPage(ctx));
    return whoAmI(page, 'check_login', ctx);
  },
  flows: { article: articleFlow, video: videoFlow },
});

/**
 * yiche (易车号): articles through the article page (yiche/article.ts) and
 * videos through the video page (yiche/video.ts), driven as a person does;
 * what both share is in yiche/site.ts.
 *
 * What each step rests on (the public sources of every fact about these
 * pages, and how sure each is) is in yiche/provenance.ts.
 *
 * Settings (shared contract names). Articles: `coverMode` (custom only: the
 * article's coverImage fills both covers, and an article without one is
 * refused), `aiLabel` (含AI生成内容; defaults to the article's aigc facts,
 * false leaves the declaration as the page has it). Pictures in the body,
 * local or on the web, are read by the node and pasted at their places; code
 * blocks stay plain `<pre><code>`, tables become lines of text. Videos:
 * `description` (else the payload's, as plain text), `visibility` (public
 * only), `coverMode` (auto only).
 */
import { defineAdapter } from '../define.js';
import { openLoggedIn } from '../support.js';
import { articleFlow, YICHE_ARTICLE_SETTINGS } from './article.js';
import { YICHE_PROVENANCE } from './provenance.js';
import { at, isLoginPage, ORIGIN, whoAmI, YICHE_URLS } from './site.js';
import { YICHE_VIDEO_SETTINGS, videoFlow } from './video.js';

export const yicheAdapter = defineAdapter({
  platform: 'yiche',
  defaultBaseUrl: ORIGIN,
  settingKeys: YICHE_ARTICLE_SETTINGS,
  settingKeysByType: { video: YICHE_VIDEO_SETTINGS },
  // A site check uploads its picture as both covers, as a person publishing would (the vertical one is required).
  checkSettings: { article: { coverMode: 'custom' } },
  provenance: YICHE_PROVENANCE,

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    await openLoggedIn(page, at(ctx, YICHE_URLS.articleEditor), 'check_login', ctx, isLoginPage(ctx));
    return whoAmI(page, 'check_login', ctx);
  },
  flows: { article: articleFlow, video: videoFlow },
});

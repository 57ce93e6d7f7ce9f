/**
 * bilibili (哔哩哔哩): videos through the creator centre (bilibili/video.ts),
 * dynamics through the t.bilibili.com composer (bilibili/dynamic.ts), articles
 * (专栏) through the article editor's APIs (bilibili/article.ts).
 *
 * What every step rests on (the public sources of each fact about bilibili's
 * videos, dynamics, articles and login, and how sure each is) is in
 * bilibili/provenance.ts.
 *
 * Settings (shared contract names): `partitionName` (required, by name; the
 * legacy numeric `tid`/`partitionId` is refused), `tags` (1–10, ≤ 20 characters),
 * `copyright` (`original` | `repost`), `sourceUrl` (required for `repost`),
 * `aiLabel`, `description` (Markdown → plain text, ≤ 2000), `visibility`
 * (`private` = 仅自己可见), `scheduledAt` (ISO 8601, future), `coverMode`.
 */
import { BILIBILI_COPYRIGHTS, labelsOf } from '@plume/shared';
import { defineAdapter } from '../define.js';
import { at, isLoginPage, LOGIN_PAGE, ORIGIN, URLS, whoAmI } from './site.js';
import { BILIBILI_VIDEO_SETTINGS, videoFlow } from './video.js';
import { articleFlow, BILIBILI_ARTICLE_SETTINGS } from './article.js';
import { BILIBILI_DYNAMIC_SETTINGS, dynamicFlow } from './dynamic.js';
import { BILIBILI_PROVENANCE } from './provenance.js';

/** Our copyright values → the labels of the upload form's 类型 choice (add/v3 takes 1 / 2, bilibili/video.ts). */
export const BILIBILI_COPYRIGHT_LABELS: Readonly<Record<string, string>> = labelsOf(BILIBILI_COPYRIGHTS);
import { openLoggedIn } from '../support.js';

export const bilibiliAdapter = defineAdapter({
  platform: 'bilibili',
  defaultBaseUrl: ORIGIN,
  settingKeys: [...new Set([...BILIBILI_VIDEO_SETTINGS, ...BILIBILI_DYNAMIC_SETTINGS, ...BILIBILI_ARTICLE_SETTINGS])],
  checkSettings: { video: { partitionName: '生活', tags: ['Plume'], visibility: 'private' }, article: { category: '学习' } },
  login: LOGIN_PAGE,
  provenance: BILIBILI_PROVENANCE,

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    await openLoggedIn(page, at(ctx, URLS.uploadPage), 'check_login', ctx, isLoginPage(ctx));
    return whoAmI(page, 'check_login', ctx);
  },

  // The composer keeps what a check typed; the upload page keeps nothing. An article check leaves its
  // saved draft: no public source records how the editor deletes one.
  flows: { video: videoFlow, dynamic: dynamicFlow, article: articleFlow },
});

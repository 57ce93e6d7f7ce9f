/**
 * douyin (抖音): videos, 图文 (our `dynamic`) and articles through the creator
 * centre (douyin/video.ts, douyin/note.ts, the shared form in douyin/form.ts;
 * the article editor in douyin/article.ts).
 *
 * What every step rests on (the public sources of each fact about douyin's
 * creator centre and login, and how sure each is) is in douyin/provenance.ts.
 *
 * Settings (shared contract names): `creationDeclaration` (自主声明; `aiLabel`
 * alone chooses ai_generated), `aiLabel`, `tags` (≤ 5 topics), `description`
 * (videos), `visibility` (videos; `private` = 仅自己可见), `coverMode`,
 * `coverOrientation` (`portrait` 竖封面 | `landscape` 横封面), `collectionName`
 * (合集), `scheduledAt` (ISO 8601, future, whole minutes in China time), `title` (图文).
 * Articles apply only `coverMode` (custom: the article's coverImage is both 头图 and 封面).
 */
import type { Page } from 'playwright-core';
import type { AdapterContext, ArticleJob, DynamicJob, Flow, PublishJob, VideoJob } from '../contract.js';
import { defineAdapter } from '../define.js';
import { articleTitle, DOUYIN_ARTICLE_SETTINGS, prepareArticle } from './article.js';
import { prepareNote, noteTitle, DOUYIN_NOTE_SETTINGS } from './note.js';
import { DOUYIN_PROVENANCE } from './provenance.js';
import { publishForm, verifyWork } from './form.js';
import { at, isLoginPage, LOGIN_PAGE, ORIGIN, URLS, whoAmI, type WorkKind } from './site.js';
import { DOUYIN_VIDEO_SETTINGS, prepareVideo } from './video.js';
import { openLoggedIn } from '../support.js';

/**
 * Each content type fills its own form (video, 图文 note, article) and then publishes and is looked up
 * the same way: the work kind and its title are what differ.
 */
function formFlow<J extends PublishJob>(prepare: (page: Page, job: J, ctx: AdapterContext) => Promise<void>, kind: WorkKind, title: (job: J) => string): Flow<J> {
  return {
    prepare,
    publish: (page, job, ctx) => publishForm(page, job, title(job), kind, ctx),
    verify: (page, job, ctx) => verifyWork(page, job, title(job), kind, ctx),
  };
}

export const douyinAdapter = defineAdapter({
  platform: 'douyin',
  defaultBaseUrl: ORIGIN,
  settingKeys: [...new Set([...DOUYIN_VIDEO_SETTINGS, ...DOUYIN_NOTE_SETTINGS])],
  login: LOGIN_PAGE,
  provenance: DOUYIN_PROVENANCE,
  settingKeysByType: { article: DOUYIN_ARTICLE_SETTINGS },

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    await openLoggedIn(page, at(ctx, URLS.upload), 'check_login', ctx, isLoginPage(ctx));
    return whoAmI(page, 'check_login', ctx);
  },

  flows: {
    video: formFlow<VideoJob>(prepareVideo, 'video', (job) => job.payload.title.trim()),
    dynamic: formFlow<DynamicJob>(prepareNote, 'note', noteTitle),
    article: formFlow<ArticleJob>(prepareArticle, 'article', articleTitle),
  },
});

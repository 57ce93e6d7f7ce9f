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
import { AdapterError, type Adapter, type PublishJob } from './contract.js';
import { articleTitle, DOUYIN_ARTICLE_SETTINGS, prepareArticle } from './douyin/article.js';
import { prepareNote, noteTitle, DOUYIN_NOTE_SETTINGS } from './douyin/note.js';
import { DOUYIN_PROVENANCE } from './douyin/provenance.js';
import { publishForm, verifyWork } from './douyin/form.js';
import { at, isLoginPage, LOGIN_PAGE, ORIGIN, URLS, whoAmI, type WorkKind } from './douyin/site.js';
import { DOUYIN_VIDEO_SETTINGS, prepareVideo } from './douyin/video.js';
import { openLoggedIn } from './support.js';

export const douyinAdapter: Adapter = {
  platform: 'douyin',
  contentTypes: ['video', 'dynamic', 'article'],
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

  prepare(page, job, ctx) {
    if (job.contentType === 'video') return prepareVideo(page, job, ctx);
    if (job.contentType === 'dynamic') return prepareNote(page, job, ctx);
    if (job.contentType === 'article') return prepareArticle(page, job, ctx);
    return unsupported(job);
  },
  publish(page, job, ctx) {
    const w = work(job);
    return publishForm(page, job, w.title, w.kind, ctx);
  },
  verify(page, job, ctx) {
    const w = work(job);
    return verifyWork(page, job, w.title, w.kind, ctx);
  },
};

/** What a job makes on douyin, and the title it is found by in the work list. */
function work(job: PublishJob): { kind: WorkKind; title: string } {
  if (job.contentType === 'video') return { kind: 'video', title: job.payload.title.trim() };
  if (job.contentType === 'dynamic') return { kind: 'note', title: noteTitle(job) };
  if (job.contentType === 'article') return { kind: 'article', title: articleTitle(job) };
  return unsupported(job);
}

function unsupported(job: { contentType: string }): never {
  throw new AdapterError('setting_unavailable', 'open_editor', `douyin adapter cannot publish content type ${job.contentType}`, { contentType: job.contentType });
}

/**
 * yiche (易车号): articles through the article page (yiche/article.ts) and
 * videos through the video page (yiche/video.ts), driven as a person does;
 * what both share is in yiche/site.ts.
 *
 * Provenance (fact → source, snapshot date). M = leaperone/MultiPost-Extension
 * (2ef8725, 2026-06-05): src/sync/video/yiche.ts, src/sync/video.ts,
 * src/sync/account/yiche.ts. Y = public script publish_yiche.js (search index
 * file 71542416449; repository not named by the index), a Playwright flow
 * that publishes 易车号 articles; Yp = the playbook beside it (index file
 * 71644796186); Yn = a public 易车号 article adapter written from the page's
 * Nuxt bundles of 2026-10-03 (index file 70991762721); Yt = a public
 * verification record of the same project (index file 71097554603). The
 * index names none of their repositories; all were read 2026-11-24.
 * dreammis/social-auto-upload, Wechatsync, doocs/cose and site-hub record
 * nothing about 易车号.
 * | fact | source |
 * | article page https://mp.yiche.com/article/index-new (the editor sits in the list page) | Y (INDEX_URL), Yp, Yt |
 * | a logged-out page goes to i.yiche.com/authenservice/login(.html) | Y, Yp |
 * | the page is Element UI (`.el-dialog`, `.el-upload`, `.el-loading-mask`, `button.el-button--danger`) | Y |
 * | title `input[placeholder="请输入文章标题"]`; 5–28 characters | Y, Yp (≤28), Yn and Yt (5–28) |
 * | body: a Quill editor `.ql-editor` in the page (no iframe), filled by pasting HTML | Y, Yp, Yn |
 * | a pasted picture is uploaded by the page (POST /api/upload_image/mp_real_upload, multipart file, type 6, queryBase64 true → imgKey, imgBase64); the picture then shows the base64 copy and carries data-img-key | Yn |
 * | while pasted pictures are copied the page shows an `.el-loading-mask` (正在转存图片…) over the form | Y |
 * | pictures (covers, body) at most 10 MB and 5,000 px wide | Y, Yt |
 * | two required covers: `.article-cover` regions labelled *封面图 and *竖版封面图 (`label.item-title`), each with a file input | Y, Yp, Yn |
 * | the vertical cover opens the 封面编辑 dialog: 完成裁剪, then its 确定 (`button.el-button--danger`) | Y, Yp, Yn |
 * | the horizontal cover uploads without the dialog; the page fills an empty one from the body's first picture | Yn, Yp |
 * | a slot holding a picture offers 更换 and 删除 | Y, Yp |
 * | 内容声明 (`.content-statement-box`, Element radios, optional): 内容无需标注, 含AI生成内容, 含虚构演绎内容, 内容含营销信息, 个人观点，仅供参考, 内容为转载; the radio may be covered, so it is clicked in the page | Y, Yp, Yn, Yt |
 * | publish: the button 提交; the call POST /web_mp/api/v1/pub/savenews ({ param: {…} }) → status 1 with data.result true and data.newsId; status 1 with result false is a refusal (a daily limit) | Y, Yn |
 * | after 提交: 提交成功, the page goes to /detailManage | Y, Yp |
 * | video page https://mp.yiche.com/videos/video (home https://mp.yiche.com/) | M src/sync/video.ts (injectUrl, homeUrl) |
 * | video title: an `input` whose placeholder contains 标题 | M video/yiche.ts |
 * | video description: a `textarea` whose placeholder contains 描述 or 简介 | M video/yiche.ts |
 * | the video file into an `input[type=file]` whose accept names video (a change event) | M video/yiche.ts |
 * | the video page is Ant Design (`.ant-input`, `.ant-upload`, `.ant-progress`) | M video/yiche.ts (its selectors) |
 * | the account call GET https://mp.yiche.com/api/user/info → success, data.userId, data.nickname | M account/yiche.ts |
 * | the video order title → description → upload | M video/yiche.ts (it stops there: it never publishes) |
 * | the article page answers the same account call | UNVERIFIED (M makes it from the extension) |
 * | a picture pasted as a file over a selection takes the selection's place | UNVERIFIED (Yn pastes it over a selected marker the same way, from the system clipboard) |
 * | how the article page refuses (an Element UI message, `.el-message--error`) | UNVERIFIED |
 * | whether the page replaces an uploaded *封面图 with the body's first picture | UNVERIFIED (the covers go in before the body, and the last step checks both slots still hold one) |
 * | the own-article list POST /web_mp/api/v1/manage/newslist ({ param: { pageIndex, pageSize } }) → status 1, data.list[].{newsId, title, publishTime} | UNVERIFIED (Yn names the path as a read-only call; its answer is not recorded) |
 * | the published article's address https://news.yiche.com/hao/wenzhang/<newsId>/ | UNVERIFIED |
 * | the video upload's end: the page shows 上传成功 (or 上传失败) | UNVERIFIED (M waits for a progress or success class) |
 * | the video publish control: the button reading 发布 | UNVERIFIED (M does not publish) |
 * | the video publish call POST mp.yiche.com/api/video/publish → success, data.videoId | UNVERIFIED |
 * | the own-video list GET mp.yiche.com/api/video/list → data.list[].{videoId, title, publishTime} | UNVERIFIED |
 * | the published video's address https://vc.yiche.com/vplay/<id>.html | UNVERIFIED |
 * | how the video page refuses (an Ant Design `.ant-message-error`) | UNVERIFIED |
 * | video title and description limits (the settings contract's 80 and 1,000 are used) | UNVERIFIED |
 * | the login page's form | not driven: no `login` spec (accounts come by `accounts import`) |
 * | article: 同意转发, 同意生成摘要, 关联车型, 话题, the other declarations; video: a cover, topics, an audience, an AI declaration | not applied (the page's own defaults stay; settings without a control are logged as ignored, a custom video cover is refused) |
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
import type { Adapter } from './contract.js';
import { jobOfType, openLoggedIn } from './support.js';
import { prepareArticle, publishArticle, verifyArticle, YICHE_ARTICLE_SETTINGS } from './yiche/article.js';
import { at, isLoginPage, ORIGIN, whoAmI, YICHE_URLS } from './yiche/site.js';
import { prepareVideo, publishVideo, verifyVideo, YICHE_VIDEO_SETTINGS } from './yiche/video.js';

export const yicheAdapter: Adapter = {
  platform: 'yiche',
  contentTypes: ['article', 'video'],
  defaultBaseUrl: ORIGIN,
  settingKeys: YICHE_ARTICLE_SETTINGS,
  settingKeysByType: { video: YICHE_VIDEO_SETTINGS },
  // A site check uploads its picture as both covers, as a person publishing would (the vertical one is required).
  checkSettings: { article: { coverMode: 'custom' } },

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    await openLoggedIn(page, at(ctx, YICHE_URLS.articleEditor), 'check_login', ctx, isLoginPage(ctx));
    return whoAmI(page, 'check_login', ctx);
  },
  prepare: (page, job, ctx) => (job.contentType === 'video' ? prepareVideo(page, jobOfType(job, 'video'), ctx) : prepareArticle(page, jobOfType(job, 'article'), ctx)),
  publish: (page, job, ctx) => (job.contentType === 'video' ? publishVideo(page, ctx) : publishArticle(page, jobOfType(job, 'article'), ctx)),
  verify: (page, job, ctx) => (job.contentType === 'video' ? verifyVideo(page, jobOfType(job, 'video'), ctx) : verifyArticle(page, jobOfType(job, 'article'), ctx)),
};

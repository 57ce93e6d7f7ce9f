/**
 * eastmoney (东方财富 财富号): articles through the 财富号 article editor
 * (eastmoney/article.ts) and videos through the writer's video page
 * (eastmoney/video.ts), pages without a recorded JSON API, driven as a person
 * does; what both share is in eastmoney/site.ts.
 *
 * Provenance (fact → source, snapshot date). M = leaperone/MultiPost-Extension
 * (2ef8725, 2026-06-05): src/sync/article/eastmoney.ts, src/sync/video/eastmoney.ts,
 * src/sync/article.ts, src/sync/video.ts. Wechatsync, social-auto-upload,
 * doocs/cose and site-hub record nothing about these pages (cose only lists
 * *.eastmoney.com among its extension's hosts).
 * | fact | source |
 * | article editor https://mp.eastmoney.com/collect/pc_article/index.html | M src/sync/article.ts (injectUrl) |
 * | article title `input[placeholder="标题(1-64字)"]`, 1–64 characters | M article/eastmoney.ts |
 * | article body `div.ProseMirror[contenteditable="true"]`, filled by a paste event carrying HTML | M article/eastmoney.ts |
 * | the recorded article flow removes every picture from the HTML before its paste; no source records a picture upload for this editor | M article/eastmoney.ts |
 * | cover: `div.select-cover-img` opens the dialog, `div#tab-upload[aria-controls="pane-upload"]` its upload tab, the file goes into the last `input#upload_input` | M article/eastmoney.ts |
 * | the agreement tick `footer.read_item > i.check-icon`, clicked once before publishing | M article/eastmoney.ts |
 * | article publish `div.button_publish.item.editor-btn.editor-main-btn` | M article/eastmoney.ts |
 * | video page https://mp.eastmoney.com/collect/pc_writer/index.html#/publish/video | M src/sync/video.ts (injectUrl) |
 * | video file into `input[id="uploadVideo"]` (a change event) | M video/eastmoney.ts |
 * | then `textarea[id="videoArtTitle"]` appears and takes the title and the description together, a line break between them | M video/eastmoney.ts |
 * | video publish: the span reading 发布, clicked through its parent | M video/eastmoney.ts (it takes the first span containing 发布; this adapter wants the exact text) |
 * | how the adopted cover shows (a picture inside div.select-cover-img); how the pages refuse (an Element UI message, `.el-message--error`) | UNVERIFIED |
 * | the video upload's end: the page shows 上传成功 (or 上传失败) | UNVERIFIED (M waits a fixed 5 s) |
 * | where a logged-out page goes (any page off mp.eastmoney.com is taken for the login) | UNVERIFIED |
 * | the account call GET mp.eastmoney.com/collect/api/user/info → data.uid, data.nickname | UNVERIFIED (no source records one) |
 * | the publish calls POST …/collect/api/article/publish → data.articleId and …/collect/api/video/publish → data.videoId, both answering code 0 | UNVERIFIED |
 * | the own-post lists GET …/collect/api/article/list and …/collect/api/video/list → data.list[].{articleId or videoId, title, publishTime} | UNVERIFIED |
 * | the published address https://caifuhao.eastmoney.com/news/<id> | UNVERIFIED |
 * | the login page | UNVERIFIED: none recorded, so no `login` spec (accounts come by `accounts import`) |
 * | the session cookie's name | UNVERIFIED (the node only needs the imported profile; the replica uses its own) |
 * | video title and description limits (the settings contract's 80 and 1,000 are used) | UNVERIFIED |
 * | an AI-content declaration, tags, a summary (articles); a cover, topics, an audience (videos) | no source records them: not applied (logged as ignored; a custom video cover is refused) |
 *
 * Settings (shared contract names). Articles: `coverMode` (custom uploads the
 * article's coverImage; when absent, custom if the article has one),
 * `inlineImages` (`refuse`, the default: an article with pictures in its body
 * stops before the browser moves; `drop`: published without them, each one
 * named in the job's log). Tables become lines of text. Videos: `description`
 * (else the payload's), `visibility` (public only), `coverMode` (auto only).
 */
import type { Adapter } from './contract.js';
import { EASTMONEY_ARTICLE_SETTINGS, prepareArticle, publishArticle, verifyArticle } from './eastmoney/article.js';
import { at, isLoginPage, ORIGIN, URLS, whoAmI } from './eastmoney/site.js';
import { EASTMONEY_VIDEO_SETTINGS, prepareVideo, publishVideo, verifyVideo } from './eastmoney/video.js';
import { jobOfType, openLoggedIn } from './support.js';

export const eastmoneyAdapter: Adapter = {
  platform: 'eastmoney',
  contentTypes: ['article', 'video'],
  defaultBaseUrl: ORIGIN,
  settingKeys: EASTMONEY_ARTICLE_SETTINGS,
  settingKeysByType: { video: EASTMONEY_VIDEO_SETTINGS },
  // A site check uploads its picture as the article's cover, as a person publishing would.
  checkSettings: { article: { coverMode: 'custom' } },

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    await openLoggedIn(page, at(ctx, URLS.articleEditor), 'check_login', ctx, isLoginPage(ctx));
    return whoAmI(page, 'check_login', ctx);
  },
  prepare: (page, job, ctx) => (job.contentType === 'video' ? prepareVideo(page, job, ctx) : prepareArticle(page, jobOfType(job, 'article'), ctx)),
  publish: (page, job, ctx) => (job.contentType === 'video' ? publishVideo(page, ctx) : publishArticle(page, ctx)),
  verify: (page, job, ctx) => (job.contentType === 'video' ? verifyVideo(page, job, ctx) : verifyArticle(page, jobOfType(job, 'article'), ctx)),
};

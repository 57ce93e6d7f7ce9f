/**
 * douyin (抖音): videos, 图文 (our `dynamic`) and articles through the creator
 * centre (douyin/video.ts, douyin/note.ts, the shared form in douyin/form.ts;
 * the article editor in douyin/article.ts).
 *
 * Provenance (fact → source, snapshot date). Sources:
 *   S = dreammis/social-auto-upload uploader/douyin_uploader/main.py (2026-08-20)
 *   M = leaperone/MultiPost-Extension (2026-06-05): src/sync/video/douyin.ts, src/sync/dynamic/douyin.ts,
 *       src/sync/account/douyin.ts, src/sync/video.ts, src/sync/dynamic.ts
 *   N = NanmiCoder/MediaCrawler media_platform/douyin/login.py (2026-08-14)
 *   C = doocs/cose (2026-06-17): packages/core/src/platforms/douyin.js, apps/extension/src/background.js (its douyin branch)
 *   H = tianyehedashu/site-hub (2026-06-24): douyin/article-publish.json (commit 643bf94),
 *       douyin/skills/douyin-article-publish/SKILL.md and references/react-architecture.md
 * | fact | source |
 * | upload page https://creator.douyin.com/creator-micro/content/upload; logged out → QR login at the root (扫码登录) | S |
 * | session cookie `sessionid` | S |
 * | login (accounts login): https://creator.douyin.com/, tab text "扫码登录", QR `div#animate_qrcode_container img[src^="data:image"]` | S (N: the same container on www.douyin.com) |
 * | login: text "二维码失效" once the QR expired; clicking its parent renews it | S |
 * | login: done once the page is under creator.douyin.com/creator-micro with `sessionid` set | S |
 * | login SMS step: `input[placeholder*="验证码"]`, text "获取验证码", `div.uc-ui-verify_sms-verify_button` "验证" | S (the identity check it meets on the creator pages) |
 * | login: a refused code's message (.uc-ui-verify_sms-error) | UNVERIFIED |
 * | login slider captcha `#captcha-verify-image` | N (on www.douyin.com); on the creator login UNVERIFIED |
 * | GET creator.douyin.com/web/api/media/user/info/ → user.sec_uid, user.nickname | M |
 * | video input `input.upload-btn-input` / `div[class^='container'] input[accept]`; the page moves to content/post/video?enter_from=publish_page | S |
 * | upload done: `[class^="long-card"] div:has-text("重新上传")`; failed: `div.progress-div > div:has-text("上传失败")` | S |
 * | title `input[placeholder*="填写作品标题"]` (≤ 30 for videos, ≤ 20 for 图文); description `div.zone-container[contenteditable]`, topics typed as " #tag" | S (M: placeholder 添加作品标题 for 图文, older; S is newer and preferred) |
 * | 图文: text "发布图文", input `div[class^='container'] input[accept*='image']`, page content/post/image; ≤ 35 images, text ≤ 1000 | S, M |
 * | 自主声明: entry text (请选择自主声明 / 添加自主声明 / …), `.semi-modal-content` "请选择声明类型", `label.semi-radio` + `.semi-radio-addon`, `button.semi-button-primary` 确定 | S |
 * | declaration options 内容由AI生成, 内容为转载信息, 内容为个人观点或见解 | S; the other four labels (取材网络, 自行拍摄, 虚构演绎, 危险行为) UNVERIFIED |
 * | AI label = the declaration 内容由AI生成 | S |
 * | cover: 选择封面 → `div.dy-creator-content-modal`, tabs 设置竖封面 / 设置横封面, input `.semi-upload:has(.semi-upload-drag-area-main-text) input.semi-upload-hidden-input`, 完成 disabled (semi-button-disabled) until processed | S |
 * | 合集: `[class*="select-collection-"] .semi-select-selection`, `.semi-select-option.collection-option` with `[class*="option-title-"]` | S |
 * | 定时发布: `[class^='radio']:has-text('定时发布')`, `.semi-input[placeholder="日期和时间"]`, typed "YYYY-MM-DD HH:mm" + Enter | S, M |
 * | publish: button "发布"; success → content/manage | S, M |
 * | 谁可以看 with 仅自己可见 as a `label.semi-radio` | UNVERIFIED |
 * | video upload protocol (apply → chunk PUTs to an upload host → commit), image upload endpoint | UNVERIFIED (the replica's own; the adapter only drives the page) |
 * | publish endpoints create_v2 / create_image and their `aweme_id`; the manage page's 作品管理; refusal toast `.semi-toast-content` | UNVERIFIED |
 * | work list janus/douyin/creator/pc/work_list → aweme_list[].{aweme_id,item_title,create_time} | UNVERIFIED |
 * | article editor https://creator.douyin.com/creator-micro/content/post/article?default-tab=5&enter_from=publish_page&media_type=article&type=new | C (H: the same without default-tab) |
 * | article title `input[placeholder*="标题"]`, ≤ 30 characters | C, H |
 * | article body: the tiptap editor (`.ProseMirror` in the editor wrapper, `[contenteditable="true"]`), filled by a paste event carrying HTML; C falls back to writing innerHTML, which this adapter does not (kit/paste-html.ts) | C (paste), H (tiptap) |
 * | 头图 and 封面: two upload cards, `[class*="addIcon"]` in that order; their file input is never in the document (a file chooser opens) | H |
 * | 封面: a crop dialog `.semi-modal-body` with 确定; 3:4, at least 1080×1440, else the toast 封面分辨率过低，请重新上传 | H |
 * | publishing needs the 头图, the 封面 and a body (toasts 没有选择封面, 正文内容不能少于100字) | H |
 * | publish: the last visible button 发布; success → the app shows content/manage, or a 发布成功 toast | H |
 * | pictures in the body show blob:/data: addresses until douyin has its copy | H (it waits for them) |
 * | how douyin counts the 100 字 (here: characters without whitespace); whether a picture from another site pasted into the body is kept; how the 头图 shows once uploaded (here: a picture on its card) | UNVERIFIED |
 * | the article publish request (POST …/web/api/media/article/create/ answering aweme_id), the article's address www.douyin.com/article/<id>, articles in the work list | UNVERIFIED (the replica's own) |
 * | a 自主声明, topics or summary on the article editor | no public source records them: not applied (logged as ignored) |
 *
 * Settings (shared contract names): `creationDeclaration` (自主声明; `aiLabel`
 * alone chooses ai_generated), `aiLabel`, `tags` (≤ 5 topics), `description`
 * (videos), `visibility` (videos; `private` = 仅自己可见), `coverMode`,
 * `coverOrientation` (`portrait` 竖封面 | `landscape` 横封面), `collectionName`
 * (合集), `scheduledAt` (ISO 8601, future, whole minutes in China time), `title` (图文).
 * Articles apply only `coverMode` (custom: the article's coverImage is both 头图 and 封面).
 */
import { AdapterError, type Adapter } from './contract.js';
import { articleTitle, DOUYIN_ARTICLE_SETTINGS, prepareArticle } from './douyin/article.js';
import { prepareNote, noteTitle, DOUYIN_NOTE_SETTINGS } from './douyin/note.js';
import { publishForm, verifyWork } from './douyin/form.js';
import { at, isLoginPage, LOGIN_PAGE, ORIGIN, URLS, whoAmI } from './douyin/site.js';
import { DOUYIN_VIDEO_SETTINGS, prepareVideo } from './douyin/video.js';
import { openLoggedIn } from './support.js';

export const douyinAdapter: Adapter = {
  platform: 'douyin',
  contentTypes: ['video', 'dynamic', 'article'],
  defaultBaseUrl: ORIGIN,
  settingKeys: [...new Set([...DOUYIN_VIDEO_SETTINGS, ...DOUYIN_NOTE_SETTINGS])],
  login: LOGIN_PAGE,
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
  publish: (page, job, ctx) => publishForm(page, job.contentType === 'dynamic' ? 'note' : job.contentType, ctx),
  verify(page, job, ctx) {
    if (job.contentType === 'video') return verifyWork(page, job, job.payload.title.trim(), 'video', ctx);
    if (job.contentType === 'dynamic') return verifyWork(page, job, noteTitle(job), 'note', ctx);
    if (job.contentType === 'article') return verifyWork(page, job, articleTitle(job), 'article', ctx);
    return unsupported(job);
  },
};

function unsupported(job: { contentType: string }): never {
  throw new AdapterError('setting_unavailable', 'open_editor', `douyin adapter cannot publish content type ${job.contentType}`, { contentType: job.contentType });
}

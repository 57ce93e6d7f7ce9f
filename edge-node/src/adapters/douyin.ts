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
 *   O = jackwener/OpenCLI (2026-08-08, 27ba33f): clis/douyin/publish.js and publish-upload-id.test.js (98b978e, 2026-06-01),
 *       videos.js (77812f0, 2026-07-29), delete.js (4682ffc, 2026-05-15), draft.js (eea9ff8, 2026-05-04)
 *   A = yikart/AiToEarn (2026-06-26, 8bbf520): project/aitoearn-electron/electron/plat/douyin/index.ts
 *   Z = perfectuser21/zenithjoy-workspace (2026-04-28, e101561): services/creator/scripts/publishers/douyin-publisher/
 *       FIELDS.md, CLEANUP.md, publish-douyin-video.js, publish-douyin-image.js, publish-douyin-article.js (4302c9b, 2026-04-09);
 *       workflows/platform-data/workflows/scraper/scripts/scraper-douyin-v3.js (823f1fc, 2026-04-02);
 *       services/agent/publishers/douyin-publisher/publish-douyin-article-dryrun.cjs (11a9005)
 *   D = DouyinFE/semi-design packages/semi-ui/toast/toast.tsx (01d68a9): the Semi toast's markup
 * | fact | source |
 * | upload page https://creator.douyin.com/creator-micro/content/upload; logged out → QR login at the root (扫码登录) | S |
 * | session cookie `sessionid` | S |
 * | login (accounts login): https://creator.douyin.com/, tab text "扫码登录", QR `div#animate_qrcode_container img[src^="data:image"]` | S (N: the same container on www.douyin.com) |
 * | login: text "二维码失效" once the QR expired; clicking its parent renews it | S |
 * | login: done once the page is under creator.douyin.com/creator-micro with `sessionid` set | S |
 * | login SMS step: `input[placeholder*="验证码"]`, text "获取验证码", `div.uc-ui-verify_sms-verify_button` "验证" | S (the identity check it meets on the creator pages) |
 * | login: a refused code's message (.uc-ui-verify_sms-error) | UNVERIFIED: no public source records what the creator login shows for a refused code (S clicks 验证 and reads nothing after it; the newer SMS drivers in the code index record the #uc-second-verify panel, no error). When it never shows, the login asks for the code again once its answer time is out: a wrong guess costs a question, not the login |
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
 * | 谁可以看: 公开 / 好友可见 / 仅自己可见, each a `label` carrying its text (clicked whatever its class); visibility_type 0 / 1 / 2 in that order | O draft.js, publish.js — second-sourced |
 * | video upload protocol (apply → chunk PUTs to an upload host → commit), image upload endpoint | UNVERIFIED (the replica's own; the adapter only drives the page) |
 * | publish: POST creator.douyin.com/web/api/media/aweme/create_v2/ for videos and for 图文 (no source records a create_image call: not watched); `status_code` 0 is accepted, anything else refused with its `status_msg`; the outcome is read from that answer, not from any text of the manage page the app moves to | O publish.js, Z publish-douyin-video.js, publish-douyin-image.js (A checks its v1 create's answer alike) — second-sourced |
 * | the new work's id in that answer | TOLERANT: `item_id` (Z, O), `aweme_id` (O), `aweme.aweme_id` (A), `ItemId` (Z FIELDS.md), each a string or a bare JSON number, read from the answer's text (the ids have 19 digits, past 2^53: Z CLEANUP.md's 7605837846758313266); an answer naming none → the work list, by title and time; two works matching there → readback_failed, never a guess |
 * | refusal toast `.semi-toast-content` (a refusal shown before any request left) | D (the creator centre is built on Semi: S's semi-modal, semi-radio, semi-select; Semi's toast is div.semi-toast > div.semi-toast-content > span.semi-toast-content-text) — second-sourced |
 * | work list GET creator.douyin.com/janus/douyin/creator/pc/work_list?status=0&count=20&max_cursor=0&scene=star_atlas&device_platform=android&aid=1128 | O delete.js, videos.js; Z scraper-douyin-v3.js — second-sourced (a skill note in the code index, repository not named, calls it old and reads web/api/creator/item/list; O's newer fix still reads work_list) |
 * | work list rows | TOLERANT: the list at `aweme_list`, `data.work_list` or `item_list` (O videos.js, Z); a row's id at `aweme_id`, `item_id` or `statistics.aweme_id` (O delete.js, Z); its text at `desc` (O, Z: the title was read from `item_title`, which no source records; still read), `caption`, `title`, `share_info.share_title` (Z, O delete.js), matched when equal to the title or beginning with it (O publish.js sends the title and the description as one text); its time at `create_time`, else `public_time` (O) |
 * | article editor https://creator.douyin.com/creator-micro/content/post/article?default-tab=5&enter_from=publish_page&media_type=article&type=new | C (H: the same without default-tab) |
 * | article title `input[placeholder*="标题"]`, ≤ 30 characters | C, H |
 * | article body: the tiptap editor (`.ProseMirror` in the editor wrapper, `[contenteditable="true"]`), filled by a paste event carrying HTML; C falls back to writing innerHTML, which this adapter does not (kit/paste-html.ts) | C (paste), H (tiptap) |
 * | 头图 and 封面: two upload cards, `[class*="addIcon"]` in that order; their file input is never in the document (a file chooser opens) | H |
 * | 封面: a crop dialog `.semi-modal-body` with 确定; 3:4, at least 1080×1440, else the toast 封面分辨率过低，请重新上传 | H |
 * | publishing needs the 头图, the 封面 and a body (toasts 没有选择封面, 正文内容不能少于100字) | H |
 * | publish: the last visible button 发布; success → the app shows content/manage, or a 发布成功 toast | H |
 * | pictures in the body show blob:/data: addresses until douyin has its copy | H (it waits for them) |
 * | how douyin counts the 100 字 (here: characters without whitespace); whether a picture from another site pasted into the body is kept; how the 头图 shows once uploaded (here: a picture on its card) | UNVERIFIED |
 * | the article publish request: create_v2, read like the others | UNVERIFIED: Z FIELDS.md says all three kinds go to create_v2, but Z's article scripts only wait for the move to content/manage, and its later dry run guards /web/api/media/article/publish without ever clicking. If the article's call is another, the click ends readback_failed and verify reads the work list |
 * | the article's address www.douyin.com/article/<id>; articles in the work list | UNVERIFIED: no public source records either |
 * | a 自主声明, topics or summary on the article editor | no public source records them: not applied (logged as ignored) |
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

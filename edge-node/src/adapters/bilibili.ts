/**
 * bilibili (哔哩哔哩): videos through the creator centre (bilibili/video.ts),
 * dynamics through the t.bilibili.com composer (bilibili/dynamic.ts), articles
 * (专栏) through the article editor's APIs (bilibili/article.ts); each of those
 * two modules carries its own provenance table.
 *
 * Provenance (fact → source, snapshot date). Sources:
 *   M = leaperone/MultiPost-Extension (2026-06-05): src/sync/video/bilibili.ts, src/sync/video.ts,
 *       src/sync/account/bilibili.ts, src/sync/dynamic/bilibili.ts, src/sync/article/bilibili.ts
 *   W = wechatsync/Wechatsync (2023-09-05): packages/@wechatsync/drivers/src/bilibili.js
 *   A = SocialSisterYi/bilibili-API-collect docs/creativecenter/upload.md, videos.md (as indexed, commit 012aa91)
 *   A2 = the same docs/creativecenter/upload.md as indexed at commit 0d394f4 (the newest indexed; the repository's
 *       own snapshot of 2026-01-30 holds only its README)
 *   B = biliup/biliup (the uploader social-auto-upload runs for bilibili): crates/biliup/src/uploader/bilibili.rs,
 *       biliup/plugins/bili_webup.py, bili_webup_sync.py, app/lib/use-streamers.ts (2026-07-14, adf6a1c)
 *   Q = SocialSisterYi/bilibili-API-collect docs/login/login_action/QR.md (as indexed, commit 6ce245e)
 *   C = NanmiCoder/MediaCrawler media_platform/bilibili/login.py (2026-08-14)
 * | fact | source |
 * | upload page https://member.bilibili.com/platform/upload/video/frame, video input `input[type="file"]` | M |
 * | the page shows a span "上传完成" when the upload is done | M |
 * | login: GET api.bilibili.com/x/web-interface/nav → data.isLogin, data.mid, data.uname | M, W, B (a code other than 0 is no session) — second-sourced |
 * | CSRF token = cookie bili_jct, readable by the page; session cookie SESSDATA | M, A |
 * | GET member.bilibili.com/preupload?name&size&r=upos&profile=ugcfx/bup → auth, biz_id, chunk_size, endpoint, upos_uri, threads | A |
 * | upos: POST https:<endpoint>/<upos_uri path>?uploads&output=json&profile&filesize&partsize&biz_id (X-Upos-Auth) → upload_id | A |
 * | upos: PUT chunks ?partNumber&uploadId&chunk&chunks&size&start&end&total → MULTIPART_PUT_SUCCESS; POST ?output=json&name&profile&uploadId&biz_id {parts:[{partNumber,eTag}]} | A |
 * | upload hosts upos-*.bilivideo.com | A |
 * | POST member.bilibili.com/x/vu/web/cover/up form csrf + cover (base64 data URL) → data.url | A |
 * | POST member.bilibili.com/x/vu/web/add/v3?ts&csrf JSON: videos[{filename,title,desc,cid}], cover, title ≤ 80, copyright 1 自制 / 2 转载, tid, tag (","-joined, ≤ 10), desc ≤ 2000, desc_format_id 9999, … | A, A2, B (submit_by_web; its Python plugin still posts the older x/vu/web/add) — second-sourced |
 * | add/v3's answer: code 0, data {aid, bvid} | A2 (B reads only code) — TOLERANT: a bvid names the video; an answer without one is read back from the archive list (by its aid when it gives one, else by exact title in the job's window); not found there is readback_failed |
 * | `source` required with copyright 2 | B (and other public clients, as indexed) |
 * | GET member.bilibili.com/x/vupre/web/archive/pre → data.typelist[{id,name,children[{id,name}]}] (partitions by name) | B (archive_pre, the app's typelist) |
 * | add/v3 takes the chosen partition as tid | B (2026-07 still sends one); A2 says the web form no longer lets one choose tid (it is predicted, x/vupre/web/archive/types/predict) and adds human_type2 (x/vupre/web/archive/human/type2/list) — UNVERIFIED whether bilibili keeps a chosen tid: the newest (B) sends it, so the adapter does |
 * | GET member.bilibili.com/x/web/archives?status&pn&ps → data.arc_audits[].Archive{aid,bvid,title,ctime} | A (archive fields), B (recent_archives) — second-sourced |
 * | login redirect of member pages to passport.bilibili.com/login | TOLERANT: a redirect there, or a member page shown without a session; the nav answer (code -101 / isLogin false) decides either way |
 * | login (accounts login): the QR in `div.login-scan-box` (an img) | C (the header's login dialog; the same box on passport.bilibili.com/login UNVERIFIED) |
 * | the QR encodes https://passport.bilibili.com/h5-app/passport/login/scan?navhide=1&qrcode_key=…&from=; it lives 180 s; the page polls …/x/passport-login/web/qrcode/poll (86101 not scanned, 86090 scanned, 86038 expired, 0 done) | Q |
 * | a login sets SESSDATA, bili_jct, DedeUserID, DedeUserID__ckMd5 | Q, C |
 * | the expired QR's text "二维码已失效" in the scan box with a "点击刷新" control; the SMS step (.sms-verify) and a geetest slider (.geetest_panel) | UNVERIFIED (the poll message says 二维码已失效: Q) |
 * | add/v3 `is_only_self` 0 公开 / 1 仅自己可见 | A2, B (Studio.is_only_self) — second-sourced |
 * | add/v3 field for the AI-content declaration (`ai_declare`) | UNVERIFIED: no public record (A2 lists neutral_mark 创作者声明 without its values; B has no such field) |
 * | add/v3 `dtime` (unix seconds) for scheduled publishing | A (archive field), B (Studio.dtime) — second-sourced; the window (B: more than 4 h ahead, its Python plugin 2 h; reportedly ≤ 15 days) is not enforced: bilibili's answer decides |
 * | add/v3 with an empty `cover` lets bilibili pick a frame; a parent partition (e.g. 知识) is accepted as tid | UNVERIFIED |
 * | the page's text "上传失败" on a refused upload | UNVERIFIED |
 * Sources agree where they overlap except on tid (row above); A2's field list is the newest for add/v3.
 *
 * Settings (shared contract names): `partitionName` (required, by name; the
 * legacy numeric `tid`/`partitionId` is refused), `tags` (1–10, ≤ 20 characters),
 * `copyright` (`original` | `repost`), `sourceUrl` (required for `repost`),
 * `aiLabel`, `description` (Markdown → plain text, ≤ 2000), `visibility`
 * (`private` = 仅自己可见), `scheduledAt` (ISO 8601, future), `coverMode`.
 */
import { BILIBILI_COPYRIGHTS, labelsOf } from '@plume/shared';
import type { Adapter } from './contract.js';
import { jobOfType } from './support.js';
import { at, isLoginPage, LOGIN_PAGE, ORIGIN, URLS, whoAmI } from './bilibili/site.js';
import { BILIBILI_VIDEO_SETTINGS, prepareVideo, publishVideo, verifyVideo } from './bilibili/video.js';
import { BILIBILI_ARTICLE_SETTINGS, prepareArticle, publishArticle, verifyArticle } from './bilibili/article.js';
import { BILIBILI_DYNAMIC_SETTINGS, discardDynamicDraft, prepareDynamic, publishDynamic, verifyDynamic } from './bilibili/dynamic.js';

/** Our copyright values → the labels of the upload form's 类型 choice (add/v3 takes 1 / 2, bilibili/video.ts). */
export const BILIBILI_COPYRIGHT_LABELS: Readonly<Record<string, string>> = labelsOf(BILIBILI_COPYRIGHTS);
import { openLoggedIn } from './support.js';

export const bilibiliAdapter: Adapter = {
  platform: 'bilibili',
  contentTypes: ['video', 'dynamic', 'article'],
  defaultBaseUrl: ORIGIN,
  settingKeys: [...new Set([...BILIBILI_VIDEO_SETTINGS, ...BILIBILI_DYNAMIC_SETTINGS, ...BILIBILI_ARTICLE_SETTINGS])],
  checkSettings: { video: { partitionName: '生活', tags: ['Plume'], visibility: 'private' }, article: { category: '学习' } },
  login: LOGIN_PAGE,

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    await openLoggedIn(page, at(ctx, URLS.uploadPage), 'check_login', ctx, isLoginPage(ctx));
    return whoAmI(page, 'check_login', ctx);
  },

  prepare(page, job, ctx) {
    if (job.contentType === 'dynamic') return prepareDynamic(page, job, ctx);
    if (job.contentType === 'article') return prepareArticle(page, job, ctx);
    return prepareVideo(page, jobOfType(job, 'video'), ctx);
  },
  publish(page, job, ctx) {
    if (job.contentType === 'dynamic') return publishDynamic(page, job, ctx);
    if (job.contentType === 'article') return publishArticle(page, job, ctx);
    return publishVideo(page, jobOfType(job, 'video'), ctx);
  },
  verify(page, job, ctx) {
    if (job.contentType === 'dynamic') return verifyDynamic(page, job, ctx);
    if (job.contentType === 'article') return verifyArticle(page, job, ctx);
    return verifyVideo(page, jobOfType(job, 'video'), ctx);
  },
  // The composer keeps what a check typed; the upload page keeps nothing. An article check leaves its
  // saved draft: no public source records how the editor deletes one.
  discardDraft: async (page, job, ctx) => (job.contentType === 'dynamic' ? discardDynamicDraft(page, job, ctx) : undefined),
};

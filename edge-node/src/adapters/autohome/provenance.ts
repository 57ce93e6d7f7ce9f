/**
 * What the autohome (汽车之家 车家号) adapter rests on: each fact about the
 * 车家号 article editor, the creator centre's video page and their account
 * call, with the public sources that record it (states:
 * adapters/provenance.ts). Wechatsync itself (9d9b928, 2023-09-05),
 * dreammis/social-auto-upload (1c66b7d, 2026-08-20), doocs/cose and site-hub
 * record nothing about these pages; a Wechatsync fork does (WA).
 */
import { defineProvenance } from '../provenance.js';

export const AUTOHOME_PROVENANCE = defineProvenance({
  sources: [
    {
      id: 'M',
      ref: 'leaperone/MultiPost-Extension@2ef8725 src/sync/article/autohome.ts, src/sync/video/chejiahao.ts, src/sync/account/chejiahao.ts, src/sync/article.ts, src/sync/video.ts',
      snapshot: '2026-06-05',
    },
    { id: 'WA', ref: 'iguatian/Wechatsync@9be4f33 packages/core/src/adapters/platforms/autohome.ts (a Wechatsync fork; written from a capture of the creator centre)', snapshot: '2026-11-29' },
    {
      id: 'SP',
      ref: 'public login probes of a social-auto-upload derivative for article platforms, written from the creator centre’s main bundle (code index file 71049690615; the index names no repository)',
      snapshot: '2026-11-29',
    },
    { id: 'AP', ref: 'a public playbook for posting to autohome from the creator centre’s web/publish/bbs page (code index file 71652429707; the index names no repository)', snapshot: '2026-11-29' },
    { id: 'L1', ref: 'public research notes citing a 车家号 video at https://chejiahao.autohome.com.cn/info/16377368 (code index file 56212669797)', snapshot: '2026-11-29' },
    { id: 'L2', ref: 'a public source list citing a 车家号 article at https://chejiahao.autohome.com.cn/info/19495453 (code index file 66859479628)', snapshot: '2026-11-29' },
    {
      id: 'PS',
      ref: 'zhao-yc/postsail@6100423 utils/articles/chejiahao.py (as indexed; code index file 70991313683), written from the creator centre’s official bundle main.66716c76.js as read on 2026-10-03: the long-article editor is https://creator.autohome.com.cn/web/publish/long, its 发布 sends POST /openapi/content-api/gc/article/publish?publishType=1 (publishType 0 is the editor’s 30-second auto-save to the same address) → an integer returncode 0 and result.id, any other returncode a refusal, and the old /article/post.html answers 404',
      snapshot: '2026-11-29',
    },
  ],
  facts: [
    // Both.
    { step: 'check_login', fact: 'the creator centre https://creator.autohome.com.cn/', state: 'sourced', sources: ['M'], note: 'M account/chejiahao.ts (profileUrl), video.ts (homeUrl)' },
    {
      step: 'check_login',
      fact: 'the account: GET creator.autohome.com.cn/author/api/getAuthorInfo → result.authorId, result.name (or authorName); or GET …/openapi/ypttd/yjc/csc/creator/creatorinfo → returncode 0, result.userid, result.nickname',
      state: 'tolerant',
      sources: ['M', 'WA', 'SP'],
      note: 'M records getAuthorInfo, WA and SP creatorinfo (SP sends the page’s localStorage __CREATRO_OA_TOKEN__ as Authorization); the adapter asks getAuthorInfo, then creatorinfo, and takes the account as logged out only when neither names one',
    },
    {
      step: 'check_login',
      fact: 'the account call answers a page of the creator centre (its own origin)',
      state: 'sourced',
      sources: ['SP'],
      note: 'SP opens creator.autohome.com.cn/web and asks creatorinfo from there; M and WA call from an extension; the adapter opens the creator centre first and calls from it',
    },
    {
      step: 'check_login',
      fact: 'a logged-out page leaves creator.autohome.com.cn and chejiahao.autohome.com.cn, or goes to a path naming a login',
      state: 'tolerant',
      sources: ['SP', 'AP'],
      note: 'AP records a logged-out creator centre page going to the account.autohome.com.cn login; SP takes a page off the creator centre, or one whose path holds login, for logged out; the adapter takes either for the login page, and the account calls decide otherwise',
    },
    {
      step: 'read_back',
      fact: 'a published post at https://chejiahao.autohome.com.cn/info/<id>, articles and videos alike',
      state: 'second-sourced',
      sources: ['L1', 'L2'],
      note: 'public links to both kinds have this form; that the id in it is the publish answer’s articleId or videoId no source says',
    },
    {
      step: 'publish',
      fact: 'the pages show a refusal as an Ant Design message (.ant-message-error, .ant-message-notice-content), an Ant Design notification (.ant-notification-notice) or an ARIA alert',
      state: 'tolerant',
      sources: ['PS'],
      note: 'no source reads a refusal (searched: ant-message-error, el-message--error and toast readers for autohome); PS judges its click by the call’s answer alone and records the current editor as a React page with CSS-module classes whose dialogs carry role=dialog, which does not name the message component. The adapter reads each of these forms on both pages (the first visible one’s text; the replica serves each) and never counts a success-worded message (成功, 已发布, 已发表 …), which Ant Design draws in the same notice content. A refusal counts only while no publish call has left (one already on screen before the click is stale and ignored), and the call’s answer decides once sent; a form outside the list goes unseen and the job then waits for the answer, or ends as outcome unknown when none comes (never as published).',
    },
    {
      step: 'login',
      fact: 'the login page and the session cookie’s name',
      state: 'not-driven',
      sources: [],
      note: 'none recorded, so the adapter has no login spec (accounts come by accounts import) and reads no cookie',
    },

    // Articles.
    { step: 'open_editor', types: ['article'], fact: 'article editor https://chejiahao.autohome.com.cn/article/post.html', state: 'sourced', sources: ['M'], note: 'M src/sync/article.ts (injectUrl)' },
    { step: 'fill', types: ['article'], fact: 'title input[placeholder="请输入文章标题(6-30个汉字)"], 6–30 characters', state: 'sourced', sources: ['M'] },
    { step: 'fill', types: ['article'], fact: 'body div[contenteditable="true"], filled by a paste event carrying the HTML (pictures included)', state: 'sourced', sources: ['M'] },
    {
      step: 'fill',
      types: ['article'],
      fact: 'the editor keeps pictures from other sites pasted into the body',
      state: 'unverified',
      sources: [],
      note: 'M pastes them as they are and checks nothing; web pictures go in as their addresses, a local path is refused before the browser moves',
    },
    {
      step: 'apply_settings',
      types: ['article'],
      fact: '原创 input#isOriginal (a checkbox, clicked when its state differs); 首发 input#isFirst',
      state: 'sourced',
      sources: ['M'],
      note: '首发 is left as the page has it',
    },
    {
      step: 'upload',
      types: ['article'],
      fact: 'cover: the span reading 编辑 opens iframe[name="mofangIframe"]; the file goes into its input[accept="image/*"], then its span 完成制作',
      state: 'sourced',
      sources: ['M'],
    },
    {
      step: 'upload',
      types: ['article'],
      fact: 'the adopted cover shows as a picture in the cover area (div.cover-box)',
      state: 'unverified',
      sources: [],
      note: 'no source waits for the cover; the upload waits for that picture (or a refusal) and fails the job as cover_rejected after the upload timeout',
    },
    { step: 'publish', types: ['article'], fact: 'publish control div.button_publish.item.editor-btn.editor-main-btn', state: 'sourced', sources: ['M'] },
    {
      step: 'publish',
      types: ['article'],
      fact: 'the publish call POST chejiahao.autohome.com.cn/article/api/publish → returncode 0, result.articleId',
      state: 'unverified',
      sources: ['PS', 'WA'],
      note: 'contradicted: PS (from the official bundle, 2026-10-03) records the long-article editor at creator.autohome.com.cn/web/publish/long publishing through POST …/openapi/content-api/gc/article/publish?publishType=1 → returncode 0 and result.id, and the old chejiahao editor answering 404; WA records the same address saving drafts (→ result.draftId). No source records chejiahao.autohome.com.cn/article/api/publish (searched: that path, content-api publish calls). The adapter still waits for the old call; an accepted answer naming no articleId ends as outcome unknown, settled by verify from the list',
    },
    {
      step: 'verify',
      types: ['article'],
      fact: 'the own-article list GET creator.autohome.com.cn/author/api/article/list → result.list[].{articleId, title, publishTime}',
      state: 'unverified',
      sources: [],
      note: 'no source reads a list; verify matches the job by exact title in that list',
    },
    { step: 'apply_settings', types: ['article'], fact: 'an AI-content declaration, tags, a summary', state: 'not-driven', sources: [], note: 'no source records a control for them; logged as ignored' },

    // Videos.
    { step: 'open_editor', types: ['video'], fact: 'video page https://creator.autohome.com.cn/web/publish/video', state: 'sourced', sources: ['M'], note: 'M src/sync/video.ts (injectUrl)' },
    { step: 'upload', types: ['video'], fact: 'the uploader’s area #browser_0 and its file input', state: 'sourced', sources: ['M'] },
    { step: 'upload', types: ['video'], fact: 'the upload’s state on div[data-uploadstatus] (uploading, then success)', state: 'sourced', sources: ['M'] },
    { step: 'upload', types: ['video'], fact: 'a failed upload reads 上传失败 (or 上传出错, 上传异常, 转码失败)', state: 'sourced', sources: ['M'] },
    { step: 'fill', types: ['video'], fact: 'title #title (placeholder 合适的标题能帮你获得更多流量哦)', state: 'sourced', sources: ['M'] },
    { step: 'fill', types: ['video'], fact: 'description #summary (placeholder 快来简单描述下你的作品吧)', state: 'sourced', sources: ['M'] },
    {
      step: 'fill',
      types: ['video'],
      fact: 'title and description limits',
      state: 'unverified',
      sources: [],
      note: 'none recorded; the settings contract’s 80 and 1,000 characters are enforced',
    },
    { step: 'publish', types: ['video'], fact: 'publish control: the visible button whose text includes 发布', state: 'sourced', sources: ['M'], note: 'the adapter wants the exact text 发布' },
    {
      step: 'publish',
      types: ['video'],
      fact: 'the publish call POST creator.autohome.com.cn/openapi/content-api/video/publish → returncode 0, result.videoId',
      state: 'unverified',
      sources: [],
      note: 'M records no call (it reads the upload token from …/openapi/content-api/video/get_upload_info); WA’s capture and PS show the creator centre’s openapi/content-api calls answering { returncode, message, result } with an integer returncode 0 for success and the post’s id in result.id, the envelope judged here; no source records the video page’s publish call (searched: content-api/video/publish, openapi/content-api/). An accepted answer naming no videoId ends as outcome unknown, settled by verify from the list',
    },
    {
      step: 'verify',
      types: ['video'],
      fact: 'the own-video list GET creator.autohome.com.cn/openapi/content-api/video/list → result.list[].{videoId, title, publishTime}',
      state: 'unverified',
      sources: [],
      note: 'no source reads a list; verify matches the job by exact title in that list',
    },
    {
      step: 'apply_settings',
      types: ['video'],
      fact: '原创 #isOriginal and 首发 #isFirst checkboxes',
      state: 'not-driven',
      sources: ['M'],
      note: 'M ticks both; Plume has no fact for either declaration (a video sent to several platforms is no first publication), so they stay as the page has them',
    },
    {
      step: 'upload',
      types: ['video'],
      fact: 'a cover editor in iframe[name="mofangIframe"] (picture input, 完成制作)',
      state: 'not-driven',
      sources: ['M'],
      note: 'M finds its opening control by guesswork; a custom video cover is refused',
    },
  ],
});

/**
 * What the kuaishou adapter rests on (videos and 图文 as our `dynamic`): each
 * fact about the creator centre's publish page, the requests it sends, the
 * works list and the passport login, with the public sources that record it
 * (states: adapters/provenance.ts).
 */
import { defineProvenance } from '../provenance.js';

export const KUAISHOU_PROVENANCE = defineProvenance({
  sources: [
    { id: 'A', ref: 'dreammis/social-auto-upload@1c66b7d uploader/ks_uploader/main.py, uploader/base_video.py', snapshot: '2026-08-20' },
    { id: 'A2', ref: 'dreammis/social-auto-upload@4aeb5fe uploader/ks_uploader/main.py, tests/test_kuaishou_publish_dialog.py (after A)', snapshot: '2026-11-29' },
    {
      id: 'N',
      ref: 'dreammis/social-auto-upload docs/kuaishou-note-safety.md (2f70762), uploader/ks_uploader/note_evidence.py (5d028b6): what kuaishou’s public page bundle of 2026-09-16 holds',
      snapshot: '2026-09-16',
    },
    { id: 'I', ref: 'dreammis/social-auto-upload#277 (a reported problem: a real upload where a confirmation dialog covered 发布)', snapshot: '2026-08-26' },
    { id: 'M', ref: 'leaperone/MultiPost-Extension@2ef8725 src/sync/video/kuaishou.ts, src/sync/dynamic/kuaishou.ts', snapshot: '2026-06-05' },
    { id: 'K', ref: 'yikart/AiToEarn@8bbf520 project/aitoearn-electron/electron/plat/Kwai/index.ts, kwai.type.ts', snapshot: '2026-06-26' },
    { id: 'P', ref: 'Colinchiu007/Multi-Publish@0beb5b6 apps/desktop/electron/services/rpa-view-navigation-helpers.js', snapshot: '2026-09-30' },
    {
      id: 'S',
      ref: 'Laihiujin/SynapseAutomation@3f62c5c syn_backend/uploader/ks_uploader/main.py, syn_backend/app_new/platforms/kuaishou.py, syn_backend/myUtils/video_collector.py',
      snapshot: '2026-01-22',
    },
    { id: 'H', ref: 'HongjianLi/social-media-publisher@01794a1 kuaishou.js', snapshot: '2026-11-29' },
    { id: 'X', ref: 'xinnian999/media-cat@4457c90 script/kuaishou.js', snapshot: '2026-11-29' },
    { id: 'C', ref: 'NanmiCoder/MediaCrawler@d6f7c5b store/kuaishou/__init__.py, media_platform/kuaishou/help.py', snapshot: '2026-08-14' },
    {
      id: 'CB',
      ref: 'cv-cat/catbus src/platforms/kuaishou/web/normalize.ts and api.ts (19d8c54), commands.ts (29aea51), tests/golden/kuaishou/video_photo_list.json, publish_atlas_flow.json (4aa7d46): a client replaying the creator centre’s own requests, its works-list notes from a real account (2026-09-29)',
      snapshot: '2026-11-29',
    },
    { id: 'AD', ref: 'ant-design/ant-design@01f5497 components/message/PurePanel.tsx (a message’s wrapper carries <prefix>-message-<type>, the prefix ant unless changed)', snapshot: '2026-11-29' },
    {
      id: 'RS',
      ref: 'a Rust desktop client as indexed (no repository named): its kuaishou module publishing videos and 图文 through the creator centre’s requests and reading the works list',
      snapshot: '2026-11-29',
    },
    { id: 'KQ1', ref: 'a cp.kuaishou.com QR login script: id.kuaishou.com/rest/c/infra/ks/qr/start with sid kuaishou.web.cp.api, then scanResult (result 1 once scanned, 707 expired), then acceptResult once confirmed, code index file 8477960025 (repository not named)', snapshot: '2026-11-30' },
    { id: 'KQ2', ref: 'a kuaishou passport client taking scanResult’s result 1 as the scan, before acceptResult, code index file 52481334001 (repository not named)', snapshot: '2026-11-30' },
    { id: 'KQ3', ref: 'a Rust kuaishou login setting its state to scanned once scanResult answers, code index file 69329897758 (repository not named)', snapshot: '2026-11-30' },
    { id: 'KQ4', ref: 'a kuaishou request-signing list naming /rest/c/infra/ks/qr/scanResult and /rest/c/infra/ks/new/qr/scanResult on id.kuaishou.com, code index file 71204858629 (repository not named)', snapshot: '2026-11-30' },
  ],
  facts: [
    {
      step: 'login',
      fact: 'the scanned sign: the passport’s scanResult (id.kuaishou.com/rest/c/infra/ks/qr/scanResult, or …/ks/new/qr/scanResult) answers result 1 once a phone scanned; acceptResult then waits for the confirmation',
      state: 'second-sourced',
      sources: ['KQ1', 'KQ2', 'KQ3', 'KQ4'],
      note: 'both paths are read (KQ4 lists both); no source records what the login page itself shows meanwhile',
    },
    // The login check and the passport login.
    { step: 'check_login', fact: 'logged in ⇔ button[class^="_upload-btn"] is visible on the publish page; it opens the file chooser', state: 'second-sourced', sources: ['A', 'H'], note: 'H: button._upload-btn_…' },
    {
      step: 'check_login',
      fact: 'without a session the publish page goes to passport.kuaishou.com/pc/account/login/?sid=kuaishou.web.cp.api…, or shows 立即登录 in place of the form',
      state: 'tolerant',
      sources: ['A', 'S', 'X'],
      note: 'A records both, S and X the 立即登录 link; either is login_required',
    },
    {
      step: 'check_login',
      fact: 'the account id is the userId cookie; the name shows in .user-info-name',
      state: 'second-sourced',
      sources: ['S', 'CB', 'RS'],
      note: 'S reads both; CB and RS record userId among the cookies a creator login sets (the account’s number); the name element only S records, and a page without it shows the id instead',
    },
    {
      step: 'login',
      fact: 'the login page is that passport address with the callback …/rest/infra/sts?followUrl=<publish page>; its QR main#login-form div.qr-login img[alt=qrcode]; div.platform-switch shows the QR when the form opens on another method',
      state: 'sourced',
      sources: ['A'],
    },
    {
      step: 'login',
      fact: 'an expired QR is div.qrcode-status.qrcode-status-timeout, renewed by p.qrcode-refresh; the login is done once the page is off passport.kuaishou.com (on the publish page)',
      state: 'sourced',
      sources: ['A'],
    },
    {
      step: 'login',
      fact: 'the SMS step (input[placeholder*="验证码"], 获取验证码, 确定, .sms-verify .error-tip) and the slider (.captcha-slider)',
      state: 'unverified',
      sources: [],
      note: 'no public source records kuaishou’s, after searching A, S, P, K and the code index for its passport page; the login flow watches for them and goes on when none shows',
    },
    {
      step: 'login',
      fact: 'the session cookie kuaishou.web.cp.api_st (the login’s sign)',
      state: 'second-sourced',
      sources: ['CB', 'RS'],
      note: 'CB holds it as the creator centre’s ticket, RS requires it for a creator login; A, S, K, C and P name other cookies or none',
    },

    // The publish page.
    { step: 'open_editor', fact: 'publish page https://cp.kuaishou.com/article/publish/video, for videos and 图文', state: 'second-sourced', sources: ['A', 'M', 'H', 'S'] },
    {
      step: 'open_editor',
      fact: 'a 我知道了 notice, and a react-joyride guide (div[id^=react-joyride-step] div[role=alertdialog], #react-joyride-portal, .react-joyride__spotlight) that swallows clicks',
      state: 'second-sourced',
      sources: ['A', 'X'],
      note: 'X records the react-joyride overlay',
    },
    {
      step: 'upload',
      types: ['dynamic'],
      fact: 'the 图文 tab div[role="tablist"] div[role="tab"]:has-text("图文"), then the button 上传图片',
      state: 'second-sourced',
      sources: ['A', 'M'],
      note: 'M’s older div#rc-tabs-0-tab-2 is the same tab; A is newer and preferred',
    },
    { step: 'upload', fact: 'the page shows 上传中 while uploading and 上传失败 on a failure', state: 'sourced', sources: ['A'] },
    {
      step: 'fill',
      fact: 'the description is the contenteditable following the 描述 label; placeholder 添加合适的话题和描述，作品能获得更多推荐～',
      state: 'second-sourced',
      sources: ['A', 'M'],
    },
    {
      step: 'fill',
      fact: 'title, text and #topics go into that one editor (kuaishou has no title field); at most 3 topics',
      state: 'second-sourced',
      sources: ['A', 'M'],
      note: 'M allows 4 topics; the newer A wins',
    },
    { step: 'fill', fact: 'the description holds at most 500 characters', state: 'second-sourced', sources: ['H', 'P', 'RS'] },
    { step: 'fill', types: ['dynamic'], fact: 'a 图文 holds at most 31 pictures', state: 'second-sourced', sources: ['H', 'CB', 'RS'] },
    {
      step: 'apply_settings',
      types: ['video'],
      fact: 'cover: span 封面设置 → ../following-sibling::div[1] first div → div[role=document].ant-modal → 上传封面 → input[type=file] → 确认',
      state: 'second-sourced',
      sources: ['A', 'M'],
    },
    {
      step: 'apply_settings',
      fact: 'collection: the label 加入合集 → the following ant-select → .ant-select-selector → div.ant-select-item-option[label=<name>]',
      state: 'sourced',
      sources: ['A'],
    },
    {
      step: 'apply_settings',
      fact: 'schedule: label.ant-radio-wrapper 定时发布, input[placeholder="选择日期时间"] set through the native value setter then Enter; YYYY-MM-DD HH:mm:ss; more than 2 h ahead',
      state: 'second-sourced',
      sources: ['A', 'M'],
      note: 'M records 定时发布 with the same picker',
    },
    {
      step: 'apply_settings',
      fact: 'the AI-content declaration (作者声明)',
      state: 'unverified',
      sources: ['A'],
      note: 'A names an ant-select 作者声明 on the form but records none of its options; not applied',
    },

    // Publish and its answer.
    {
      step: 'publish',
      fact: 'the publish control is the text 发布 (exact)',
      state: 'second-sourced',
      sources: ['A', 'S', 'H', 'X'],
      note: 'H and X name the control ._button-primary_3a3lq_60 / ._button_3a3lq_1',
    },
    {
      step: 'publish',
      fact: 'a confirmation after 发布',
      state: 'tolerant',
      sources: ['A', 'A2', 'I', 'P', 'S', 'H', 'N'],
      note: 'none (H, X: 发布 goes on by itself; N covers both), or a dialog whose enabled button reads 确认发布 (A, A2: .ant-modal-confirm-centered button.ant-btn-primary; I), 确 认 beside 取 消 (P, with a disabled 确定 elsewhere on the page) or 发布 (S: a 发布设置 dialog); clicked once when it shows before the publish request left, never after',
    },
    {
      step: 'publish',
      fact: 'the publish request: POST /rest/cp/works/v2/video/pc/submit for videos, POST /rest/cp/works/atlas/pc/publish/submit for 图文',
      state: 'second-sourced',
      sources: ['K', 'N', 'CB', 'RS'],
      note: 'N records the 图文 one; CB and RS post both',
    },
    {
      step: 'publish',
      fact: 'its answer: result 1 is taken, anything else a refusal with message (N: -1 refuses); it names no post',
      state: 'second-sourced',
      sources: ['K', 'N', 'CB'],
      note: 'N records no id in it; K reads the id back from the works list; CB checks result 1 and reads no id either (RS looks for one and falls back on its own upload ids)',
    },
    {
      step: 'publish',
      fact: 'a refusal the page shows before any request left is .ant-message-error',
      state: 'second-sourced',
      sources: ['AD', 'A'],
      note: 'no source records kuaishou’s own toast; the publish page is built on Ant Design with its default prefix (A drives its ant-modal, ant-select, ant-radio-wrapper), whose error message is .ant-message-error. It only turns a refusal that sends nothing into publish_rejected (else the wait ends as unknown)',
    },

    // Reading the post back.
    { step: 'read_back', fact: 'after a taken post the page moves to article/manage/video?status=2&from=publish', state: 'second-sourced', sources: ['A', 'S', 'P'] },
    {
      step: 'read_back',
      fact: 'works list: POST /rest/cp/works/v2/video/pc/photo/list answers result 1, data.list[] {workId, title, uploadTime (ms)}; the works page’s own rows (.video-item) show no id',
      state: 'second-sourced',
      sources: ['K', 'S', 'CB', 'RS'],
      note: 'K reads the list (getWorks), S the rows, CB and RS the same list (CB: queryType, cursor, startTime, endTime, limit, timeRangeType, keyword); verify reads the same list',
    },
    {
      step: 'read_back',
      fact: 'the list’s row forms: the text under title or caption, the time under uploadTime, publishTime or createTime',
      state: 'tolerant',
      sources: ['K', 'S', 'CB', 'RS'],
      note: 'K and S read title and uploadTime; CB’s recorded row carries caption and publishTime, and CB and RS read title, caption and all three times. Every form is read',
    },
    {
      step: 'read_back',
      fact: 'a work still being published is listed without a workId: its publishId, publishStatus 2',
      state: 'tolerant',
      sources: ['CB'],
      note: 'CB records this row on the works page right after a submit, then asks publish/refresh for its state. Such a row matching the job is the post without its id: the publish ends readback_failed (never a wrong id), and verify gives no answer (asked again later) instead of “not there”',
    },
    {
      step: 'read_back',
      fact: 'the works page asks for that list itself as it opens (the adapter listens and never sends the request)',
      state: 'second-sourced',
      sources: ['CB', 'RS'],
      note: 'CB replays the list request the works page sends after a publish (its referer article/manage/video?status=2&from=publish), RS sends it with the works page as referer; unnamed collectors in the code index open that page and wait for the answer. A page that does not ask ends readback_failed',
    },
    {
      step: 'read_back',
      types: ['dynamic'],
      fact: '图文 show in that list',
      state: 'second-sourced',
      sources: ['CB', 'RS', 'K', 'P'],
      note: 'CB (from a real account, 2026-09-29): a 图文 of several pictures carries showAtlasIcon, one of a single picture showDuration false with no duration; RS takes showAtlasIcon as the 图文 mark; K’s rows have the field. P (2026-09-30) found no 图文 id there right after publishing, which is the row CB records without a workId while kuaishou still publishes it (the fact above): that row is never taken for “not there”',
    },
    {
      step: 'read_back',
      fact: 'the list’s text is the whole caption (topics included)',
      state: 'tolerant',
      sources: ['K', 'S', 'CB'],
      note: 'K, S and CB read it as the work’s text without saying whether it keeps the #topics; a text equal to the caption whole or without its line of #topics is taken',
    },
    { step: 'read_back', fact: 'the post address www.kuaishou.com/short-video/<id>', state: 'second-sourced', sources: ['C', 'CB'] },
    {
      step: 'read_back',
      fact: 'the list’s workId is the id of that address',
      state: 'sourced',
      sources: ['CB'],
      note: 'CB builds each listed work’s address from its workId; K keeps workId beside publishId',
    },
  ],
});

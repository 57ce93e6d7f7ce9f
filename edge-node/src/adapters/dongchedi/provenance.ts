/**
 * What the dongchedi (懂车帝 懂车号) adapter rests on: each fact about the
 * 懂车号 article editor and its account, with the public sources that record
 * it (states: adapters/provenance.ts). Wechatsync itself (9d9b928,
 * 2023-09-05) and dreammis/social-auto-upload (1c66b7d, 2026-08-20) record
 * nothing about these pages; a Wechatsync fork does (WD).
 */
import { defineProvenance } from '../provenance.js';

export const DONGCHEDI_PROVENANCE = defineProvenance({
  sources: [
    { id: 'M', ref: 'leaperone/MultiPost-Extension@2ef8725 src/sync/article/dongchedi.ts, src/sync/article.ts', snapshot: '2026-06-05' },
    { id: 'WD', ref: 'iguatian/Wechatsync@d8c9b57 packages/core/src/adapters/platforms/dongchedi.ts (a Wechatsync fork; written from a capture of the editor’s calls)', snapshot: '2026-11-29' },
    {
      id: 'SP',
      ref: 'public login probes of a social-auto-upload derivative for article platforms, written from mp.dcdapp.com’s main bundle (code index file 71049690615; the index names no repository)',
      snapshot: '2026-11-29',
    },
    { id: 'D2', ref: 'a public Playwright script publishing 懂车号 articles (code index file 71500709116; the index names no repository)', snapshot: '2026-11-29' },
    { id: 'H1', ref: 'a public scraper of dongchedi’s hot list building article addresses from GroupId (code index file 67496425164)', snapshot: '2026-11-29' },
    { id: 'H2', ref: 'another public hot-list reader building them from gid_str (code index file 70838763758)', snapshot: '2026-11-29' },
    {
      id: 'PD',
      ref: 'zhao-yc/postsail@2248dc9 utils/articles/dongchedi.py (as indexed; code index file 71236891895): after 预览并发布 it reads the page’s feedback from [role="alert"], .ant-message, .m-message and its dialogs from [role="dialog"], .ant-modal, .m-dialog',
      snapshot: '2026-11-29',
    },
  ],
  facts: [
    {
      step: 'open_editor',
      fact: 'article editor https://mp.dcdapp.com/profile_v2/publish/article (creator site https://mp.dcdapp.com/)',
      state: 'sourced',
      sources: ['M'],
      note: 'M src/sync/article.ts (injectUrl, homeUrl)',
    },
    {
      step: 'fill',
      fact: 'title: the page’s first textarea, or (the later editor) the box whose placeholder holds 请输入文章标题',
      state: 'tolerant',
      sources: ['M', 'D2'],
      note: 'M records the textarea, D2 a later editor’s title box; the adapter fills the first of either',
    },
    {
      step: 'fill',
      fact: 'body: the UEditor frame iframe#ueditor_0 (else the first iframe[id^="ueditor_"]) whose body takes the HTML, then input and change events; or (the later editor) a .ProseMirror in the page that takes a paste',
      state: 'tolerant',
      sources: ['M', 'D2'],
      note: 'M records the UEditor frame, D2 a ProseMirror body filled by a paste; the adapter sets the frame’s body when there is a frame and pastes the HTML into the ProseMirror otherwise, reading the text back either way',
    },
    {
      step: 'fill',
      fact: 'the editor keeps pictures from other sites in the body',
      state: 'unverified',
      sources: [],
      note: 'M sets them as they are and checks nothing; web pictures go in as their addresses, a local path is refused before the browser moves',
    },
    {
      step: 'fill',
      fact: 'title and body limits',
      state: 'unverified',
      sources: [],
      note: 'none recorded; the settings contract’s limits are enforced',
    },
    {
      step: 'upload',
      fact: 'cover: div.fake-upload-trigger → the li reading 本地上传 → the file into div.xigua-upload-poster-trigger > input → div.clip-btn-content when shown → the button 确定 → button.m-button.red when shown',
      state: 'sourced',
      sources: ['M'],
    },
    {
      step: 'upload',
      fact: 'the adopted cover shows as a picture in div.fake-upload-trigger',
      state: 'unverified',
      sources: [],
      note: 'no source waits for the cover; the upload waits for that picture (or a refusal) and fails the job as cover_rejected after the upload timeout',
    },
    {
      step: 'publish',
      fact: 'publish control: the button.publish-btn reading 预览并发布, or (the later editor) a button reading exactly 发布',
      state: 'tolerant',
      sources: ['M', 'D2'],
      note: 'M records 预览并发布, D2 a button 发布 after which the page goes to /profile_v2/manage/content/article; the adapter clicks the first of either, once',
    },
    {
      step: 'publish',
      fact: 'the click sends the article, with or without a confirmation dialog (确认发布, 确定发布, 立即发布 or 发布) first',
      state: 'tolerant',
      sources: [],
      note: 'M clicks 预览并发布 and stops there; D2 clicks 发布 and finds the page moved or the article listed; neither records a confirmation. The adapter clicks such a dialog’s button once when it shows before the publish call left, never otherwise, and ends as outcome unknown when no call comes',
    },
    {
      step: 'publish',
      fact: 'the publish call and its answer: POST mp.dcdapp.com/mp/agw/article/publish → code 0, data.group_id; or POST …/motor/content_publish/publish_mp_article/v1 → status 0, data.code 0, data.data.pgc_id',
      state: 'tolerant',
      sources: ['WD'],
      note: 'WD records the second (its save 0 keeps a draft); no source records the first; the adapter waits for either call, judges each answer by its own success fields and takes group_id or pgc_id (as the answer wrote it) for the article; an accepted answer naming neither ends as outcome unknown, settled by verify',
    },
    {
      step: 'publish',
      fact: 'the page shows a refusal as a ByteDesign message (.byte-message-error), an Ant Design message (.ant-message-error, .ant-message-notice), an .m-message or an ARIA alert',
      state: 'tolerant',
      sources: ['PD'],
      note: 'PD reads the editor’s messages from [role="alert"], .ant-message and .m-message, none from .byte-message (ByteDesign messages are what public clients read on toutiao, code index file 53104695511); no source reads a refusal’s class on mp.dcdapp.com itself. The adapter reads every one of these forms (the first visible one’s text; the replica serves each) and never counts a success-worded message (成功, 已发布, 已发表 …), which .ant-message-notice and .m-message also show. A refusal counts only while no publish call has left (one already on screen before the click is stale and ignored), and the call’s answer decides once sent; a form outside the list goes unseen and the job then waits for the answer, or ends as outcome unknown when none comes (never as published).',
    },
    {
      step: 'read_back',
      fact: 'a published article at https://www.dongchedi.com/article/<group_id>',
      state: 'second-sourced',
      sources: ['H1', 'H2'],
      note: 'both scrapers build it from the group id; that pgc_id is the same id is not recorded (toutiao’s, the same company’s, are one id)',
    },
    {
      step: 'verify',
      fact: 'the own-article list GET mp.dcdapp.com/mp/agw/article/list → data.list[].{group_id, title, publish_time}',
      state: 'unverified',
      sources: [],
      note: 'no source reads this list; D2 checks the content page /profile_v2/manage/content/article for the title and the day; verify matches the job by exact title in the list',
    },
    {
      step: 'check_login',
      fact: 'the account: GET mp.dcdapp.com/mp/agw/media/get_media_info → data.user.id, screen_name; or the logged-in page’s window.Garr.pgc_info.user (id)',
      state: 'tolerant',
      sources: ['SP'],
      note: 'the call is modelled on toutiao’s (the same company) and no source records it for 懂车号; SP reads the page’s Garr.pgc_info.user, set once the page’s own user query succeeded; WD asks motor/mp_index/api/notify/count (status 0 when logged in, no account id); the adapter asks the call, then reads the page, and is logged out only when neither names an account',
    },
    {
      step: 'check_login',
      fact: 'a logged-out page leaves mp.dcdapp.com or goes to a /login path',
      state: 'tolerant',
      sources: ['D2', 'SP'],
      note: 'D2 takes an address containing /login for logged out, SP an address with login in its path; the adapter takes any page off mp.dcdapp.com or with /login in its path for the login page',
    },
    {
      step: 'login',
      fact: 'the login page and the session cookie’s name',
      state: 'not-driven',
      sources: [],
      note: 'none recorded, so the adapter has no login spec (accounts come by accounts import) and reads no cookie',
    },
    {
      step: 'apply_settings',
      fact: 'an AI-content declaration, 原创, tags, a summary',
      state: 'not-driven',
      sources: [],
      note: 'no source records a control for them; logged as ignored',
    },
  ],
});

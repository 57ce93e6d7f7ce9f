/**
 * What the yidian (一点号) adapter rests on, articles (../yidian.ts) and
 * videos (./video.ts): each fact about the writing desk, its calls and its
 * pages, with the public sources that record it (states: ../provenance.ts).
 */
import { defineProvenance } from '../provenance.js';

export const YIDIAN_PROVENANCE = defineProvenance({
  sources: [
    { id: 'W', ref: 'wechatsync/Wechatsync packages/@wechatsync/drivers/src/YiDian.js (2021-03-16; articles only)', snapshot: '2023-09-05' },
    { id: 'I', ref: 'iguatian/Wechatsync@1a95398 packages/core/src/adapters/platforms/yidian.ts (as indexed)', snapshot: '2026-11-24' },
    { id: 'M', ref: 'leaperone/MultiPost-Extension@2ef8725 src/sync/article.ts, src/sync/article/yidianzixun.ts (2026-06-03)', snapshot: '2026-06-05' },
    {
      id: 'MV',
      ref: 'leaperone/MultiPost-Extension@2ef8725 src/sync/video/yidian.ts (2025-11-25), src/sync/video.ts, src/sync/account/yidian.ts: a generic script whose selectors are lists tried in turn; it first checks that the address contains "yidian.com", which mp.yidianzixun.com does not, so it records where it would act, not a run',
      snapshot: '2026-06-05',
    },
  ],
  facts: [
    // The session, for both content types.
    {
      step: 'check_login',
      fact: 'GET https://mp.yidianzixun.com: `<script id="__val_">` sets window.mpuser {id, media_name, media_pic}; no id means no session',
      state: 'second-sourced',
      sources: ['W', 'I'],
    },
    { step: 'open_editor', fact: 'the same script sets window.mpcode, sent as the header `x-mp-code` on uploads, saves and lists', state: 'sourced', sources: ['I'] },
    {
      step: 'check_login',
      fact: 'the login page a logged-out desk goes to',
      state: 'unverified',
      sources: [],
      note: 'no source records it; the login check does not rest on it: window.mpuser decides',
    },

    // Articles.
    {
      step: 'upload',
      types: ['article'],
      fact: 'POST https://mp.yidianzixun.com/upload?action=uploadimage&picType=wemedia_cnt, multipart upfile → {status: "success", url}',
      state: 'sourced',
      sources: ['I'],
    },
    { step: 'fill', types: ['article'], fact: 'the body as HTML with its links removed', state: 'sourced', sources: ['I'] },
    {
      step: 'fill',
      types: ['article'],
      fact: 'the editor keeps no tables (each cell becomes a bulleted line) nor code blocks: tables go in as lines of text, code blocks as paragraphs with line breaks, inline code as bold',
      state: 'unverified',
      sources: [],
      note: 'only a Wechatsync fork in the search index with no attributable repository records it (prepareHtmlForYidian, convertTablesToText); done as it does',
    },
    {
      step: 'fill',
      types: ['article'],
      fact: 'POST https://mp.yidianzixun.com/model/Article, JSON title, cate, cateB, coverType "default", covers [], content, hasSubTitle 0, subTitle, original 0, reward 0, videos, audios, votes {…}, images, goods, is_mobile 0, status 0, import_url, import_hash, image_urls {}, minTimingHour 3, maxTimingDay 7, tags [], isPubed false, lastSaveTime, dirty false, editorType "articleEditor", activity_id 0, join_activity 0, notSaveToStore true → {id}',
      state: 'second-sourced',
      sources: ['W', 'I'],
    },
    { step: 'open_editor', types: ['article'], fact: 'the saved draft at https://mp.yidianzixun.com/#/Writing/<id>', state: 'sourced', sources: ['W'] },
    {
      step: 'open_editor',
      types: ['article'],
      fact: 'the editor https://mp.yidianzixun.com/#/Writing/articleEditor: title `input.post-title`, body `div.editor-content[contenteditable="true"]`',
      state: 'sourced',
      sources: ['M'],
      note: 'M marks its 一点号 article flow experimental',
    },
    { step: 'fill', types: ['article'], fact: 'a title of at most 64 characters', state: 'sourced', sources: ['M'] },
    {
      step: 'publish',
      types: ['article'],
      fact: 'the publish control `div.button_publish.item.editor-btn.editor-main-btn` on the draft’s page',
      state: 'sourced',
      sources: ['M'],
      note: 'M’s control carries the same classes as in its 大鱼号 flow',
    },
    {
      step: 'publish',
      types: ['article'],
      fact: 'the control’s request GET https://mp.yidianzixun.com/api/post/publish?post_id=<id> → {status: "success"} or {status: "failed", reason}',
      state: 'unverified',
      sources: [],
      note: 'only public automation code in the search index with no attributable repository records it',
    },
    {
      step: 'apply_settings',
      types: ['article'],
      fact: 'a custom cover as coverType "one" with covers [url]; original 1 declares 原创',
      state: 'unverified',
      sources: [],
      note: 'the sources send only the defaults; sent so when the job asks for a custom cover or 原创',
    },
    { step: 'publish', types: ['article'], fact: 'the editor’s refusal before any request shows as `.editor-tip-error`', state: 'unverified', sources: [], note: 'the replica’s own' },
    {
      step: 'verify',
      types: ['article'],
      fact: 'GET https://mp.yidianzixun.com/model/Article?page=1&page_size=10&status=2,6,7&has_data=1&type=original → posts[] {newsId, title, date}, statuses 2, 6 and 7 being the published articles',
      state: 'unverified',
      sources: [],
      note: 'only public automation code in the search index with no attributable repository records it',
    },
    {
      step: 'read_back',
      types: ['article'],
      fact: 'the list’s newsId is the post’s id, and the article is at https://www.yidianzixun.com/article/<newsId>',
      state: 'unverified',
      sources: [],
      note: 'as the list: public automation code with no attributable repository',
    },

    // Videos.
    { step: 'open_editor', types: ['video'], fact: 'videos are published from the desk https://mp.yidianzixun.com/', state: 'sourced', sources: ['MV'] },
    { step: 'open_editor', types: ['video'], fact: 'the session for videos: window.mpuser {id, media_name} and window.mpcode, as for articles', state: 'sourced', sources: ['W'] },
    {
      step: 'open_editor',
      types: ['video'],
      fact: 'the video editor at https://mp.yidianzixun.com/#/Writing/videoEditor (the desk’s hash route, beside #/Writing/articleEditor)',
      state: 'unverified',
      sources: [],
      note: 'only a public SQL seed in the search index with no attributable repository names it',
    },
    { step: 'fill', types: ['video'], fact: 'the title: an `input` whose placeholder contains 标题', state: 'sourced', sources: ['MV'] },
    { step: 'fill', types: ['video'], fact: 'the description: a `textarea` whose placeholder contains 描述 or 简介', state: 'sourced', sources: ['MV'] },
    { step: 'upload', types: ['video'], fact: 'the file goes into an `input[type=file]` whose accept names video (a change event)', state: 'sourced', sources: ['MV'] },
    { step: 'fill', types: ['video'], fact: 'the order title → description → upload', state: 'sourced', sources: ['MV'], note: 'MV stops there: it never publishes' },
    { step: 'upload', types: ['video'], fact: 'the upload’s end: the page shows 上传成功 (or 上传失败)', state: 'unverified', sources: [], note: 'no source records it; MV waits for a progress or success class' },
    { step: 'publish', types: ['video'], fact: 'the publish control: the button reading 发布', state: 'unverified', sources: [], note: 'MV does not publish' },
    {
      step: 'publish',
      types: ['video'],
      fact: 'the publish call POST https://mp.yidianzixun.com/api/video/publish → {status: "success", id} or {status: "failed", reason}',
      state: 'unverified',
      sources: [],
      note: 'no source records the video’s publish request',
    },
    {
      step: 'verify',
      types: ['video'],
      fact: 'the own-video list GET https://mp.yidianzixun.com/model/Video?page=1&page_size=10&status=2,6,7 → posts[] {newsId, title, date} (the article list’s shape)',
      state: 'unverified',
      sources: [],
      note: 'no source records it',
    },
    { step: 'read_back', types: ['video'], fact: 'the published video at https://www.yidianzixun.com/article/<newsId>, as articles', state: 'unverified', sources: [], note: 'no source records it' },
    { step: 'publish', types: ['video'], fact: 'the page refuses with `.editor-tip-error`, as the article replica', state: 'unverified', sources: [], note: 'the replica’s own' },
    {
      step: 'fill',
      types: ['video'],
      fact: 'a title of at most 80 characters and a description of at most 1,000',
      state: 'unverified',
      sources: [],
      note: 'the settings contract’s limits; no source records 一点号’s own',
    },
    {
      step: 'check_login',
      types: ['video'],
      fact: 'the account call GET https://yidian.com/api/user/info',
      state: 'not-driven',
      sources: ['MV'],
      note: 'another host than the desk, whose window.mpuser (W) names the account',
    },
    {
      step: 'apply_settings',
      types: ['video'],
      fact: 'a cover, tags, an audience, an AI declaration on the video page',
      state: 'not-driven',
      sources: [],
      note: 'no source records them: not applied (logged as ignored; a custom cover is refused)',
    },
  ],
});

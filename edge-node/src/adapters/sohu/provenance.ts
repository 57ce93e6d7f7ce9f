/**
 * What the sohu adapter rests on: each fact about 搜狐号's article editor and
 * its API, the video page and the login, with the public sources that record
 * it (states: adapters/provenance.ts). Articles and videos share the account
 * list (one Sohu login may hold several 搜狐号 accounts) and the login page.
 */
import { defineProvenance } from '../provenance.js';

export const SOHU_PROVENANCE = defineProvenance({
  sources: [
    {
      id: 'M',
      ref: 'leaperone/MultiPost-Extension@2ef8725 src/sync/article.ts, src/sync/article/sohu.ts, src/sync/video.ts, src/sync/video/sohu.ts (89bf0a9)',
      snapshot: '2026-06-05',
    },
    { id: 'WC', ref: 'wechatsync/Wechatsync@083383d packages/core/src/adapters/platforms/sohu.ts (as indexed)', snapshot: '2026-11-29' },
    { id: 'WD', ref: 'wechatsync/Wechatsync packages/@wechatsync/drivers/src/sohu.js (2021-11-26), packages/@wechatsync/drivers/src/tools/code.js (2021-04-28)', snapshot: '2023-09-05' },
    { id: 'A', ref: 'a Node 搜狐号 API client (code index file 63178258327; the index names no repository)', snapshot: '2026-11-29' },
    {
      id: 'B',
      ref: 'a write-up of the HTTP calls a four-platform publisher makes (bilibili, 百家号, 搜狐号, douyin), §4 and §6.3 for 搜狐号 (code index file 65873236731; the index names no repository)',
      snapshot: '2026-11-29',
    },
    { id: 'C', ref: '@jackwener/opencli 搜狐号 article command, quoting the editor bundle mp_micro_contentmanager app.9e74a732d8.js (code index file 55570471922)', snapshot: '2026-11-29' },
    {
      id: 'SX',
      ref: 'a Playwright uploader for 搜狐号 videos: its selectors.ts and uploader (code index files 66233254891, 65842340627; the index names no repository)',
      snapshot: '2026-11-29',
    },
  ],
  facts: [
    // Shared: the login check and the address of a post.
    {
      step: 'check_login',
      fact: 'GET https://mp.sohu.com/mpbp/bp/account/list → code 2000000, data.data[].accounts[] {id, nickName}; one login may hold several accounts',
      state: 'sourced',
      sources: ['WC'],
      note: 'WD (2021) read the account from an older register-info call; B checks a session with account/check/user and account/info, calls this adapter does not use',
    },
    {
      step: 'check_login',
      fact: 'a creator page without a session goes to the login page https://mp.sohu.com/mpfe/v4/login',
      state: 'sourced',
      sources: ['SX'],
      note: 'only a second sign: the account list decides',
    },
    { step: 'read_back', fact: 'a published post at https://www.sohu.com/a/<id>_<accountId>', state: 'second-sourced', sources: ['A', 'B'] },

    // Articles.
    { step: 'open_editor', types: ['article'], fact: 'editor https://mp.sohu.com/mpfe/v4/contentManagement/news/addarticle', state: 'sourced', sources: ['M'] },
    { step: 'fill', types: ['article'], fact: 'title input[placeholder="请输入标题（5-72字）"] (5–72 characters); a Quill body', state: 'sourced', sources: ['M'] },
    {
      step: 'fill',
      types: ['article'],
      fact: 'write calls send dv-id (32 hex digits) and sp-cm (the mp-cv cookie, else "100-<ms>-<hex>")',
      state: 'second-sourced',
      sources: ['WC', 'B'],
    },
    {
      step: 'upload',
      types: ['article'],
      fact: 'POST https://mp.sohu.com/commons/front/outerUpload/image/file?accountId=<id>, multipart file + accountId → {url}',
      state: 'second-sourced',
      sources: ['WD', 'WC', 'B'],
    },
    {
      step: 'fill',
      types: ['article'],
      fact: 'POST /mpbp/bp/news/v4/news/draft/v2?accountId=<id>, JSON {title, brief, content, channelId 24, categoryId -1, id, userColumnId 0, columnNewsIds, businessCode 0, declareOriginal, cover, topicIds, isAd 0, userLabels "[]", reprint, customTags, infoResource 0, sourceUrl, visibleToLoginedUsers 0, attrIds, auto: true, accountId} → {success, data: <draft id>, msg}',
      state: 'sourced',
      sources: ['WC'],
    },
    {
      step: 'open_editor',
      types: ['article'],
      fact: 'a draft at …/news/addarticle?spm=smmp.articlelist.0.0&contentStatus=2&id=<id>',
      state: 'second-sourced',
      sources: ['WC', 'WD'],
    },
    { step: 'fill', types: ['article'], fact: 'tables drawn as an SVG picture (the platform strips a table’s styles); h3 as bold text', state: 'sourced', sources: ['WC'] },
    { step: 'fill', types: ['article'], fact: 'code blocks as plain <pre><code> text', state: 'sourced', sources: ['WD'] },
    {
      step: 'publish',
      types: ['article'],
      fact: 'POST /mpbp/bp/news/v4/news/publish/v2?accountId=<id>, the draft’s JSON without auto (the editor’s baseParams plus attrIds)',
      state: 'second-sourced',
      sources: ['A', 'C'],
    },
    {
      step: 'publish',
      types: ['article'],
      fact: 'its answer: success is code 2000000 (A, B, C), A also reads success false as a refusal; data is the id as a scalar (B) or an object when originality is declared (C)',
      state: 'tolerant',
      sources: ['A', 'B', 'C'],
      note: 'accepted when code is 2000000, or when there is no code and success is true; the id is data as a number or digits; an accepted answer whose data names no id (an object, null) is read back from the author’s list by title',
    },
    {
      step: 'publish',
      types: ['article'],
      fact: 'publishing the saved draft by sending its id; the article keeps that id',
      state: 'unverified',
      sources: [],
      note: 'A and C publish with id 0 (no draft); the editor sends its baseParams’ id (C), which on a draft’s page is the draft’s; the answer’s own id is used, never the draft’s, and without one the list by title',
    },
    {
      step: 'apply_settings',
      types: ['article'],
      fact: 'the AI declaration as creationStatement 2 (0 none)',
      state: 'unverified',
      sources: [],
      note: 'A and C send no creationStatement; no public source records the field (searched A, B, C, a PHP sync script of 2021, Wechatsync and MultiPost)',
    },
    {
      step: 'verify',
      types: ['article'],
      fact: 'GET /mpbp/bp/news/v4/users/news?psize&newsType=0&statusType=1&columnId&pno&streamId&accountId → code 2000000, data.news[] {id, title, status, auditStatus, rejectReason, postTime}',
      state: 'second-sourced',
      sources: ['A', 'B'],
      note: 'A lists articles with newsType 0, B the same list for videos with newsType 4',
    },
    {
      step: 'verify',
      types: ['article'],
      fact: 'the list’s statuses: 4 and 16 public, 2 and 5 in review; 1 a draft, 3 failed review, 7 and 9 not public; auditStatus 8 or a rejectReason is a refusal',
      state: 'tolerant',
      sources: ['A', 'B'],
      note: 'verify counts 2, 4, 5 and 16 (B’s public and reviewing; A’s 4 published, 2 reviewing) and nothing else, never a row with auditStatus 8 or a rejectReason (A)',
    },

    // Videos.
    {
      step: 'open_editor',
      types: ['video'],
      fact: 'video page https://mp.sohu.com/mpfe/v4/contentManagement/news/addvideo',
      state: 'second-sourced',
      sources: ['M', 'SX', 'B'],
      note: 'B names it as the Referer of its calls',
    },
    { step: 'upload', types: ['video'], fact: 'the video input: a file input whose accept names video', state: 'second-sourced', sources: ['M', 'SX'] },
    {
      step: 'upload',
      types: ['video'],
      fact: 'the upload’s end: the page reads 上传成功 or 上传完成',
      state: 'sourced',
      sources: ['SX'],
      note: 'SX also takes 处理完成 or an enabled publish button as the end',
    },
    { step: 'upload', types: ['video'], fact: 'a failed upload reads 上传失败', state: 'unverified', sources: [], note: 'no source records it; without it a failed upload ends as the upload’s timeout' },
    { step: 'fill', types: ['video'], fact: 'title input[placeholder*="标题"], filled once the upload has ended', state: 'second-sourced', sources: ['M', 'SX'] },
    { step: 'fill', types: ['video'], fact: 'description textarea[placeholder*="描述"] or textarea[placeholder*="简介"]', state: 'second-sourced', sources: ['M', 'SX'] },
    {
      step: 'fill',
      types: ['video'],
      fact: 'title and description limits',
      state: 'unverified',
      sources: [],
      note: 'no source records 搜狐号’s own for videos; the settings contract’s 80 and 1,000 are enforced, and what the boxes keep is read back',
    },
    {
      step: 'publish',
      types: ['video'],
      fact: 'publish: the button reading 发布',
      state: 'unverified',
      sources: [],
      note: 'only unattributed code records the publish-ready buttons',
    },
    {
      step: 'publish',
      types: ['video'],
      fact: 'the click sends POST /mpbp/bp/news/v4/news/publishVideo/v2?accountId=<id> → code 2000000, data = the post id (a scalar)',
      state: 'sourced',
      sources: ['B'],
    },
    {
      step: 'publish',
      types: ['video'],
      fact: 'the page refuses with an Ant Design .ant-message-error',
      state: 'unverified',
      sources: [],
      note: 'no source records how the video page refuses; the publish call’s answer decides',
    },
    {
      step: 'verify',
      types: ['video'],
      fact: 'GET /mpbp/bp/news/v4/users/news?newsType=4 → data.news[] (or data.videos[]) {id, title, status, postTime}; status 1, 3, 7, 9 are not public',
      state: 'sourced',
      sources: ['B'],
    },
    {
      step: 'apply_settings',
      types: ['video'],
      fact: 'the video page’s cover dialog, topic box and secondary category dropdown',
      state: 'not-driven',
      sources: ['SX'],
      note: 'coverMode is auto only, tags and the category are left as the page has them',
    },
    {
      step: 'apply_settings',
      types: ['video'],
      fact: 'an AI declaration and an audience control on the video page',
      state: 'not-driven',
      sources: [],
      note: 'no source records them: aiLabel is logged as ignored, visibility is public only',
    },
  ],
});

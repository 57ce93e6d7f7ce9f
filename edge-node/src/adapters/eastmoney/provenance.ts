/**
 * What the eastmoney (东方财富 财富号) adapter rests on: each fact about the
 * 财富号 article editor and the writer's video page, with the public sources
 * that record it (states: adapters/provenance.ts). Wechatsync,
 * social-auto-upload, doocs/cose and site-hub record nothing about these pages
 * (cose only lists *.eastmoney.com among its extension's hosts).
 */
import { defineProvenance } from '../provenance.js';

export const EASTMONEY_PROVENANCE = defineProvenance({
  sources: [
    {
      id: 'M',
      ref: 'leaperone/MultiPost-Extension@2ef8725 src/sync/article/eastmoney.ts, src/sync/video/eastmoney.ts, src/sync/article.ts, src/sync/video.ts',
      snapshot: '2026-06-05',
    },
  ],
  facts: [
    // Articles.
    { step: 'open_editor', types: ['article'], fact: 'article editor https://mp.eastmoney.com/collect/pc_article/index.html', state: 'sourced', sources: ['M'], note: 'M src/sync/article.ts (injectUrl)' },
    { step: 'fill', types: ['article'], fact: 'title input[placeholder="标题(1-64字)"], 1–64 characters', state: 'sourced', sources: ['M'] },
    { step: 'fill', types: ['article'], fact: 'body div.ProseMirror[contenteditable="true"], filled by a paste event carrying HTML', state: 'sourced', sources: ['M'] },
    {
      step: 'fill',
      types: ['article'],
      fact: 'the recorded flow strips every picture from the HTML before pasting; no picture upload is recorded for this editor',
      state: 'sourced',
      sources: ['M'],
      note: 'so pictures in the body are refused, or dropped with inlineImages "drop"',
    },
    {
      step: 'upload',
      types: ['article'],
      fact: 'cover: div.select-cover-img opens the dialog, div#tab-upload[aria-controls="pane-upload"] its upload tab, the file goes into the last input#upload_input',
      state: 'sourced',
      sources: ['M'],
    },
    {
      step: 'upload',
      types: ['article'],
      fact: 'the adopted cover shows as a picture inside div.select-cover-img',
      state: 'unverified',
      sources: [],
      note: 'no source waits for the cover; the upload waits for a picture in the cover box (or a refusal) and fails the job as cover_rejected after the upload timeout',
    },
    { step: 'apply_settings', types: ['article'], fact: 'the agreement tick footer.read_item > i.check-icon, clicked once before publishing', state: 'sourced', sources: ['M'] },
    { step: 'publish', types: ['article'], fact: 'publish control div.button_publish.item.editor-btn.editor-main-btn', state: 'sourced', sources: ['M'] },
    {
      step: 'publish',
      types: ['article'],
      fact: 'the publish call POST mp.eastmoney.com/collect/api/article/publish → code 0, data.articleId',
      state: 'unverified',
      sources: [],
      note: 'M clicks and stops there, recording no call; an accepted answer naming no articleId ends as outcome unknown, settled by verify from the list',
    },
    {
      step: 'verify',
      types: ['article'],
      fact: 'the own-article list GET mp.eastmoney.com/collect/api/article/list → data.list[].{articleId, title, publishTime}',
      state: 'unverified',
      sources: [],
      note: 'no source reads a list; verify matches the job by exact title in that list',
    },
    { step: 'apply_settings', types: ['article'], fact: 'an AI-content declaration, tags, a summary', state: 'not-driven', sources: [], note: 'no source records a control for them; logged as ignored' },

    // Videos.
    { step: 'open_editor', types: ['video'], fact: 'video page https://mp.eastmoney.com/collect/pc_writer/index.html#/publish/video', state: 'sourced', sources: ['M'], note: 'M src/sync/video.ts (injectUrl)' },
    { step: 'upload', types: ['video'], fact: 'the video file into input[id="uploadVideo"] (a change event)', state: 'sourced', sources: ['M'] },
    {
      step: 'upload',
      types: ['video'],
      fact: 'the upload’s end: the page shows 上传成功 (or 上传失败)',
      state: 'unverified',
      sources: [],
      note: 'M waits a fixed 5 s and reads no mark; the adapter waits for either text (or a refusal) within the upload timeout',
    },
    {
      step: 'fill',
      types: ['video'],
      fact: 'after the upload textarea[id="videoArtTitle"] appears and takes the title and the description together, a line break between them',
      state: 'sourced',
      sources: ['M'],
    },
    {
      step: 'publish',
      types: ['video'],
      fact: 'publish control: the span reading 发布, clicked through its parent',
      state: 'sourced',
      sources: ['M'],
      note: 'M takes the first span containing 发布; the adapter wants the exact text',
    },
    {
      step: 'publish',
      types: ['video'],
      fact: 'the publish call POST mp.eastmoney.com/collect/api/video/publish → code 0, data.videoId',
      state: 'unverified',
      sources: [],
      note: 'M records no call; an accepted answer naming no videoId ends as outcome unknown, settled by verify from the list',
    },
    {
      step: 'verify',
      types: ['video'],
      fact: 'the own-video list GET mp.eastmoney.com/collect/api/video/list → data.list[].{videoId, title, publishTime}',
      state: 'unverified',
      sources: [],
      note: 'no source reads a list; verify matches the job by exact title in that list',
    },
    {
      step: 'fill',
      types: ['video'],
      fact: 'title and description limits',
      state: 'unverified',
      sources: [],
      note: 'none recorded; the settings contract’s 80 and 1,000 characters are enforced',
    },
    {
      step: 'apply_settings',
      types: ['video'],
      fact: 'a cover, topics, an audience',
      state: 'not-driven',
      sources: [],
      note: 'no source records a control for them; logged as ignored, a custom cover is refused',
    },

    // Both.
    {
      step: 'publish',
      fact: 'the pages show a refusal as an Element UI message (.el-message--error)',
      state: 'unverified',
      sources: [],
      note: 'no source reads a refusal; the publish answer decides, the message only adds its text',
    },
    {
      step: 'read_back',
      fact: 'a published post at https://caifuhao.eastmoney.com/news/<id>',
      state: 'unverified',
      sources: [],
      note: 'no source builds a post address; the id comes from the publish answer or the list',
    },
    {
      step: 'check_login',
      fact: 'the account call GET mp.eastmoney.com/collect/api/user/info → code 0, data.uid, data.nickname',
      state: 'unverified',
      sources: [],
      note: 'no source records an account call for 财富号; a missing uid is taken as logged out',
    },
    {
      step: 'check_login',
      fact: 'a logged-out page leaves mp.eastmoney.com',
      state: 'unverified',
      sources: [],
      note: 'no source records where; any page off mp.eastmoney.com is taken for the login, and the account call decides otherwise',
    },
    {
      step: 'login',
      fact: 'the login page and the session cookie’s name',
      state: 'not-driven',
      sources: [],
      note: 'none recorded, so the adapter has no login spec (accounts come by accounts import) and reads no cookie',
    },
  ],
});

/**
 * What the dongchedi (懂车帝 懂车号) adapter rests on: each fact about the
 * 懂车号 article editor and its account, with the public sources that record
 * it (states: adapters/provenance.ts). Wechatsync (9d9b928, 2023-09-05) and
 * dreammis/social-auto-upload (1c66b7d, 2026-08-20) record nothing about these
 * pages.
 */
import { defineProvenance } from '../provenance.js';

export const DONGCHEDI_PROVENANCE = defineProvenance({
  sources: [{ id: 'M', ref: 'leaperone/MultiPost-Extension@2ef8725 src/sync/article/dongchedi.ts, src/sync/article.ts', snapshot: '2026-06-05' }],
  facts: [
    {
      step: 'open_editor',
      fact: 'article editor https://mp.dcdapp.com/profile_v2/publish/article (creator site https://mp.dcdapp.com/)',
      state: 'sourced',
      sources: ['M'],
      note: 'M src/sync/article.ts (injectUrl, homeUrl)',
    },
    { step: 'fill', fact: 'title: the page’s first textarea', state: 'sourced', sources: ['M'] },
    {
      step: 'fill',
      fact: 'body: the UEditor frame iframe#ueditor_0 (else the first iframe[id^="ueditor_"]); its body takes the HTML, then input and change events',
      state: 'sourced',
      sources: ['M'],
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
    { step: 'publish', fact: 'publish control: the button.publish-btn reading 预览并发布', state: 'sourced', sources: ['M'] },
    {
      step: 'publish',
      fact: 'the click on 预览并发布 sends the article (no further confirmation)',
      state: 'unverified',
      sources: [],
      note: 'M clicks it and stops there; the adapter waits for the publish call after the click and ends as outcome unknown when none comes',
    },
    {
      step: 'publish',
      fact: 'the publish call POST mp.dcdapp.com/mp/agw/article/publish → code 0, data.group_id',
      state: 'unverified',
      sources: [],
      note: 'M records no call; an accepted answer naming no group_id ends as outcome unknown, settled by verify from the list',
    },
    {
      step: 'publish',
      fact: 'the page shows a refusal as a ByteDesign message (.byte-message-error)',
      state: 'unverified',
      sources: [],
      note: 'no source reads a refusal; the publish answer decides, the message only adds its text',
    },
    {
      step: 'read_back',
      fact: 'a published article at https://www.dongchedi.com/article/<group_id>',
      state: 'unverified',
      sources: [],
      note: 'no source builds an article address; the id comes from the publish answer or the list',
    },
    {
      step: 'verify',
      fact: 'the own-article list GET mp.dcdapp.com/mp/agw/article/list → data.list[].{group_id, title, publish_time}',
      state: 'unverified',
      sources: [],
      note: 'no source reads a list; verify matches the job by exact title in that list',
    },
    {
      step: 'check_login',
      fact: 'the account call GET mp.dcdapp.com/mp/agw/media/get_media_info → data.user.id, data.user.screen_name',
      state: 'unverified',
      sources: [],
      note: 'modelled on toutiao’s call of that name (the same company’s creator platform); no source records it for 懂车号; a missing id is taken as logged out',
    },
    {
      step: 'check_login',
      fact: 'a logged-out page leaves mp.dcdapp.com',
      state: 'unverified',
      sources: [],
      note: 'no source records where; any page off mp.dcdapp.com is taken for the login, and the account call decides otherwise',
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

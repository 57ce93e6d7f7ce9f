/**
 * What the csdn adapter rests on: each fact about CSDN's Markdown editor, its
 * signed API and its login, with the public sources that record it (states:
 * ../provenance.ts).
 */
import { defineProvenance } from '../provenance.js';

export const CSDN_PROVENANCE = defineProvenance({
  sources: [
    { id: 'Wd', ref: 'wechatsync/Wechatsync packages/@wechatsync/drivers/src/CSDN.js (2022-01-28)', snapshot: '2023-09-05' },
    { id: 'Wc', ref: 'wechatsync/Wechatsync@f67129b packages/core/src/adapters/platforms/csdn.ts (read in the fork wangguanran/Wechatsync), with its test', snapshot: '2026-01-18' },
    { id: 'M', ref: 'leaperone/MultiPost-Extension src/sync/article/csdn.ts (2026-05-22), src/sync/article.ts (2026-06-04)', snapshot: '2026-06-04' },
    { id: 'P', ref: 'ZeroHawkeye/PenBridge packages/server/src/services/csdnApi.ts, packages/web/src/components/CsdnPublishDialog.tsx', snapshot: '2026-01-03' },
    { id: 'F', ref: 'flycodeu/codeCenter@306469e docs/preview/MCP实现CSDN自动发帖.md (as indexed): a publish request captured from the editor', snapshot: '2026-11-24' },
    { id: 'B1', ref: 'a public CSDN adapter in the code index reading getBaseInfo as its login probe (file 66898841325; no repository named)', snapshot: '2026-11-29' },
    { id: 'B2', ref: 'a public CSDN client in the code index checking the login through getBaseInfo (file 69504738536; no repository named)', snapshot: '2026-11-29' },
    { id: 'G', ref: 'a public Go CSDN publisher in the code index (file 68957884788; no repository named): its save, list and address constants', snapshot: '2026-11-29' },
    { id: 'L', ref: 'a public CSDN tool’s test in the code index faking the console article list (file 68357758481; no repository named)', snapshot: '2026-11-29' },
  ],
  facts: [
    { step: 'open_editor', fact: 'the Markdown editor https://editor.csdn.net/md/; a draft at https://editor.csdn.net/md?articleId=<id>', state: 'second-sourced', sources: ['Wc', 'Wd', 'F'] },
    {
      step: 'check_login',
      fact: 'every bizapi.csdn.net call is signed: x-ca-key 203803574, x-ca-nonce (a UUID), x-ca-signature = base64 HMAC-SHA256 (the editor’s public secret) over "METHOD\\n*/*\\n\\n<content type>\\n\\nx-ca-key:…\\nx-ca-nonce:…\\n<path>", x-ca-signature-headers x-ca-key,x-ca-nonce',
      state: 'second-sourced',
      sources: ['Wd', 'M', 'Wc', 'P'],
      note: 'Wc records the GET form, P the sorted query',
    },
    {
      step: 'check_login',
      fact: 'GET /blog-console-api/v3/editor/getBaseInfo → {code 200, data {name, nickname}}',
      state: 'second-sourced',
      sources: ['Wc', 'B1', 'B2'],
      note: 'B1 takes the account from code 200 and data.name, as here',
    },
    {
      step: 'check_login',
      fact: 'the answer to getBaseInfo without a session',
      state: 'tolerant',
      sources: ['B2'],
      note: 'B2 takes HTTP 401 as logged out; nothing records a body. Both are no session here: HTTP 401 or 403, and any answer but code 200 with a name (the replica serves a code-400 refusal and, as a form, the 401)',
    },
    {
      step: 'check_login',
      fact: 'without a session the editor goes to passport.csdn.net',
      state: 'tolerant',
      sources: ['P'],
      note: 'P’s login flow starts at https://passport.csdn.net/login; nothing records the editor’s redirect. The login check does not rest on it: getBaseInfo decides, passport.csdn.net is taken as a second sign, and an editor page that stays is asked too',
    },
    {
      step: 'fill',
      fact: 'POST /blog-console-api/v3/mdeditor/saveArticle {title, markdowncontent, content (HTML), readType public, level 0, tags (comma-joined), status, categories, type original/repost/translated, original_link, authorized_status, Description, not_auto_saved "1", source pc_mdeditor, cover_images, cover_type, is_new, vote_id, resource_id, pubStatus, creator_activity_id} → {code 200, data {id}}',
      state: 'second-sourced',
      sources: ['Wc', 'P', 'F'],
    },
    { step: 'fill', fact: 'a draft is saved with status 2 and pubStatus draft', state: 'second-sourced', sources: ['P', 'F', 'G'] },
    { step: 'publish', fact: 'the publish is the same save with status 0, pubStatus publish and the draft’s id', state: 'second-sourced', sources: ['P', 'F', 'G'], note: 'G names the write statuses 0 (publish) and 2 (draft)' },
    { step: 'publish', fact: 'the publish answer {code 200, data {id, url, title}}', state: 'second-sourced', sources: ['Wc', 'P', 'F'] },
    { step: 'fill', fact: 'a title of at least 5 characters', state: 'sourced', sources: ['F'] },
    { step: 'fill', fact: 'a title of at most 100 characters', state: 'sourced', sources: ['M'], note: 'M cuts titles there' },
    { step: 'apply_settings', fact: '1–5 tags, required to publish; a Description of at most 256 characters', state: 'sourced', sources: ['P'] },
    { step: 'apply_settings', fact: '经验分享 as the tag when none is given', state: 'sourced', sources: ['M'] },
    {
      step: 'upload',
      fact: 'the cover: POST /resource-api/v1/image/direct/upload/signature {imageTemplate, appName direct_blog_markdown, imageSuffix} → data {host, filePath, policy, signature, accessId, callback*, customParam}; a multipart POST to host → {code 200, data.imageUrl}; cover_images [url], cover_type 1 (0 without)',
      state: 'second-sourced',
      sources: ['Wc', 'M', 'P'],
      note: 'Wc and M record the fields, P cover_type',
    },
    {
      step: 'upload',
      fact: 'the cover’s policy request is signed with the editor’s key above and names appName direct_blog_markdown',
      state: 'unverified',
      sources: [],
      note: 'Wc and M do so; P signs it with another key (260196572) and a timestamp, and two public clients in the code index (files 58788677959, 68413642453) name a cover channel direct_blog_coverimage signed that way, saying a picture sent through the wrong channel uploads but does not show. Not yet tolerated: a refused policy stops the job as cover_rejected before anything is saved',
    },
    {
      step: 'upload',
      fact: 'pictures from other sites are kept as written (the editor transfers pasted ones itself)',
      state: 'unverified',
      sources: [],
      note: 'Wc downloads and re-uploads them; no URL-copy call is recorded',
    },
    {
      step: 'read_back',
      fact: 'a published article at https://blog.csdn.net/<user>/article/details/<id> (also data.url of the publish answer)',
      state: 'second-sourced',
      sources: ['Wc', 'F', 'G'],
      note: 'Wc’s test names the address (postUrl), F the answer’s data.url, G the address form',
    },
    {
      step: 'verify',
      fact: 'GET /blog/phoenix/console/v1/article/list?status=all_v2&pageSize=20&page=1 → data.list[] {articleId, title, postTime}',
      state: 'second-sourced',
      sources: ['P', 'G', 'L'],
      note: 'G lists through the same address (its list status 1 published, 2 draft); L’s fake answer has data.list[] {articleId, title, postTime, status}',
    },
    {
      step: 'verify',
      fact: 'postTime as "YYYY-MM-DD HH:mm:ss" Beijing time, or Unix seconds',
      state: 'tolerant',
      sources: ['L'],
      note: 'L records "2020-01-03 15:44:36" (no zone given; Beijing time assumed, the site’s own); Unix seconds are read too',
    },
    { step: 'apply_settings', fact: 'an AI-content declaration in the save body', state: 'not-driven', sources: [], note: 'none recorded: `aiLabel` is not applied' },
  ],
});

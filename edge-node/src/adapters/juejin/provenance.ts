/**
 * What the juejin adapter rests on: each fact about juejin's editor, its JSON
 * API and its login, with the public sources that record it (states:
 * adapters/provenance.ts).
 */
import { defineProvenance } from '../provenance.js';

export const JUEJIN_PROVENANCE = defineProvenance({
  sources: [
    { id: 'W', ref: 'wechatsync/Wechatsync packages/@wechatsync/drivers/src/Juejin.js', snapshot: '2023-09-05' },
    { id: 'M', ref: 'leaperone/MultiPost-Extension@2ef8725 src/sync/article/juejin.ts', snapshot: '2026-06-05' },
    { id: 'P', ref: 'ZeroHawkeye/PenBridge@0020149 docs/juejin-api.md', snapshot: '2026-11-24' },
    { id: 'S', ref: 'terwer/siyuan-plugin-publisher, its juejin web adaptor (as indexed)', snapshot: '2026-11-24' },
  ],
  facts: [
    { step: 'open_editor', fact: 'editor https://juejin.cn/editor/drafts/new?v=2, a draft at /editor/drafts/<id>', state: 'second-sourced', sources: ['P', 'W'] },
    { step: 'read_back', fact: 'a published article at https://juejin.cn/post/<article_id>', state: 'second-sourced', sources: ['P', 'W'] },
    { step: 'fill', fact: 'the title box (placeholder "输入文章标题..."), at most 100 characters', state: 'sourced', sources: ['M'] },
    { step: 'check_login', fact: 'GET api.juejin.cn/user_api/v1/user/get → data.user_id, data.user_name; err_no 2 is "not logged in"', state: 'second-sourced', sources: ['W', 'P'] },
    {
      step: 'check_login',
      fact: 'a logged-out editor page goes to /login',
      state: 'tolerant',
      sources: [],
      note: 'no source records it (juejin logs in through a dialog); the login check does not rest on it: user/get decides, and /login is only taken as a second sign',
    },
    {
      step: 'open_editor',
      fact: 'HEAD /user_api/v1/sys/token → header x-ware-csrf-token "0,<token>,…", sent back as x-secsdk-csrf-token',
      state: 'sourced',
      sources: ['P'],
      note: 'P names the headers; the value format is the one other clients of the same ByteDance SDK parse',
    },
    { step: 'apply_settings', fact: 'POST /tag_api/v1/query_category_list → data[].category_id, category.category_name', state: 'second-sourced', sources: ['P', 'S'] },
    { step: 'apply_settings', fact: 'POST /tag_api/v1/query_tag_list {cursor, key_word, limit, sort_type} → data[].tag_id, tag.tag_name', state: 'second-sourced', sources: ['P', 'S'] },
    {
      step: 'fill',
      fact: 'POST /content_api/v1/article_draft/create and /update: title, mark_content, category_id, tag_ids, brief_content, cover_image, edit_type 10, html_content "deprecated", link_url, theme_ids → data.id',
      state: 'second-sourced',
      sources: ['W', 'P', 'S'],
    },
    { step: 'apply_settings', fact: '1–3 tags; a summary is required to publish, at most 100 characters', state: 'sourced', sources: ['P'] },
    { step: 'apply_settings', fact: 'a minimum summary length', state: 'unverified', sources: [], note: 'S pads summaries to 50 characters, nothing says juejin requires it; not enforced' },
    { step: 'publish', fact: 'POST /content_api/v1/article/publish {draft_id, sync_to_org, column_ids, theme_ids} → data.article_id', state: 'second-sourced', sources: ['P', 'S'] },
    { step: 'upload', fact: 'another site’s picture is copied by juejin: POST https://juejin.cn/image/urlSave {url} → data (the new address)', state: 'sourced', sources: ['W'] },
    {
      step: 'upload',
      fact: 'POST /content_api/v1/upload/article_pic (multipart file) → data.url on p3-juejin.byteimg.com',
      state: 'sourced',
      sources: ['P'],
      note: 'P records it in two versions (the later one as the simple fallback beside the ImageX flow it recommends); S uploads through ImageX (gen_token → apply → TOS → commit); which one the live editor uses today no source says',
    },
    { step: 'upload', fact: 'the same upload serves the cover and the pictures of the body (their addresses written into mark_content)', state: 'sourced', sources: ['P'], note: 'M pastes HTML and leaves pictures to the editor, recording no call' },
    { step: 'upload', fact: 'a size limit of article_pic', state: 'unverified', sources: [], note: 'P only warns there may be one; 20 MiB is enforced here, as for the cover' },
    { step: 'verify', fact: 'POST /content_api/v1/article/list_by_user → data[].article_info {article_id, title, ctime}', state: 'sourced', sources: ['P'] },
    {
      step: 'login',
      fact: 'the login page https://juejin.cn/login: its 扫码登录 QR (.qrcode-img img), expired mask (.qrcode-expired, 刷新), SMS step (.sms-verify), slider (.captcha-slider); logged in once off /login with the sessionid cookie',
      state: 'unverified',
      sources: [],
      note: 'no public source records juejin’s login page; the cookie name is the one public clients send',
    },
  ],
});

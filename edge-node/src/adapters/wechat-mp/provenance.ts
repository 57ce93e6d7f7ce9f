/**
 * What the wechat_mp (微信公众号) adapter rests on: each fact about the
 * Official Account platform's pages, its internal calls and its lists, with
 * the public sources that record it (states: adapters/provenance.ts).
 */
import { defineProvenance } from '../provenance.js';

export const WECHAT_MP_PROVENANCE = defineProvenance({
  sources: [
    { id: 'W', ref: 'wechatsync/Wechatsync packages/@wechatsync/drivers/src/weixin.js (2023-08-26)', snapshot: '2023-09-05' },
    { id: 'M', ref: 'leaperone/MultiPost-Extension src/sync/article/weixin.ts (2025-12-05)', snapshot: '2026-06-05' },
    { id: 'C', ref: 'doocs/cose packages/core/src/platforms/wechat.js', snapshot: '2026-06-17' },
    { id: 'L', ref: 'LinusLing/WeChatMediaPlatformAutomation@27d5804 automation.js (a puppeteer publisher of the earlier editor)', snapshot: '2024-06-26' },
    { id: 'P', ref: 'wangzheuser/panda-video-generator@6da029e automations/WeixinMp/write-article-weixin-mp.spec.ts, login-weixin-mp.spec.ts', snapshot: '2026-03-27' },
    { id: 'E', ref: 'wechat-article/wechat-article-exporter server/api/web/mp/appmsgpublish.get.ts, apis/index.ts, types/types.d.ts, config/public-apis.ts', snapshot: '2026-07-21' },
    { id: 'Z', ref: 'mengjian-github/ziliu extension/plugins/platforms/wechat.js (2026-02-03)', snapshot: '2026-02-16' },
    { id: 'S', ref: 'wnma3mz/wechat_articles_spider wechatarticles/ArticlesUrls.py (2022-01-14)', snapshot: '2024-04-18' },
    { id: 'A', ref: '1140349909/platform@4378d6c src/common/config/content.js (an article tool’s WeChat limits)', snapshot: '2026-11-29' },
    { id: 'R', ref: 'a recorded 微信公众号 发表 flow (the final request, its pre-checks, the success answer and the return home), code index file 52524811758 (repository not named)', snapshot: '2026-11-29' },
    { id: 'X', ref: 'WeChat’s own editor scripts define("media/appmsg_article.js") and define("media/article.js"), as copies in the public code index that does not name their repositories', snapshot: '2026-11-29' },
    {
      id: 'PW',
      ref: 'zhao-yc/postsail@2248dc9 utils/articles/wechat.py (as indexed; code index file 71015697024): after 发表 and its confirmation it reads the page’s feedback outside the editor from [role="alert"], .weui-desktop-toast, .weui-desktop-msg, .page_msg, .global_tips, a text starting 发表失败, 发布失败, 提交失败 or 审核不通过 being a refusal',
      snapshot: '2026-11-29',
    },
    {
      id: 'WT',
      ref: 'public WeChat Official Account automations reading the editor’s messages from .weui-desktop-toast, .weui-desktop-toast__content, .weui-desktop-toptips, .js_tips (code index files 58805472769, 62469705184), .weui-desktop-dialog__bd (68480712483), .tips_global (60317559253), .weui-desktop-tips and [role="alert"] (59552978431); none names the repository',
      snapshot: '2026-11-29',
    },
  ],
  facts: [
    {
      step: 'check_login',
      fact: 'GET https://mp.weixin.qq.com/ logged in lands on /cgi-bin/home?…&token=<t>, whose window.wx.commonData.data holds t (token), user_name (gh_…), nick_name, ticket and time; no data.t = not logged in',
      state: 'second-sourced',
      sources: ['W', 'M', 'C', 'Z'],
      note: 'W and M read commonData; C and Z read the token from the address',
    },
    { step: 'check_login', fact: 'logged out, the same address shows the QR login', state: 'second-sourced', sources: ['L', 'P'] },
    {
      step: 'upload',
      fact: 'POST /cgi-bin/filetransfer?action=upload_material&f=json&scene=8&writetype=doublewrite&groupid=1&ticket_id=<user_name>&ticket=<ticket>&svr_time=<time>&token=<t>&lang=zh_CN&seq=<ms>&t=<random>, multipart type, id, name, lastModifiedDate, size, file → {base_resp.err_msg "ok", cdn_url, content}',
      state: 'second-sourced',
      sources: ['W', 'M'],
    },
    {
      step: 'fill',
      fact: 'POST /cgi-bin/operate_appmsg?t=ajax-response&sub=create&type=77&token=<t>&lang=zh_CN with the draft form (title0, author0, digest0, content0, sourceurl0, need_open_comment0, cdn_url0…, copyright_type0 0, …) → {appMsgId}; a refusal carries ret or base_resp.ret (64562 outside links, 64513 no cover, 64702 title over 64, 64703 digest over 120)',
      state: 'second-sourced',
      sources: ['W', 'M'],
    },
    {
      step: 'upload',
      fact: 'a draft needs a cover (ret 64513) and takes the uploaded picture’s cdn_url in cdn_url0, cdn_235_1_url0, cdn_1_1_url0 and cdn_url_back0',
      state: 'second-sourced',
      sources: ['M', 'W'],
    },
    {
      step: 'apply_settings',
      fact: 'an author wider than 16 (a character beyond Latin-1 counting 2: 8 Chinese characters) is refused with 作者不能超过8个字',
      state: 'second-sourced',
      sources: ['A', 'X'],
      note: 'preflight applies the same measure (the settings contract’s maxWidth 16)',
    },
    {
      step: 'open_editor',
      fact: 'the draft’s edit page /cgi-bin/appmsg?t=media/appmsg_edit&action=edit&type=77&appmsgid=<id>&token=<t>&lang=zh_CN',
      state: 'second-sourced',
      sources: ['W', 'M'],
    },
    { step: 'open_editor', fact: 'the editor’s title field #title', state: 'sourced', sources: ['C'], note: 'C reads it on the newer edit page appmsg_edit_v2' },
    { step: 'fill', fact: 'links to other sites are refused in the body (ret 64562), so anchors become their text and address', state: 'sourced', sources: ['W'] },
    {
      step: 'publish',
      fact: 'the edit page’s 发表 control (#js_send > button, or the button named 发表) opens .weui-desktop-dialog headed 发表, whose footer .weui-desktop-dialog__ft holds its own 发表',
      state: 'second-sourced',
      sources: ['L', 'P'],
    },
    {
      step: 'publish',
      fact: 'after that 发表 WeChat may ask again with 继续发表 (when 群发通知 is off)',
      state: 'tolerant',
      sources: ['P'],
      note: 'clicked when it shows, not waited for when absent (P clicks it only if visible)',
    },
    {
      step: 'publish',
      fact: 'WeChat may ask the administrator to confirm on the phone: a dialog headed 微信验证 with a QR code (P), earlier 扫码确认 with the code in .qrcode_wrp img (L)',
      state: 'tolerant',
      sources: ['P', 'L'],
      note: 'either form is watched for; while it shows the adapter reports publish/admin_scan and waits one more publish allowance; without the scan the outcome is unknown and verify decides',
    },
    {
      step: 'publish',
      fact: 'published: the page shows 已发表，正在返回首页 and returns to /cgi-bin/home',
      state: 'tolerant',
      sources: ['P', 'L', 'R'],
      note: 'P records the message, L waits for the home page after the scan, R records both after base_resp.ret 0 (home as /cgi-bin/home?t=home/index); either signal ends the wait',
    },
    {
      step: 'publish',
      fact: 'the request the last confirmation sends: POST /cgi-bin/masssend?t=ajax-response&is_release_publish_page=1 (after the pre-checks for_check=1, check_same_material, get_appmsg_copyright_stat, check_ad, check_music), answering base_resp.ret 0 when published',
      state: 'sourced',
      sources: ['R'],
      note: 'L and P drive the page and read its headings, W, M and C stop at the draft; the adapter does not read this request: the page’s signals and the lists decide',
    },
    {
      step: 'publish',
      fact: 'a refused publish shows its reason in the dialog’s .weui-desktop-dialog__error, or in a toast, tip or message (.weui-desktop-toast(__content), .weui-desktop-toptips, .weui-desktop-msg, .js_tips, .page_msg, .global_tips, .tips_global, [role="alert"]) whose text says the publish failed',
      state: 'tolerant',
      sources: ['PW', 'WT'],
      note: 'other forms are recorded and this one by none (searched: weui-desktop-dialog__error, weui-desktop-toast, masssend refusal readers): PW reads a refused 发表 from the page’s toast or message (.weui-desktop-toast, .weui-desktop-msg, .page_msg, .global_tips, [role="alert"]) by its text (发表失败, 审核不通过 …), and WT read the editor’s messages from .weui-desktop-toast(__content), .weui-desktop-toptips, .js_tips, .weui-desktop-dialog__bd or .tips_global. R lists the refusals the page can meet (no quota left, a copyright or ad check, a safety scan) but not how it shows them. The adapter reads all of these: the dialog’s error line whatever it says, and the toasts and messages only when their text matches PW’s refusal pattern (发表失败, 发布失败, 提交失败, 审核不通过, after an optional 文章), since WeChat shows its successes and other notices there too; a success-worded message (成功, 已发表, 审核中 …) never counts (the replica serves the dialog line and the toast, and a 草稿保存成功 toast the adapter passes over). A refusal already on screen before 发表 is stale and ignored. A refusal shown any other way ends as unknown (readback_failed), never as a retryable error',
    },
    {
      step: 'read_back',
      fact: 'the published list GET /cgi-bin/appmsgpublish?sub=list&search_field=null&begin=0&count=5&query=&fakeid=&type=101_1&free_publish_type=1&sub_action=list_ex&token=<t>&lang=zh_CN&f=json&ajax=1 → {base_resp.ret 0, publish_page.publish_list[].publish_info.appmsgex[] {aid, appmsgid, itemidx, title, link /s/<key>, create_time, update_time, is_deleted}}',
      state: 'tolerant',
      sources: ['E', 'Z'],
      note: 'publish_page and publish_info come as JSON text (E) or as objects (Z reads both); both are read; an empty fakeid means the account’s own (Z)',
    },
    {
      step: 'read_back',
      fact: 'the older list GET /cgi-bin/appmsg?action=list_ex&begin=0&count=5&fakeid=&type=9&query=&token=<t>&lang=zh_CN&f=json&ajax=1 → {app_msg_cnt, app_msg_list[] {aid, appmsgid, itemidx, title, link, cover, digest, update_time}}',
      state: 'tolerant',
      sources: ['W', 'S'],
      note: 'both lists are read and a row in either counts (one article in both is one candidate, by appmsgid); either list may fail while the other answers',
    },
    {
      step: 'verify',
      fact: 'the same two lists find the article for verify',
      state: 'tolerant',
      sources: ['E', 'Z', 'W', 'S'],
      note: 'as for the read-back: both lists, both encodings of the published list, a row in either counts',
    },
    {
      step: 'read_back',
      fact: 'the published article has an id and address of its own (appmsgid, link /s/<key>), not the draft’s appMsgId',
      state: 'tolerant',
      sources: ['E', 'S'],
      note: 'the article is found by its exact title within the job’s window, newest first, never by the draft’s id, so an id equal to the draft’s or a new one both read back',
    },
    { step: 'fill', fact: 'pictures on mmbiz.qpic.cn are the platform’s own and stay as they are', state: 'second-sourced', sources: ['Z', 'E'] },
  ],
});

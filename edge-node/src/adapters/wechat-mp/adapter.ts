/**
 * wechat_mp (微信公众号): articles through the Official Account platform's
 * own draft → publish flow. The logged-in home page gives the session token;
 * every picture and the cover go to the platform's material upload; the
 * article is saved as a draft (图文消息) through the editor's own form call;
 * the draft's edit page is opened and, behind the commit gate, published with
 * the editor's 发表 control and the 发表 of its dialog, then 继续发表 when
 * WeChat asks again and, while WeChat asks the administrator to scan a code
 * (微信验证), a wait for that scan. The article is then found in the
 * account's lists by its title, never by the draft's id. WeChat refuses links
 * to other sites in the body, so each link is written as its text followed by
 * the address in brackets.
 *
 * Video messages (视频消息) are video.ts: saved as a draft in the video editor,
 * then published from the draft box through the same 发表 dialog
 * (publish-dialog.ts); the session and the lists are site.ts.
 *
 * What each step rests on (the public sources of every fact about 微信公众号,
 * and how sure each is) is in wechat-mp/provenance.ts.
 *
 * Settings (shared contract names): `author` (author0, a width of at most 16
 * as WeChat measures it), `sourceUrl` (阅读原文, sourceurl0), `openComment`
 * (need_open_comment0), `summary` (digest0, else WeChat writes one),
 * `coverMode` (`custom` uploads the article's cover; `auto` uses the body's
 * first picture). Tags, `original` and `aiLabel` are logged as ignored: no
 * source records their fields.
 */
import { markdownToHtml } from '@plume/shared';
import type { Page } from 'playwright-core';
import { AdapterError, type ArticleJob, type AdapterErrorCode } from '../contract.js';
import { defineAdapter } from '../define.js';
import { imageSources, moveImages, readImage, type ImageFile } from '../kit/article-images.js';
import { field, pageJson } from '../kit/page-api.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, assertMaxChars, need, openLoggedIn } from '../support.js';
import { WECHAT_MP_PROVENANCE } from './provenance.js';
import { contractLimits } from '../kit/contract-limits.js';
import { ARTICLE_FORMS, confirmPublish, openPublishDialog, readPublished } from './publish-dialog.js';
import { at, type Ctx, loginOf, notLoginPage, openHome, ORIGIN, real, refusal, type Session, verifyListed, WECHAT_MP_URLS } from './site.js';
import { WECHAT_MP_VIDEO_SETTING_KEYS, wechatMpVideoFlow } from './video.js';

export { appMsgRows, type ListedArticle, publishedRows, WECHAT_MP_URLS } from './site.js';

/** authorMaxWidth: as WeChat's editor measures (displayWidth: a Chinese character counts 2). */
export const WECHAT_MP_LIMITS = contractLimits('article', 'wechat_mp', ['titleMax', 'summaryMax', 'authorMaxWidth']);
const SETTING_KEYS = ['author', 'sourceUrl', 'openComment', 'summary', 'coverMode'] as const;
const TITLE_INPUT = '#title';
/** Pictures already on WeChat's picture host stay as they are. */
const OWN_PICTURE = /^https:\/\/mmbiz\.qpic\.cn\//;

/** The draft `prepare` saved, for the publish that follows on its edit page. */
interface Prepared {
  draftId: string;
  token: string;
  title: string;
}

/** A link as WeChat keeps it: its text, then the address in brackets (the text alone when it is the address). */
function linkAsText(html: string): string {
  return html.replace(/<a\b[^>]*?\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g, (_whole, href: string, inner: string) => {
    const text = inner.replace(/<[^>]+>/g, '').trim();
    return text === href || text === '' ? href : `${inner}（${href}）`;
  });
}

/** The article body as the draft carries it: links written out as text. */
export function articleHtml(markdown: string): string {
  return linkAsText(markdownToHtml(markdown));
}

function readSettings(job: ArticleJob) {
  const r = new SettingsReader(job);
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImage ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImage) throw new AdapterError('cover_rejected', 'upload', 'coverMode is custom but the article has no coverImage');
  return {
    reader: r,
    cover: coverMode === 'custom' ? job.payload.coverImage : undefined,
    author: r.string('author', { maxWidth: WECHAT_MP_LIMITS.authorMaxWidth }) ?? '',
    sourceUrl: r.string('sourceUrl', { maxLength: 2000 }) ?? '',
    openComment: r.boolean('openComment', false),
    summary: r.string('summary', { maxLength: WECHAT_MP_LIMITS.summaryMax }) ?? '',
  };
}

async function uploadPicture(page: Page, s: Session, image: ImageFile, code: AdapterErrorCode, what: string, ctx: Ctx): Promise<string> {
  const now = String(Date.now());
  const body = await pageJson(
    page,
    at(ctx, WECHAT_MP_URLS.upload(s)),
    {
      method: 'POST',
      multipart: { type: image.type, id: now, name: image.name, lastModifiedDate: new Date().toString(), size: String(image.bytes.length), file: { base64: image.bytes.toString('base64'), name: image.name, type: image.type } },
    },
    'upload',
    what,
    ctx,
  );
  const url = field(body, 'cdn_url');
  if (field(body, 'base_resp', 'err_msg') !== 'ok' || typeof url !== 'string' || !url) {
    throw new AdapterError(code, 'upload', `微信公众号 refused ${what}: ${String(field(body, 'base_resp', 'err_msg') ?? 'no cdn_url in the answer')}`);
  }
  return url;
}

/** The draft's form as the editor sends it; the cover's address in each of its cover fields. */
function draftForm(a: { token: string; title: string; content: string; cover: string; author: string; sourceUrl: string; openComment: boolean; summary: string }): Record<string, string> {
  return {
    token: a.token,
    lang: 'zh_CN',
    f: 'json',
    ajax: '1',
    random: String(Math.random()),
    AppMsgId: '',
    count: '1',
    data_seq: '0',
    operate_from: 'Chrome',
    isnew: '0',
    title0: a.title,
    author0: a.author,
    writerid0: '0',
    fileid0: '',
    digest0: a.summary,
    auto_gen_digest0: a.summary ? '0' : '1',
    content0: a.content,
    sourceurl0: a.sourceUrl,
    need_open_comment0: a.openComment ? '1' : '0',
    only_fans_can_comment0: '0',
    cdn_url0: a.cover,
    cdn_235_1_url0: a.cover,
    cdn_1_1_url0: a.cover,
    cdn_url_back0: a.cover,
    crop_list0: '',
    show_cover_pic0: '0',
    copyright_type0: '0',
    fee0: '0',
    is_share_copyright0: '0',
    share_page_type0: '0',
    share_imageinfo0: '{"list":[]}',
    dot0: '{}',
    categories_list0: '[]',
  };
}

async function prepare(page: Page, job: ArticleJob, ctx: Ctx): Promise<Prepared> {
  const s = readSettings(job);
  s.reader.logIgnored(SETTING_KEYS, ctx.log);
  const title = job.payload.title.trim();
  if (!title) throw new AdapterError('publish_rejected', 'fill', '微信公众号 needs a title');
  assertMaxChars(title, WECHAT_MP_LIMITS.titleMax, 'fill', 'title');
  if (!job.payload.content.trim()) throw new AdapterError('publish_rejected', 'fill', '微信公众号 needs a body');
  const html = articleHtml(job.payload.content);
  if (!s.cover && imageSources(html).length === 0) {
    throw new AdapterError('cover_rejected', 'upload', '微信公众号 saves no draft without a cover: give the article a coverImage or a picture in its body');
  }

  ctx.progress('open_editor');
  const session = await openHome(page, 'open_editor', ctx);
  assertAccount(loginOf(session), job, 'open_editor');
  const upload = (code: AdapterErrorCode) => (image: ImageFile, what: string) => uploadPicture(page, session, image, code, what, ctx);

  ctx.progress('fill');
  const content = await moveImages(html, ctx, { isOwn: (src) => OWN_PICTURE.test(src), upload: (image, src) => upload('upload_failed')(image, `the picture ${src}`) });
  let cover: string;
  if (s.cover) {
    ctx.progress('upload', { phase: 'cover' });
    // A custom cover that cannot be adopted stops the job; no automatic cover instead.
    cover = await upload('cover_rejected')(await readImage(ctx, s.cover, 'cover_rejected', 'cover image'), 'the cover');
  } else {
    cover = imageSources(content)[0]!;
  }

  ctx.progress('apply_settings');
  const form = draftForm({ token: session.token, title, content, cover, author: s.author, sourceUrl: s.sourceUrl, openComment: s.openComment, summary: s.summary });
  const saved = await pageJson(page, at(ctx, WECHAT_MP_URLS.draftSave(session.token)), { method: 'POST', form }, 'fill', 'draft save', ctx);
  const id = field(saved, 'appMsgId');
  if (id === undefined || id === null || id === '' || id === 0) {
    const ret = Number(field(saved, 'ret') ?? field(saved, 'base_resp', 'ret') ?? 0);
    // The answer goes with the refusal: its ret may say the account's editing is switched off (kit/standing-facts.ts).
    if (ret !== 0) throw new AdapterError('publish_rejected', 'fill', `微信公众号 refused the draft (${refusal(saved)})`, { answer: JSON.stringify(saved).slice(0, 20_000) });
    throw new AdapterError('editor_changed', 'fill', 'draft save: the answer has no appMsgId');
  }
  const draftId = String(id);
  if (!/^\d+$/.test(draftId)) throw new AdapterError('editor_changed', 'fill', `draft save: appMsgId "${draftId}" is not a number`);
  // The draft's edit page holds the 发表 control the publish step uses.
  await openLoggedIn(page, at(ctx, WECHAT_MP_URLS.edit(draftId, session.token)), 'open_editor', ctx, notLoginPage);
  await need(page, TITLE_INPUT, 'open_editor', 'title input', ctx);
  return { draftId, token: session.token, title };
}

async function publish(page: Page, job: ArticleJob, ctx: Ctx, p: Prepared) {
  ctx.signal.throwIfAborted();
  const here = real(ctx, page.url());
  const draftId = here.pathname === '/cgi-bin/appmsg' && here.searchParams.get('t') === 'media/appmsg_edit' ? here.searchParams.get('appmsgid') : null;
  if (!draftId || p.draftId !== draftId) throw new AdapterError('editor_changed', 'publish', 'the page is not the prepared draft; nothing was published', { url: page.url() });
  ctx.progress('publish');
  const opener = page.locator('#js_send button').or(page.getByRole('button', { name: '发表', exact: true })).filter({ visible: true }).first();
  const dialog = await openPublishDialog(page, opener, 'the draft’s page', ARTICLE_FORMS, ctx);
  await confirmPublish(page, dialog, ARTICLE_FORMS, ctx);
  return readPublished(page, job, p.token, ARTICLE_FORMS, ctx);
}

export const wechatMpAdapter = defineAdapter({
  platform: 'wechat_mp',
  defaultBaseUrl: ORIGIN,
  settingKeys: SETTING_KEYS,
  settingKeysByType: { video: WECHAT_MP_VIDEO_SETTING_KEYS },
  provenance: WECHAT_MP_PROVENANCE,

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    return loginOf(await openHome(page, 'check_login', ctx));
  },
  flows: { article: { prepare, publish, verify: verifyListed }, video: wechatMpVideoFlow },
});

/**
 * autohome (汽车之家 车家号): articles through the 车家号 article editor, a
 * page without a recorded JSON API, driven as a person does: the title, the
 * body pasted as HTML into its contenteditable, 原创, the cover through the
 * 编辑 control's 魔方 frame, then 发布. Videos go through the creator
 * centre's video page (./autohome/video.ts).
 *
 * What each step rests on, for articles and videos (the public sources of
 * every fact about these pages, and how sure each is), is in
 * autohome/provenance.ts.
 *
 * Settings (shared contract names): `coverMode` (custom uploads the
 * article's coverImage; when absent, custom if the article has one),
 * `original` (the 原创 box, set to the value; unticked by default). 首发 is
 * left as the page has it. Code blocks stay plain `<pre><code>`, tables
 * become lines of text; pictures go in as their web addresses (a local path
 * is refused before the browser moves).
 */
import { localPictures, markdownToHtml } from '@plume/shared';
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type ArticleJob, type LoginInfo, type OpenedFile, type PublishResult, type Step, type VerifyResult } from '../contract.js';
import { defineAdapter } from '../define.js';
import { plainCodeBlocks, tablesAsText, textOf } from '../kit/article-markup.js';
import { clickPublishForJson } from '../kit/click-publish-json.js';
import { refusalIn } from '../kit/refusal.js';
import { listedTime } from '../kit/listed-time.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { field, pageJson } from '../kit/page-api.js';
import { pasteHtml } from '../kit/paste-html.js';
import { outcomeUnknown } from '../publish-click.js';
import { autohomeAccount } from './account.js';
import { AUTOHOME_PROVENANCE } from './provenance.js';
import { AUTOHOME_VIDEO_SETTINGS, videoFlow } from './video.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, countChars, fillChecked, type ListedPost, matchPost, need, openLoggedIn, openMedia, poll, timeouts } from '../support.js';
import { contractLimits } from '../kit/contract-limits.js';

export const ORIGIN = 'https://chejiahao.autohome.com.cn';
const SITE = { defaultBaseUrl: ORIGIN };

export const URLS = {
  articleEditor: 'https://chejiahao.autohome.com.cn/article/post.html',
  creatorHome: 'https://creator.autohome.com.cn/',
  articlePublishPath: '/article/api/publish',
  articleList: 'https://creator.autohome.com.cn/author/api/article/list?pageIndex=1&pageSize=20',
  post: (id: string) => `https://chejiahao.autohome.com.cn/info/${id}`,
};

export const AUTOHOME_ARTICLE_LIMITS = contractLimits('article', 'autohome', ['titleMin', 'titleMax']);
export const AUTOHOME_ARTICLE_SETTINGS = ['coverMode', 'original'] as const;

const S = {
  title: 'input[placeholder="请输入文章标题(6-30个汉字)"]',
  body: 'div[contenteditable="true"]',
  original: 'input#isOriginal',
  coverEdit: 'span:text-is("编辑")',
  coverFrame: "iframe[name='mofangIframe']",
  coverInput: 'input[accept="image/*"]',
  coverDone: 'span:text-is("完成制作")',
  coverShown: 'div.cover-box img',
  publish: 'div.button_publish.item.editor-btn.editor-main-btn',
  /**
   * The page's refusal, in every Ant Design form (message, its notice content, a notification)
   * or as an ARIA alert: the current editor is React with CSS-module classes, so no one class is
   * recorded (provenance: PS). A success-worded message never counts (kit/refusal.ts).
   */
  refusal: '.ant-message-error, .ant-message-notice-content, .ant-notification-notice, [role="alert"]',
} as const;

type Ctx = Pick<AdapterContext, 'baseUrl'>;
const at = (ctx: Ctx, real: string): string => liveUrl(ctx, SITE, real);
const real = (ctx: Ctx, address: string): URL => realUrl(ctx, SITE, address);
const OWN_HOSTS = new Set(['chejiahao.autohome.com.cn', 'creator.autohome.com.cn']);
/** Off the two hosts, or a path naming a login on them (as public login probes judge it), is the login. */
const isLoginPage = (ctx: Ctx) => (u: URL) => {
  const r = real(ctx, u.toString());
  return !OWN_HOSTS.has(r.host) || /login/i.test(r.pathname);
};

/** Opens the creator centre and asks it who is logged in (autohome/account.ts). */
async function whoAmI(page: Page, step: Step, ctx: AdapterContext): Promise<LoginInfo> {
  await openLoggedIn(page, at(ctx, URLS.creatorHome), step, ctx, isLoginPage(ctx));
  return autohomeAccount(page, (u) => at(ctx, u), step, ctx);
}

/** Everything the job asks for, checked before the browser moves. */
export function planArticle(job: ArticleJob) {
  const r = new SettingsReader(job);
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImage ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImage) throw new AdapterError('cover_rejected', 'upload', 'coverMode is custom but the article has no coverImage');
  const original = r.boolean('original', false);
  const title = job.payload.title.trim();
  const n = countChars(title);
  if (n < AUTOHOME_ARTICLE_LIMITS.titleMin || n > AUTOHOME_ARTICLE_LIMITS.titleMax) {
    throw new AdapterError('publish_rejected', 'fill', `autohome takes titles of ${AUTOHOME_ARTICLE_LIMITS.titleMin}–${AUTOHOME_ARTICLE_LIMITS.titleMax} characters (this one has ${n})`, { field: 'title', length: n });
  }
  const html = tablesAsText(plainCodeBlocks(markdownToHtml(job.payload.content)));
  // The same test the control plane makes (the contract's inlinePictures), so preflight and the node agree;
  // it reads the Markdown, so a picture in a table (which becomes text here) is refused too.
  const [local] = localPictures(job.payload.content);
  if (local !== undefined) throw new AdapterError('upload_failed', 'upload', `autohome's editor takes pictures from web addresses only, not "${local}"`);
  if (!textOf(html).trim()) throw new AdapterError('publish_rejected', 'fill', 'an autohome article needs a body with text');
  return { reader: r, title, html, original, cover: coverMode === 'custom' ? job.payload.coverImage : undefined };
}

async function prepareArticle(page: Page, job: ArticleJob, ctx: AdapterContext): Promise<void> {
  const p = planArticle(job);
  p.reader.logIgnored(AUTOHOME_ARTICLE_SETTINGS, ctx.log);
  const cover = p.cover === undefined ? undefined : await openMedia(ctx, p.cover, 'upload', 'cover_rejected', 'cover image');

  ctx.progress('open_editor');
  assertAccount(await whoAmI(page, 'open_editor', ctx), job, 'open_editor');
  await openLoggedIn(page, at(ctx, URLS.articleEditor), 'open_editor', ctx, isLoginPage(ctx));
  const title = await need(page, S.title, 'open_editor', 'title input', ctx);

  ctx.progress('fill');
  await fillChecked(title, p.title, 'fill', 'title input');
  await pasteHtml(await need(page, S.body, 'fill', 'article editor', ctx), p.html, 'fill', 'the article editor', ctx);

  ctx.progress('apply_settings');
  const original = await need(page, S.original, 'apply_settings', '原创 box (input#isOriginal)', ctx, 'attached');
  if ((await original.isChecked()) !== p.original) await original.click();
  if ((await original.isChecked()) !== p.original) throw new AdapterError('editor_changed', 'apply_settings', 'the 原创 box did not take the click');

  if (cover) await uploadCover(page, cover, ctx);
}

/** 编辑 → the 魔方 frame's picture input → 完成制作; then the picture on the cover area, or the page's refusal. */
async function uploadCover(page: Page, cover: OpenedFile, ctx: AdapterContext): Promise<void> {
  ctx.progress('upload', { phase: 'cover', percent: 0 });
  await (await need(page, S.coverEdit, 'upload', 'cover control (编辑)', ctx)).click();
  await need(page, S.coverFrame, 'upload', 'cover frame (mofangIframe)', ctx, 'attached');
  const frame = page.frameLocator(S.coverFrame).first().locator('body');
  await (await need(frame, S.coverInput, 'upload', 'cover frame picture input', ctx, 'attached')).setInputFiles(cover.path);
  await (await need(frame, S.coverDone, 'upload', 'cover frame 完成制作', ctx)).click();
  const refusal = refusalIn(page, S.refusal);
  const shown = page.locator(S.coverShown);
  const end = await poll(async () => ((await refusal.count()) > 0 ? 'refused' : (await shown.count()) > 0 ? 'shown' : null), (v) => v !== null, {
    intervalMs: 150,
    timeoutMs: timeouts(ctx).uploadMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('cover_rejected', 'upload', 'the cover never showed in the cover area'),
  });
  if (end === 'refused') throw new AdapterError('cover_rejected', 'upload', `autohome refused the cover: ${(await refusal.first().innerText()).trim()}`);
  ctx.progress('upload', { phase: 'cover', bytesSent: cover.size, bytesTotal: cover.size, percent: 100 });
}

function publishArticle(page: Page, _job: ArticleJob, ctx: AdapterContext): Promise<PublishResult> {
  return clickPublishForJson(
    page,
    {
      button: page.locator(S.publish),
      isPublishRequest: (req) => req.method() === 'POST' && real(ctx, req.url()).host === 'chejiahao.autohome.com.cn' && real(ctx, req.url()).pathname === URLS.articlePublishPath,
      urlPattern: `*${URLS.articlePublishPath}*`,
      refusal: refusalIn(page, S.refusal),
      judge: (body) => {
        if (field(body, 'returncode') !== 0) return { ok: false, message: String(field(body, 'message') ?? field(body, 'returncode')) };
        const raw = field(body, 'result', 'articleId');
        const id = typeof raw === 'number' ? String(raw) : raw;
        // Accepted without naming the article: it may exist, and only verify can say.
        if (typeof id !== 'string' || !/^\d+$/.test(id)) throw outcomeUnknown('autohome accepted the article but its answer named no articleId', page);
        return { ok: true, value: { postId: id, url: at(ctx, URLS.post(id)) } };
      },
    },
    ctx,
  );
}

/** The account's own articles as the creator centre lists them (newest first); read-only. */
async function ownArticles(page: Page, ctx: AdapterContext): Promise<ListedPost[]> {
  const body = await pageJson(page, at(ctx, URLS.articleList), {}, 'read_back', 'article list', ctx);
  if (field(body, 'returncode') !== 0) throw new Error(`autohome article list: ${String(field(body, 'message') ?? field(body, 'returncode'))}`);
  const rows = field(body, 'result', 'list');
  return (Array.isArray(rows) ? rows : []).flatMap((row) => {
    const raw = field(row, 'articleId');
    const id = typeof raw === 'number' ? String(raw) : raw;
    if (typeof id !== 'string' || !id) return [];
    return [{ postId: id, url: at(ctx, URLS.post(id)), text: String(field(row, 'title') ?? '').trim(), postedAt: listedTime(field(row, 'publishTime')) }];
  });
}

async function verifyArticle(page: Page, job: ArticleJob, ctx: AdapterContext): Promise<VerifyResult> {
  ctx.progress('read_back');
  assertAccount(await whoAmI(page, 'check_login', ctx), job, 'check_login');
  const title = job.payload.title.trim();
  return matchPost(await ownArticles(page, ctx), job, (text) => text === title);
}

export const autohomeAdapter = defineAdapter({
  platform: 'autohome',
  defaultBaseUrl: ORIGIN,
  settingKeys: AUTOHOME_ARTICLE_SETTINGS,
  settingKeysByType: { video: AUTOHOME_VIDEO_SETTINGS },
  // A site check uploads its picture as the article's cover, as a person publishing would.
  checkSettings: { article: { coverMode: 'custom' } },
  provenance: AUTOHOME_PROVENANCE,

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    return whoAmI(page, 'check_login', ctx);
  },
  flows: { article: { prepare: prepareArticle, publish: publishArticle, verify: verifyArticle }, video: videoFlow },
});

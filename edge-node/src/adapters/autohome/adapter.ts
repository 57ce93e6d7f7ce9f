/**
 * autohome (汽车之家 车家号): articles through the creator centre's long-article
 * editor (creator.autohome.com.cn/web/publish/long; the old 车家号 editor at
 * chejiahao.autohome.com.cn/article/post.html answers 404), driven as a person
 * does: the title, the body pasted as HTML into its Lexical contenteditable,
 * 原创, the cover into the 横版 and 竖版 slots through the 展示封面图 dialog
 * (the 魔方 beautifier it opens is cancelled, which keeps the picture as
 * uploaded), the upload terms ticked, then 发布. Videos go through the creator
 * centre's video page (./autohome/video.ts).
 *
 * What each step rests on, for articles and videos (the public sources of
 * every fact about these pages, and how sure each is), is in
 * autohome/provenance.ts.
 *
 * Settings (shared contract names): `coverMode` (custom uploads the
 * article's coverImage into both slots; when absent, custom if the article
 * has one), `original` (the 原创 box, set to the value; unticked by default).
 * 首发 and 内容属性 are left as the page has them. Code blocks stay plain
 * `<pre><code>`, tables become lines of text, links their text with the
 * address after it (the editor keeps no links to other sites); pictures go in
 * as their web addresses (a local path is refused before the browser moves).
 */
import { localPictures, markdownToHtml } from '@plume/shared';
import type { Locator, Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type ArticleJob, type LoginInfo, type OpenedFile, type PublishResult, type Step, type VerifyResult } from '../contract.js';
import { defineAdapter } from '../define.js';
import { linksWithAddress, plainCodeBlocks, tablesAsText, textOf } from '../kit/article-markup.js';
import { clickPublishForJson } from '../kit/click-publish-json.js';
import { refusalIn } from '../kit/refusal.js';
import { listedTime } from '../kit/listed-time.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { field, pageJson } from '../kit/page-api.js';
import { pasteHtml } from '../kit/paste-html.js';
import { outcomeUnknown } from '../publish-click.js';
import { autohomeAccount } from './account.js';
import { judgeArticleAnswer } from './answer.js';
import { AUTOHOME_PROVENANCE } from './provenance.js';
import { AUTOHOME_VIDEO_SETTINGS, videoFlow } from './video.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, countChars, fillChecked, isTimeout, type ListedPost, matchPost, need, openLoggedIn, openMedia, poll, timeouts } from '../support.js';
import { contractLimits } from '../kit/contract-limits.js';

export const ORIGIN = 'https://chejiahao.autohome.com.cn';
const SITE = { defaultBaseUrl: ORIGIN };

export const URLS = {
  articleEditor: 'https://creator.autohome.com.cn/web/publish/long',
  creatorHome: 'https://creator.autohome.com.cn/',
  /** The long-article editor's publish call (publishType=1; publishType=0 is its auto-save to the same address). */
  articlePublishPath: '/openapi/content-api/gc/article/publish',
  /** The old 车家号 editor's publish call: no source records it, but its answer is read if it ever comes. */
  legacyPublishPath: '/article/api/publish',
  articleList: 'https://creator.autohome.com.cn/author/api/article/list?pageIndex=1&pageSize=20',
  post: (id: string) => `https://chejiahao.autohome.com.cn/info/${id}`,
};

export const AUTOHOME_ARTICLE_LIMITS = contractLimits('article', 'autohome', ['titleMin', 'titleMax']);
export const AUTOHOME_ARTICLE_SETTINGS = ['coverMode', 'original'] as const;

const S = {
  /** Both placeholder forms are recorded: full-width brackets (the current pages) and ASCII ones. */
  title: 'input[placeholder="请输入文章标题（6-30个汉字）"], input[placeholder="请输入文章标题(6-30个汉字)"]',
  body: '.editor-inner[data-type="article"] .editor-input[contenteditable="true"]',
  original: 'input#isOriginal',
  statement: 'input#statementCheck',
  /** The two cover slots, by id (their CSS-module classes carry build hashes). */
  coverSlot: { horizontal: '#imageUrls', vertical: '#imgVerticals' },
  /** An empty slot opens the dialog from its left part; a filled one from 替换. */
  coverOpener: { horizontal: '[class^="UpImageContainer_leftPart__"]', vertical: '[class^="UpImageVericalContainer_leftPart__"]' },
  coverInput: 'input[type="file"][accept=".jpg,.jpeg,.png"]',
  coverFrame: 'iframe[name="mofangIframe"]',
  coverFrameCancel: 'div.btn-cancel',
  /** The editor's fixed footer (long-article form); its button reading 发布 publishes. */
  footer: '[class*="Footer_fixContainer"]',
  /** A confirmation the page may raise after 发布 (an Ant Design modal or any dialog). */
  confirmDialog: '.ant-modal-wrap, .ant-modal-confirm, [role="dialog"]',
  /**
   * The page's refusal, in every Ant Design form (message, its notice content, a notification)
   * or as an ARIA alert: the current editor is React with CSS-module classes, so no one class is
   * recorded (provenance: PS). A success-worded message never counts (kit/refusal.ts).
   */
  refusal: '.ant-message-error, .ant-message-notice-content, .ant-notification-notice, [role="alert"]',
} as const;

type CoverSlot = keyof typeof S.coverSlot;
const SLOT_NAME: Record<CoverSlot, string> = { horizontal: '横版封面', vertical: '竖版封面' };

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
  const html = linksWithAddress(tablesAsText(plainCodeBlocks(markdownToHtml(job.payload.content))));
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
  await setBox(page, S.original, p.original, '原创 box (input#isOriginal)', ctx);
  // The page publishes only with its upload terms (内容上传服务条款) agreed, as a person ticks them.
  await setBox(page, S.statement, true, 'upload terms box (input#statementCheck)', ctx);

  if (cover) {
    ctx.progress('upload', { phase: 'cover', percent: 0 });
    await uploadCover(page, 'horizontal', cover, ctx);
    ctx.progress('upload', { phase: 'cover', percent: 50 });
    await uploadCover(page, 'vertical', cover, ctx);
    ctx.progress('upload', { phase: 'cover', bytesSent: cover.size, bytesTotal: cover.size, percent: 100 });
  }
}

/**
 * Sets a checkbox to `want` as a person does: a click on the box, or on its label when the page
 * draws the box hidden (the label for it, else the label around it); never its checked property.
 */
async function setBox(page: Page, selector: string, want: boolean, what: string, ctx: AdapterContext): Promise<void> {
  const box = await need(page, selector, 'apply_settings', what, ctx, 'attached');
  if ((await box.isChecked()) === want) return;
  if (await box.isVisible()) await box.click();
  else {
    const id = (await box.getAttribute('id')) ?? '';
    const label = page.locator(`label[for="${id}"]`).or(box.locator('xpath=ancestor::label[1]')).first();
    if ((await label.count()) === 0) throw new AdapterError('editor_changed', 'apply_settings', `${what} is hidden and has no label to click`);
    await label.click();
  }
  if ((await box.isChecked()) !== want) throw new AdapterError('editor_changed', 'apply_settings', `${what} did not take the click`);
}

/**
 * One cover slot: its opener (替换 when it holds a picture) → the 展示封面图 dialog's 上传图片 tab →
 * the file → the picture shown in the dialog → 确定; the page then opens its 魔方 beautifier,
 * whose 取消 keeps the picture as uploaded; done when the slot shows a new picture. The page's
 * refusal at any point is `cover_rejected`.
 */
async function uploadCover(page: Page, slot: CoverSlot, cover: OpenedFile, ctx: AdapterContext): Promise<void> {
  const name = SLOT_NAME[slot];
  const region = page.locator(S.coverSlot[slot]);
  await need(page, S.coverSlot[slot], 'upload', `${name} slot (${S.coverSlot[slot]})`, ctx);
  const before = await pictureSources(region);
  const replace = region.getByText('替换', { exact: true });
  const opener = (await replace.count()) > 0 ? replace.first() : await need(region, S.coverOpener[slot], 'upload', `${name} upload control`, ctx);
  await opener.click();
  const dialog = await shown(page.getByRole('dialog', { name: '展示封面图', exact: true }), 'cover dialog (展示封面图)', ctx);
  const tab = dialog.getByRole('tab', { name: '上传图片', exact: true });
  if ((await tab.count()) > 0) await tab.first().click();
  const shownBefore = await pictureSources(dialog);
  const input = await need(dialog, S.coverInput, 'upload', 'cover dialog picture input', ctx, 'attached');
  // Read before the file goes in: the page's answer to it may show before any later look.
  const refusal = refusalIn(page, S.refusal);
  const staleRefusal = (await refusal.count()) > 0;
  await input.setInputFiles(cover.path);
  const uploaded = await waitFor(
    async () => (!staleRefusal && (await refusal.count()) > 0 ? 'refused' : (await pictureSources(dialog)).some((src) => !shownBefore.includes(src)) ? 'shown' : null),
    `the ${name} never showed in the cover dialog`,
    ctx,
  );
  if (uploaded === 'refused') throw new AdapterError('cover_rejected', 'upload', `autohome refused the ${name}: ${(await refusal.first().innerText()).trim()}`);
  await (await need(dialog, 'button:text-is("确定"), [role="button"]:text-is("确定")', 'upload', 'cover dialog 确定', ctx)).click();
  // The beautifier opens after 确定 as the recorded flow sees it; its 取消 keeps the picture as uploaded.
  const frame = page.locator(S.coverFrame);
  const adopted = await waitFor(
    async () => ((await frame.count()) > 0 ? 'frame' : (await pictureSources(region)).some((src) => !before.includes(src)) ? 'shown' : null),
    `the ${name} never showed in its slot`,
    ctx,
  );
  if (adopted === 'frame') {
    const cancel = page.frameLocator(S.coverFrame).first().locator(S.coverFrameCancel).filter({ hasText: /^\s*取消\s*$/ });
    await (await shown(cancel, 'cover beautifier 取消 (div.btn-cancel)', ctx)).click();
    await waitFor(async () => ((await frame.count()) === 0 && (await pictureSources(region)).some((src) => !before.includes(src)) ? true : null), `the ${name} never showed in its slot`, ctx);
  }
}

/** The first of `loc` once visible; not showing within the control timeout is `editor_changed`. */
async function shown(loc: Locator, what: string, ctx: AdapterContext): Promise<Locator> {
  const first = loc.first();
  try {
    await first.waitFor({ state: 'visible', timeout: timeouts(ctx).selectorMs });
  } catch (e) {
    if (!isTimeout(e)) throw e;
    throw new AdapterError('editor_changed', 'upload', `${what} not found`);
  }
  return first;
}

const pictureSources = (scope: Locator): Promise<string[]> => scope.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as unknown as { src: string }).src));

/** Polls `read` until it names an outcome; the upload timeout is `cover_rejected`. */
function waitFor<T>(read: () => Promise<T | null>, never: string, ctx: AdapterContext): Promise<T> {
  return poll(read, (v): boolean => v !== null, {
    intervalMs: 150,
    timeoutMs: timeouts(ctx).uploadMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('cover_rejected', 'upload', never),
  }) as Promise<T>;
}

/** Whether a request is a recorded publish call: the long-article editor's (never its auto-save, publishType=0), or the old editor's. */
function isPublishCall(ctx: Ctx, method: string, url: string): boolean {
  if (method !== 'POST') return false;
  const u = real(ctx, url);
  if (u.host === 'creator.autohome.com.cn' && u.pathname === URLS.articlePublishPath) return u.searchParams.get('publishType') === '1';
  return u.host === 'chejiahao.autohome.com.cn' && u.pathname === URLS.legacyPublishPath;
}

function publishArticle(page: Page, _job: ArticleJob, ctx: AdapterContext): Promise<PublishResult> {
  return clickPublishForJson(
    page,
    {
      button: page.locator(S.footer).getByRole('button', { name: /^\s*发\s*布\s*$/ }),
      isPublishRequest: (req) => isPublishCall(ctx, req.method(), req.url()),
      urlPattern: [`*${URLS.articlePublishPath}*`, `*${URLS.legacyPublishPath}*`],
      refusal: refusalIn(page, S.refusal),
      confirm: page.locator(S.confirmDialog).getByRole('button', { name: /^\s*(确\s*定|确认发布|继续|同意并发布)\s*$/ }),
      judge: (body) => {
        const v = judgeArticleAnswer(body);
        if (v.ok === false) return v;
        // Accepted without naming the article: it may exist, and only verify can say.
        if (v.ok === 'unknown') throw outcomeUnknown(v.why, page);
        return { ok: true, value: { postId: v.id, url: at(ctx, URLS.post(v.id)) } };
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
    const raw = field(row, 'articleId') ?? field(row, 'id');
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

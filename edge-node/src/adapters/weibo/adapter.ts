/**
 * weibo: dynamics (short posts) from the weibo.com home composer; articles
 * (头条文章) through the article editor's API in article.ts; videos
 * through the upload/channel publish page in video.ts. The composer
 * takes plain text, so Markdown is flattened (line breaks kept) and must fit
 * 2,000 characters; pictures (≤ 9) upload as soon as they are chosen; "发送" is
 * the one non-repeatable click, and its JSON answer names the post.
 *
 * What each step of all three modules rests on (the public sources of every
 * fact about weibo, and how sure each is) is in weibo/provenance.ts.
 *
 * Settings (shared contract names): `visibility` — `public` (default), `friends`, `fans`, `self`;
 * `tags` — appended as weibo topics (`#tag#`) on a last line. The composer has no AI label
 * in the sources: `aiLabel` is logged as ignored.
 */
import { labelsOf, WEIBO_VISIBILITIES } from '@plume/shared';
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type ArticleJob, type DynamicJob, type Flow, type LoginInfo, type OpenedFile, type PublishJob, type VerifyResult, type VideoJob } from '../contract.js';
import { defineAdapter } from '../define.js';
import { clickPublishForJson } from '../kit/click-publish-json.js';
import { contractLimits } from '../kit/contract-limits.js';
import { prepareArticle, publishArticle, verifyArticle, WEIBO_ARTICLE_KEYS, type WeiboPage } from './article.js';
import { prepareWeiboVideo, publishWeiboVideo, verifyWeiboVideo, WEIBO_VIDEO_KEYS } from './video.js';
import { answeredPost, isPost } from './posts.js';
import { WEIBO_PROVENANCE } from './provenance.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { field, pageJson } from '../kit/page-api.js';
import { markdownToPlainText } from '../markdown.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, assertMaxChars, fillChecked, inJobWindow, need, openLoggedIn, openMedia, poll, timeouts } from '../support.js';

const URLS = {
  home: 'https://weibo.com/',
  cardEditor: 'https://card.weibo.com/article/v3/editor',
  update: 'https://weibo.com/ajax/statuses/update',
  myPosts: (uid: string) => `https://weibo.com/ajax/statuses/mymblog?uid=${encodeURIComponent(uid)}&page=1&feature=0`,
  post: (uid: string, mblogid: string) => `https://weibo.com/${uid}/${mblogid}`,
};

const S = {
  composer: 'textarea[placeholder="有什么新鲜事想分享给大家？"]',
  pictureInput: 'input[type="file"]',
  pictureDone: 'i[title="删除"]',
  pictureLoading: '.Image_loading_1lfUB',
  toast: '.woo-toast-body',
  visibilityCtrl: '.woo-pop-ctrl',
  visibilityItem: '.woo-pop-item-main',
  send: 'button:has(span.woo-button-content:text-is("发送"))',
} as const;

/** A dynamic's text and pictures as preflight also checks them (the settings contract). */
const { textMax: MAX_CHARS, maxImages: MAX_IMAGES } = contractLimits('dynamic', 'weibo', ['textMax', 'maxImages']);
/** Our setting values (shared settings contract) → the labels the composer shows. */
export const WEIBO_VISIBILITY_LABELS: Readonly<Record<string, string>> = labelsOf(WEIBO_VISIBILITIES);
const SETTING_KEYS = ['visibility', 'tags'] as const;
const ALL_KEYS = [...new Set([...SETTING_KEYS, ...WEIBO_ARTICLE_KEYS, ...WEIBO_VIDEO_KEYS])];

/** The feed renders the same text with its own whitespace; compare words, not layout. */
const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

/** What the composer receives: the Markdown flattened to plain text, then the tags as topics. */
export function weiboText(content: string, tags: readonly string[]): string {
  const text = markdownToPlainText(content);
  const topics = tags.map((t) => `#${t.replace(/#/g, '')}#`).join(' ');
  return topics ? (text ? `${text}\n${topics}` : topics) : text;
}

function readSettings(job: DynamicJob) {
  const r = new SettingsReader(job);
  return {
    reader: r,
    visibility: r.string('visibility', { oneOf: Object.keys(WEIBO_VISIBILITY_LABELS) }) ?? 'public',
    tags: r.stringArray('tags'),
  };
}

type Ctx = AdapterContext;
const at = (ctx: Ctx, real: string) => liveUrl(ctx, weiboAdapter, real);
const isLoginPage = (ctx: Ctx) => (u: URL) => {
  const real = realUrl(ctx, weiboAdapter, u.toString());
  return real.host === 'passport.weibo.com' || (real.host === 'weibo.com' && real.pathname.startsWith('/newlogin'));
};

/** Who is logged in, as the article editor's `$CONFIG` says (the home page is a client-side app). */
async function whoAmI(page: Page, step: 'check_login' | 'open_editor', ctx: Ctx): Promise<LoginInfo> {
  await openLoggedIn(page, at(ctx, URLS.cardEditor), step, ctx, isLoginPage(ctx));
  const config = await page.evaluate(() => (globalThis as { $CONFIG?: Record<string, unknown> }).$CONFIG ?? null);
  const uid = config?.uid;
  if (typeof uid !== 'string' && typeof uid !== 'number') throw new AdapterError('editor_changed', step, 'the editor page carries no $CONFIG.uid', { url: page.url() });
  return { externalRef: String(uid), displayName: String(config?.nick ?? '') };
}

const articlePage: WeiboPage = {
  at: (ctx, real) => at(ctx, real),
  real: (ctx, address) => realUrl(ctx, weiboAdapter, address),
  isLoginPage: (ctx, url) => isLoginPage(ctx)(url),
  async openEditor(page, job, ctx) {
    const me = await whoAmI(page, 'open_editor', ctx);
    assertAccount(me, job, 'open_editor');
    return me.externalRef;
  },
};

/** Every lookup first makes sure the browser is the job's account: another account's posts would find nothing and invite a duplicate. */
function asAccount<J extends PublishJob>(find: (page: Page, job: J, ctx: Ctx) => Promise<VerifyResult>): Flow<J>['verify'] {
  return async (page, job, ctx) => {
    ctx.progress('read_back');
    assertAccount(await whoAmI(page, 'check_login', ctx), job, 'check_login');
    return find(page, job, ctx);
  };
}

/** Posts (our `dynamic`) from the home page's composer. */
const dynamicFlow: Flow<DynamicJob> = {
  async prepare(page, job, ctx) {
    const { reader, visibility, tags } = readSettings(job);
    reader.logIgnored(SETTING_KEYS, ctx.log);
    const text = weiboText(job.payload.content, tags);
    const images = job.payload.images ?? [];
    if (!text && images.length === 0) throw new AdapterError('publish_rejected', 'fill', 'weibo needs text or at least one picture');
    assertMaxChars(text, MAX_CHARS, 'fill', 'text (Markdown removed, topics added)');
    if (images.length > MAX_IMAGES) throw new AdapterError('publish_rejected', 'fill', `weibo takes at most ${MAX_IMAGES} pictures (got ${images.length})`);

    ctx.progress('open_editor');
    assertAccount(await whoAmI(page, 'open_editor', ctx), job, 'open_editor');
    await openLoggedIn(page, at(ctx, URLS.home), 'open_editor', ctx, isLoginPage(ctx));

    ctx.progress('fill');
    await fillChecked(await need(page, S.composer, 'fill', 'composer', ctx), text, 'fill', 'composer');
    if (images.length > 0) await uploadPictures(page, images, ctx);

    ctx.progress('apply_settings');
    await chooseVisibility(page, WEIBO_VISIBILITY_LABELS[visibility]!, ctx);
  },

  async publish(page, job, ctx) {
    const post = await clickPublishForJson(
      page,
      {
        button: await need(page, S.send, 'publish', 'send button', ctx),
        isPublishRequest: (req) => req.method() === 'POST' && realUrl(ctx, weiboAdapter, req.url()).pathname === '/ajax/statuses/update',
        urlPattern: '*/ajax/statuses/update*',
        refusal: page.locator(S.toast),
        judge: (body) => (field(body, 'ok') !== 1 ? { ok: false, message: String(field(body, 'msg') ?? 'refused') } : { ok: true, value: answeredPost(body, job.account.externalRef) }),
      },
      ctx,
    );
    if (post.mblogid) return { postId: post.mblogid, url: at(ctx, URLS.post(post.uid, post.mblogid)) };
    // Accepted, but named by its numeric id only (or not at all): the author's posts give the short id.
    const found = await findOwnPost(page, job, post.mid, ctx).catch((e: unknown) => {
      throw new AdapterError('readback_failed', 'read_back', `weibo accepted the post but named no short id, and its own posts could not be read (${(e as Error).message}); verify before any retry`);
    });
    if (found.found && found.postId && found.url) return { postId: found.postId, url: found.url };
    throw new AdapterError('readback_failed', 'read_back', 'weibo accepted the post but named no short id, and its own posts do not show it yet; verify before any retry');
  },

  verify: asAccount((page, job, ctx) => findOwnPost(page, job, '', ctx)),
};

/** Articles (头条文章) from the card editor (article.ts). */
const articleFlow: Flow<ArticleJob> = {
  prepare: (page, job, ctx) => prepareArticle(page, job, articlePage, ctx),
  publish: (page, job, ctx) => publishArticle(page, job, articlePage, ctx),
  verify: asAccount((page, job, ctx) => verifyArticle(page, job, articlePage, ctx)),
};

/** Videos from the video upload page (video.ts). */
const videoFlow: Flow<VideoJob> = {
  prepare: (page, job, ctx) => prepareWeiboVideo(page, job, articlePage, ctx),
  publish: (page, job, ctx) => publishWeiboVideo(page, job, articlePage, ctx),
  verify: asAccount((page, job, ctx) => verifyWeiboVideo(page, job, articlePage, ctx)),
};

export const weiboAdapter = defineAdapter({
  platform: 'weibo',
  defaultBaseUrl: 'https://weibo.com',
  settingKeys: ALL_KEYS,
  provenance: WEIBO_PROVENANCE,
  login: {
    url: 'https://passport.weibo.com/sso/signin?entry=miniblog&source=miniblog&url=https%3A%2F%2Fweibo.com%2F',
    qr: 'img.w-full.h-full',
    expired: '.qrcode-expired',
    refresh: '.qrcode-expired >> text=刷新',
    // The sign-in page's poll answers retcode 50114002 once a phone scanned and until the person confirms.
    scannedAnswer: { url: /^passport\.weibo\.com\/sso\/v2\/qrcode\/check$/, scanned: (body) => field(body, 'retcode') === 50114002 },
    sms: { input: '.sms-verify input[placeholder*="验证码"]', send: '.sms-verify >> text=获取验证码', submit: '.sms-verify >> text=确定', error: '.sms-verify .error-tip' },
    slider: '.captcha-slider',
    sessionCookies: ['SUB'],
    isLoginPage: (u) => u.host === 'passport.weibo.com' || (u.host === 'weibo.com' && u.pathname.startsWith('/newlogin')),
  },

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    return whoAmI(page, 'check_login', ctx);
  },

  flows: { dynamic: dynamicFlow, article: articleFlow, video: videoFlow },
});

/**
 * The short post among the author's own posts (read-only): the row with the
 * numeric id the answer named, else the newest with the job's text in its window.
 */
async function findOwnPost(page: Page, job: DynamicJob, mid: string, ctx: Ctx): Promise<VerifyResult> {
  const uid = job.account.externalRef;
  const body = await pageJson(page, at(ctx, URLS.myPosts(uid)), {}, 'read_back', 'own posts', ctx);
  const list = field(body, 'data', 'list');
  if (!Array.isArray(list)) throw new AdapterError('editor_changed', 'read_back', 'own posts: the answer has no data.list');
  const expected = normalize(weiboText(job.payload.content, readSettings(job).tags));
  const byId = list.filter((p) => isPost(p, mid));
  const hits = byId.length > 0 ? byId : list.filter((p) => {
    const created = Date.parse(String(field(p, 'created_at') ?? ''));
    return normalize(String(field(p, 'text_raw') ?? '')) === expected && inJobWindow(Number.isFinite(created) ? new Date(created).toISOString() : null, job);
  });
  const mblogid = hits.map((p) => field(p, 'mblogid')).find((v): v is string => typeof v === 'string' && v !== '');
  if (!mblogid) return { found: false };
  return { found: true, postId: mblogid, url: at(ctx, URLS.post(uid, mblogid)), candidates: hits.length };
}

async function uploadPictures(page: Page, paths: readonly string[], ctx: Ctx): Promise<void> {
  ctx.progress('upload');
  const files: OpenedFile[] = [];
  for (const p of paths) files.push(await openMedia(ctx, p, 'upload', 'upload_failed', 'picture'));
  const total = files.reduce((n, f) => n + f.size, 0);
  const composerBox = page.locator(`form:has(${S.composer}), div:has(> ${S.composer})`).last();
  await (await need(composerBox, S.pictureInput, 'upload', 'picture input', ctx, 'attached')).setInputFiles(files.map((f) => f.path));
  const toast = page.locator(S.toast);
  let reported = -1;
  const state = await poll(
    async () => ({
      done: await page.locator(S.pictureDone).count(),
      loading: await page.locator(S.pictureLoading).count(),
      failed: await toast.isVisible(),
    }),
    (s) => s.failed || (s.done >= files.length && s.loading === 0),
    {
      intervalMs: 100,
      timeoutMs: timeouts(ctx).uploadMs,
      signal: ctx.signal,
      onValue: ({ done, loading }) => {
        const finished = Math.max(0, done - loading);
        if (finished === reported) return;
        reported = finished;
        // The composer reports whole pictures; count their bytes as they finish.
        const sent = files.slice(0, finished).reduce((n, f) => n + f.size, 0);
        ctx.progress('upload', { bytesSent: sent, bytesTotal: total, percent: Math.round((100 * sent) / total) });
      },
      onTimeout: () => new AdapterError('upload_failed', 'upload', 'pictures did not finish uploading in time'),
    },
  );
  if (state.failed) throw new AdapterError('upload_failed', 'upload', `weibo refused a picture: ${(await toast.first().innerText()).trim()}`);
}

async function chooseVisibility(page: Page, label: string, ctx: Ctx): Promise<void> {
  const labels = Object.values(WEIBO_VISIBILITY_LABELS);
  const ctrl = page.locator(S.visibilityCtrl).filter({ hasText: new RegExp(`^\\s*(${labels.join('|')})\\s*$`) });
  const toggle = ctrl.first();
  try {
    await toggle.waitFor({ timeout: timeouts(ctx).selectorMs });
  } catch {
    throw new AdapterError('editor_changed', 'apply_settings', `visibility menu not found (${S.visibilityCtrl})`, { url: page.url() });
  }
  if ((await toggle.innerText()).trim() === label) return;
  await toggle.click();
  const item = page.locator(S.visibilityItem).filter({ hasText: new RegExp(`^\\s*${label}\\s*$`) });
  try {
    await item.first().waitFor({ timeout: timeouts(ctx).selectorMs });
  } catch {
    throw new AdapterError('setting_unavailable', 'apply_settings', `weibo no longer offers visibility "${label}"`, { field: 'visibility' });
  }
  await item.first().click();
  await poll(async () => (await toggle.innerText()).trim(), (t) => t === label, {
    intervalMs: 50,
    timeoutMs: timeouts(ctx).selectorMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('editor_changed', 'apply_settings', `the visibility menu did not take "${label}"`),
  });
}


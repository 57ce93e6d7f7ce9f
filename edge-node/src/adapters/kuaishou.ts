/**
 * kuaishou (快手): videos and 图文 (dynamics), through the creator centre's one
 * publish page. The page uploads what its upload button's file chooser gets,
 * lays a notice and a guided tour over the form, takes one description (title,
 * text and #topics together: kuaishou has no title field), a custom cover,
 * a collection and a publish time; "发布" is the one non-repeatable click, after
 * which the page moves to the works list, where the post is read back.
 *
 * | fact | source (repository, path, snapshot date) |
 * |---|---|
 * | publish page https://cp.kuaishou.com/article/publish/video (videos and 图文) | dreammis/social-auto-upload uploader/ks_uploader/main.py 2026-08-20; leaperone/MultiPost-Extension src/sync/dynamic.ts 2026-06-05 |
 * | no session → passport.kuaishou.com/pc/account/login/?sid=kuaishou.web.cp.api… (QR: main#login-form, div.qr-login img[alt=qrcode]) | social-auto-upload ks_uploader/main.py 2026-08-20 |
 * | login (accounts login): that passport URL with callback …/rest/infra/sts?followUrl=<publish page>; `div.platform-switch` shows the QR when the form opens on another method | social-auto-upload ks_uploader/main.py 2026-08-20 |
 * | login: expired QR `div.qrcode-status.qrcode-status-timeout`, renewed by `p.qrcode-refresh`; done once the page is off passport.kuaishou.com (the publish page) | social-auto-upload ks_uploader/main.py 2026-08-20 |
 * | login SMS step (input[placeholder*="验证码"], "获取验证码", "确定", .sms-verify .error-tip) and slider (.captcha-slider) | UNVERIFIED: no public source records kuaishou's |
 * | logged in ⇔ `button[class^='_upload-btn']` visible; it opens the file chooser | social-auto-upload ks_uploader/main.py 2026-08-20 |
 * | 图文 tab `div[role="tablist"] div[role="tab"]:has-text("图文")`, button "上传图片" (MultiPost's older `div#rc-tabs-0-tab-2` also matches the replica) | social-auto-upload 2026-08-20 (newer, preferred); MultiPost src/sync/dynamic/kuaishou.ts 2026-06-05 |
 * | "上传中" while uploading, "上传失败" on failure | social-auto-upload 2026-08-20 |
 * | "我知道了" notice; react-joyride guide (div[id^=react-joyride-step] div[role=alertdialog], #react-joyride-portal, .react-joyride__spotlight) swallowing clicks | social-auto-upload 2026-08-20 |
 * | description: contenteditable following the "描述" label; placeholder 添加合适的话题和描述，作品能获得更多推荐～ | social-auto-upload 2026-08-20; MultiPost src/sync/dynamic/kuaishou.ts 2026-06-05 |
 * | title, text and #topics go into that one editor; topics: at most 3 (MultiPost allows 4; the newer source wins) | social-auto-upload 2026-08-20; MultiPost src/sync/video/kuaishou.ts 2026-06-05 |
 * | cover: span "封面设置" → ../following-sibling::div[1] first div → div[role=document].ant-modal → "上传封面" → input[type=file] → "确认" | social-auto-upload 2026-08-20; MultiPost video/kuaishou.ts 2026-06-05 |
 * | collection: label "加入合集" → following ant-select → .ant-select-selector → div.ant-select-item-option[label=<name>] | social-auto-upload 2026-08-20 |
 * | schedule: label.ant-radio-wrapper "定时发布", input[placeholder="选择日期时间"] set through the native value setter, Enter; 'YYYY-MM-DD HH:mm:ss'; more than 2 h ahead | social-auto-upload ks_uploader/main.py, uploader/base_video.py 2026-08-20 |
 * | publish: the text "发布" (exact); success = the page moves to article/manage/video?status=2&from=publish | social-auto-upload 2026-08-20 |
 * | UNVERIFIED: the account id (read from the `userId` cookie), the works list markup (.video-item…) and post URLs www.kuaishou.com/short-video/<id>, the submit request (…/pc/submit), the session cookie name, limits on description length and image count, a "确认发布" confirmation (social-auto-upload clicks one when shown; this adapter does not, so the job would end readback_failed and verify decides), the AI-content declaration (作者声明: no selectors recorded, not applied) | no public source |
 *
 * Settings (shared contract names): `tags` (≤ 3), `description` (videos; else the
 * payload's), `coverMode` (`custom` uploads the cover; absent → custom when there
 * is one), `collectionName` (加入合集, by name), `scheduledAt` (ISO 8601, ≥ 2 h ahead).
 */
import type { Page } from 'playwright-core';
import { AdapterError, type Adapter, type AdapterContext, type OpenedFile, type PublishJob } from './contract.js';
import { liveUrl, realUrl } from './kit/live-url.js';
import { markdownToPlainText } from './markdown.js';
import { gatedPublish, outcomeUnknown } from './publish-click.js';
import { SettingsReader } from './settings.js';
import { assertAccount, listedPosts, matchPost, need, openLoggedIn, openMedia } from './support.js';
import { KS, chooseCollection, chooseImageTab, dismissGuides, fillDescription, pickerTime, schedule, uploadCover, uploadFiles } from './kuaishou/form.js';

const ORIGIN = 'https://cp.kuaishou.com';
const URLS = {
  login: `https://passport.kuaishou.com/pc/account/login/?sid=kuaishou.web.cp.api&callback=${encodeURIComponent(`${ORIGIN}/rest/infra/sts?followUrl=${encodeURIComponent(`${ORIGIN}/article/publish/video`)}&setRootDomain=true`)}`,
  publish: `${ORIGIN}/article/publish/video`,
  works: `${ORIGIN}/article/manage/video?status=2&from=publish`,
};
/** Topics kuaishou takes in one description (social-auto-upload, 2026-08-20). */
export const KUAISHOU_MAX_TOPICS = 3;
/** 定时发布 must be more than two hours ahead (social-auto-upload base_video.py, 2026-08-20). */
export const KUAISHOU_MIN_SCHEDULE_LEAD_MS = 2 * 3600_000;
const SETTING_KEYS = ['tags', 'description', 'coverMode', 'collectionName', 'scheduledAt'] as const;

const self = { defaultBaseUrl: ORIGIN };
const isLoginPage = (ctx: AdapterContext) => (u: URL) => realUrl(ctx, self, u.toString()).host === 'passport.kuaishou.com';
const photoIdOf = (href: string) => /\/short-video\/(\w+)/.exec(href)?.[1];

interface Plan {
  caption: string;
  coverPath: string | undefined;
  collection: string | undefined;
  publishAt: string | undefined;
}

/** Everything the job asks for, checked before the browser moves. */
function plan(job: PublishJob, now: Date): Plan {
  const r = new SettingsReader(job);
  const tags = r.stringArray('tags', { max: KUAISHOU_MAX_TOPICS, maxLength: 30 });
  const collection = r.string('collectionName', { maxLength: 50 });
  r.string('description'); // type-checked here; captionOf reads it
  const when = r.string('scheduledAt');
  let publishAt: string | undefined;
  if (when !== undefined) {
    const at = new Date(when);
    if (Number.isNaN(at.getTime())) throw new AdapterError('setting_unavailable', 'apply_settings', `kuaishou: scheduledAt "${when}" is not an ISO 8601 time`, { field: 'scheduledAt' });
    if (at.getTime() - now.getTime() <= KUAISHOU_MIN_SCHEDULE_LEAD_MS) {
      throw new AdapterError('setting_unavailable', 'apply_settings', 'kuaishou: scheduledAt must be more than 2 hours ahead', { field: 'scheduledAt' });
    }
    publishAt = pickerTime(at);
  }
  let coverPath: string | undefined;
  if (job.contentType === 'video') {
    const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImagePath ? 'custom' : 'auto');
    if (coverMode === 'custom' && !job.payload.coverImagePath) throw new AdapterError('cover_rejected', 'apply_settings', 'coverMode is custom but the job has no coverImagePath');
    coverPath = coverMode === 'custom' ? job.payload.coverImagePath : undefined;
  } else if (job.contentType === 'dynamic') {
    if (!job.payload.images?.length) throw new AdapterError('publish_rejected', 'fill', 'kuaishou 图文 needs at least one image');
  } else {
    throw new AdapterError('setting_unavailable', 'open_editor', `kuaishou does not publish ${job.contentType}`, { contentType: job.contentType });
  }
  const caption = captionOf(job, tags);
  if (!caption.trim()) throw new AdapterError('publish_rejected', 'fill', 'kuaishou needs a description');
  return { caption, coverPath, collection, publishAt };
}

/** The one description kuaishou stores: title and text, then the #topics on a line of their own. */
function captionOf(job: PublishJob, tags = new SettingsReader(job).stringArray('tags', { max: KUAISHOU_MAX_TOPICS, maxLength: 30 })): string {
  const text =
    job.contentType === 'video'
      ? [job.payload.title.trim(), markdownToPlainText(String(job.settings.description ?? job.payload.description ?? '')).trim()].filter(Boolean).join('\n')
      : markdownToPlainText(job.contentType === 'dynamic' ? job.payload.content : '').trim();
  const topics = tags.map((t) => `#${t.replace(/^#/, '')}`).join(' ');
  // One line per paragraph: kuaishou's editor turns a blank line into an empty block of its own.
  return [...text.split('\n'), topics].filter((line) => line.trim() !== '').join('\n');
}

async function readAccount(page: Page, ctx: AdapterContext, step: 'check_login' | 'open_editor') {
  await need(page, KS.uploadButton, step, 'upload button (logged-in page)', ctx);
  const cookie = (await page.context().cookies(page.url())).find((c) => c.name === 'userId');
  if (!cookie?.value) throw new AdapterError('login_required', step, 'kuaishou set no userId cookie: the session is not a creator login');
  const name = (await page.locator('.header-user .user-name').first().innerText({ timeout: 1000 }).catch(() => '')).trim();
  return { externalRef: decodeURIComponent(cookie.value), displayName: name || decodeURIComponent(cookie.value) };
}

async function openPublishPage(page: Page, ctx: AdapterContext, step: 'check_login' | 'open_editor') {
  await openLoggedIn(page, liveUrl(ctx, self, URLS.publish), step, ctx, isLoginPage(ctx));
  return readAccount(page, ctx, step);
}

/** The works list, newest first: this job's post is the one with its caption, posted since the job began. */
async function findPost(page: Page, job: PublishJob, caption: string, ctx: AdapterContext) {
  const list = await need(page, KS.worksList, 'read_back', 'works list', ctx, 'attached');
  const posts = await listedPosts(list, KS.worksRow, { link: KS.worksLink, text: KS.worksText }, photoIdOf, page);
  // The list shows the caption on one line: compare with whitespace collapsed.
  const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
  return matchPost(posts, job, (text) => flat(text) === flat(caption));
}

export const kuaishouAdapter: Adapter = {
  platform: 'kuaishou',
  contentTypes: ['video', 'dynamic'],
  defaultBaseUrl: ORIGIN,
  settingKeys: SETTING_KEYS,
  login: {
    url: URLS.login,
    qrTab: 'main#login-form div.platform-switch',
    qr: 'main#login-form div.qr-login img[alt="qrcode"]',
    expired: 'div.qrcode-status.qrcode-status-timeout',
    refresh: 'p.qrcode-refresh',
    sms: { input: '.sms-verify input[placeholder*="验证码"]', send: '.sms-verify >> text=获取验证码', submit: '.sms-verify >> text=确定', error: '.sms-verify .error-tip' },
    slider: '.captcha-slider',
    sessionCookies: ['kuaishou.web.cp.api_st'],
    isLoginPage: (u) => u.host === 'passport.kuaishou.com',
  },

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    return openPublishPage(page, ctx, 'check_login');
  },

  async prepare(page, job, ctx) {
    const p = plan(job, new Date());
    new SettingsReader(job).logIgnored(SETTING_KEYS, ctx.log);
    const media: OpenedFile[] =
      job.contentType === 'video'
        ? [await openMedia(ctx, job.payload.localVideoPath, 'upload', 'upload_failed', 'video')]
        : await Promise.all((job.contentType === 'dynamic' ? (job.payload.images ?? []) : []).map((i) => openMedia(ctx, i, 'upload', 'upload_failed', 'image')));
    const cover = p.coverPath ? await openMedia(ctx, p.coverPath, 'apply_settings', 'cover_rejected', 'cover image') : undefined;

    ctx.progress('open_editor');
    assertAccount(await openPublishPage(page, ctx, 'open_editor'), job, 'open_editor');
    if (job.contentType === 'dynamic') await chooseImageTab(page, ctx);

    await uploadFiles(page, media, job.contentType === 'video' ? '上传视频' : '上传图片', ctx);
    await dismissGuides(page);

    ctx.progress('fill');
    await fillDescription(page, p.caption, ctx);

    ctx.progress('apply_settings');
    if (cover) await uploadCover(page, cover, ctx);
    if (p.collection) await chooseCollection(page, p.collection, ctx);
    if (p.publishAt) await schedule(page, p.publishAt, ctx);
    // The guide can come back after the form changed; it would swallow the publish click.
    await dismissGuides(page);
  },

  async publish(page, job, ctx) {
    const caption = captionOf(job);
    await gatedPublish(
      page,
      {
        // An absent control means the page changed (editor_changed), not that kuaishou refused.
        button: await need(page, KS.publishButton, 'publish', 'publish control (发布)', ctx),
        isPublishRequest: (req) => req.method() === 'POST' && /\/pc\/submit$/.test(new URL(req.url()).pathname),
        success: page.locator(KS.worksList),
        failure: page.locator(KS.errorToast),
      },
      ctx,
    );
    const found = await findPost(page, job, caption, ctx).catch((e: unknown) => {
      throw outcomeUnknown(`the works list could not be read: ${(e as Error).message}`, page);
    });
    if (!found.found) throw outcomeUnknown('published, but the post is not in the works list yet', page);
    return { postId: found.postId, url: found.url };
  },

  async verify(page, job, ctx) {
    ctx.progress('read_back');
    const caption = captionOf(job);
    await openLoggedIn(page, liveUrl(ctx, self, URLS.works), 'check_login', ctx, isLoginPage(ctx));
    return findPost(page, job, caption, ctx);
  },
};

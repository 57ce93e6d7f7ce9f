/**
 * weibo: dynamics (short posts). The composer takes plain text, so Markdown is
 * flattened (line breaks kept) and must fit 2,000 characters; pictures (≤ 9)
 * upload as soon as they are chosen; "发送" is the one non-repeatable click.
 *
 * Settings (shared contract names): `visibility` — `public` (default), `friends`, `fans`, `self`;
 * `tags` — appended as weibo topics (`#tag#`) on a last line.
 */
import type { Page } from 'playwright-core';
import { AdapterError, type Adapter, type AdapterContext, type DynamicJob, type OpenedFile } from './contract.js';
import { markdownToPlainText } from './markdown.js';
import { confirmedPost, gatedPublish } from './publish-click.js';
import { SettingsReader } from './settings.js';
import {
  listedPosts,
  assertAccount,
  assertMaxChars,
  fillChecked,
  jobOfType,
  matchPost,
  need,
  openLoggedIn,
  openMedia,
  poll,
  readAccount,
  siteUrl,
  timeouts,
} from './support.js';

const PATHS = {
  home: '/',
  profile: (uid: string) => `/u/${encodeURIComponent(uid)}`,
  updateApi: '/ajax/statuses/update',
};

const S = {
  account: '[data-testid="current-user"]',
  composer: '[data-testid="composer-input"]',
  imageInput: '[data-testid="image-input"]',
  imageList: '[data-testid="image-list"]',
  imageDone: '[data-testid="image-item"][data-state="done"]',
  imageError: '[data-testid="image-error"]',
  visibility: '[data-testid="visibility-select"]',
  send: '[data-testid="send-button"]',
  sendError: '[data-testid="send-error"]',
  sendSuccess: '[data-testid="send-success"]',
  postLink: '[data-testid="post-link"]',
  feed: '[data-testid="feed"]',
  feedItem: '[data-testid="feed-item"]',
  feedText: '[data-testid="feed-text"]',
  feedLink: '[data-testid="feed-link"]',
} as const;

const MAX_CHARS = 2000;
const MAX_IMAGES = 9;
/** Our setting values (shared settings contract) → the labels the composer shows. */
export const WEIBO_VISIBILITY_LABELS: Readonly<Record<string, string>> = { public: '公开', friends: '好友圈', fans: '粉丝', self: '仅自己可见' };
const SETTING_KEYS = ['visibility', 'tags'] as const;

const isLoginPage = (u: URL) => u.pathname.endsWith('/newlogin');
const postIdOf = (href: string) => /\/[\w-]+\/(\w+)\/?$/.exec(new URL(href, 'http://x').pathname)?.[1];
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

export const weiboAdapter: Adapter = {
  platform: 'weibo',
  contentTypes: ['dynamic'],
  defaultBaseUrl: 'https://weibo.com',
  settingKeys: SETTING_KEYS,

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    await openLoggedIn(page, siteUrl(ctx, PATHS.home), 'check_login', ctx, isLoginPage);
    return readAccount(page, S.account, 'check_login', ctx);
  },

  async prepare(page, anyJob, ctx) {
    const job = jobOfType(anyJob, 'dynamic');
    const { reader, visibility, tags } = readSettings(job);
    reader.logIgnored(SETTING_KEYS, ctx.log);
    const text = weiboText(job.payload.content, tags);
    const images = job.payload.images ?? [];
    if (!text && images.length === 0) throw new AdapterError('publish_rejected', 'fill', 'weibo needs text or at least one picture');
    assertMaxChars(text, MAX_CHARS, 'fill', 'text (Markdown removed, topics added)');
    if (images.length > MAX_IMAGES) throw new AdapterError('publish_rejected', 'fill', `weibo takes at most ${MAX_IMAGES} pictures (got ${images.length})`);

    ctx.progress('open_editor');
    await openLoggedIn(page, siteUrl(ctx, PATHS.home), 'open_editor', ctx, isLoginPage);
    assertAccount(await readAccount(page, S.account, 'open_editor', ctx), job, 'open_editor');

    ctx.progress('fill');
    await fillChecked(await need(page, S.composer, 'fill', 'composer', ctx), text, 'fill', 'composer');

    if (images.length > 0) await uploadImages(page, images, ctx);

    ctx.progress('apply_settings');
    const select = await need(page, S.visibility, 'apply_settings', 'visibility menu', ctx);
    const label = WEIBO_VISIBILITY_LABELS[visibility]!;
    const offered = await select.locator('option').allInnerTexts();
    if (!offered.map((o) => o.trim()).includes(label)) {
      throw new AdapterError('setting_unavailable', 'apply_settings', `weibo no longer offers visibility "${label}"`, { field: 'visibility' });
    }
    await select.selectOption({ label });
  },

  async publish(page, job, ctx) {
    jobOfType(job, 'dynamic');
    const success = await gatedPublish(
      page,
      {
        button: await need(page, S.send, 'publish', 'send button', ctx),
        isPublishRequest: (req) => req.method() === 'POST' && new URL(req.url()).pathname.endsWith(PATHS.updateApi),
        success: page.locator(S.sendSuccess),
        failure: page.locator(S.sendError),
      },
      ctx,
    );
    return confirmedPost(page, success, S.postLink, postIdOf, ctx, 'posted, but the confirmation carries no link to the post');
  },

  async verify(page, anyJob, ctx) {
    const job = jobOfType(anyJob, 'dynamic');
    ctx.progress('read_back');
    await openLoggedIn(page, siteUrl(ctx, PATHS.profile(job.account.externalRef)), 'check_login', ctx, isLoginPage);
    assertAccount(await readAccount(page, S.account, 'check_login', ctx), job, 'check_login');
    const feed = await need(page, S.feed, 'read_back', 'profile feed', ctx, 'attached');
    const posts = await listedPosts(feed, S.feedItem, { link: S.feedLink, text: S.feedText }, postIdOf, page);
    const expected = normalize(weiboText(job.payload.content, readSettings(job).tags));
    return matchPost(posts, job, (text) => normalize(text) === expected);
  },
};

async function uploadImages(page: Page, paths: readonly string[], ctx: AdapterContext): Promise<void> {
  ctx.progress('upload');
  const files: OpenedFile[] = [];
  for (const p of paths) files.push(await openMedia(ctx, p, 'upload', 'upload_failed', 'picture'));
  const total = files.reduce((n, f) => n + f.size, 0);
  await need(page, S.imageList, 'upload', 'picture list', ctx, 'attached');
  await (await need(page, S.imageInput, 'upload', 'picture input', ctx, 'attached')).setInputFiles(files.map((f) => f.path));
  const error = page.locator(S.imageError);
  let reported = -1;
  await poll(
    async () => ({ done: await page.locator(S.imageDone).count(), failed: await error.isVisible() }),
    (s) => s.failed || s.done === files.length,
    {
      intervalMs: 100,
      timeoutMs: timeouts(ctx).uploadMs,
      signal: ctx.signal,
      onValue: ({ done }) => {
        if (done === reported) return;
        reported = done;
        // The composer reports whole pictures; count their bytes as they finish.
        const sent = files.slice(0, done).reduce((n, f) => n + f.size, 0);
        ctx.progress('upload', { bytesSent: sent, bytesTotal: total, percent: Math.round((100 * sent) / total) });
      },
      onTimeout: () => new AdapterError('upload_failed', 'upload', 'pictures did not finish uploading in time'),
    },
  );
  if (await error.isVisible()) throw new AdapterError('upload_failed', 'upload', `weibo refused a picture: ${(await error.innerText()).trim()}`);
}

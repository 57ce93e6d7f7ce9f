/**
 * juejin (稀土掘金): articles. The editor takes Markdown as is. Publishing opens
 * a panel for category, tags (1–3, chosen from juejin's own list), cover and
 * summary; "确定并发布" is the one non-repeatable click.
 *
 * Settings (shared contract names): `category` (required; our codes, mapped to juejin's labels),
 * `tags` (1–3 of juejin's own tags), `summary` (≤ 100; juejin writes one otherwise),
 * `coverMode` (`custom` uploads the article's coverImage; absent → custom when there is one).
 */
import type { Page } from 'playwright-core';
import { AdapterError, type Adapter, type AdapterContext, type ArticleJob } from './contract.js';
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
  readAccount,
  siteUrl,
  timeouts,
} from './support.js';

const PATHS = {
  home: '/creator/home',
  editor: '/editor/drafts/new',
  articles: '/creator/content/article/essays',
  publishApi: '/content_api/v1/article/publish',
};

const S = {
  account: '[data-testid="current-user"]',
  title: '[data-testid="title-input"]',
  body: '[data-testid="markdown-editor"]',
  openPanel: '[data-testid="publish-open"]',
  panel: '[data-testid="publish-panel"]',
  categories: '[data-testid="category-group"]',
  tagSearch: '[data-testid="tag-search"]',
  tagOptions: '[data-testid="tag-options"]',
  selectedTags: '[data-testid="selected-tags"]',
  coverInput: '[data-testid="cover-input"]',
  coverPreview: '[data-testid="cover-preview"]',
  coverError: '[data-testid="cover-error"]',
  summary: '[data-testid="summary-input"]',
  confirm: '[data-testid="publish-confirm"]',
  publishError: '[data-testid="publish-error"]',
  success: '[data-testid="publish-success"]',
  postLink: '[data-testid="post-link"]',
  articleList: '[data-testid="article-list"]',
  articleRow: '[data-testid="article-row"]',
  articleTitle: '[data-testid="article-title"]',
} as const;

const TITLE_MAX = 100;
const SUMMARY_MAX = 100;
const isLoginPage = (u: URL) => u.pathname.endsWith('/login');
const postIdOf = (href: string) => /\/post\/(\d+)/.exec(href)?.[1];

/** Our category codes (shared settings contract) → the labels juejin's panel shows. */
export const JUEJIN_CATEGORY_LABELS: Readonly<Record<string, string>> = {
  backend: '后端',
  frontend: '前端',
  android: 'Android',
  ios: 'iOS',
  ai: '人工智能',
  tools: '开发工具',
  reading: '阅读',
  career: '代码人生',
};
const SETTING_KEYS = ['category', 'tags', 'summary', 'coverMode'] as const;

function readSettings(job: ArticleJob) {
  const r = new SettingsReader(job);
  const category = r.string('category', { required: true, oneOf: Object.keys(JUEJIN_CATEGORY_LABELS) });
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImage ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImage) {
    throw new AdapterError('cover_rejected', 'upload', 'coverMode is custom but the article has no coverImage');
  }
  return {
    reader: r,
    categoryLabel: JUEJIN_CATEGORY_LABELS[category]!,
    tags: r.stringArray('tags', { min: 1, max: 3 }),
    summary: r.string('summary', { maxLength: SUMMARY_MAX }),
    cover: coverMode === 'custom' ? job.payload.coverImage : undefined,
  };
}

export const juejinAdapter: Adapter = {
  platform: 'juejin',
  contentTypes: ['article'],
  defaultBaseUrl: 'https://juejin.cn',
  settingKeys: SETTING_KEYS,

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    await openLoggedIn(page, siteUrl(ctx, PATHS.home), 'check_login', ctx, isLoginPage);
    return readAccount(page, S.account, 'check_login', ctx);
  },

  async prepare(page, anyJob, ctx) {
    const job = jobOfType(anyJob, 'article');
    const { title, content } = job.payload;
    const settings = readSettings(job);
    settings.reader.logIgnored(SETTING_KEYS, ctx.log);
    if (!title.trim()) throw new AdapterError('publish_rejected', 'fill', 'juejin needs a title');
    assertMaxChars(title, TITLE_MAX, 'fill', 'title');

    ctx.progress('open_editor');
    await openLoggedIn(page, siteUrl(ctx, PATHS.editor), 'open_editor', ctx, isLoginPage);
    assertAccount(await readAccount(page, S.account, 'open_editor', ctx), job, 'open_editor');

    ctx.progress('fill');
    await fillChecked(await need(page, S.title, 'fill', 'title input', ctx), title, 'fill', 'title input');
    // The Markdown goes in verbatim: juejin's editor is a Markdown editor.
    await fillChecked(await need(page, S.body, 'fill', 'Markdown editor', ctx), content, 'fill', 'Markdown editor');

    ctx.progress('apply_settings');
    await (await need(page, S.openPanel, 'apply_settings', 'publish button (opens the panel)', ctx)).click();
    const panel = await need(page, S.panel, 'apply_settings', 'publish panel', ctx);
    await chooseCategory(page, settings.categoryLabel, ctx);
    await chooseTags(page, settings.tags, ctx);
    if (settings.cover) await uploadCover(page, settings.cover, ctx);
    if (settings.summary) await fillChecked(await need(panel, S.summary, 'apply_settings', 'summary', ctx), settings.summary, 'apply_settings', 'summary');
  },

  async publish(page, job, ctx) {
    jobOfType(job, 'article');
    const success = await gatedPublish(
      page,
      {
        button: await need(page, S.confirm, 'publish', 'confirm-and-publish button', ctx),
        isPublishRequest: (req) => req.method() === 'POST' && new URL(req.url()).pathname.endsWith(PATHS.publishApi),
        success: page.locator(S.success),
        failure: page.locator(S.publishError),
      },
      ctx,
    );
    return confirmedPost(page, success, S.postLink, postIdOf, ctx, 'published, but the confirmation carries no article link');
  },

  async verify(page, anyJob, ctx) {
    const job = jobOfType(anyJob, 'article');
    ctx.progress('read_back');
    await openLoggedIn(page, siteUrl(ctx, PATHS.articles), 'check_login', ctx, isLoginPage);
    // Looking in another account's list would find nothing and invite a duplicate.
    assertAccount(await readAccount(page, S.account, 'check_login', ctx), job, 'check_login');
    const list = await need(page, S.articleList, 'read_back', 'article list', ctx, 'attached');
    const posts = await listedPosts(list, S.articleRow, { link: S.articleTitle }, postIdOf, page);
    return matchPost(posts, job, (text) => text === job.payload.title.trim());
  },
};

async function chooseCategory(page: Page, category: string, ctx: AdapterContext): Promise<void> {
  const group = await need(page, S.categories, 'apply_settings', 'category list', ctx);
  const radio = group.getByRole('radio', { name: category, exact: true });
  if ((await radio.count()) === 0) {
    throw new AdapterError('setting_unavailable', 'apply_settings', `juejin offers no category "${category}"`, { field: 'category' });
  }
  await radio.check();
}

async function chooseTags(page: Page, tags: readonly string[], ctx: AdapterContext): Promise<void> {
  const search = await need(page, S.tagSearch, 'apply_settings', 'tag search', ctx);
  const options = await need(page, S.tagOptions, 'apply_settings', 'tag suggestions', ctx, 'attached');
  const chosen = await need(page, S.selectedTags, 'apply_settings', 'selected tags', ctx, 'attached');
  for (const tag of tags) {
    await search.fill(tag);
    const option = options.getByRole('option', { name: tag, exact: true });
    try {
      await option.waitFor({ timeout: timeouts(ctx).selectorMs });
    } catch {
      throw new AdapterError('setting_unavailable', 'apply_settings', `juejin has no tag "${tag}"`, { field: 'tags' });
    }
    await option.click();
    await need(chosen, `[data-tag="${tag.replace(/"/g, '\\"')}"]`, 'apply_settings', `chip of tag "${tag}"`, ctx);
  }
}

async function uploadCover(page: Page, path: string, ctx: AdapterContext): Promise<void> {
  ctx.progress('upload', { phase: 'cover' });
  const file = await openMedia(ctx, path, 'upload', 'cover_rejected', 'cover image');
  await (await need(page, S.coverInput, 'upload', 'cover file input', ctx, 'attached')).setInputFiles(file.path);
  const preview = page.locator(`${S.coverPreview}[data-url]`);
  const error = page.locator(S.coverError);
  try {
    await preview.or(error).filter({ visible: true }).first().waitFor({ timeout: timeouts(ctx).uploadMs });
  } catch {
    throw new AdapterError('cover_rejected', 'upload', 'the cover upload never finished');
  }
  if (await error.isVisible()) {
    // Spec: a custom cover that cannot be adopted stops the job; no automatic cover instead.
    throw new AdapterError('cover_rejected', 'upload', `juejin refused the cover: ${(await error.innerText()).trim()}`);
  }
  ctx.progress('upload', { phase: 'cover', bytesSent: file.size, bytesTotal: file.size, percent: 100 });
}

/**
 * sohu (搜狐号) videos through the video page, driven as a person does: the
 * file into the page's video input, then — once the page says the upload
 * succeeded — the title and the description, and 发布. One Sohu login may
 * hold several 搜狐号 accounts: the job's account must be among them. This
 * module is the video side of the sohu adapter (./adapter.ts), which also
 * publishes articles through the editor's API.
 *
 * The facts this rests on and their sources are in ./provenance.ts.
 *
 * Settings (shared contract names): `description` (else the payload's, as
 * plain text), `visibility` (public only), `coverMode` (auto only: no cover
 * control is on record). Tags and `aiLabel` are logged as ignored.
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext } from '../contract.js';
import { listedTime } from '../kit/listed-time.js';
import { field, pageJson } from '../kit/page-api.js';
import { uploadVideoFile } from '../kit/upload-marks.js';
import { plainVideoFlow } from '../kit/video-page.js';
import { outcomeUnknown } from '../publish-click.js';
import type { ListedPost } from '../support.js';
import { at, OK, openAs, ORIGIN, real } from './session.js';
import { contractLimits } from '../kit/contract-limits.js';

export const SOHU_VIDEO_URLS = {
  videoEditor: `${ORIGIN}/mpfe/v4/contentManagement/news/addvideo`,
  publishPath: '/mpbp/bp/news/v4/news/publishVideo/v2',
  list: (account: string) => `${ORIGIN}/mpbp/bp/news/v4/users/news?${new URLSearchParams({ psize: '20', newsType: '4', statusType: '1', pno: '1', accountId: account })}`,
  post: (id: string, account: string) => `https://www.sohu.com/a/${encodeURIComponent(id)}_${encodeURIComponent(account)}`,
};

export const SOHU_VIDEO_SETTINGS = ['description', 'visibility', 'coverMode'] as const;
/** The settings contract's video limits (no source records 搜狐号's own). */
export const SOHU_VIDEO_LIMITS = contractLimits('video', 'sohu', ['titleMax', 'descriptionMax']);

const S = {
  file: 'input[type="file"][accept*="video"]',
  uploaded: /^\s*(上传成功|上传完成|处理完成)\s*$/,
  failed: /^\s*上传失败\s*$/,
  title: 'input[placeholder*="标题"]',
  description: 'textarea[placeholder*="描述"], textarea[placeholder*="简介"]',
  /** The page's refusal toast: Ant Design's, or Element UI's (the page's dialogs are recorded as Element UI's). */
  refusal: '.ant-message-error, .el-message--error',
  /** The recorded publish control: an li in the page's button list, else a button reading 发布. */
  publishItem: 'li.publish-report-btn',
} as const;

/** Statuses of the list that are not a public post: 1 a draft, 3 not passed, 7 and 9 removed. */
const NOT_THE_POST = new Set([1, 3, 7, 9]);

/** The account's own videos as the content list gives them (newest first); read-only. */
async function ownVideos(page: Page, account: string, ctx: AdapterContext): Promise<ListedPost[]> {
  const body = await pageJson(page, at(ctx, SOHU_VIDEO_URLS.list(account)), {}, 'read_back', 'video list', ctx);
  const rows = field(body, 'data', 'news') ?? field(body, 'data', 'videos');
  if (field(body, 'code') !== OK || !Array.isArray(rows)) throw new AdapterError('editor_changed', 'read_back', `video list: no data.news (${String(field(body, 'msg') ?? 'changed answer')})`);
  return rows.flatMap((row) => {
    const id = field(row, 'id');
    if ((typeof id !== 'string' && typeof id !== 'number') || NOT_THE_POST.has(Number(field(row, 'status')))) return [];
    return [{ postId: String(id), url: at(ctx, SOHU_VIDEO_URLS.post(String(id), account)), text: String(field(row, 'title') ?? '').trim(), postedAt: listedTime(field(row, 'postTime')) }];
  });
}

/** The session `prepare` leaves for `publish` is the 搜狐号 account the video page was opened for (its addresses carry it). */
export const videoFlow = plainVideoFlow({
  platform: 'sohu',
  settings: SOHU_VIDEO_SETTINGS,
  limits: SOHU_VIDEO_LIMITS,
  noCover: 'sohu: the video page has no cover control on record; coverMode custom is refused',
  noTitle: 'a 搜狐号 video needs a title',
  coverNotApplied: 'the video page has no cover control on record: 搜狐号 picks the cover',
  checkJob(job) {
    if (!/^\d+$/.test(job.account.externalRef)) throw new AdapterError('login_required', 'open_editor', `搜狐号 account ids are numbers, not "${job.account.externalRef}"`);
  },
  open: (page, job, step, ctx) => openAs(page, SOHU_VIDEO_URLS.videoEditor, job, step, ctx),
  controls: S,
  uploadFirst: true,
  upload: (page, video, ctx) => uploadVideoFile(page.locator(S.file).first(), video, { done: page.getByText(S.uploaded), failed: page.getByText(S.failed), refusal: page.locator(S.refusal), platform: '搜狐号' }, ctx),
  checkPage(page, ctx) {
    // The click is the video page's own: on any other page (one prepare did not leave) it would be another control.
    if (real(ctx, page.url()).pathname !== new URL(SOHU_VIDEO_URLS.videoEditor).pathname) throw new AdapterError('editor_changed', 'publish', 'the page is not a prepared video page; nothing was published', { url: page.url() });
  },
  publish: (page, account, ctx) => ({
    button: page.locator(S.publishItem).filter({ hasText: /^\s*发\s*布\s*$/ }).or(page.getByRole('button', { name: /^\s*发\s*布\s*$/ })).first(),
    isPublishRequest: (req) => req.method() === 'POST' && real(ctx, req.url()).pathname === SOHU_VIDEO_URLS.publishPath,
    urlPattern: `*${SOHU_VIDEO_URLS.publishPath}*`,
    refusal: page.locator(S.refusal),
    judge: (body) => {
      if (field(body, 'code') !== OK) return { ok: false, message: String(field(body, 'msg') ?? field(body, 'message') ?? `code ${String(field(body, 'code'))}`) };
      const id = field(body, 'data');
      if ((typeof id !== 'string' && typeof id !== 'number') || !/^\d+$/.test(String(id))) throw outcomeUnknown('搜狐号 accepted the video but its answer named no post id', page);
      return { ok: true, value: { postId: String(id), url: at(ctx, SOHU_VIDEO_URLS.post(String(id), account)) } };
    },
  }),
  list: ownVideos,
});

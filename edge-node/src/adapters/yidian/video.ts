/**
 * yidian (一点号) videos through the desk's video editor, driven as a person
 * does: the title, the description, the file into the page's video input,
 * then 发布. No source records a cover, tags, an audience or a declaration
 * on this page: none is applied. This module is the video side of the yidian
 * adapter (./adapter.ts), which also publishes articles.
 *
 * What each step rests on is in ./provenance.ts.
 *
 * Settings (shared contract names): `description` (else the payload's, as
 * plain text), `visibility` (public only), `coverMode` (auto only).
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type OpenedFile } from '../contract.js';
import { listedTime } from '../kit/listed-time.js';
import { field, pageJson } from '../kit/page-api.js';
import { plainVideoFlow } from '../kit/video-page.js';
import { assertAccount, type ListedPost, matchPost, timeouts } from '../support.js';
import { at, openAt, ORIGIN, real, type Session } from './site.js';
import { contractLimits } from '../kit/contract-limits.js';

export const YIDIAN_VIDEO_URLS = {
  home: `${ORIGIN}/`,
  videoEditor: `${ORIGIN}/#/Writing/videoEditor`,
  videoPublishPath: '/api/video/publish',
  /** The address public scripts record for the article publish. */
  postPublishPath: '/api/post/publish',
  videoList: `${ORIGIN}/model/Video?page=1&page_size=10&status=2,6,7`,
  post: (id: string) => `https://www.yidianzixun.com/article/${encodeURIComponent(id)}`,
};

export const YIDIAN_VIDEO_SETTINGS = ['description', 'visibility', 'coverMode'] as const;
/** The settings contract's video limits (no source records 一点号's own). */
export const YIDIAN_VIDEO_LIMITS = contractLimits('video', 'yidian', ['titleMax', 'descriptionMax']);

const S = {
  title: 'input[placeholder*="标题"]',
  description: 'textarea[placeholder*="描述"], textarea[placeholder*="简介"]',
  file: 'input[type="file"][accept*="video"]',
  uploaded: '上传成功',
  failed: '上传失败',
  refusal: '.editor-tip-error',
  articlePublish: 'div.button_publish',
} as const;

/** The file into the page's video input; then the page's 上传成功, or its 上传失败 with its message. */
async function uploadVideo(page: Page, video: OpenedFile, ctx: AdapterContext): Promise<void> {
  ctx.progress('upload', { phase: 'transfer', bytesSent: 0, bytesTotal: video.size, percent: 0 });
  await page.locator(S.file).first().setInputFiles(video.path);
  const done = page.getByText(S.uploaded, { exact: true });
  const failed = page.getByText(S.failed, { exact: true });
  try {
    await done.or(failed).first().waitFor({ state: 'attached', timeout: timeouts(ctx).uploadMs });
  } catch {
    throw new AdapterError('upload_failed', 'upload', 'the video upload did not finish in time');
  }
  if ((await failed.count()) > 0) {
    const why = (await page.locator(S.refusal).first().innerText().catch(() => '')).trim();
    throw new AdapterError('upload_failed', 'upload', `一点号 refused the video${why ? `: ${why}` : ''}`);
  }
  ctx.progress('upload', { phase: 'transfer', bytesSent: video.size, bytesTotal: video.size, percent: 100 });
}

/** The publish's own address (not on record), or the article publish's (recorded): the answer to either is read. */
const VIDEO_PUBLISH_PATHS = [YIDIAN_VIDEO_URLS.videoPublishPath, YIDIAN_VIDEO_URLS.postPublishPath];

/** The account's published videos as the list gives them (newest first); read-only. */
async function ownVideos(page: Page, session: Session, ctx: AdapterContext): Promise<ListedPost[]> {
  const body = await pageJson(page, at(ctx, YIDIAN_VIDEO_URLS.videoList), { headers: session.headers }, 'read_back', 'video list', ctx);
  const rows = field(body, 'posts');
  if (!Array.isArray(rows)) throw new AdapterError('editor_changed', 'read_back', `video list: no posts in the answer (${String(field(body, 'reason') ?? 'changed answer')})`);
  return rows.flatMap((row) => {
    const id = field(row, 'newsId') ?? field(row, 'docid') ?? field(row, 'id');
    if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '') return [];
    // The row's own address wins; without one, the article address built from its id (verify confirms it).
    const url = givenUrl(field(row, 'url')) ?? YIDIAN_VIDEO_URLS.post(String(id));
    return [{ postId: String(id), url: at(ctx, url), text: String(field(row, 'title') ?? '').trim(), postedAt: listedTime(field(row, 'date')) }];
  });
}

/**
 * Public video addresses carry `V_`-prefixed ids (provenance: V1, V2); an answer's id of another
 * shape names no address on record, so the video is read back from the list instead.
 */
const VIDEO_ID = /^V_\w+$/;

/** A web address the platform gave (an answer's or a list row's `url`), if any. */
function givenUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** The session of the prepared page (the headers the desk's calls carry) is what the read-back after the publish uses. */
export const videoFlow = plainVideoFlow({
  platform: 'yidian',
  settings: YIDIAN_VIDEO_SETTINGS,
  limits: YIDIAN_VIDEO_LIMITS,
  noCover: '一点号: the video editor has no cover control on record; coverMode custom is refused',
  noTitle: 'a 一点号 video needs a title',
  coverNotApplied: 'the video editor has no cover control on record: 一点号 picks the cover',
  async open(page, job, step, ctx) {
    const session = await openAt(page, step === 'open_editor' ? YIDIAN_VIDEO_URLS.videoEditor : YIDIAN_VIDEO_URLS.home, step, ctx);
    assertAccount(session.login, job, step);
    return session;
  },
  controls: S,
  upload: uploadVideo,
  /** 发布 behind the commit gate; the answer's id, or (an answer naming none) the video list's row for the job. */
  publish: (page, _session, ctx) => ({
    // A button reading 发布, or the article editor's recorded control.
    button: page.getByRole('button', { name: /^\s*发\s*布\s*$/ }).or(page.locator(S.articlePublish)).first(),
    isPublishRequest: (req) => VIDEO_PUBLISH_PATHS.includes(real(ctx, req.url()).pathname),
    urlPattern: VIDEO_PUBLISH_PATHS.map((path) => `*${path}*`),
    refusal: page.locator(S.refusal),
    judge: (body) => {
      if (field(body, 'status') !== 'success') return { ok: false, message: String(field(body, 'reason') ?? field(body, 'message') ?? '一点号 refused the video') };
      const id = field(body, 'id') ?? field(body, 'newsId') ?? field(body, 'docid') ?? field(body, 'data', 'id');
      if ((typeof id !== 'string' && typeof id !== 'number') || !/^[\w-]{1,64}$/.test(String(id))) return { ok: true, value: undefined };
      // The answer's own address, or the article address for a V_ id; any other id is read back from the list.
      const url = givenUrl(field(body, 'url')) ?? givenUrl(field(body, 'data', 'url')) ?? (VIDEO_ID.test(String(id)) ? YIDIAN_VIDEO_URLS.post(String(id)) : undefined);
      return { ok: true, value: url === undefined ? undefined : { postId: String(id), url: at(ctx, url) } };
    },
  }),
  async readBack(page, job, session, ctx) {
    // Accepted without an id, or with one naming no address: the list names the video.
    const title = job.payload.title.trim();
    const listed = matchPost(await ownVideos(page, session, ctx), job, (text) => text === title);
    if (!listed.found) throw new AdapterError('readback_failed', 'read_back', '一点号 accepted the video but its answer names no id and the video list does not yet show it; verify before any retry');
    return { postId: listed.postId, url: listed.url };
  },
  list: ownVideos,
});

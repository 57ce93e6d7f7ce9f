/**
 * netease (网易号) videos through the creator centre's video page, driven as
 * a person does: the title, the description, the file into the page's video
 * input, then — once the page marks the upload a success — 发布. This module
 * is the video side of the netease adapter (./adapter.ts), which also
 * publishes articles; both share the account call (./site.ts).
 *
 * The facts this rests on and their sources are in ./provenance.ts.
 *
 * Settings (shared contract names): `description` (else the payload's, as
 * plain text), `visibility` (public only), `coverMode` (auto only).
 */
import type { Page } from 'playwright-core';
import { AdapterError, type AdapterContext } from '../contract.js';
import { listedTime } from '../kit/listed-time.js';
import { field, pageJson } from '../kit/page-api.js';
import { uploadVideoFile } from '../kit/upload-marks.js';
import { plainVideoFlow } from '../kit/video-page.js';
import { assertAccount, type ListedPost, matchPost, openLoggedIn } from '../support.js';
import { at, isLoginPage, ORIGIN, real, whoAmI } from './site.js';
import { contractLimits } from '../kit/contract-limits.js';

export const NETEASE_VIDEO_URLS = {
  videoEditor: `${ORIGIN}/subscribe_v4/index.html#/video-publish`,
  videoPublishPath: '/wemedia/video/status/api/publish.do',
  list: `${ORIGIN}/wemedia/content/manage/list.do`,
  post: (docId: string) => `https://www.163.com/v/video/${encodeURIComponent(docId)}.html`,
};

export const NETEASE_VIDEO_SETTINGS = ['description', 'visibility', 'coverMode'] as const;
/** The settings contract's video limits (no source records 网易号's own). */
export const NETEASE_VIDEO_LIMITS = contractLimits('video', 'netease', ['titleMax', 'descriptionMax']);

const S = {
  title: 'input[placeholder*="标题"]',
  description: 'textarea[placeholder*="描述"], textarea[placeholder*="简介"]',
  file: 'input[type="file"][accept*="video"]',
  uploaded: '.upload-success',
  failed: '上传失败',
  refusal: '.ne-message--error',
} as const;
const DOC_ID = /^[\w-]{1,64}$/;
/**
 * A 163 video's vid (V + 8 letters and digits), the id public /v/video/<id>.html addresses carry
 * (provenance: NV); a docId names no video page on record.
 */
const VID = /^V[0-9A-Z]{8}$/;

/** A web address the platform gave (an answer's or a row's `url`), if any. */
function givenUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** The video's address from what an answer or a row (`node`) gives: its url, else the page of its vid. */
function addressIn(node: unknown): string | undefined {
  const given = givenUrl(field(node, 'url'));
  if (given) return given;
  const vid = ['vid', 'videoId', 'skipId'].map((k) => field(node, k)).find((v) => typeof v === 'string' && VID.test(v));
  return typeof vid === 'string' ? NETEASE_VIDEO_URLS.post(vid) : undefined;
}

/** The account's published videos as the content list gives them (newest first); read-only. */
async function ownVideos(page: Page, wemediaId: string, ctx: AdapterContext): Promise<ListedPost[]> {
  const form = { wemediaId, pageNo: '1', size: '20', contentType: '2', contentState: '3' };
  const body = await pageJson(page, at(ctx, NETEASE_VIDEO_URLS.list), { method: 'POST', form }, 'read_back', 'content list', ctx);
  const rows = field(body, 'data', 'list');
  if (field(body, 'code') !== 1 || !Array.isArray(rows)) throw new AdapterError('editor_changed', 'read_back', `content list: no data.list (${String(field(body, 'msg') ?? 'changed answer')})`);
  return rows.flatMap((row) => {
    const id = String(field(row, 'docId') ?? field(row, 'articleId') ?? '');
    if (!DOC_ID.test(id) || field(row, 'contentState') === 0) return [];
    // The row's url or vid page; a row with neither gets the docId's (the only form left, verify confirms it).
    const url = addressIn(row) ?? NETEASE_VIDEO_URLS.post(id);
    return [{ postId: id, url: at(ctx, url), text: String(field(row, 'title') ?? '').trim(), postedAt: listedTime(field(row, 'publishTime') ?? field(row, 'showTime')) }];
  });
}

export const videoFlow = plainVideoFlow({
  platform: 'netease',
  settings: NETEASE_VIDEO_SETTINGS,
  limits: NETEASE_VIDEO_LIMITS,
  noCover: 'netease: the video page has no cover control on record; coverMode custom is refused',
  noTitle: 'a 网易号 video needs a title',
  coverNotApplied: 'the video page has no cover control on record: 网易号 picks the cover',
  /** The session is the 网易号 account (its wemediaId is what the content list is asked for). */
  async open(page, job, step, ctx) {
    await openLoggedIn(page, at(ctx, NETEASE_VIDEO_URLS.videoEditor), step, ctx, isLoginPage(ctx));
    const account = await whoAmI(page, step, ctx);
    assertAccount(account, job, step);
    return account;
  },
  controls: S,
  upload: (page, video, ctx) =>
    uploadVideoFile(page.locator(S.file).first(), video, { done: page.locator(S.uploaded), failed: page.getByText(S.failed, { exact: true }), refusal: page.locator(S.refusal), platform: '网易号' }, ctx),
  publish: (page, _session, ctx) => ({
    button: page.getByRole('button', { name: /^\s*发\s*布\s*$/ }).first(),
    isPublishRequest: (req) => req.method() === 'POST' && real(ctx, req.url()).pathname === NETEASE_VIDEO_URLS.videoPublishPath,
    urlPattern: `*${NETEASE_VIDEO_URLS.videoPublishPath}*`,
    refusal: page.locator(S.refusal),
    judge: (body) => {
      if (field(body, 'code') !== 1) return { ok: false, message: String(field(body, 'msg') ?? `code ${String(field(body, 'code'))}`) };
      // data.docId names the video, and its url or vid its page; an answer without both is completed
      // from the content list (readBack), whose row gives them.
      const id = field(body, 'data', 'docId');
      const url = addressIn(field(body, 'data'));
      return { ok: true, value: typeof id === 'string' && DOC_ID.test(id) && url !== undefined ? { postId: id, url: at(ctx, url) } : undefined };
    },
  }),
  async readBack(page, job, _session, ctx) {
    ctx.progress('read_back');
    const title = job.payload.title.trim();
    const found = await whoAmI(page, 'read_back', ctx)
      .then(async (account) => matchPost(await ownVideos(page, account.externalRef, ctx), job, (text) => text === title))
      .catch((e: unknown) => {
        throw new AdapterError('readback_failed', 'read_back', `网易号 accepted the video but named no docId and page, and its content list could not be read (${(e as Error).message}); verify before any retry`);
      });
    if (!found.found) throw new AdapterError('readback_failed', 'read_back', '网易号 accepted the video but named no docId and page, and its content list does not show it yet; verify before any retry');
    return { postId: found.postId, url: found.url };
  },
  list: (page, account, ctx) => ownVideos(page, account.externalRef, ctx),
});

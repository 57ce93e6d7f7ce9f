/**
 * autohome (汽车之家 车家号) videos through the creator centre's video page,
 * driven as a person does: the file into the page's uploader (#browser_0),
 * then — once the page marks the upload a success — the title and the
 * description, and 发布. This module is the video side of the autohome
 * adapter (./adapter.ts), which also publishes articles.
 *
 * What it rests on is in autohome/provenance.ts, with the articles' facts.
 *
 * Settings (shared contract names): `description` (else the payload's, as
 * plain text), `visibility` (public only), `coverMode` (auto only: the cover
 * editor's opening control is not on record). 原创 and 首发 are declarations
 * Plume has no fact for (a video fanned out to several platforms is not a
 * first publication): they are left as the page has them.
 */
import type { Page } from 'playwright-core';
import type { AdapterContext, LoginInfo, Step } from '../contract.js';
import { autohomeAccount } from './account.js';
import { listedTime } from '../kit/listed-time.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { field, pageJson } from '../kit/page-api.js';
import { uploadVideoFile } from '../kit/upload-marks.js';
import { refusalIn } from '../kit/refusal.js';
import { plainVideoFlow } from '../kit/video-page.js';
import { outcomeUnknown } from '../publish-click.js';
import { assertAccount, type ListedPost, openLoggedIn } from '../support.js';
import { contractLimits } from '../kit/contract-limits.js';

/** The autohome adapter's own origin (its articles' editor): real URLs are mapped to a replica against it. */
const SITE = { defaultBaseUrl: 'https://chejiahao.autohome.com.cn' };

export const AUTOHOME_VIDEO_URLS = {
  videoEditor: 'https://creator.autohome.com.cn/web/publish/video',
  videoPublishPath: '/openapi/content-api/video/publish',
  videoList: 'https://creator.autohome.com.cn/openapi/content-api/video/list?pageIndex=1&pageSize=20',
  post: (id: string) => `https://chejiahao.autohome.com.cn/info/${id}`,
};

export const AUTOHOME_VIDEO_SETTINGS = ['description', 'visibility', 'coverMode'] as const;
/** The settings contract's video limits (no source records autohome's own). */
export const AUTOHOME_VIDEO_LIMITS = contractLimits('video', 'autohome', ['titleMax', 'descriptionMax']);

const S = {
  file: '#browser_0 input[type="file"]',
  uploaded: 'div[data-uploadstatus="success"]',
  failedText: /上传失败|上传出错|上传异常|转码失败/,
  status: 'div[data-uploadstatus]',
  title: '#title',
  description: '#summary',
  /** The page's refusal in every Ant Design form or as an ARIA alert, as on the article page (provenance: PS). */
  refusal: '.ant-message-error, .ant-message-notice-content, .ant-notification-notice, [role="alert"]',
} as const;

type Ctx = Pick<AdapterContext, 'baseUrl'>;
const at = (ctx: Ctx, real: string): string => liveUrl(ctx, SITE, real);
const real = (ctx: Ctx, address: string): URL => realUrl(ctx, SITE, address);
/** Off the creator centre, or a path naming a login on it (as public login probes judge it), is the login. */
const isLoginPage = (ctx: Ctx) => (u: URL) => {
  const r = real(ctx, u.toString());
  return r.host !== 'creator.autohome.com.cn' || /login/i.test(r.pathname);
};

const whoAmI = (page: Page, step: Step, ctx: AdapterContext): Promise<LoginInfo> => autohomeAccount(page, (u) => at(ctx, u), step, ctx);

export const videoFlow = plainVideoFlow({
  platform: 'autohome',
  settings: AUTOHOME_VIDEO_SETTINGS,
  limits: AUTOHOME_VIDEO_LIMITS,
  noCover: "autohome: the video page's cover editor has no recorded way in; coverMode custom is refused",
  noTitle: 'an autohome video needs a title',
  coverNotApplied: "the video page's cover editor is not driven: autohome picks the cover",
  async open(page, job, step, ctx) {
    await openLoggedIn(page, at(ctx, AUTOHOME_VIDEO_URLS.videoEditor), step, ctx, isLoginPage(ctx));
    assertAccount(await whoAmI(page, step, ctx), job, step);
  },
  controls: S,
  uploadFirst: true,
  upload: (page, video, ctx) =>
    uploadVideoFile(page.locator(S.file).first(), video, { done: page.locator(S.uploaded), failed: page.locator(S.status).filter({ hasText: S.failedText }), refusal: refusalIn(page, S.refusal), platform: 'autohome' }, ctx),
  publish: (page, _session, ctx) => ({
    button: page.locator('button:visible', { hasText: /^\s*发\s*布\s*$/ }).first(),
    isPublishRequest: (req) => req.method() === 'POST' && real(ctx, req.url()).pathname === AUTOHOME_VIDEO_URLS.videoPublishPath,
    urlPattern: `*${AUTOHOME_VIDEO_URLS.videoPublishPath}*`,
    refusal: refusalIn(page, S.refusal),
    judge: (body) => {
      const id = field(body, 'result', 'videoId');
      if (field(body, 'returncode') !== 0) return { ok: false, message: String(field(body, 'message') ?? field(body, 'returncode')) };
      if ((typeof id !== 'string' && typeof id !== 'number') || !/^\d+$/.test(String(id))) throw outcomeUnknown('autohome accepted the video but its answer named no videoId', page);
      return { ok: true, value: { postId: String(id), url: at(ctx, AUTOHOME_VIDEO_URLS.post(String(id))) } };
    },
  }),
  async list(page, _session, ctx): Promise<ListedPost[]> {
    const body = await pageJson(page, at(ctx, AUTOHOME_VIDEO_URLS.videoList), {}, 'read_back', 'video list', ctx);
    if (field(body, 'returncode') !== 0) throw new Error(`autohome video list: ${String(field(body, 'message') ?? field(body, 'returncode'))}`);
    const rows = field(body, 'result', 'list');
    return (Array.isArray(rows) ? rows : []).flatMap((row) => {
      const id = field(row, 'videoId');
      if (typeof id !== 'string' && typeof id !== 'number') return [];
      return [{ postId: String(id), url: at(ctx, AUTOHOME_VIDEO_URLS.post(String(id))), text: String(field(row, 'title') ?? '').trim(), postedAt: listedTime(field(row, 'publishTime')) }];
    });
  },
});

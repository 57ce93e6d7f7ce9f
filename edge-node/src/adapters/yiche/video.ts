/**
 * yiche (易车号) videos through mp.yiche.com's video page, driven as a person
 * does: the title, the description, the file into the page's video input,
 * then 发布. No source records a cover, topics or an audience control on this
 * page: none is applied. Provenance: yiche/provenance.ts.
 */
import { listedTime } from '../kit/listed-time.js';
import { field, pageJson } from '../kit/page-api.js';
import { uploadVideoFile } from '../kit/upload-marks.js';
import { refusalIn } from '../kit/refusal.js';
import { plainVideoFlow } from '../kit/video-page.js';
import { outcomeUnknown } from '../publish-click.js';
import { assertAccount, type ListedPost, openLoggedIn } from '../support.js';
import { at, isLoginPage, real, whoAmI, YICHE_URLS } from './site.js';
import { contractLimits } from '../kit/contract-limits.js';

export const YICHE_VIDEO_SETTINGS = ['description', 'visibility', 'coverMode'] as const;
/** The settings contract's video limits (no source records yiche's own). */
export const YICHE_VIDEO_LIMITS = contractLimits('video', 'yiche', ['titleMax', 'descriptionMax']);

const S = {
  title: 'input[placeholder*="标题"]',
  description: 'textarea[placeholder*="描述"], textarea[placeholder*="简介"]',
  file: 'input[type="file"][accept*="video"]',
  uploaded: '上传成功',
  failed: '上传失败',
  /** The page's refusal, in the same forms as the article page's (no record of the video page names one). */
  refusal: '.el-message--error, .el-message--warning, .el-notification, .ant-message-error, [role="alert"]',
} as const;

export const videoFlow = plainVideoFlow({
  platform: 'yiche',
  settings: YICHE_VIDEO_SETTINGS,
  limits: YICHE_VIDEO_LIMITS,
  noCover: 'yiche: the video page has no cover control on record; coverMode custom is refused',
  noTitle: 'a yiche video needs a title',
  coverNotApplied: 'the video page has no cover control on record: yiche picks the cover',
  async open(page, job, step, ctx) {
    await openLoggedIn(page, at(ctx, YICHE_URLS.videoEditor), step, ctx, isLoginPage(ctx));
    assertAccount(await whoAmI(page, step, ctx), job, step);
  },
  controls: S,
  upload: (page, video, ctx) =>
    uploadVideoFile(page.locator(S.file).first(), video, { done: page.getByText(S.uploaded, { exact: true }), failed: page.getByText(S.failed, { exact: true }), refusal: refusalIn(page, S.refusal), platform: 'yiche' }, ctx),
  publish: (page, _session, ctx) => ({
    // One visible control reading 发布 or 提交, or carrying the article page's data-ctitle="fabu": no
    // source records the video page's (provenance). Two of them leave no one publish: editor_changed.
    button: page
      .getByRole('button', { name: /^\s*(发\s*布|提\s*交)\s*$/ })
      .or(page.locator('button[data-ctitle="fabu"]'))
      .filter({ visible: true }),
    isPublishRequest: (req) => req.method() === 'POST' && real(ctx, req.url()).pathname === YICHE_URLS.videoPublishPath,
    urlPattern: `*${YICHE_URLS.videoPublishPath}*`,
    refusal: refusalIn(page, S.refusal),
    judge: (body) => {
      const id = field(body, 'data', 'videoId');
      if (field(body, 'success') !== true) return { ok: false, message: String(field(body, 'message') ?? 'yiche refused the video') };
      if ((typeof id !== 'string' && typeof id !== 'number') || !/^\d+$/.test(String(id))) throw outcomeUnknown('yiche accepted the video but its answer named no videoId', page);
      return { ok: true, value: { postId: String(id), url: at(ctx, YICHE_URLS.video(String(id))) } };
    },
  }),
  /** The account's own videos as the list gives them (newest first). */
  async list(page, _session, ctx): Promise<ListedPost[]> {
    const body = await pageJson(page, at(ctx, YICHE_URLS.videoList), {}, 'read_back', 'video list', ctx);
    if (body.success !== true) throw new Error(`yiche video list: ${String(body.message ?? 'refused')}`);
    const rows = field(body, 'data', 'list');
    return (Array.isArray(rows) ? rows : []).flatMap((row) => {
      const id = field(row, 'videoId');
      if (typeof id !== 'string' && typeof id !== 'number') return [];
      return [{ postId: String(id), url: at(ctx, YICHE_URLS.video(String(id))), text: String(field(row, 'title') ?? '').trim(), postedAt: listedTime(field(row, 'publishTime')) }];
    });
  },
});

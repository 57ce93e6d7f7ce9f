/**
 * One flow for the plain video pages (易车号, 车家号, 网易号, 搜狐号, 一点号):
 * a page with a title, a description and a video input and no cover, topic or
 * audience control on record (video-plan.ts), driven as a person does — the
 * file in and the two boxes filled (in the order the page takes them), then
 * 发布 behind the commit gate, whose answer names the video; `verify` reads
 * the account's video list. A page says only what is its own
 * (`PlainVideoPageSpec`): how its editor opens for the job's account, its
 * controls and upload marks, its publish request and answer, its list.
 *
 * What the editor was opened with (the account id its addresses carry, the
 * headers its calls need) is the session `prepare` hands to `publish`.
 */
import type { Page } from 'playwright-core';
import type { AdapterContext, Flow, OpenedFile, PublishResult, VideoJob } from '../contract.js';
import { fillChecked, type ListedPost, matchPost, need, openMedia } from '../support.js';
import type { JsonPublishClick } from './click-publish-json.js';
import { clickPublishForJson } from './click-publish-json.js';
import { type PlainVideoPage, planPlainVideo } from './video-plan.js';

export interface PlainVideoPageSpec<S> extends PlainVideoPage {
  /** The platform as the logs name it. */
  platform: string;
  /** The settings the page applies; the others are logged as ignored. */
  settings: readonly string[];
  /** Logged when the job carries a cover: why the page does not apply it. */
  coverNotApplied: string;
  /** What the job must be beyond the plan, checked before anything is opened. */
  checkJob?(job: VideoJob): void;
  /**
   * Opens the platform logged in as the job's account (a mismatch is `login_required`): the
   * video page for `prepare` (`open_editor`), the page `verify` looks up from (`check_login`).
   */
  open(page: Page, job: VideoJob, step: 'open_editor' | 'check_login', ctx: AdapterContext): Promise<S>;
  /** The page's controls besides the publish: the video input, the title and the description. */
  controls: { file: string; title: string; description: string };
  /** The page takes the file before the title and description. */
  uploadFirst?: boolean;
  /** The file into the page's input, until the page marks the upload done (or refuses it). */
  upload(page: Page, video: OpenedFile, ctx: AdapterContext): Promise<void>;
  /** Refuses (`editor_changed`) a page the click must not happen on. */
  checkPage?(page: Page, ctx: AdapterContext): void;
  /** The 发布 click and its answer: the post, or nothing where an accepted answer may name none. */
  publish(page: Page, session: S, ctx: AdapterContext): JsonPublishClick<PublishResult | undefined>;
  /** The post an accepted answer did not name, from the account's list (where the page's answer may name none). */
  readBack?(page: Page, job: VideoJob, session: S, ctx: AdapterContext): Promise<PublishResult>;
  /** The account's own videos (newest first), read-only. */
  list(page: Page, session: S, ctx: AdapterContext): Promise<ListedPost[]>;
}

export function plainVideoFlow<S>(spec: PlainVideoPageSpec<S>): Flow<VideoJob, S> {
  return {
    async prepare(page, job, ctx) {
      const p = planPlainVideo(job, spec);
      spec.checkJob?.(job);
      p.reader.logIgnored(spec.settings, ctx.log);
      if (job.payload.coverImagePath) ctx.log.info({ platform: spec.platform, notApplied: ['coverImagePath'] }, spec.coverNotApplied);
      const video = await openMedia(ctx, job.payload.localVideoPath, 'upload', 'upload_failed', 'video');

      ctx.progress('open_editor');
      const session = await spec.open(page, job, 'open_editor', ctx);
      await need(page, spec.controls.file, 'open_editor', 'video upload input', ctx, 'attached');

      if (spec.uploadFirst) await spec.upload(page, video, ctx);
      ctx.progress('fill');
      await fillChecked(await need(page, spec.controls.title, 'fill', 'title input', ctx), p.title, 'fill', 'title');
      if (p.description) await fillChecked(await need(page, spec.controls.description, 'fill', 'description box', ctx), p.description, 'fill', 'description');
      if (!spec.uploadFirst) await spec.upload(page, video, ctx);
      return session;
    },

    async publish(page, job, ctx, session) {
      spec.checkPage?.(page, ctx);
      const named = await clickPublishForJson(page, spec.publish(page, session, ctx), ctx);
      if (named) return named;
      if (!spec.readBack) throw new Error(`${spec.platform}: the publish answer named no post and the page has no read-back`);
      return spec.readBack(page, job, session, ctx);
    },

    async verify(page, job, ctx) {
      ctx.progress('read_back');
      const session = await spec.open(page, job, 'check_login', ctx);
      const title = job.payload.title.trim();
      return matchPost(await spec.list(page, session, ctx), job, (text) => text === title);
    },
  };
}

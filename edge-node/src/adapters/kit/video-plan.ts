/**
 * What a video page's adapter reads out of a job before the browser moves:
 * the title and the description every such page takes, and the whole plan of
 * a page with no cover, topic or audience control on record (易车号, 车家号,
 * 网易号, 一点号, 东方财富 财富号, 搜狐号; all but 东方财富's run as one flow,
 * video-page.ts). Every refusal here is raised before
 * anything is opened, so a job the page would refuse never reaches it.
 */
import { AdapterError, type VideoJob } from '../contract.js';
import { markdownToPlainText } from '../markdown.js';
import { SettingsReader } from '../settings.js';
import { assertMaxChars } from '../support.js';

export interface VideoTextLimits {
  titleMax: number;
  descriptionMax: number;
}

/**
 * The trimmed title (refused with `noTitle` when empty, or when over the
 * limit) and the description as plain text: the `description` setting, else
 * the payload's, within the limit once its Markdown marks are gone.
 */
export function videoTitleAndDescription(job: VideoJob, reader: SettingsReader, limits: VideoTextLimits, noTitle: string): { title: string; description: string } {
  const title = job.payload.title.trim();
  if (!title) throw new AdapterError('publish_rejected', 'fill', noTitle);
  assertMaxChars(title, limits.titleMax, 'fill', 'title');
  const description = markdownToPlainText(reader.string('description', { maxLength: limits.descriptionMax }) ?? job.payload.description ?? '').trim();
  assertMaxChars(description, limits.descriptionMax, 'fill', 'description');
  return { title, description };
}

export interface PlainVideoPage {
  limits: VideoTextLimits;
  /** Why coverMode custom is refused, naming the platform ("yiche: the video page has no cover control on record; …"). */
  noCover: string;
  /** The refusal of a job without a title ("a yiche video needs a title"). */
  noTitle: string;
}

/**
 * The plan of a video page with no cover, topic or audience control on
 * record: coverMode custom and any audience but public are refused, then
 * `videoTitleAndDescription`. The reader is returned for the adapter to log
 * the settings it ignores.
 */
export function planPlainVideo(job: VideoJob, page: PlainVideoPage): { reader: SettingsReader; title: string; description: string } {
  const reader = new SettingsReader(job);
  const coverMode = reader.string('coverMode', { oneOf: ['auto', 'custom'] });
  if (coverMode === 'custom') throw new AdapterError('setting_unavailable', 'apply_settings', page.noCover, { field: 'coverMode' });
  reader.string('visibility', { oneOf: ['public'] });
  return { reader, ...videoTitleAndDescription(job, reader, page.limits, page.noTitle) };
}

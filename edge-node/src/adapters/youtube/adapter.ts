/**
 * YouTube videos through YouTube Studio's upload dialog, driven as a person
 * does: www.youtube.com/upload opens the channel's content list with the
 * dialog; the file goes into its input; on the details step the title, the
 * description, the thumbnail, the playlist, the audience (made for kids or
 * not) and, under Show more, the tags; Next through Video elements and Checks
 * to Visibility (public, unlisted, private, or a scheduled time); once the
 * upload has finished, Publish (Save, Schedule) is the one click behind the
 * commit gate. The dialog shows the video's link (youtu.be/<id>) while the
 * file uploads: that is the video's id, read before the click and confirmed
 * by the dialog YouTube shows after it (Video published, or Video processing
 * while YouTube still processes the file). `verify` reads the channel's
 * content list. YouTube is desktop-only in the catalog: an edge node never
 * offers this adapter (registry.ts).
 *
 * What each step rests on (the public sources of every fact about YouTube
 * Studio, and how sure each is) is in youtube/provenance.ts.
 *
 * Settings (shared contract names): `description` (≤ 5,000; the payload's as
 * plain text otherwise), `tags` (500 characters in all, a comma between
 * two), `privacyStatus` (public, unlisted, private), `madeForKids`
 * (required), `playlistName` (by its exact name; created when the channel
 * has none), `scheduledAt` (ISO 8601, in the future; public at that time),
 * `coverMode` (`custom` uploads coverImagePath as the thumbnail; absent →
 * custom when there is one). The login is Google's own (no QR page): accounts
 * come by `accounts import`.
 */
import type { Locator, Page } from 'playwright-core';
import { AdapterError, type AdapterContext, type OpenedFile, type PublishResult, type Step, type VerifyResult, type VideoJob } from '../contract.js';
import { defineAdapter } from '../define.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { videoTitleAndDescription } from '../kit/video-plan.js';
import { outcomeUnknown } from '../publish-click.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, need, openLoggedIn, openMedia, poll, timeouts } from '../support.js';
import { YOUTUBE_PROVENANCE } from './provenance.js';
import { contractLimits } from '../kit/contract-limits.js';

const ORIGIN = 'https://studio.youtube.com';
const SITE = { defaultBaseUrl: ORIGIN };
export const URLS = {
  studio: `${ORIGIN}/`,
  upload: 'https://www.youtube.com/upload',
  content: (channel: string) => `${ORIGIN}/channel/${channel}/videos/upload`,
  watch: (id: string) => `https://www.youtube.com/watch?v=${id}`,
};

export const YOUTUBE_SETTINGS = ['description', 'tags', 'privacyStatus', 'madeForKids', 'playlistName', 'scheduledAt', 'coverMode'] as const;
/** Title, description, tags (all of them, a comma between two) and playlist name limits. */
export const YOUTUBE_LIMITS = { ...contractLimits('video', 'youtube', ['titleMax', 'descriptionMax']), tagsTotalMax: 500, playlistMax: 150 };
const PRIVACY = { public: 'PUBLIC', unlisted: 'UNLISTED', private: 'PRIVATE' } as const;

const D = 'ytcp-uploads-dialog';
const S = {
  dialog: D,
  file: `${D} input[type="file"]`,
  title: `${D} #title-textarea #textbox`,
  description: `${D} #description-textarea #textbox`,
  thumbInput: `${D} ytcp-thumbnail-uploader input[type="file"], ${D} input#file-loader`,
  thumbShown: `${D} ytcp-thumbnail-uploader img`,
  playlistTrigger: `${D} ytcp-video-metadata-playlists ytcp-dropdown-trigger`,
  playlistDialog: 'ytcp-playlist-dialog',
  playlistSearch: 'ytcp-playlist-dialog #search-input',
  playlistRow: 'ytcp-playlist-dialog tp-yt-paper-checkbox',
  newPlaylist: 'ytcp-playlist-dialog .new-playlist-button, ytcp-playlist-dialog ytcp-button:has-text("New playlist")',
  newPlaylistTitle: 'ytcp-playlist-dialog #create-playlist-form textarea, ytcp-playlist-dialog #create-playlist-form #textbox',
  createPlaylist: 'ytcp-playlist-dialog #create-button, ytcp-playlist-dialog .create-playlist-button',
  playlistDone: 'ytcp-playlist-dialog #save-button, ytcp-playlist-dialog ytcp-button:has-text("Done")',
  // Current Studio names the audience radios VIDEO_MADE_FOR_KIDS_*; older uploaders record NOT_MADE_FOR_KIDS.
  kids: `${D} tp-yt-paper-radio-button[name="VIDEO_MADE_FOR_KIDS_MFK"], ${D} tp-yt-paper-radio-button[name="MADE_FOR_KIDS"]`,
  notKids: `${D} tp-yt-paper-radio-button[name="VIDEO_MADE_FOR_KIDS_NOT_MFK"], ${D} tp-yt-paper-radio-button[name="NOT_MADE_FOR_KIDS"]`,
  showMore: `${D} #toggle-button`,
  advanced: `${D} ytcp-video-metadata-editor-advanced`,
  tagInput: `${D} #tags-container #text-input, ${D} #tags-container input, ${D} [aria-label="Tags"]`,
  tagBox: `${D} #tags-container`,
  next: `${D} #next-button`,
  privacyRadios: `${D} #privacy-radios`,
  schedule: `${D} #schedule-radio-button, ${D} tp-yt-paper-radio-button[name="SCHEDULE"], ${D} tp-yt-paper-radio-button[name="SCHEDULED"]`,
  date: `${D} #datepicker-trigger input`,
  time: `${D} #time-of-day-trigger input`,
  progress: `${D} ytcp-video-upload-progress .progress-label, ${D} ytcp-video-upload-progress`,
  link: `${D} span.video-url-fadeable a`,
  error: `${D} #error-message, ${D} .error-area`,
  done: `${D} #done-button`,
  shared: 'ytcp-video-share-dialog',
  processing: 'ytcp-uploads-still-processing-dialog',
  list: 'ytcp-video-section-content',
  row: 'ytcp-video-row',
} as const;

type Ctx = AdapterContext;
const at = (ctx: Ctx, real: string) => liveUrl(ctx, SITE, real);
const real = (ctx: Ctx, address: string) => realUrl(ctx, SITE, address);
const isLoginPage = (ctx: Ctx) => (u: URL) => real(ctx, u.toString()).host === 'accounts.google.com';

/** A video id as YouTube writes it: 11 characters of [A-Za-z0-9_-]. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** The id in any recorded form of a video's link: youtu.be/<id>, youtube.com/shorts/<id>, watch?v=<id>, studio /video/<id>/edit. */
export function videoIdOf(href: string): string | undefined {
  let u: URL;
  try {
    u = new URL(href, 'https://studio.youtube.com');
  } catch {
    return undefined;
  }
  const host = u.hostname.replace(/^(www|m)\./, '');
  const parts = u.pathname.split('/').filter(Boolean);
  const id =
    host === 'youtu.be'
      ? parts[0]
      : host === 'youtube.com' && u.pathname === '/watch'
        ? (u.searchParams.get('v') ?? undefined)
        : host === 'youtube.com' && (parts[0] === 'shorts' || parts[0] === 'embed')
          ? parts[1]
          : parts[0] === 'video'
            ? parts[1]
            : undefined;
  return id && VIDEO_ID.test(id) ? id : undefined;
}

/** The channel a Studio page belongs to (/channel/<UC…>), from its real address. */
function channelOf(ctx: Ctx, address: string): string | undefined {
  return /^\/channel\/(UC[\w-]{22})(?:\/|$)/.exec(real(ctx, address).pathname)?.[1];
}

/**
 * Opens a Studio address and waits until the page has settled on a channel's
 * page (Studio moves the browser there itself) or on Google's sign-in.
 */
async function openChannelPage(page: Page, address: string, step: Step, ctx: Ctx): Promise<string> {
  await openLoggedIn(page, at(ctx, address), step, ctx, isLoginPage(ctx));
  const t = timeouts(ctx);
  const where = await poll(async () => (isLoginPage(ctx)(new URL(page.url())) ? 'login' : (channelOf(ctx, page.url()) ?? null)), (v) => v !== null, {
    intervalMs: 100,
    timeoutMs: t.navigationMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('login_required', step, 'YouTube Studio did not open a channel page: this login has no channel', { url: page.url() }),
  });
  if (where === null || where === 'login') throw new AdapterError('login_required', step, 'not logged in: YouTube sent the browser to Google sign-in', { url: page.url() });
  return where;
}

async function whoAmI(page: Page, step: Step, ctx: Ctx): Promise<{ externalRef: string; displayName: string }> {
  const channel = await openChannelPage(page, URLS.studio, step, ctx);
  const name = page.locator('#entity-name').first();
  const displayName = (await name.count()) > 0 ? (await name.innerText().catch(() => '')).trim() : '';
  return { externalRef: channel, displayName };
}

interface Plan {
  reader: SettingsReader;
  title: string;
  description: string;
  tags: string[];
  privacy: keyof typeof PRIVACY;
  madeForKids: boolean;
  playlist?: string;
  scheduledAt?: Date;
  cover?: string;
}

function planVideo(job: VideoJob): Plan {
  const r = new SettingsReader(job);
  const coverMode = r.string('coverMode', { oneOf: ['auto', 'custom'] }) ?? (job.payload.coverImagePath ? 'custom' : 'auto');
  if (coverMode === 'custom' && !job.payload.coverImagePath) throw new AdapterError('cover_rejected', 'apply_settings', 'coverMode is custom but the job has no coverImagePath');
  const kids = job.settings.madeForKids;
  if (typeof kids !== 'boolean') throw new AdapterError('setting_unavailable', 'apply_settings', 'youtube: setting "madeForKids" is required (true or false): YouTube asks every video', { field: 'madeForKids' });
  const privacy = (r.string('privacyStatus', { oneOf: Object.keys(PRIVACY) }) ?? 'public') as keyof typeof PRIVACY;
  const playlist = r.string('playlistName', { maxLength: YOUTUBE_LIMITS.playlistMax });
  const tags = r.stringArray('tags', { maxLength: 100 }).map((t) => t.replace(/^#+/, '').trim());
  if (tags.some((t) => !t)) throw new AdapterError('setting_unavailable', 'apply_settings', 'a YouTube tag needs a name: a tag of only # names none', { field: 'tags' });
  if (tags.some((t) => t.includes(','))) throw new AdapterError('setting_unavailable', 'apply_settings', 'a YouTube tag cannot hold a comma: the tags box splits on it', { field: 'tags' });
  const total = Array.from(tags.join(',')).length;
  if (total > YOUTUBE_LIMITS.tagsTotalMax) {
    throw new AdapterError('setting_unavailable', 'apply_settings', `YouTube takes tags of at most ${YOUTUBE_LIMITS.tagsTotalMax} characters in all; these have ${total}`, { field: 'tags', length: total });
  }
  const when = r.string('scheduledAt');
  let scheduledAt: Date | undefined;
  if (when !== undefined) {
    scheduledAt = new Date(when);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(when) || Number.isNaN(scheduledAt.getTime())) throw new AdapterError('setting_unavailable', 'apply_settings', `youtube: scheduledAt "${when}" is not an ISO 8601 time`, { field: 'scheduledAt' });
    if (scheduledAt.getTime() <= Date.now() + 60_000) throw new AdapterError('setting_unavailable', 'apply_settings', 'youtube: scheduledAt must be in the future', { field: 'scheduledAt' });
    if (privacy !== 'public') throw new AdapterError('setting_unavailable', 'apply_settings', 'youtube: a scheduled video becomes public at its time: privacyStatus must be public (or absent)', { field: 'privacyStatus' });
  }
  const { title, description } = videoTitleAndDescription(job, r, { titleMax: YOUTUBE_LIMITS.titleMax, descriptionMax: YOUTUBE_LIMITS.descriptionMax }, 'a YouTube video needs a title');
  if (/[<>]/.test(title)) throw new AdapterError('publish_rejected', 'fill', 'YouTube refuses < and > in a title');
  return { reader: r, title, description, tags, privacy, madeForKids: kids, playlist, scheduledAt, cover: coverMode === 'custom' ? job.payload.coverImagePath : undefined };
}

/** The video `prepare` left in the dialog, for the `publish` that follows on the same page. */
interface Prepared {
  videoId: string;
}

async function prepare(page: Page, job: VideoJob, ctx: Ctx): Promise<Prepared> {
  const p = planVideo(job);
  p.reader.logIgnored(YOUTUBE_SETTINGS, ctx.log);
  const video = await openMedia(ctx, job.payload.localVideoPath, 'upload', 'upload_failed', 'video');
  const cover = p.cover === undefined ? undefined : await openMedia(ctx, p.cover, 'upload', 'cover_rejected', 'thumbnail');

  ctx.progress('open_editor');
  const channel = await openChannelPage(page, URLS.upload, 'open_editor', ctx);
  assertAccount({ externalRef: channel, displayName: '' }, job, 'open_editor');
  await need(page, S.dialog, 'open_editor', 'upload dialog (ytcp-uploads-dialog)', ctx, 'attached');
  const input = await need(page, S.file, 'open_editor', 'video file input', ctx, 'attached');

  ctx.progress('upload', { phase: 'transfer', bytesSent: 0, bytesTotal: video.size, percent: 0 });
  await input.setInputFiles(video.path);

  ctx.progress('fill');
  await fillBox(await need(page, S.title, 'fill', 'title box (#title-textarea #textbox)', ctx), p.title, 'title', ctx);
  await fillBox(await need(page, S.description, 'fill', 'description box (#description-textarea #textbox)', ctx), p.description, 'description', ctx);

  if (cover) await uploadThumbnail(page, cover, ctx);
  ctx.progress('apply_settings');
  if (p.playlist) await choosePlaylist(page, p.playlist, ctx);
  await checkRadio(page, p.madeForKids ? S.kids : S.notKids, p.madeForKids ? 'made for kids radio' : 'not made for kids radio', ctx);
  if (p.tags.length > 0) await addTags(page, p.tags, ctx);
  await toVisibility(page, ctx);
  if (p.scheduledAt) await schedule(page, p.scheduledAt, ctx);
  else await checkRadio(page, `${S.privacyRadios} tp-yt-paper-radio-button[name="${PRIVACY[p.privacy]}"]`, `${p.privacy} visibility radio`, ctx);

  await awaitUpload(page, video, ctx);
  return { videoId: await linkedVideo(page, ctx) };
}

/**
 * Types into a contenteditable box what it should hold (each line break an
 * Enter, as a person types one), then reads it back: a box that did not keep
 * the text means the page changed.
 */
async function fillBox(box: Locator, text: string, what: string, ctx: Ctx): Promise<void> {
  const page = box.page();
  await box.click();
  await box.press('ControlOrMeta+KeyA');
  await box.press('Delete');
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (i > 0) await page.keyboard.press('Enter');
    if (lines[i]) await page.keyboard.insertText(lines[i]!);
  }
  const want = text.replace(/\s+/g, ' ').trim();
  await poll(async () => (await box.innerText().catch(() => '')).replace(/\s+/g, ' ').trim(), (g) => g === want, {
    intervalMs: 100,
    timeoutMs: timeouts(ctx).selectorMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('editor_changed', 'fill', `the ${what} box did not keep the text (${Array.from(want).length} characters wanted)`),
  });
}

/** The text of the dialog's error area ('' when it shows none). */
async function dialogError(page: Page): Promise<string> {
  const e = page.locator(S.error).first();
  return (await e.count()) > 0 ? (await e.innerText().catch(() => '')).trim() : '';
}

async function uploadThumbnail(page: Page, cover: OpenedFile, ctx: Ctx): Promise<void> {
  ctx.progress('upload', { phase: 'cover', percent: 0 });
  await (await need(page, S.thumbInput, 'upload', 'thumbnail input (ytcp-thumbnail-uploader, #file-loader)', ctx, 'attached')).setInputFiles(cover.path);
  const shown = page.locator(S.thumbShown).filter({ visible: true });
  const end = await poll(async () => ((await dialogError(page)) ? 'refused' : (await shown.count()) > 0 && (await shown.first().getAttribute('src'))?.trim() ? 'shown' : null), (v) => v !== null, {
    intervalMs: 150,
    timeoutMs: timeouts(ctx).uploadMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('cover_rejected', 'upload', 'the thumbnail never showed in the upload dialog'),
  });
  if (end === 'refused') throw new AdapterError('cover_rejected', 'upload', `YouTube refused the thumbnail: ${await dialogError(page)}`);
  ctx.progress('upload', { phase: 'cover', bytesSent: cover.size, bytesTotal: cover.size, percent: 100 });
}

const isChecked = (l: Locator) => l.evaluate((el) => el.getAttribute('aria-checked') === 'true' || el.hasAttribute('checked'));

/** Clicks a radio (or checkbox) unless it is on, then reads it back. */
async function checkRadio(page: Page, selector: string, what: string, ctx: Ctx): Promise<void> {
  const radio = await need(page, selector, 'apply_settings', what, ctx);
  if (!(await isChecked(radio))) await radio.click();
  await poll(() => isChecked(radio), (on) => on, {
    intervalMs: 100,
    timeoutMs: timeouts(ctx).selectorMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('editor_changed', 'apply_settings', `the ${what} did not stay selected`),
  });
}

/** The playlist of that exact name (searched, else created), ticked, then Done. */
async function choosePlaylist(page: Page, name: string, ctx: Ctx): Promise<void> {
  await (await need(page, S.playlistTrigger, 'apply_settings', 'playlist dropdown (ytcp-video-metadata-playlists)', ctx)).click();
  await need(page, S.playlistDialog, 'apply_settings', 'playlist dialog (ytcp-playlist-dialog)', ctx);
  const search = page.locator(S.playlistSearch).first();
  if ((await search.count()) > 0) await search.fill(name);
  const row = page.locator(S.playlistRow).filter({ has: page.getByText(name, { exact: true }) }).first();
  // The search narrows the list at once; a playlist that is not there after a short look is created.
  const found = await poll(() => row.count(), (n) => n > 0, { intervalMs: 100, timeoutMs: Math.min(1500, timeouts(ctx).selectorMs), signal: ctx.signal, onTimeout: () => new Error('none') }).then(
    () => true,
    () => false,
  );
  if (!found) {
    if ((await search.count()) > 0) await search.fill('');
    await (await need(page, S.newPlaylist, 'apply_settings', 'New playlist button', ctx)).click();
    await (await need(page, S.newPlaylistTitle, 'apply_settings', 'new playlist title box', ctx)).fill(name);
    await (await need(page, S.createPlaylist, 'apply_settings', 'Create playlist button', ctx)).click();
    await need(page, `${S.playlistRow}:has-text(${JSON.stringify(name)})`, 'apply_settings', `playlist "${name}" after creating it`, ctx);
  }
  if (!(await isChecked(row))) await row.click();
  if (!(await isChecked(row))) throw new AdapterError('setting_unavailable', 'apply_settings', `the playlist "${name}" could not be ticked`, { field: 'playlistName' });
  await (await need(page, S.playlistDone, 'apply_settings', 'playlist Done button', ctx)).click();
  await poll(() => page.locator(S.playlistDialog).filter({ visible: true }).count(), (n) => n === 0, {
    intervalMs: 100,
    timeoutMs: timeouts(ctx).selectorMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('editor_changed', 'apply_settings', 'the playlist dialog stayed open after Done'),
  });
}

/** Show more, then the tags typed with a comma after each; each must show in the tags box. */
async function addTags(page: Page, tags: string[], ctx: Ctx): Promise<void> {
  const advanced = page.locator(S.advanced).filter({ visible: true });
  if ((await advanced.count()) === 0) await (await need(page, S.showMore, 'apply_settings', 'Show more button (#toggle-button)', ctx)).click();
  const input = await need(page, S.tagInput, 'apply_settings', 'tags input', ctx);
  await input.fill(`${tags.join(',')},`);
  const box = page.locator(S.tagBox).first();
  // Each tag must show in the box (as a chip); the box's text is read whole, as the sources read it.
  await poll(async () => await box.innerText().catch(() => ''), (shown) => tags.every((t) => shown.includes(t)), {
    intervalMs: 100,
    timeoutMs: timeouts(ctx).selectorMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('editor_changed', 'apply_settings', 'the tags box did not keep every tag'),
  });
}

/** Next until the visibility step shows (Video elements and Checks lie between; some channels have one step more). */
async function toVisibility(page: Page, ctx: Ctx): Promise<void> {
  const radios = page.locator(S.privacyRadios).filter({ visible: true });
  const next = page.locator(S.next).filter({ visible: true });
  for (let i = 0; i < 5 && (await radios.count()) === 0; i++) {
    // The last step has no Next: past it, the radios are there or the page has changed.
    if (i > 0 && (await next.count()) === 0) break;
    await (await need(page, S.next, 'apply_settings', 'Next button', ctx)).click();
  }
  await need(page, S.privacyRadios, 'apply_settings', 'visibility radios (#privacy-radios)', ctx);
}

/** Schedule: the radio, then the date and the time in the browser's own time zone, as a person types them. */
async function schedule(page: Page, when: Date, ctx: Ctx): Promise<void> {
  await checkRadio(page, S.schedule, 'schedule radio', ctx);
  const { date, time } = await page.evaluate((ms) => {
    const d = new Date(ms);
    return {
      date: d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
      time: d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }),
    };
  }, when.getTime());
  for (const [selector, value, what] of [
    [S.date, date, 'schedule date input (#datepicker-trigger)'],
    [S.time, time, 'schedule time input (#time-of-day-trigger)'],
  ] as const) {
    const box = await need(page, selector, 'apply_settings', what, ctx);
    await box.fill(value);
    await box.press('Enter');
    if ((await box.inputValue()).trim() !== value) throw new AdapterError('setting_unavailable', 'apply_settings', `YouTube did not keep the scheduled ${what.split(' ')[1]} ${value}`, { field: 'scheduledAt' });
  }
}

const FAILED = /upload failed|processing abandoned|couldn.t upload/i;
const FINISHED = /upload complete|processing|checks complete|finished|uploaded/i;

/** The footer's upload state: finished (complete, processing, checks) or failed; still uploading otherwise. */
async function awaitUpload(page: Page, video: OpenedFile, ctx: Ctx): Promise<void> {
  ctx.progress('upload', { phase: 'transfer', bytesSent: 0, bytesTotal: video.size, percent: 0 });
  const label = page.locator(S.progress).first();
  const end = await poll(
    async () => {
      const text = (await label.innerText().catch(() => '')).trim();
      if (FAILED.test(text)) return 'failed';
      if (/uploading/i.test(text)) return null;
      return FINISHED.test(text) ? 'done' : null;
    },
    (v) => v !== null,
    { intervalMs: 200, timeoutMs: timeouts(ctx).uploadMs, signal: ctx.signal, onTimeout: () => new AdapterError('upload_failed', 'upload', 'the video upload did not finish in time') },
  );
  if (end === 'failed') {
    const why = await dialogError(page);
    throw new AdapterError('upload_failed', 'upload', `YouTube refused the video${why ? `: ${why}` : ''}`);
  }
  ctx.progress('upload', { phase: 'transfer', bytesSent: video.size, bytesTotal: video.size, percent: 100 });
}

/** The id in the dialog's video link (empty until YouTube has assigned one). */
async function linkedVideo(page: Page, ctx: Ctx): Promise<string> {
  const link = await need(page, S.link, 'upload', 'video link (span.video-url-fadeable a)', ctx, 'attached');
  const id = await poll(async () => videoIdOf((await link.getAttribute('href').catch(() => null)) ?? ''), (v) => v !== undefined, {
    intervalMs: 150,
    timeoutMs: timeouts(ctx).uploadMs,
    signal: ctx.signal,
    onTimeout: () => new AdapterError('editor_changed', 'upload', 'the upload dialog never named the video (its link has no id)'),
  });
  return id!;
}

async function publish(page: Page, _job: VideoJob, ctx: Ctx, p: Prepared): Promise<PublishResult> {
  if ((await page.locator(S.dialog).count()) === 0) throw new AdapterError('editor_changed', 'publish', 'the page is not the prepared upload dialog; nothing was published', { url: page.url() });
  const shownId = videoIdOf((await page.locator(S.link).first().getAttribute('href').catch(() => null)) ?? '');
  if (shownId !== p.videoId) throw new AdapterError('editor_changed', 'publish', 'the upload dialog names another video than the prepared one; nothing was published', { url: page.url() });
  const done = await need(page, S.done, 'publish', 'Publish button (#done-button)', ctx);
  if ((await done.getAttribute('aria-disabled')) === 'true' || (await done.getAttribute('disabled')) !== null) {
    const why = await dialogError(page);
    throw new AdapterError(why ? 'publish_rejected' : 'editor_changed', 'publish', `the Publish button is disabled${why ? `: ${why}` : ''}; nothing was clicked`, { url: page.url() });
  }

  ctx.signal.throwIfAborted();
  ctx.progress('publish');
  await ctx.beforePublish();
  ctx.log.info({ step: 'publish' }, 'commit acknowledged; clicking Publish');
  const t = timeouts(ctx);
  try {
    await done.click({ timeout: t.publishMs });
  } catch (e) {
    throw outcomeUnknown(`the Publish click failed midway: ${(e as Error).message}`, page);
  }

  // From here on the video may be published: anything but YouTube's own refusal leaves the outcome unknown.
  let answer: 'shared' | 'processing' | 'refused';
  try {
    answer = await poll(
      async () => {
        if ((await page.locator(S.shared).filter({ visible: true }).count()) > 0) return 'shared' as const;
        if ((await page.locator(S.processing).filter({ visible: true }).count()) > 0) return 'processing' as const;
        return (await dialogError(page)) ? ('refused' as const) : null;
      },
      (v) => v !== null,
      { intervalMs: 150, timeoutMs: t.publishMs, signal: ctx.signal, onTimeout: () => outcomeUnknown('YouTube showed neither a confirmation nor a refusal after Publish', page) },
    ).then((v) => v!);
  } catch (e) {
    if (e instanceof AdapterError) throw e;
    throw outcomeUnknown(`after the Publish click: ${(e as Error).message}`, page);
  }
  if (answer === 'refused') throw new AdapterError('publish_rejected', 'publish', `YouTube refused the video: ${await dialogError(page)}`, { url: page.url() });
  ctx.progress('read_back');
  if (answer === 'shared') {
    // The confirmation's own link, when it carries one, must be this upload's.
    const hrefs = await page.locator(`${S.shared} a[href]`).evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
    const ids = new Set(hrefs.map(videoIdOf).filter((v): v is string => v !== undefined));
    if (ids.size > 0 && !ids.has(p.videoId)) throw outcomeUnknown(`YouTube confirmed another video (${[...ids].join(', ')}) than the upload's ${p.videoId}`, page);
  }
  return { postId: p.videoId, url: at(ctx, URLS.watch(p.videoId)) };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** The day a content-list row shows ("Nov 29, 2026"), as UTC midnight; null when it shows none. */
function rowDay(text: string): number | null {
  const m = /\b([A-Z][a-z]{2})[a-z]* (\d{1,2}), (\d{4})(?!\d)/.exec(text);
  const month = m ? MONTHS.indexOf(m[1]!.toLowerCase()) : -1;
  return m && month >= 0 ? Date.UTC(Number(m[3]), month, Number(m[2])) : null;
}

async function verify(page: Page, job: VideoJob, ctx: Ctx): Promise<VerifyResult> {
  ctx.progress('read_back');
  const me = await whoAmI(page, 'check_login', ctx);
  assertAccount(me, job, 'check_login');
  await openChannelPage(page, URLS.content(me.externalRef), 'read_back', ctx);
  await need(page, S.list, 'read_back', 'channel content list (ytcp-video-section-content)', ctx, 'attached');
  const rows = await page.locator(S.row).evaluateAll((els) =>
    els.map((el) => {
      const link = el.querySelector('a[href*="/video/"]');
      const title = el.querySelector('#video-title') ?? link;
      const date = el.querySelector('.tablecell-date') as unknown as { textContent: string | null } | null;
      return { href: link?.getAttribute('href') ?? '', title: (title?.textContent ?? '').trim(), date: (date?.textContent ?? el.textContent ?? '').trim() };
    }),
  );
  const title = job.payload.title.trim();
  // The list shows days in the channel's time zone: a row from the day before the job's (UTC) day may be its.
  const from = Date.parse(job.createdAt) - 36 * 3600_000;
  const hits = rows.flatMap((r) => {
    const id = videoIdOf(r.href);
    const dayAt = rowDay(r.date);
    return id && r.title === title && dayAt !== null && dayAt >= from ? [id] : [];
  });
  const first = hits[0];
  return first ? { found: true, postId: first, url: at(ctx, URLS.watch(first)), candidates: hits.length } : { found: false };
}

export const youtubeAdapter = defineAdapter({
  platform: 'youtube',
  defaultBaseUrl: ORIGIN,
  settingKeys: YOUTUBE_SETTINGS,
  provenance: YOUTUBE_PROVENANCE,
  checkSettings: { video: { madeForKids: false, privacyStatus: 'private' } },

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    return whoAmI(page, 'check_login', ctx);
  },
  flows: { video: { prepare, publish, verify } },
});

/**
 * The YouTube replica: YouTube Studio as the public uploaders record it
 * (provenance in edge-node/src/adapters/youtube/provenance.ts).
 *
 * - https://studio.youtube.com/ sends a logged-in browser to its channel's
 *   dashboard /channel/<UC…> (the channel's name in `#entity-name`) and
 *   anyone else to Google's sign-in (accounts.google.com/ServiceLogin).
 * - https://www.youtube.com/upload opens the channel's content list
 *   /channel/<id>/videos/upload with the upload dialog (`ytcp-uploads-dialog`):
 *   the file input (`input[type=file][name=Filedata]`, `#select-files-button`);
 *   then the details step: the title and description boxes
 *   (`#title-textarea #textbox`, `#description-textarea #textbox`,
 *   contenteditable, the title prefilled with the file's name), the thumbnail
 *   input (`ytcp-thumbnail-uploader input#file-loader`), the playlist
 *   dropdown (`ytcp-video-metadata-playlists ytcp-dropdown-trigger` opening
 *   `ytcp-playlist-dialog`: `#search-input`, `tp-yt-paper-checkbox` rows,
 *   New playlist, `#create-playlist-form` with its textarea, Create, Done),
 *   the audience radios (`tp-yt-paper-radio-button[name=VIDEO_MADE_FOR_KIDS_MFK
 *   | VIDEO_MADE_FOR_KIDS_NOT_MFK]`), Show more (`#toggle-button`) revealing
 *   `ytcp-video-metadata-editor-advanced` with the tags input
 *   (`#tags-container #text-input`, aria-label Tags); `#next-button` through
 *   Video elements and Checks to Visibility (`#privacy-radios` with PRIVATE,
 *   UNLISTED, PUBLIC, and `#schedule-radio-button` named SCHEDULE with
 *   `#datepicker-trigger input` and `#time-of-day-trigger input`); the
 *   footer's upload state (`ytcp-video-upload-progress .progress-label`:
 *   Uploading N% → Upload complete … Processing → Checks complete), the
 *   video link (`span.video-url-fadeable a`, https://youtu.be/<id>, empty
 *   until the id is known), `#error-message`, and `#done-button` (Publish,
 *   Save or Schedule; aria-disabled until the upload is done and the
 *   audience answered). Publishing closes the dialog and shows
 *   `ytcp-video-share-dialog` once processing has finished, else
 *   `ytcp-uploads-still-processing-dialog` ("Video processing").
 * - The content list's rows: `ytcp-video-row`, each with the link
 *   /video/<id>/edit (`#video-title`, the title as its text), the visibility
 *   and the date (`.tablecell-date`, e.g. "Nov 29, 2026").
 *
 * The upload, thumbnail, playlist and publish calls are the replica's own
 * (the sources record only the page). `forms`: `audience` `legacy` names the
 * radios NOT_MADE_FOR_KIDS / MADE_FOR_KIDS, as older uploaders record;
 * `link` `shorts` shows the link as https://youtube.com/shorts/<id>.
 * `omit` names: `file-input`, `title-textbox`, `thumbnail-input`,
 * `playlist-trigger`, `kids-radios`, `toggle-button`, `privacy-radios`,
 * `video-link`.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, json, readBody, readJson, redirect, type Route } from './http.js';
import { acceptPublish, router, type PlatformSim, type User } from './platform.js';
import type { SimState } from './state.js';

const P = 'youtube';
const STUDIO = '/studio.youtube.com';
const VIDEOS = 'youtube:uploads';
const THUMBS = 'youtube:thumbnails';
const PLAYLISTS = 'youtube:playlists';

/** Playlists every channel starts with. */
export const YOUTUBE_PLAYLISTS = ['Plume demos', 'Road trips'];

interface Upload {
  account: string;
  mediaId?: string;
  /** When the bytes arrived; processing ends `transcodeMs` later. */
  uploadedAt?: number;
}

const newVideoId = () => randomBytes(8).toString('base64url').slice(0, 11);

function signIn(res: ServerResponse, route: Route, real: string): void {
  redirect(res, `${route.prefix}/accounts.google.com/ServiceLogin?service=youtube&continue=${encodeURIComponent(real)}`);
}

function playlistsOf(state: SimState, account: string): string[] {
  const bag = state.bag<string[]>(PLAYLISTS);
  if (!bag.has(account)) bag.set(account, [...YOUTUBE_PLAYLISTS]);
  return bag.get(account)!;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const day = (iso: string) => {
  const d = new Date(iso);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
};

const CSS = `body{font-family:sans-serif} [hidden]{display:none!important} ytcp-button,tp-yt-paper-radio-button,tp-yt-paper-checkbox,ytcp-dropdown-trigger{display:inline-block;padding:4px 10px;margin:2px;border:1px solid #999;cursor:pointer}
ytcp-button[aria-disabled="true"]{opacity:.5} tp-yt-paper-radio-button[aria-checked="true"],tp-yt-paper-checkbox[aria-checked="true"]{background:#def}
[contenteditable]{display:block;min-height:24px;width:480px;border:1px solid #ccc;white-space:pre-wrap} ytcp-uploads-dialog,ytcp-playlist-dialog,ytcp-video-share-dialog,ytcp-uploads-still-processing-dialog{display:block;border:2px solid #333;padding:10px;margin:8px;background:#fff}
ytcp-video-row{display:block;border-bottom:1px solid #eee;padding:4px}`;

function dashboard(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState, [channel]: string[]): void {
  const u = state.user(req, P);
  if (!u) return signIn(res, route, `https://studio.youtube.com/channel/${channel}`);
  if (u.uid !== channel) return redirect(res, `${route.prefix}${STUDIO}/channel/${u.uid}`);
  html(res, `<!doctype html><html><head><meta charset="utf-8"><title>Channel dashboard - YouTube Studio</title><style>${CSS}</style></head><body>
<ytcp-navigation-drawer><div id="entity-name">${esc(u.name)}</div></ytcp-navigation-drawer><main><h1>Channel dashboard</h1></main></body></html>`);
}

function rowsOf(state: SimState, account: string): string {
  return state.published
    .filter((p) => p.platform === P && p.account === account)
    .reverse()
    .map(
      (p) => `<ytcp-video-row><ytcp-video-list-cell-video><a id="video-title" class="remove-default-style" href="/video/${p.postId}/edit">${esc(p.title ?? '')}</a></ytcp-video-list-cell-video>
<div class="tablecell-visibility">${p.settings.scheduledAt ? 'Scheduled' : esc(String(p.settings.privacy))}</div><div class="tablecell-date">${day(String(p.settings.scheduledAt ?? p.at))}<div class="cell-label">${p.settings.scheduledAt ? 'Scheduled' : 'Published'}</div></div></ytcp-video-row>`,
    )
    .join('\n');
}

function contentPage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState, [channel]: string[]): void {
  const u = state.user(req, P);
  if (!u) return signIn(res, route, `https://studio.youtube.com/channel/${channel}/videos/upload`);
  if (u.uid !== channel) return redirect(res, `${route.prefix}${STUDIO}/channel/${u.uid}/videos/upload${route.query.size ? `?${route.query}` : ''}`);
  const dialog = route.query.get('d') === 'ud' ? uploadDialog(state) : '';
  const script = dialog ? dialogScript(route.prefix, state, u) : '';
  html(res, `<!doctype html><html><head><meta charset="utf-8"><title>Channel content - YouTube Studio</title><style>${CSS}</style></head><body>
<ytcp-navigation-drawer><div id="entity-name">${esc(u.name)}</div></ytcp-navigation-drawer>
<main><h1>Channel content</h1><ytcp-video-section-content id="video-list">${rowsOf(state, u.uid)}</ytcp-video-section-content></main>
${dialog}<script>${script}</script></body></html>`);
}

function uploadDialog(state: SimState): string {
  const o = state.opts(P);
  const has = (name: string) => !o.omit.includes(name);
  const legacy = o.forms.audience === 'legacy';
  const kids = legacy ? ['MADE_FOR_KIDS', 'NOT_MADE_FOR_KIDS'] : ['VIDEO_MADE_FOR_KIDS_MFK', 'VIDEO_MADE_FOR_KIDS_NOT_MFK'];
  const radio = (name: string, label: string, extra = '') => `<tp-yt-paper-radio-button name="${name}" role="radio" aria-checked="false"${extra}><div id="radioLabel">${label}</div></tp-yt-paper-radio-button>`;
  return `<ytcp-uploads-dialog><tp-yt-paper-dialog role="dialog">
<h1 id="dialog-title">Upload videos</h1>
<ytcp-uploads-file-picker id="picker">${has('file-input') ? '<input type="file" name="Filedata" accept="video/*" hidden>' : ''}<p>Drag and drop video files to upload</p><ytcp-button id="select-files-button">Select files</ytcp-button></ytcp-uploads-file-picker>
<div id="wizard" hidden>
 <div class="step" data-step="details">
  <h2>Details</h2>
  ${has('title-textbox') ? '<ytcp-social-suggestions-textbox id="title-textarea"><div id="textbox" contenteditable="true" role="textbox" aria-label="Add a title that describes your video (type @ to mention a channel)"></div></ytcp-social-suggestions-textbox>' : ''}
  <ytcp-social-suggestions-textbox id="description-textarea"><div id="textbox" contenteditable="true" role="textbox" aria-label="Tell viewers about your video (type @ to mention a channel)"></div></ytcp-social-suggestions-textbox>
  <ytcp-thumbnail-uploader>${has('thumbnail-input') ? '<input type="file" id="file-loader" accept="image/jpeg,image/png" hidden>' : ''}<ytcp-button id="select-button">Upload thumbnail</ytcp-button><img id="img-with-fallback" alt="" width="120" height="68" hidden></ytcp-thumbnail-uploader>
  ${has('playlist-trigger') ? '<ytcp-video-metadata-playlists><ytcp-text-dropdown-trigger><ytcp-dropdown-trigger><div class="dropdown-trigger-text">Select</div></ytcp-dropdown-trigger></ytcp-text-dropdown-trigger></ytcp-video-metadata-playlists>' : ''}
  ${has('kids-radios') ? `<div id="audience"><tp-yt-paper-radio-group>${radio(kids[0]!, "Yes, it's made for kids")}${radio(kids[1]!, "No, it's not made for kids")}</tp-yt-paper-radio-group></div>` : ''}
  ${has('toggle-button') ? '<ytcp-button id="toggle-button">Show more</ytcp-button>' : ''}
  <ytcp-video-metadata-editor-advanced hidden><ytcp-form-input-container id="tags-container"><div id="chip-bar"><span class="chips"></span><input id="text-input" aria-label="Tags"></div></ytcp-form-input-container></ytcp-video-metadata-editor-advanced>
 </div>
 <div class="step" data-step="elements" hidden><h2>Video elements</h2></div>
 <div class="step" data-step="checks" hidden><h2>Checks</h2><p class="checks-summary">Checking…</p></div>
 <div class="step" data-step="visibility" hidden><h2>Visibility</h2>
  ${has('privacy-radios') ? `<tp-yt-paper-radio-group id="privacy-radios">${radio('PRIVATE', 'Private')}${radio('UNLISTED', 'Unlisted')}${radio('PUBLIC', 'Public')}</tp-yt-paper-radio-group>` : ''}
  <div id="schedule">${radio('SCHEDULE', 'Schedule', ' id="schedule-radio-button"')}
   <div id="schedule-fields" hidden><ytcp-text-dropdown-trigger id="datepicker-trigger"><input aria-label="Date"></ytcp-text-dropdown-trigger><ytcp-text-dropdown-trigger id="time-of-day-trigger"><input aria-label="Time"></ytcp-text-dropdown-trigger></div></div>
 </div>
</div>
<div id="footer">
 <ytcp-video-upload-progress><span class="progress-label"></span></ytcp-video-upload-progress>
 ${has('video-link') ? '<ytcp-video-info><span class="video-url-fadeable"><a class="style-scope ytcp-video-info" href="" target="_blank"></a></span></ytcp-video-info>' : ''}
 <div class="error-area"><div id="error-message"></div></div>
 <ytcp-button id="back-button" hidden>Back</ytcp-button><ytcp-button id="next-button" hidden>Next</ytcp-button><ytcp-button id="done-button" aria-disabled="true" hidden>Save</ytcp-button>
</div>
</tp-yt-paper-dialog></ytcp-uploads-dialog>`;
}

function dialogScript(prefix: string, state: SimState, u: User): string {
  const o = state.opts(P);
  return `
const BASE = ${JSON.stringify(prefix)};
const PLAYLISTS = ${JSON.stringify(playlistsOf(state, u.uid))};
const TRANSCODE_MS = ${o.transcodeMs};
const SHORTS = ${JSON.stringify(o.forms.link === 'shorts')};
const live = (u) => BASE + '/' + String(u).replace(/^(https?:)?\\/\\//, '');
const $ = (s, root) => (root || document).querySelector(s);
const $$ = (s, root) => [...(root || document).querySelectorAll(s)];
const dialog = $('ytcp-uploads-dialog');
const label = $('.progress-label'), error = $('#error-message'), done = $('#done-button'), next = $('#next-button');
const link = $('span.video-url-fadeable a');
const steps = $$('.step');
let step = 0, videoId = null, uploaded = false, uploadedAt = 0, thumbnail = null, chosen = [], tags = [];
const show = (text) => { error.textContent = text; };
const radios = (group) => $$('tp-yt-paper-radio-button', group);
const checkedName = (names) => { const r = $$('tp-yt-paper-radio-button').find((x) => names.includes(x.getAttribute('name')) && x.getAttribute('aria-checked') === 'true'); return r ? r.getAttribute('name') : null; };
const setChecked = (el, on) => { el.setAttribute('aria-checked', String(on)); if (on) el.setAttribute('checked', ''); else el.removeAttribute('checked'); };
const KIDS = ['VIDEO_MADE_FOR_KIDS_MFK', 'MADE_FOR_KIDS'], NOT_KIDS = ['VIDEO_MADE_FOR_KIDS_NOT_MFK', 'NOT_MADE_FOR_KIDS'];
const VIS = ['PRIVATE', 'UNLISTED', 'PUBLIC', 'SCHEDULE'];
// A box's text whether or not its step is on screen (innerText needs a layout): a line break per <br> or block.
const textOf = (el) => { let out = ''; for (const n of el.childNodes) { if (n.nodeType === 3) out += n.textContent; else if (n.nodeName === 'BR') out += '\\n'; else { if (out && !out.endsWith('\\n')) out += '\\n'; out += textOf(n); } } return out; };
const audience = () => checkedName(KIDS) ? true : checkedName(NOT_KIDS) ? false : null;
function refresh() {
  const vis = checkedName(VIS);
  done.textContent = vis === 'SCHEDULE' ? 'Schedule' : vis === 'PUBLIC' ? 'Publish' : 'Save';
  const ready = uploaded && audience() !== null && !error.textContent;
  done.setAttribute('aria-disabled', String(!ready));
  next.hidden = step >= steps.length - 1;
  $('#schedule-fields').hidden = vis !== 'SCHEDULE';
}
// A radio group is the radios sharing a parent group (the schedule radio joins the visibility ones).
document.addEventListener('click', (ev) => {
  const r = ev.target.closest('tp-yt-paper-radio-button');
  if (!r) return;
  const name = r.getAttribute('name');
  const group = VIS.includes(name) ? $$('tp-yt-paper-radio-button').filter((x) => VIS.includes(x.getAttribute('name'))) : radios(r.closest('tp-yt-paper-radio-group'));
  group.forEach((x) => setChecked(x, x === r));
  refresh();
});
next.addEventListener('click', () => { if (step < steps.length - 1) { steps[step].hidden = true; step++; steps[step].hidden = false; } refresh(); });
const input = $('input[name="Filedata"]');
$('#select-files-button').addEventListener('click', () => input && input.click());
if (input) input.addEventListener('change', async () => {
  const file = input.files[0];
  if (!file) return;
  $('#picker').hidden = true; $('#wizard').hidden = false; done.hidden = false; next.hidden = false;
  const title = $('#title-textarea #textbox');
  if (title) title.textContent = file.name.replace(/\\.[^.]+$/, '');
  $('#dialog-title').textContent = file.name;
  label.textContent = 'Uploading 0% ...';
  const made = await (await fetch(live('https://studio.youtube.com/sim/upload/create'), { method: 'POST', credentials: 'include' })).json();
  videoId = made.videoId;
  if (link) { const href = SHORTS ? 'https://youtube.com/shorts/' + videoId : 'https://youtu.be/' + videoId; link.href = href; link.textContent = href; }
  label.textContent = 'Uploading 50% ... ';
  const r = await fetch(live('https://studio.youtube.com/sim/upload/' + videoId), { method: 'POST', credentials: 'include', headers: { 'content-type': file.type || 'video/mp4' }, body: file });
  const j = await r.json();
  if (!r.ok) { label.textContent = 'Upload failed'; show(j.error.message); return refresh(); }
  uploaded = true; uploadedAt = Date.now();
  label.textContent = 'Upload complete ... Processing will begin shortly';
  refresh();
  const tick = () => {
    const left = TRANSCODE_MS - (Date.now() - uploadedAt);
    if (left <= 0) { label.textContent = 'Checks complete. No issues found.'; $('.checks-summary').textContent = 'Checks complete. No issues found.'; return; }
    label.textContent = 'Processing ' + Math.min(99, Math.floor(100 * (1 - left / TRANSCODE_MS))) + '% ...';
    setTimeout(tick, Math.min(250, left));
  };
  tick();
});
const thumbInput = $('ytcp-thumbnail-uploader input#file-loader');
$('ytcp-thumbnail-uploader #select-button').addEventListener('click', () => thumbInput && thumbInput.click());
if (thumbInput) thumbInput.addEventListener('change', async () => {
  const file = thumbInput.files[0];
  if (!file) return;
  const r = await fetch(live('https://studio.youtube.com/sim/thumbnail'), { method: 'POST', credentials: 'include', headers: { 'content-type': file.type || 'image/jpeg' }, body: file });
  const j = await r.json();
  if (!r.ok) return show(j.error.message);
  thumbnail = j.thumbnailId;
  const img = $('ytcp-thumbnail-uploader img'); img.src = j.url; img.hidden = false;
});
// The playlist dialog.
const trigger = $('ytcp-video-metadata-playlists ytcp-dropdown-trigger');
if (trigger) trigger.addEventListener('click', () => {
  if ($('ytcp-playlist-dialog')) return;
  const d = document.createElement('ytcp-playlist-dialog');
  d.innerHTML = '<input id="search-input" placeholder="Search for a playlist"><div id="items"></div><ytcp-button class="new-playlist-button">New playlist</ytcp-button><div id="create-playlist-form" hidden><textarea id="textbox" aria-label="Title"></textarea><ytcp-button id="create-button" class="create-playlist-button">Create</ytcp-button></div><ytcp-button id="save-button" class="done-button">Done</ytcp-button>';
  const items = $('#items', d), search = $('#search-input', d);
  const picked = new Set(chosen);
  const render = () => {
    const q = search.value.trim().toLowerCase();
    items.innerHTML = '';
    for (const name of PLAYLISTS.filter((n) => n.toLowerCase().includes(q))) {
      const c = document.createElement('tp-yt-paper-checkbox');
      c.setAttribute('role', 'checkbox'); c.setAttribute('aria-checked', String(picked.has(name)));
      const s = document.createElement('span'); s.className = 'label'; s.textContent = name; c.appendChild(s);
      c.addEventListener('click', () => { if (picked.has(name)) picked.delete(name); else picked.add(name); c.setAttribute('aria-checked', String(picked.has(name))); });
      items.appendChild(c);
    }
  };
  search.addEventListener('input', render);
  $('.new-playlist-button', d).addEventListener('click', () => { $('#create-playlist-form', d).hidden = false; });
  $('#create-button', d).addEventListener('click', async () => {
    const name = $('#textbox', d).value.trim();
    if (!name) return;
    const r = await fetch(live('https://studio.youtube.com/sim/playlists'), { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: name }) });
    if (!r.ok) return;
    if (!PLAYLISTS.includes(name)) PLAYLISTS.push(name);
    picked.add(name); $('#create-playlist-form', d).hidden = true; $('#textbox', d).value = ''; render();
  });
  $('#save-button', d).addEventListener('click', () => {
    chosen = [...picked];
    $('.dropdown-trigger-text', trigger).textContent = chosen.length ? chosen.join(', ') : 'Select';
    d.remove();
  });
  render();
  document.body.appendChild(d);
});
// Tags: a comma (or Enter) turns what was typed into chips.
const tagInput = $('#tags-container #text-input'), chips = $('#tags-container .chips');
const drawTags = () => { chips.innerHTML = ''; for (const t of tags) { const c = document.createElement('ytcp-chip'); c.textContent = t; chips.appendChild(c); } };
const addTag = (t) => { t = t.trim(); if (t && !tags.includes(t)) tags.push(t); };
tagInput.addEventListener('input', () => {
  if (!tagInput.value.includes(',')) return;
  const parts = tagInput.value.split(',');
  tagInput.value = parts.pop();
  parts.forEach(addTag); drawTags();
});
tagInput.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') { ev.preventDefault(); addTag(tagInput.value); tagInput.value = ''; drawTags(); } });
const toggle = $('#toggle-button');
if (toggle) toggle.addEventListener('click', () => { const adv = $('ytcp-video-metadata-editor-advanced'); adv.hidden = !adv.hidden; toggle.textContent = adv.hidden ? 'Show more' : 'Show less'; });
// Schedule: the date and the time typed into their triggers, read when publishing.
const when = () => {
  const date = $('#datepicker-trigger input').value.trim(), time = $('#time-of-day-trigger input').value.trim();
  const at = new Date(date + ' ' + time);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
};
done.addEventListener('click', async () => {
  if (done.getAttribute('aria-disabled') === 'true') return;
  const vis = checkedName(VIS) || 'PRIVATE';
  const scheduledAt = vis === 'SCHEDULE' ? when() : null;
  if (vis === 'SCHEDULE' && !scheduledAt) return show('Enter a valid date and time');
  const title = $('#title-textarea #textbox');
  done.setAttribute('aria-disabled', 'true');
  const body = { videoId, title: title ? textOf(title).trim() : '', description: textOf($('#description-textarea #textbox')).trim(), thumbnailId: thumbnail, playlists: chosen, madeForKids: audience(), tags,
    privacy: vis === 'SCHEDULE' ? 'public' : vis.toLowerCase(), scheduledAt };
  let j;
  try {
    const r = await fetch(live('https://studio.youtube.com/sim/publish'), { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    j = await r.json();
    if (!r.ok) { show(j.error.message); done.setAttribute('aria-disabled', 'false'); return; }
  } catch (e) { return; }
  dialog.remove();
  const processed = Date.now() - uploadedAt >= TRANSCODE_MS;
  const d = document.createElement(processed ? 'ytcp-video-share-dialog' : 'ytcp-uploads-still-processing-dialog');
  const href = 'https://youtu.be/' + videoId;
  d.innerHTML = processed
    ? '<tp-yt-paper-dialog role="dialog"><h1 id="dialog-title">' + (scheduledAt ? 'Video scheduled' : vis === 'PUBLIC' ? 'Video published' : 'Video saved') + '</h1><a id="share-url" href="' + href + '">' + href + '</a><ytcp-button id="close-button">Close</ytcp-button></tp-yt-paper-dialog>'
    : '<tp-yt-paper-dialog role="dialog"><h1 id="uploads-still-processing-dialog-title">Video processing</h1><p>Your video needs to finish processing before your video is public on YouTube.</p><ytcp-button id="close-button">Close</ytcp-button></tp-yt-paper-dialog>';
  document.body.appendChild(d);
});
refresh();`;
}

function owner(req: IncomingMessage, res: ServerResponse, state: SimState): User | null {
  const u = state.user(req, P);
  if (!u) json(res, 401, { error: { code: 401, message: 'Sign in to continue' } });
  return u;
}

async function publish(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = owner(req, res, state);
  if (!u) return;
  const b = await readJson(req);
  const refuse = (message: string) => json(res, 400, { error: { code: 400, message } });
  const up = state.bag<Upload>(VIDEOS).get(String(b.videoId ?? ''));
  const video = up && up.account === u.uid && up.mediaId ? state.media.get(up.mediaId) : undefined;
  if (!video) return refuse('Upload the video first');
  const title = String(b.title ?? '');
  if (!title.trim() || Array.from(title).length > 100) return refuse('Title must be 1 to 100 characters');
  if (Array.from(String(b.description ?? '')).length > 5000) return refuse('Description is longer than 5,000 characters');
  if (typeof b.madeForKids !== 'boolean') return refuse('Choose whether your video is made for kids');
  const tags = Array.isArray(b.tags) ? b.tags.map(String) : [];
  if (tags.join(',').length > 500) return refuse('Tags are longer than 500 characters');
  const thumbId = b.thumbnailId === null || b.thumbnailId === undefined ? undefined : String(b.thumbnailId);
  const thumbMedia = thumbId ? state.bag<{ account: string; mediaId: string }>(THUMBS).get(thumbId) : undefined;
  const cover = thumbMedia && thumbMedia.account === u.uid ? state.media.get(thumbMedia.mediaId) : undefined;
  if (thumbId && !cover) return refuse('Thumbnail not found');
  if (state.opts(P).rejectPublish) return refuse(state.opts(P).rejectPublish as string);
  const id = String(b.videoId);
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: u.uid,
      postId: id,
      url: `${route.prefix}/www.youtube.com/watch?v=${id}`,
      title,
      body: String(b.description ?? ''),
      settings: { privacy: String(b.privacy), madeForKids: b.madeForKids, playlists: Array.isArray(b.playlists) ? b.playlists.map(String) : [], tags, scheduledAt: b.scheduledAt ?? null },
      media: [{ kind: 'video', size: video.size, sha256: video.sha256 }, ...(cover ? [{ kind: 'cover' as const, size: cover.size, sha256: cover.sha256 }] : [])],
    },
    { videoId: id },
  );
}

export const youtube: PlatformSim = {
  platform: P,
  contentTypes: ['video'],
  handle: router([
    [
      'GET',
      /^\/studio\.youtube\.com\/?$/,
      (req, res, route, state) => {
        const u = state.user(req, P);
        if (!u) return signIn(res, route, 'https://studio.youtube.com/');
        redirect(res, `${route.prefix}${STUDIO}/channel/${u.uid}`);
      },
    ],
    [
      'GET',
      '/www.youtube.com/upload',
      (req, res, route, state) => {
        const u = state.user(req, P);
        if (!u) return signIn(res, route, 'https://www.youtube.com/upload');
        redirect(res, `${route.prefix}${STUDIO}/channel/${u.uid}/videos/upload?d=ud`);
      },
    ],
    [
      'GET',
      '/accounts.google.com/ServiceLogin',
      (_req, res) => html(res, '<!doctype html><html><head><meta charset="utf-8"><title>Sign in - Google Accounts</title></head><body><h1>Sign in</h1><p>to continue to YouTube</p><input type="email"></body></html>'),
    ],
    ['GET', /^\/studio\.youtube\.com\/channel\/([\w-]+)$/, dashboard],
    ['GET', /^\/studio\.youtube\.com\/channel\/([\w-]+)\/videos\/upload$/, contentPage],
    [
      'POST',
      `${STUDIO}/sim/upload/create`,
      (req, res, _route, state) => {
        const u = owner(req, res, state);
        if (!u) return;
        const id = newVideoId();
        state.bag<Upload>(VIDEOS).set(id, { account: u.uid });
        json(res, 200, { videoId: id });
      },
    ],
    [
      'POST',
      /^\/studio\.youtube\.com\/sim\/upload\/([\w-]+)$/,
      async (req, res, _route, state, [id]) => {
        const u = owner(req, res, state);
        if (!u) return;
        const up = state.bag<Upload>(VIDEOS).get(id!);
        const bytes = await readBody(req);
        if (!up || up.account !== u.uid) return json(res, 404, { error: { code: 404, message: 'Upload not found' } });
        const reject = state.opts(P).rejectVideo;
        if (reject) return json(res, 400, { error: { code: 400, message: reject } });
        if (bytes.length === 0) return json(res, 400, { error: { code: 400, message: 'Invalid file format' } });
        up.mediaId = state.storeMedia(P, u.uid, 'video', bytes, req.headers['content-type']).id;
        up.uploadedAt = Date.now();
        json(res, 200, { videoId: id });
      },
    ],
    [
      'POST',
      `${STUDIO}/sim/thumbnail`,
      async (req, res, _route, state) => {
        const u = owner(req, res, state);
        if (!u) return;
        const bytes = await readBody(req);
        const reject = state.opts(P).rejectCover;
        if (reject) return json(res, 400, { error: { code: 400, message: reject } });
        const m = state.storeMedia(P, u.uid, 'cover', bytes, req.headers['content-type']);
        const id = `t${state.nextSeq()}`;
        state.bag<{ account: string; mediaId: string }>(THUMBS).set(id, { account: u.uid, mediaId: m.id });
        json(res, 200, { thumbnailId: id, url: `${_route.prefix}${STUDIO}/sim/thumbnail/${m.id}` });
      },
    ],
    [
      'GET',
      /^\/studio\.youtube\.com\/sim\/thumbnail\/(\w+)$/,
      (_req, res, _route, state, [id]) => {
        const m = state.media.get(id!);
        res.writeHead(m?.bytes ? 200 : 404, { 'content-type': m?.contentType ?? 'image/jpeg' });
        res.end(m?.bytes ?? '');
      },
    ],
    [
      'POST',
      `${STUDIO}/sim/playlists`,
      async (req, res, _route, state) => {
        const u = owner(req, res, state);
        if (!u) return;
        const title = String((await readJson(req)).title ?? '').trim();
        if (!title || Array.from(title).length > 150) return json(res, 400, { error: { code: 400, message: 'Playlist title must be 1 to 150 characters' } });
        const list = playlistsOf(state, u.uid);
        if (!list.includes(title)) list.push(title);
        json(res, 200, { playlistId: `PL${state.nextSeq()}` });
      },
    ],
    ['POST', `${STUDIO}/sim/publish`, publish],
    [
      'GET',
      '/www.youtube.com/watch',
      (_req, res, route, state) => {
        const p = state.published.find((x) => x.platform === P && x.postId === route.query.get('v'));
        if (!p) return html(res, '<!doctype html><html><body>Video unavailable</body></html>', 404);
        html(res, `<!doctype html><html><head><meta charset="utf-8"><title>${esc(p.title ?? '')} - YouTube</title></head><body><h1>${esc(p.title ?? '')}</h1><p>${esc(p.body)}</p></body></html>`);
      },
    ],
  ]),
};


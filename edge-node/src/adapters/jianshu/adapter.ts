/**
 * jianshu (简书) articles through the writer's own JSON API, called from the
 * logged-in writer page: a note is created in a notebook (文集), saved with
 * its body — Markdown as written when the account writes in jianshu's
 * Markdown editor, else the HTML rendering for its rich-text editor —
 * pictures from other sites copied onto jianshu first, and made public
 * (`publicize`), the one call behind the commit gate.
 *
 * What each step rests on (the public sources of every fact about jianshu,
 * and how sure each is) is in jianshu/provenance.ts.
 *
 * Settings: `notebook` (by name; the first notebook otherwise). `coverMode` takes only
 * `auto` (jianshu picks the cover); `aiLabel`, `tags`, `summary` and `original` have
 * no control here and are logged as ignored.
 */
import type { Page } from 'playwright-core';
import { escapeHtml, markdownToHtml } from '@plume/shared';
import { AdapterError, type AdapterContext, type ArticleJob, type Flow, type LoginInfo, type Step } from '../contract.js';
import { defineAdapter } from '../define.js';
import { JIANSHU_PROVENANCE } from './provenance.js';
import { gatedApiPublish } from '../kit/api-publish.js';
import { liveUrl, realUrl } from '../kit/live-url.js';
import { field, needField } from '../kit/page-api.js';
import { pageCall, type PageCall } from '../kit/page-call.js';
import { webPictures } from '../kit/pictures.js';
import { SettingsReader } from '../settings.js';
import { assertAccount, inJobWindow, openLoggedIn } from '../support.js';

const ORIGIN = 'https://www.jianshu.com';
const URLS = {
  writer: `${ORIGIN}/writer`,
  notePage: (nb: string, id: string) => `${ORIGIN}/writer#/notebooks/${nb}/notes/${id}`,
  basic: `${ORIGIN}/settings/basic.json`,
  notebooks: `${ORIGIN}/author/notebooks`,
  notebookNotes: (nb: string) => `${ORIGIN}/author/notebooks/${nb}/notes`,
  notes: `${ORIGIN}/author/notes`,
  note: (id: string) => `${ORIGIN}/author/notes/${id}`,
  publicize: (id: string) => `${ORIGIN}/author/notes/${id}/publicize`,
  softDestroy: (id: string) => `${ORIGIN}/author/notes/${id}/soft_destroy`,
  fetchImage: `${ORIGIN}/upload_images/fetch`,
  post: (slug: string) => `${ORIGIN}/p/${slug}`,
};
const SETTING_KEYS = ['notebook', 'coverMode'] as const;
const JIANSHU_IMAGE_HOST = /^https:\/\/upload-images\.jianshu\.io\//;

type Ctx = AdapterContext;
const SITE = { defaultBaseUrl: ORIGIN };
const at = (ctx: Ctx, real: string) => liveUrl(ctx, SITE, real);
const isLoginPage = (ctx: Ctx) => (u: URL) => {
  const r = realUrl(ctx, SITE, u.toString());
  return r.host === 'www.jianshu.com' && r.pathname.startsWith('/sign_in');
};

interface Me extends LoginInfo {
  markdown: boolean;
}

/** The note `prepare` saved, for the publish (and a site check's cleanup) that follow on its page. */
interface Prepared {
  noteId: string;
  notebookId: string;
  slug: string;
}

function refusalOf(body: unknown): string {
  return String(field(body, 'error', 0, 'message') ?? field(body, 'message') ?? 'no reason given');
}
const refused = (body: unknown) => Array.isArray(field(body, 'error'));

/**
 * One call of the writer's API from the page. A write carries the page's
 * X-CSRF-Token cookie as a header when there is one (a public client records
 * note saves refused without it); without the cookie, nothing is added.
 */
async function api(page: Page, url: string, req: PageCall, step: Step, what: string, ctx: Ctx) {
  const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
  if (req.method && req.method !== 'GET') {
    const token = (await page.context().cookies(page.url())).find((c) => c.name === 'X-CSRF-Token')?.value;
    if (token) headers['x-csrf-token'] = safeDecode(token);
  }
  return pageCall(page, at(ctx, url), { ...req, headers }, step, what, ctx);
}

function safeDecode(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

async function whoAmI(page: Page, step: Step, ctx: Ctx): Promise<Me> {
  const { body } = await api(page, URLS.basic, {}, step, 'account settings', ctx);
  const nickname = field(body, 'data', 'nickname');
  if (typeof nickname !== 'string' || !nickname) throw new AdapterError('login_required', step, `jianshu has no session here (${refusalOf(body)})`);
  // The account id is only in the avatar's address; an account with the default avatar is known by its nickname.
  const id = /\/users\/upload_avatars\/(\d+)\//.exec(String(field(body, 'data', 'avatar') ?? ''))?.[1];
  return { externalRef: id ?? nickname, displayName: nickname, markdown: field(body, 'data', 'preferred_note_type') === 'markdown' };
}

async function openWriter(page: Page, step: Step, ctx: Ctx): Promise<Me> {
  await openLoggedIn(page, at(ctx, URLS.writer), step, ctx, isLoginPage(ctx));
  return whoAmI(page, step, ctx);
}

async function notebooks(page: Page, step: Step, ctx: Ctx): Promise<Array<{ id: string; name: string }>> {
  const { status, body } = await api(page, URLS.notebooks, {}, step, 'notebook list', ctx);
  if (status >= 400) throw new Error(`jianshu notebook list: ${refusalOf(body)}`);
  if (!Array.isArray(body)) throw new AdapterError('editor_changed', step, 'notebook list: the answer is not a list');
  return body.map((nb) => ({ id: needField(nb, ['id'], step, 'notebook list'), name: String(field(nb, 'name') ?? '') }));
}

const articleFlow: Flow<ArticleJob, Prepared> = {
  async prepare(page, job, ctx) {
    const r = new SettingsReader(job);
    r.logIgnored(SETTING_KEYS, ctx.log);
    // jianshu takes the article's first picture as its cover: there is no cover of our own to give it.
    if (r.string('coverMode') === 'custom') throw new AdapterError('cover_rejected', 'upload', 'jianshu has no custom cover (it shows the first picture of the article)');
    const wanted = r.string('notebook', { maxLength: 50 });
    const title = job.payload.title.trim();
    if (!title) throw new AdapterError('publish_rejected', 'fill', 'jianshu needs a title');
    if (!job.payload.content.trim()) throw new AdapterError('publish_rejected', 'fill', 'jianshu needs a body');
    const html = markdownToHtml(job.payload.content);
    const pictures = webPictures({ html }, 'jianshu');

    ctx.progress('open_editor');
    const me = await openWriter(page, 'open_editor', ctx);
    assertAccount(me, job, 'open_editor');

    ctx.progress('apply_settings');
    const books = await notebooks(page, 'apply_settings', ctx);
    const book = wanted ? books.find((b) => b.name === wanted) : books[0];
    if (!book) throw new AdapterError('setting_unavailable', 'apply_settings', wanted ? `this jianshu account has no notebook "${wanted}"` : 'this jianshu account has no notebook to write in', { field: 'notebook' });

    ctx.progress('fill');
    let content = me.markdown ? job.payload.content : html;
    const foreign = pictures.filter((src) => !JIANSHU_IMAGE_HOST.test(src));
    for (const [i, src] of foreign.entries()) {
      ctx.progress('upload', { phase: 'images', percent: Math.round((100 * i) / foreign.length) });
      const { body } = await api(page, URLS.fetchImage, { method: 'POST', json: { url: src } }, 'upload', 'picture copy', ctx);
      const copy = field(body, 'url');
      if (refused(body) || typeof copy !== 'string' || !copy) throw new AdapterError('upload_failed', 'upload', `jianshu could not copy the picture ${src}: ${refusalOf(body)}`);
      content = me.markdown ? content.split(src).join(copy) : content.split(`src="${escapeHtml(src)}"`).join(`src="${escapeHtml(copy)}"`);
    }
    const created = await api(page, URLS.notes, { method: 'POST', json: { notebook_id: book.id, title, at_bottom: false } }, 'fill', 'note create', ctx);
    if (refused(created.body) || created.status >= 400) throw new AdapterError('publish_rejected', 'fill', `jianshu refused the note: ${refusalOf(created.body)}`);
    const noteId = needField(created.body, ['id'], 'fill', 'note create');
    const slug = needField(created.body, ['slug'], 'fill', 'note create');
    const saved = await api(page, URLS.note(noteId), { method: 'PUT', json: { id: noteId, autosave_control: 1, title, content } }, 'fill', 'note save', ctx);
    if (refused(saved.body) || saved.status >= 400) throw new AdapterError('publish_rejected', 'fill', `jianshu refused the note: ${refusalOf(saved.body)}`);
    // The note's own page in the writer is where the publish step picks it up (and what a person would see).
    await openLoggedIn(page, at(ctx, URLS.notePage(book.id, noteId)), 'open_editor', ctx, isLoginPage(ctx));
    return { noteId, notebookId: book.id, slug };
  },

  async publish(page, _job, ctx, p) {
    const m = /^#\/notebooks\/(\d+)\/notes\/(\d+)$/.exec(realUrl(ctx, SITE, page.url()).hash);
    if (!m || p.noteId !== m[2] || p.notebookId !== m[1]) throw new AdapterError('editor_changed', 'publish', 'the page is not the prepared note; nothing was published', { url: page.url() });
    const slug = await gatedApiPublish(
      page,
      at(ctx, URLS.publicize(p.noteId)),
      { method: 'POST', headers: { accept: 'application/json' }, json: {} },
      (body) => {
        if (refused(body)) return { ok: false, message: refusalOf(body) };
        const s = field(body, 'slug');
        return { ok: true, value: typeof s === 'string' && s ? s : p.slug };
      },
      ctx,
    );
    return { postId: p.noteId, url: at(ctx, URLS.post(slug)) };
  },

  async verify(page, job, ctx) {
    ctx.progress('read_back');
    // Looking in another account's notebooks would find nothing and invite a duplicate.
    assertAccount(await openWriter(page, 'check_login', ctx), job, 'check_login');
    const title = job.payload.title.trim();
    const hits: unknown[] = [];
    for (const book of await notebooks(page, 'read_back', ctx)) {
      const { status, body } = await api(page, URLS.notebookNotes(book.id), {}, 'read_back', 'note list', ctx);
      if (status >= 400 || !Array.isArray(body)) throw new Error(`jianshu note list: ${refusalOf(body)}`);
      for (const note of body) {
        const updated = Number(field(note, 'content_updated_at'));
        const when = Number.isFinite(updated) && updated > 0 ? new Date(updated * 1000).toISOString() : null;
        if (field(note, 'title') === title && field(note, 'shared') === true && inJobWindow(when, job)) hits.push(note);
      }
    }
    if (hits.length === 0) return { found: false };
    hits.sort((a, b) => Number(field(b, 'content_updated_at')) - Number(field(a, 'content_updated_at')));
    return { found: true, postId: String(field(hits[0], 'id')), url: at(ctx, URLS.post(String(field(hits[0], 'slug')))), candidates: hits.length };
  },

  /** After a site check: removes the note `prepare` saved on this page. Never publishes. */
  async discardDraft(page, _job, ctx, p) {
    const { status, body } = await api(page, URLS.softDestroy(p.noteId), { method: 'POST', json: {} }, 'read_back', 'note removal', ctx);
    if (status >= 400 || refused(body)) throw new Error(`jianshu kept the note ${p.noteId}: ${refusalOf(body)}`);
  },
};

export const jianshuAdapter = defineAdapter({
  platform: 'jianshu',
  defaultBaseUrl: ORIGIN,
  settingKeys: SETTING_KEYS,
  provenance: JIANSHU_PROVENANCE,

  async checkLogin(page, ctx) {
    ctx.progress('check_login');
    const me = await openWriter(page, 'check_login', ctx);
    return { externalRef: me.externalRef, displayName: me.displayName };
  },

  flows: { article: articleFlow },
});

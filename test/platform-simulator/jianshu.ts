/**
 * Replica of jianshu's writer as the public sources record it (see the
 * provenance in edge-node/src/adapters/jianshu/provenance.ts): the sign-in page,
 * the writer page, the account settings (`/settings/basic.json`, whose
 * `preferred_note_type` says which editor the account writes in), the
 * notebooks and their notes, note create / save (with its rising
 * `autosave_control`) / publicize / soft_destroy, picture copies by URL, and
 * the published pages. The session is the `remember_user_token` cookie.
 * Refusals are `{error: [{code, message}]}`.
 *
 * How the settings page saves the preferred editor (PUT of the same JSON
 * here) is not recorded publicly; tests use it to switch an account between
 * the rich-text (default) and Markdown editors.
 *
 * `omit` names this replica knows: `note-id` (the note create answer loses
 * its id), `notebooks` (the account has no notebook). `forms`: `csrf` —
 * `none` (default: no token asked for) or `required` (the writer page sets an
 * `X-CSRF-Token` cookie and a note save without that token as a header is
 * sent on to the sign-in page, as a public client records).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, json, readJson, redirect } from './http.js';
import { acceptPublish, newNumericId, router, type PlatformSim, type User } from './platform.js';
import type { SimState } from './state.js';

const P = 'jianshu';
const WWW = '/www.jianshu.com';
const NOTEBOOKS = ['日记本', '随笔'];

interface Note {
  id: string;
  account: string;
  notebookId: string;
  slug: string;
  title: string;
  content: string;
  noteType: 'markdown' | 'rich';
  autosave: number;
  shared: boolean;
  updatedAt: number;
}
const notes = (s: SimState) => s.bag<Note>('jianshu:notes');
const prefs = (s: SimState) => s.bag<string>('jianshu:preferred_note_type');
const refuse = (res: ServerResponse, status: number, message: string) => json(res, status, { error: [{ code: status, message }] });
/** An account's notebooks: ids fixed per account so a test can address them. */
const notebooksOf = (state: SimState, uid: string) =>
  state.opts(P).omit.includes('notebooks') ? [] : NOTEBOOKS.map((name, i) => ({ id: String(100000 + (Number.parseInt(createHash('sha1').update(uid).digest('hex').slice(0, 6), 16) % 800000) * 2 + i), name, seq: i }));

export const jianshu: PlatformSim = {
  platform: P,
  contentTypes: ['article'],
  sessionCookie: 'remember_user_token',
  handle: router([
    ['GET', `${WWW}/sign_in`, (_req, res) => html(res, shell('登录 - 简书', '<main class="sign"><p>扫码登录 / 手机号登录</p></main>'))],
    ['GET', `${WWW}/writer`, (req, res, route, state) => {
      const u = state.user(req, P);
      if (!u) return redirect(res, `${route.prefix}${WWW}/sign_in`);
      if (state.opts(P).forms.csrf === 'required') res.setHeader('set-cookie', `X-CSRF-Token=${encodeURIComponent(csrfOf(u))}; Path=/; SameSite=Lax`);
      html(res, shell('简书', '<div id="root"><aside class="notebooks"></aside><section class="notes"></section><main class="editor"><input class="title" placeholder="无标题文章"><div class="kalamu-area" contenteditable="true"></div></main></div>'));
    }],
    ['GET', `${WWW}/settings/basic.json`, (req, res, _route, state) => withUser(req, res, state, async (u) => json(res, 200, {
      data: { nickname: u.name, avatar: `https://upload.jianshu.io/users/upload_avatars/${u.uid}/6f0c7ae2-3b2d.jpg`, preferred_note_type: prefs(state).get(u.uid) ?? 'plain' },
    }))],
    ['PUT', `${WWW}/settings/basic.json`, (req, res, _route, state) => withUser(req, res, state, async (u) => {
      const b = await readJson(req);
      if (b.preferred_note_type !== 'markdown' && b.preferred_note_type !== 'plain') return refuse(res, 422, '参数错误');
      prefs(state).set(u.uid, b.preferred_note_type);
      json(res, 200, { data: { preferred_note_type: b.preferred_note_type } });
    })],
    ['GET', `${WWW}/author/notebooks`, (req, res, _route, state) => withUser(req, res, state, async (u) => json(res, 200, notebooksOf(state, u.uid)))],
    ['GET', /^\/www\.jianshu\.com\/author\/notebooks\/(\d+)\/notes$/, (req, res, _route, state, [nb]) => withUser(req, res, state, async (u) => {
      if (!notebooksOf(state, u.uid).some((b) => b.id === nb)) return refuse(res, 404, '文集不存在');
      const list = [...notes(state).values()].filter((n) => n.account === u.uid && n.notebookId === nb).sort((a, b) => b.updatedAt - a.updatedAt);
      json(res, 200, list.map((n) => ({ id: Number(n.id), slug: n.slug, title: n.title, shared: n.shared, notebook_id: Number(n.notebookId), note_type: n.noteType === 'markdown' ? 2 : 1, autosave_control: n.autosave, content_updated_at: n.updatedAt })));
    })],
    ['POST', `${WWW}/author/notes`, (req, res, _route, state) => withUser(req, res, state, async (u) => {
      const b = await readJson(req);
      const nb = String(b.notebook_id ?? '');
      if (!notebooksOf(state, u.uid).some((x) => x.id === nb)) return refuse(res, 422, '文集不存在');
      const id = newNumericId(state, 9);
      const slug = createHash('sha1').update(`jianshu-slug:${id}`).digest('hex').slice(0, 12);
      const note: Note = { id, account: u.uid, notebookId: nb, slug, title: String(b.title ?? ''), content: '', noteType: prefs(state).get(u.uid) === 'markdown' ? 'markdown' : 'rich', autosave: 0, shared: false, updatedAt: now() };
      notes(state).set(id, note);
      const answer = { id: Number(id), slug, title: note.title, notebook_id: Number(nb), shared: false, note_type: note.noteType === 'markdown' ? 2 : 1, autosave_control: 0 };
      json(res, 200, state.opts(P).omit.includes('note-id') ? { ...answer, id: undefined } : answer);
    })],
    ['PUT', /^\/www\.jianshu\.com\/author\/notes\/(\d+)$/, (req, res, route, state, [id]) => withNote(req, res, state, id!, async (n, u) => {
      // The `required` csrf form: a save without the page's token is sent on to the sign-in page.
      if (state.opts(P).forms.csrf === 'required' && req.headers['x-csrf-token'] !== csrfOf(u)) return redirect(res, `${route.prefix}${WWW}/sign_in`);
      const b = await readJson(req);
      const version = Number(b.autosave_control);
      if (String(b.id) !== n.id || !Number.isInteger(version) || version <= n.autosave) return refuse(res, 409, '文章版本冲突，请刷新后重试');
      n.autosave = version;
      if (typeof b.title === 'string') n.title = b.title;
      if (typeof b.content === 'string') n.content = b.content;
      n.updatedAt = now();
      json(res, 200, { id: Number(n.id), content_updated_at: n.updatedAt, content_size_status: 'fine', last_compiled_at: 0 });
    })],
    ['POST', /^\/www\.jianshu\.com\/author\/notes\/(\d+)\/publicize$/, (req, res, route, state, [id]) => withNote(req, res, state, id!, async (n, u) => {
      if (!n.title.trim()) return refuse(res, 422, '标题不能为空');
      if (!n.content.trim()) return refuse(res, 422, '文章内容不能为空');
      const rejected = state.opts(P).rejectPublish;
      if (rejected) return refuse(res, 422, rejected);
      n.shared = true;
      n.updatedAt = now();
      const book = notebooksOf(state, u.uid).find((b) => b.id === n.notebookId);
      await acceptPublish(
        res,
        state,
        { platform: P, account: u.uid, postId: n.id, url: `${route.prefix}${WWW}/p/${n.slug}`, title: n.title, body: n.content, settings: { notebook: book?.name ?? null, noteType: n.noteType }, media: [] },
        { last_compiled_at: n.updatedAt },
      );
    })],
    ['POST', /^\/www\.jianshu\.com\/author\/notes\/(\d+)\/soft_destroy$/, (req, res, _route, state, [id]) => withNote(req, res, state, id!, async (n) => {
      notes(state).delete(n.id);
      json(res, 200, {});
    })],
    ['POST', `${WWW}/upload_images/fetch`, (req, res, _route, state) => withUser(req, res, state, async (u) => {
      const b = await readJson(req);
      const reject = state.opts(P).rejectImages;
      if (reject) return refuse(res, 422, reject);
      const url = String(b.url ?? '');
      if (!/^https?:\/\//.test(url)) return refuse(res, 422, '图片地址无效');
      json(res, 200, { url: `https://upload-images.jianshu.io/upload_images/${u.uid}-${createHash('sha1').update(url).digest('hex').slice(0, 16)}.png` });
    })],
    ['GET', /^\/www\.jianshu\.com\/p\/([0-9a-f]+)$/, (_req, res, _route, state, [slug]) => {
      const p = state.published.find((x) => x.platform === P && x.url.endsWith(`/p/${slug}`));
      if (!p) return html(res, shell('您要找的页面不存在 - 简书', '<main>404</main>'), 404);
      html(res, shell(`${p.title ?? ''} - 简书`, `<article><h1 class="title">${esc(p.title ?? '')}</h1><div class="show-content">${p.settings.noteType === 'markdown' ? `<pre>${esc(p.body)}</pre>` : p.body}</div></article>`));
    }],
  ]),
};

const now = () => Math.floor(Date.now() / 1000);
/** The account's CSRF token, as the writer page's cookie carries it (the `required` csrf form). */
const csrfOf = (u: User) => createHash('sha1').update(`jianshu-csrf:${u.uid}`).digest('base64');

async function withUser(req: IncomingMessage, res: ServerResponse, state: SimState, run: (u: User) => Promise<void>): Promise<void> {
  const u = state.user(req, P);
  if (!u) return refuse(res, 401, '您需要登录后才能继续');
  await run(u);
}

async function withNote(req: IncomingMessage, res: ServerResponse, state: SimState, id: string, run: (n: Note, u: User) => Promise<void>): Promise<void> {
  await withUser(req, res, state, async (u) => {
    const n = notes(state).get(id);
    if (!n || n.account !== u.uid) return refuse(res, 404, '文章不存在');
    await run(n, u);
  });
}

function shell(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>${body}</body></html>`;
}


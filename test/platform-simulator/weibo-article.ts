/**
 * The weibo article editor's API as the replica serves it (provenance in
 * edge-node/src/adapters/weibo/article.ts): draft create and save (FormData),
 * image copy by URL with its status poll, and the publish call, which the
 * public sources do not record (the replica's answer is a guess, marked so there).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, json, readBody, type Route } from './http.js';
import { acceptPublish, newNumericId, type Handler } from './platform.js';
import type { SimState } from './state.js';

const P = 'weibo';
const OK = 100000;
const AJ = '/card.weibo.com/article/v5/aj/editor/draft';

interface Draft {
  id: string;
  account: string;
  fields: Record<string, string>;
}

/** The session's user, who must be the `uid` the call names (as the editor sends it). */
function caller(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState) {
  const u = state.user(req, P);
  if (!u || route.query.get('uid') !== u.uid) {
    json(res, 200, { code: 100002, msg: '请先登录' });
    return null;
  }
  return u;
}

async function form(req: IncomingMessage): Promise<Record<string, string>> {
  const raw = await readBody(req, 8 * 1024 * 1024);
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
  const fd = await new Request('http://replica/', { method: 'POST', headers: { 'content-type': type }, body: raw }).formData();
  return Object.fromEntries([...fd.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : '']));
}

const drafts = (state: SimState) => state.bag<Draft>('weibo:drafts');
const copies = (state: SimState) => state.bag<number>('weibo:image-copies');

export const articleRoutes: ReadonlyArray<readonly [string, string | RegExp, Handler]> = [
  ['POST', `${AJ}/create`, (req, res, route, state) => {
    const u = caller(req, res, route, state);
    if (!u) return;
    const id = String(state.nextSeq() + 3000);
    drafts(state).set(id, { id, account: u.uid, fields: {} });
    json(res, 200, { code: OK, msg: '', data: { id } });
  }],
  ['POST', `${AJ}/save`, async (req, res, route, state) => {
    const u = caller(req, res, route, state);
    if (!u) return;
    const d = drafts(state).get(route.query.get('id') ?? '');
    if (!d || d.account !== u.uid) return json(res, 200, { code: 111006, msg: '草稿不存在' });
    const f = await form(req);
    if (Array.from(f.title ?? '').length > 32) return json(res, 200, { code: 111006, msg: '标题不能超过32个字' });
    if (Array.from(f.summary ?? '').length > 44) return json(res, 200, { code: 111006, msg: '导语不能超过44个字' });
    d.fields = f;
    json(res, 200, { code: OK, msg: '', data: { id: d.id } });
  }],
  ['POST', `${AJ}/publish`, publish],
  ['POST', '/card.weibo.com/article/v3/aj/editor/plugins/asyncuploadimg', async (req, res, route, state) => {
    if (!caller(req, res, route, state)) return;
    const url = (await form(req))['urls[0]'] ?? '';
    copies(state).set(url, 0);
    json(res, 200, { code: OK, data: [{ url }] });
  }],
  ['POST', '/card.weibo.com/article/v3/aj/editor/plugins/asyncimginfo', async (req, res, route, state) => {
    if (!caller(req, res, route, state)) return;
    const src = (await form(req))['urls[0]'] ?? '';
    const polls = copies(state).get(src);
    if (polls === undefined) return json(res, 200, { code: OK, data: [{ task_status_code: 2 }] });
    copies(state).set(src, polls + 1);
    // The copy takes one poll; a refused image ends with status 2.
    if (polls === 0) return json(res, 200, { code: OK, data: [{ task_status_code: 0 }] });
    if (state.opts(P).rejectImages) return json(res, 200, { code: OK, data: [{ task_status_code: 2, msg: state.opts(P).rejectImages }] });
    const pid = createHash('sha1').update(src).digest('hex').slice(0, 32);
    json(res, 200, { code: OK, data: [{ task_status_code: 1, pid, url: `https://wx2.sinaimg.cn/large/${pid}.jpg` }] });
  }],
  ['GET', '/weibo.com/ttarticle/p/show', (_req, res, route, state) => {
    const p = state.published.find((x) => x.platform === P && x.postId === route.query.get('id'));
    if (!p) return html(res, '<!doctype html><title>404</title><main>文章不存在</main>', 404);
    html(res, `<!doctype html><meta charset="utf-8"><title>${esc(p.title ?? '')}</title><div class="title">${esc(p.title ?? '')}</div><div class="WB_editor_iframe_new">${p.body}</div>`);
  }],
];

async function publish(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = caller(req, res, route, state);
  if (!u) return;
  const d = drafts(state).get(route.query.get('id') ?? '');
  const sent = await form(req); // the id travels in the query; the body repeats it, with the announcing post's text
  const f = d?.fields;
  if (!d || d.account !== u.uid || !f) return json(res, 200, { code: 111006, msg: '草稿不存在' });
  const refuse = (msg: string) => json(res, 200, { code: 111006, msg });
  if (!f.title?.trim()) return refuse('请填写标题');
  if (!f.content?.trim()) return refuse('请填写正文');
  const coverPid = /\/large\/(\w+)\.jpg$/.exec(f.cover ?? '')?.[1];
  const cover = coverPid ? state.media.get(coverPid) : undefined;
  if (f.cover && !cover) return refuse('封面无效');
  const rejected = state.opts(P).rejectPublish;
  if (rejected) return refuse(rejected);
  const id = `2309404${newNumericId(state, 13)}`;
  const real = `https://weibo.com/ttarticle/p/show?id=${id}`;
  drafts(state).delete(d.id);
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: u.uid,
      postId: id,
      url: `${route.prefix}/weibo.com/ttarticle/p/show?id=${id}`,
      title: f.title,
      body: f.content,
      settings: { kind: 'article', summary: f.summary ?? '', cover: f.cover ?? '', aiDeclared: f.is_aigc_used === '1', pageUrl: real, text: sent.text ?? '' },
      media: cover ? [{ kind: 'cover', size: cover.size, sha256: cover.sha256 }] : [],
    },
    // `forms.articleAnswer: bare`: the answer public clients also record, code "A00006" and no address.
    state.opts(P).forms.articleAnswer === 'bare' ? { code: 'A00006', msg: '', data: {} } : { code: OK, msg: '', data: { url: real } },
  );
}

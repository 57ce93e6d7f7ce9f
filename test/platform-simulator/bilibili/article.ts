/**
 * The bilibili replica's articles (专栏), as the public sources record them
 * (provenance in edge-node/src/adapters/bilibili/article.ts): the editor page
 * on member.bilibili.com (its title box is what a script waits for), the
 * draft save (x/article/creative/draft/addupdate, multipart: title, content
 * HTML, summary, banner_url, category, tags, original/reprint, csrf → aid),
 * the submission of a saved draft (x/article/creative/article/submit), the
 * creator's article list and the article page. Pictures go through
 * upload_bfs (bilibili/dynamic.ts). A draft whose HTML shows a picture that is
 * not on bilibili's image host is refused at submission.
 *
 * `omit` names this replica knows: `article-title` (the editor's title box is gone).
 * `forms` keys: `article-answer` (which id the publish answer names: `aid`,
 * `dyn_rid`, `dyn_id_str` or `none`; see submitAnswerData), `article-editor`
 * (`article-text`, the default, or `york`: the editor is on york/read-editor
 * and article-text/home shows none; see articleEditorPage).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, json, readBody, type Route } from '../http.js';
import { acceptPublish, newNumericId } from '../platform.js';
import type { SimState } from '../state.js';
import { apiUserOf, csrfOk, memberUser, P, plainPage } from './common.js';
import { uploadedPic } from './dynamic.js';

/** bilibili's article categories (专栏分类): parent → children, with their ids, as bilibili-API-collect lists them. */
export const BILIBILI_ARTICLE_CATEGORY_TREE: ReadonlyArray<{ id: number; name: string; children: ReadonlyArray<{ id: number; name: string }> }> = [
  { id: 1, name: '游戏', children: [{ id: 6, name: '单机游戏' }, { id: 7, name: '电子竞技' }, { id: 8, name: '手机游戏' }, { id: 9, name: '网络游戏' }, { id: 10, name: '桌游棋牌' }] },
  { id: 2, name: '动画', children: [{ id: 4, name: '动漫杂谈' }, { id: 5, name: '动漫资讯' }, { id: 31, name: '动画技术' }] },
  { id: 3, name: '生活', children: [{ id: 13, name: '美食' }, { id: 14, name: '时尚' }, { id: 15, name: '日常' }, { id: 21, name: '萌宠' }, { id: 22, name: '运动' }] },
  { id: 16, name: '轻小说', children: [{ id: 18, name: '原创连载' }, { id: 19, name: '同人连载' }, { id: 20, name: '小说杂谈' }, { id: 32, name: '短篇小说' }] },
  { id: 17, name: '科技', children: [{ id: 25, name: '人文历史' }, { id: 26, name: '数码' }, { id: 27, name: '汽车' }, { id: 33, name: '自然' }, { id: 34, name: '学习' }] },
  { id: 28, name: '影视', children: [{ id: 12, name: '电影' }, { id: 35, name: '电视剧' }, { id: 36, name: '纪录片' }, { id: 37, name: '综艺' }] },
  { id: 29, name: '兴趣', children: [{ id: 11, name: '模型手办' }, { id: 23, name: '绘画' }, { id: 24, name: '手工' }, { id: 38, name: '摄影' }, { id: 39, name: '音乐舞蹈' }] },
];
export const BILIBILI_ARTICLE_TITLE_MAX = 40;

const categoryName = (id: number) => BILIBILI_ARTICLE_CATEGORY_TREE.flatMap((p) => p.children).find((c) => c.id === id)?.name;

interface Draft {
  aid: number;
  account: string;
  fields: Record<string, string>;
}
const drafts = (state: SimState) => state.bag<Draft>('bilibili:article-drafts');

/** GET member.bilibili.com/article-text/home: the article editor (its own script is not what the adapter drives). */
export function articleEditorPage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  if (!memberUser(req, res, route, state)) return;
  // forms['article-editor']: 'article-text' (default: the editor on article-text/home) or 'york' (article-text/home
  // shows no editor; the editor with its title box is on york/read-editor, as the newer records find it).
  const onYork = state.opts(P).forms['article-editor'] === 'york';
  const isYork = route.path.includes('/york/read-editor');
  if (onYork !== isYork) return html(res, plainPage('专栏投稿 - 哔哩哔哩创作中心', '<div id="app"><div class="article-shell">专栏</div></div>'));
  const title = state.opts(P).omit.includes('article-title') ? '' : '<textarea class="title-input__inner" maxlength="40" placeholder="请输入标题（建议30字以内）"></textarea>';
  html(res, plainPage('专栏投稿 - 哔哩哔哩创作中心', `<div id="app"><div class="article-editor">${title}<div class="tiptap ProseMirror eva3-editor" contenteditable="true"></div></div></div>`));
}

async function formOf(req: IncomingMessage): Promise<Record<string, string> | null> {
  const raw = await readBody(req, 16 * 1024 * 1024);
  const fd = await new Request('http://replica/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: raw }).formData().catch(() => null);
  return fd ? Object.fromEntries([...fd.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : ''])) : null;
}

/** POST api.bilibili.com/x/article/creative/draft/addupdate: saves a draft (a new one, or the `aid` given) → data.aid. */
export async function draftAddUpdate(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const user = apiUserOf(req, res, state);
  if (!user) return;
  const f = await formOf(req);
  if (!f) return json(res, 200, { code: -400, message: '请求错误', ttl: 1 });
  if (!csrfOk(res, user, f.csrf)) return;
  if (Array.from(f.title ?? '').length > BILIBILI_ARTICLE_TITLE_MAX) return json(res, 200, { code: 10004, message: '标题过长', ttl: 1 });
  let draft = f.aid ? drafts(state).get(f.aid) : undefined;
  if (f.aid && (!draft || draft.account !== user.uid)) return json(res, 200, { code: 10003, message: '草稿不存在', ttl: 1 });
  if (!draft) {
    draft = { aid: 40_000_000 + state.nextSeq(), account: user.uid, fields: {} };
    drafts(state).set(String(draft.aid), draft);
  }
  draft.fields = f;
  json(res, 200, { code: 0, message: '0', ttl: 1, data: { aid: draft.aid } });
}

/** POST api.bilibili.com/x/article/creative/article/submit: publishes a saved draft (`aid`); validates as the editor does. */
export async function articleSubmit(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const user = apiUserOf(req, res, state);
  if (!user) return;
  const f = await formOf(req);
  if (!f) return json(res, 200, { code: -400, message: '请求错误', ttl: 1 });
  if (!csrfOk(res, user, f.csrf)) return;
  const refuse = (code: number, message: string) => json(res, 200, { code, message, ttl: 1 });
  const draft = drafts(state).get(f.aid ?? '');
  if (!draft || draft.account !== user.uid) return refuse(10003, '草稿不存在');
  // What is published is what the submission carries (the editor sends the whole form again).
  const d = { ...draft.fields, ...f };
  const title = (d.title ?? '').trim();
  const category = categoryName(Number(d.category));
  const images = [...(d.content ?? '').matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const pics = images.map((src) => uploadedPic(state, user.uid, src));
  const banner = d.banner_url ? uploadedPic(state, user.uid, d.banner_url) : undefined;
  if (!title || Array.from(title).length > BILIBILI_ARTICLE_TITLE_MAX) return refuse(10004, '请输入标题');
  if (!(d.content ?? '').replace(/<[^>]+>/g, '').trim() && images.length === 0) return refuse(10005, '请输入正文');
  if (!category) return refuse(10006, '请选择分类');
  if (pics.some((p) => !p)) return refuse(10007, '正文包含无法识别的图片');
  if (d.banner_url && !banner) return refuse(10008, '封面无效');
  const rejected = state.opts(P).rejectPublish;
  if (rejected) return refuse(10100, rejected);
  drafts(state).delete(String(draft.aid));
  const id = String(draft.aid);
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: user.uid,
      postId: id,
      url: `${route.prefix}/www.bilibili.com/read/cv${id}`,
      title,
      body: d.content ?? '',
      settings: {
        kind: 'article',
        category,
        tags: (d.tags ?? '').split(',').filter(Boolean),
        summary: d.summary ?? '',
        original: d.original === '1',
        reprint: d.reprint === '1',
        cover: banner ? 'custom' : 'none',
      },
      media: [...(banner ? [{ kind: 'cover' as const, size: banner.size, sha256: banner.sha256 }] : []), ...pics.map((m) => ({ kind: 'image' as const, size: m!.size, sha256: m!.sha256 }))],
    },
    { code: 0, message: '0', ttl: 1, data: submitAnswerData(state, draft.aid) },
  );
}

/**
 * What the publish answer's `data` names, by `forms['article-answer']`: `aid`
 * (the submission's answer; default), `dyn_rid` (the cv id, as the opus form of
 * the editor answers), `dyn_id_str` (the opus id only, as another client reads
 * that form), `none` (no id at all).
 */
function submitAnswerData(state: SimState, aid: number): Record<string, unknown> {
  switch (state.opts(P).forms['article-answer']) {
    case 'dyn_rid':
      return { dyn_rid: aid };
    case 'dyn_id_str':
      return { dyn_id_str: newNumericId(state, 18) };
    case 'none':
      return {};
    default:
      return { aid };
  }
}

/** GET api.bilibili.com/x/article/creative/article/list: the creator's articles, newest first (what `verify` reads; `artlist` sits at the top level). */
export function articleList(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): void {
  const user = apiUserOf(req, res, state);
  if (!user) return;
  const mine = state.published.filter((p) => p.platform === P && p.account === user.uid && p.settings.kind === 'article').reverse();
  const articles = mine.map((p) => ({ id: Number(p.postId), title: p.title ?? '', ctime: Math.floor(Date.parse(p.at) / 1000), publish_time: Math.floor(Date.parse(p.at) / 1000), state: 0 }));
  json(res, 200, { code: 0, message: '0', ttl: 1, artlist: { articles, page: { pn: 1, ps: 20, total: articles.length } } });
}

export function articlePage(res: ServerResponse, state: SimState, id: string): void {
  const p = state.published.find((x) => x.platform === P && x.postId === id && x.settings.kind === 'article');
  if (!p) return html(res, plainPage('出错啦! - bilibili', '<p>文章不存在</p>'), 404);
  html(res, plainPage(`${p.title} - 哔哩哔哩`, `<h1 class="title">${esc(p.title ?? '')}</h1><div id="read-article-holder">${p.body}</div>`));
}

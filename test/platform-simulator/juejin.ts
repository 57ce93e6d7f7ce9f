/**
 * Simulated juejin (稀土掘金): Markdown editor, a publish panel with category,
 * tags, cover and summary, an image upload, the publish API (HTTP 200 with an
 * `err_no`, as the real one answers), a success page, and the creator's
 * article list that `verify` reads.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, json, loginPage, page, readBody, readJson, testIds, type Route } from './http.js';
import { acceptPublish, apiUser, newNumericId, pageUser, router, type PlatformSim } from './platform.js';
import type { SimState } from './state.js';

const P = 'juejin';
const BRAND = '稀土掘金';
export const JUEJIN_CATEGORIES = ['后端', '前端', 'Android', 'iOS', '人工智能', '开发工具', '代码人生', '阅读'];
export const JUEJIN_TAGS = ['前端', '后端', 'JavaScript', 'TypeScript', 'Node.js', 'Vue.js', 'React.js', 'Go', 'Python', 'Java', '数据库', '架构', '算法', 'Linux', '人工智能', '测试'];

export const juejin: PlatformSim = {
  platform: P,
  handle: router([
    ['GET', '/login', (_req, res, route) => html(res, loginPage(BRAND, route.prefix))],
    ['GET', '/creator/home', creatorHome],
    ['GET', '/editor/drafts/new', editor],
    ['POST', '/api/image/upload', uploadImage],
    ['POST', '/content_api/v1/article/publish', publishArticle],
    ['GET', '/published', published],
    ['GET', '/creator/content/article/essays', essays],
    ['GET', /^\/img\/([0-9a-f]+)\.image$/, (_req, res, _route, state, [id]) => serveImage(res, state, id!)],
    ['GET', /^\/post\/(\d+)$/, (_req, res, route, state, [id]) => postPage(res, route, state, id!)],
  ]),
};

function creatorHome(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = pageUser(req, res, route, state, P);
  if (user) html(res, page({ title: '创作者中心', brand: BRAND, user, body: '<main><h1>创作者中心</h1></main>' }));
}

function editor(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = pageUser(req, res, route, state, P);
  if (!user) return;
  const t = testIds(state.opts(P).omitTestIds);
  const body = `<main>
  <input id="title" ${t('title-input')} class="title-input" placeholder="输入文章标题..." maxlength="100" aria-label="文章标题">
  <button id="open-publish" ${t('publish-open')} type="button">发布</button>
  <textarea id="md" ${t('markdown-editor')} aria-label="Markdown 编辑器" placeholder="请输入正文（支持 Markdown）"></textarea>
  <div id="preview" class="markdown-body"></div>
</main>
<section id="panel" role="dialog" aria-label="发布文章" ${t('publish-panel')} hidden>
  <h3>发布文章</h3>
  <div role="radiogroup" aria-label="分类" ${t('category-group')}>
    ${JUEJIN_CATEGORIES.map((c) => `<label><input type="radio" name="category" value="${esc(c)}"> ${esc(c)}</label>`).join('\n    ')}
  </div>
  <div>添加标签 <input id="tag-search" ${t('tag-search')} placeholder="请搜索添加标签" aria-label="添加标签">
    <ul id="tag-options" role="listbox" ${t('tag-options')}></ul>
    <div id="tags" ${t('selected-tags')}></div>
  </div>
  <div>文章封面 <input id="cover-input" type="file" accept="image/*" ${t('cover-input')} aria-label="上传封面">
    <img id="cover-preview" ${t('cover-preview')} alt="封面" hidden>
    <div id="cover-error" role="alert" ${t('cover-error')} hidden></div>
  </div>
  <div>编辑摘要 <textarea id="summary" ${t('summary-input')} maxlength="100" aria-label="编辑摘要"></textarea></div>
  <button id="confirm" ${t('publish-confirm')} type="button">确定并发布</button>
  <div id="publish-error" role="alert" ${t('publish-error')} hidden></div>
</section>`;
  const script = `
const BASE = ${JSON.stringify(route.prefix)};
const TAGS = ${JSON.stringify(JUEJIN_TAGS)};
const $ = (id) => document.getElementById(id);
let tags = [];
$('md').addEventListener('input', () => { $('preview').textContent = $('md').value; });
$('open-publish').addEventListener('click', () => {
  $('panel').hidden = false;
  if (!$('summary').value) $('summary').value = $('md').value.replace(/[#*_>\`\\[\\]()!-]/g, '').replace(/\\s+/g, ' ').trim().slice(0, 100);
});
$('tag-search').addEventListener('input', () => {
  const q = $('tag-search').value.trim().toLowerCase();
  $('tag-options').innerHTML = '';
  if (!q) return;
  for (const tag of TAGS.filter((x) => x.toLowerCase().includes(q))) {
    const li = document.createElement('li');
    li.setAttribute('role', 'option'); li.textContent = tag;
    li.addEventListener('click', () => {
      if (tags.length >= 3 || tags.includes(tag)) return;
      tags.push(tag); renderTags(); $('tag-search').value = ''; $('tag-options').innerHTML = '';
    });
    $('tag-options').appendChild(li);
  }
});
function renderTags() {
  $('tags').innerHTML = '';
  for (const tag of tags) { const s = document.createElement('span'); s.className = 'chip'; s.dataset.tag = tag; s.textContent = tag; $('tags').appendChild(s); }
}
$('cover-input').addEventListener('change', async () => {
  const file = $('cover-input').files[0];
  if (!file) return;
  $('cover-error').hidden = true; $('cover-preview').hidden = true; delete $('cover-preview').dataset.url;
  try {
    const r = await fetch(BASE + '/api/image/upload', { method: 'POST', headers: { 'content-type': file.type || 'application/octet-stream' }, body: file });
    const j = await r.json();
    if (j.err_no !== 0) throw new Error(j.err_msg);
    $('cover-preview').src = j.data.url; $('cover-preview').dataset.url = j.data.url; $('cover-preview').hidden = false;
  } catch (e) { $('cover-error').textContent = '封面上传失败：' + e.message; $('cover-error').hidden = false; }
});
$('confirm').addEventListener('click', async () => {
  $('confirm').disabled = true; $('publish-error').hidden = true;
  const checked = document.querySelector('input[name=category]:checked');
  if (!checked) { $('publish-error').textContent = '请选择分类'; $('publish-error').hidden = false; $('confirm').disabled = false; return; }
  const body = { title: $('title').value, mark_content: $('md').value, category: checked ? checked.value : '',
    tag_names: tags, cover_image: $('cover-preview').dataset.url || '', brief_content: $('summary').value };
  try {
    const r = await fetch(BASE + '/content_api/v1/article/publish', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const j = await r.json();
    if (j.err_no === 0) { location.href = BASE + '/published?article_id=' + j.data.article_id; return; }
    $('publish-error').textContent = j.err_msg;
  } catch (e) { $('publish-error').textContent = '网络错误，请稍后重试'; }
  $('publish-error').hidden = false; $('confirm').disabled = false;
});`;
  html(res, page({ title: '写文章 - 稀土掘金', brand: BRAND, user, body, script }));
}

async function uploadImage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const user = apiUser(req, res, state, P);
  if (!user) return;
  const bytes = await readBody(req);
  const reject = state.opts(P).rejectCover;
  if (reject) return json(res, 200, { err_no: 2001, err_msg: reject });
  if (bytes.length === 0) return json(res, 200, { err_no: 2002, err_msg: '文件为空' });
  const m = state.storeMedia(P, user.uid, 'cover', bytes, req.headers['content-type']);
  json(res, 200, { err_no: 0, data: { url: `${route.prefix}/img/${m.id}.image` } });
}

async function publishArticle(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const user = apiUser(req, res, state, P);
  if (!user) return;
  const b = await readJson(req);
  const title = String(b.title ?? '');
  const content = String(b.mark_content ?? '');
  const category = String(b.category ?? '');
  const tags = Array.isArray(b.tag_names) ? b.tag_names.map(String) : [];
  const coverUrl = String(b.cover_image ?? '');
  const refuse = (msg: string) => json(res, 200, { err_no: 1, err_msg: msg });
  if (!title.trim() || Array.from(title).length > 100) return refuse('标题需为 1-100 字');
  if (!content.trim()) return refuse('正文不能为空');
  if (!JUEJIN_CATEGORIES.includes(category)) return refuse('请选择分类');
  if (tags.length < 1 || tags.length > 3 || tags.some((x) => !JUEJIN_TAGS.includes(x))) return refuse('请添加 1-3 个标签');
  const coverId = /\/img\/([0-9a-f]+)\.image$/.exec(coverUrl)?.[1];
  const cover = coverId ? state.media.get(coverId) : undefined;
  if (coverUrl && !cover) return refuse('封面无效');
  const rejected = state.opts(P).rejectPublish;
  if (rejected) return refuse(rejected);
  const id = newNumericId(state, 19);
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: user.uid,
      postId: id,
      url: `${route.prefix}/post/${id}`,
      title,
      body: content,
      settings: { category, tags, summary: String(b.brief_content ?? '') },
      media: cover ? [{ kind: 'cover', size: cover.size, sha256: cover.sha256 }] : [],
    },
    { err_no: 0, err_msg: 'success', data: { article_id: id } },
  );
}

function published(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = pageUser(req, res, route, state, P);
  if (!user) return;
  const id = route.query.get('article_id') ?? '';
  const body = `<main><div data-testid="publish-success" role="status"><h2>发布成功！</h2>
  <p>文章审核通过后将展示在首页</p><a data-testid="post-link" href="${route.prefix}/post/${esc(id)}">查看文章</a></div></main>`;
  html(res, page({ title: '发布成功 - 稀土掘金', brand: BRAND, user, body }));
}

function essays(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = pageUser(req, res, route, state, P);
  if (!user) return;
  const mine = state.published.filter((p) => p.platform === P && p.account === user.uid).reverse();
  const rows = mine
    .map(
      (p) => `<li data-testid="article-row"><a data-testid="article-title" href="${esc(p.url)}">${esc(p.title ?? '')}</a>
  <time datetime="${p.at}">${p.at.slice(0, 16).replace('T', ' ')}</time> <span>审核中</span></li>`,
    )
    .join('\n');
  html(res, page({ title: '内容管理 - 创作者中心', brand: BRAND, user, body: `<main><h1>文章</h1><ul data-testid="article-list">${rows}</ul></main>` }));
}

function postPage(res: ServerResponse, route: Route, state: SimState, id: string): void {
  const p = state.published.find((x) => x.platform === P && x.postId === id);
  if (!p) return html(res, page({ title: '404', brand: BRAND, body: '<main>文章不存在</main>' }), 404);
  html(res, page({ title: p.title ?? '', brand: BRAND, body: `<main><h1>${esc(p.title ?? '')}</h1><pre>${esc(p.body)}</pre></main>` }));
}

function serveImage(res: ServerResponse, state: SimState, id: string): void {
  const m = state.media.get(id);
  if (!m?.bytes) return json(res, 404, { err_no: 404 });
  res.writeHead(200, { 'content-type': m.contentType ?? 'application/octet-stream' });
  res.end(m.bytes);
}

/**
 * Simulated weibo: the home-page composer (plain text, 2000-character counter,
 * up to 9 pictures uploaded as they are chosen, visibility), the post API, and
 * the owner's profile feed that `verify` reads.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, json, loginPage, page, readBody, readJson, testIds, type Route } from './http.js';
import { acceptPublish, apiUser, newNumericId, pageUser, router, type PlatformSim } from './platform.js';
import type { SimState } from './state.js';

const P = 'weibo';
const BRAND = '微博';
const LOGIN = '/newlogin';
export const WEIBO_MAX_CHARS = 2000;
export const WEIBO_MAX_PICS = 9;
/** The composer's visibility choices: label → the value the API takes. */
export const WEIBO_VISIBILITY: Record<string, number> = { 公开: 0, 好友圈: 6, 粉丝: 10, 仅自己可见: 1 };

export const weibo: PlatformSim = {
  platform: P,
  handle: router([
    ['GET', LOGIN, (_req, res, route) => html(res, loginPage(BRAND, route.prefix))],
    ['GET', '/', composer],
    ['POST', '/ajax/pic/upload', uploadPic],
    ['POST', '/ajax/statuses/update', update],
    ['GET', /^\/u\/([\w-]+)$/, (req, res, route, state, [uid]) => profile(req, res, route, state, uid!)],
    ['GET', /^\/([\w-]+)\/(\w+)$/, (_req, res, route, state, [, bid]) => detail(res, route, state, bid!)],
  ]),
};

function composer(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const user = pageUser(req, res, route, state, P, LOGIN);
  if (!user) return;
  const t = testIds(state.opts(P).omitTestIds);
  const body = `<main>
  <textarea id="composer" ${t('composer-input')} aria-label="发微博" placeholder="有什么新鲜事想分享给大家？"></textarea>
  <div><span id="count" ${t('char-count')}>0/${WEIBO_MAX_CHARS}</span></div>
  <label>图片 <input id="pics" type="file" accept="image/*" multiple ${t('image-input')} aria-label="图片"></label>
  <div id="pic-list" ${t('image-list')}></div>
  <div id="pic-error" role="alert" ${t('image-error')} hidden></div>
  <select id="visible" ${t('visibility-select')} aria-label="可见范围">
    ${Object.entries(WEIBO_VISIBILITY).map(([label, v]) => `<option value="${v}">${label}</option>`).join('')}
  </select>
  <button id="send" ${t('send-button')} type="button" disabled>发送</button>
  <div id="send-error" role="alert" ${t('send-error')} hidden></div>
  <div id="send-success" role="status" ${t('send-success')} hidden>发布成功 <a id="post-link" ${t('post-link')}>查看微博</a></div>
</main>`;
  const script = `
const BASE = ${JSON.stringify(route.prefix)};
const MAX = ${WEIBO_MAX_CHARS};
const $ = (id) => document.getElementById(id);
let pics = []; let uploading = 0;
function refresh() {
  const n = Array.from($('composer').value).length;
  $('count').textContent = n + '/' + MAX; $('count').style.color = n > MAX ? 'red' : '';
  $('send').disabled = uploading > 0 || n > MAX || (n === 0 && pics.length === 0);
}
$('composer').addEventListener('input', refresh);
$('pics').addEventListener('change', async () => {
  $('pic-error').hidden = true;
  for (const file of Array.from($('pics').files)) {
    if (pics.length + uploading >= ${WEIBO_MAX_PICS}) { $('pic-error').textContent = '最多上传 ${WEIBO_MAX_PICS} 张图片'; $('pic-error').hidden = false; break; }
    const item = document.createElement('div'); item.className = 'chip'; item.dataset.state = 'uploading'; item.setAttribute('data-testid', 'image-item'); item.textContent = file.name;
    $('pic-list').appendChild(item); uploading++; refresh();
    try {
      const r = await fetch(BASE + '/ajax/pic/upload', { method: 'POST', headers: { 'content-type': file.type || 'application/octet-stream' }, body: file });
      const j = await r.json();
      if (j.ok !== 1) throw new Error(j.msg);
      pics.push(j.pic_id); item.dataset.state = 'done'; item.dataset.pid = j.pic_id;
    } catch (e) { item.dataset.state = 'error'; $('pic-error').textContent = '图片上传失败：' + e.message; $('pic-error').hidden = false; }
    uploading--; refresh();
  }
  $('pics').value = '';
});
$('send').addEventListener('click', async () => {
  $('send').disabled = true; $('send-error').hidden = true;
  try {
    const r = await fetch(BASE + '/ajax/statuses/update', { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: $('composer').value, pic_id: pics, visible: Number($('visible').value) }) });
    const j = await r.json();
    if (j.ok === 1) {
      $('post-link').href = BASE + '/' + j.data.user.idstr + '/' + j.data.mblogid; $('send-success').hidden = false;
      $('composer').value = ''; pics = []; $('pic-list').innerHTML = ''; refresh(); return;
    }
    $('send-error').textContent = j.msg;
  } catch (e) { $('send-error').textContent = '网络错误'; }
  $('send-error').hidden = false; refresh();
});
refresh();`;
  html(res, page({ title: '微博', brand: BRAND, user, body, script }));
}

async function uploadPic(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): Promise<void> {
  const user = apiUser(req, res, state, P);
  if (!user) return;
  const bytes = await readBody(req);
  const reject = state.opts(P).rejectImages;
  if (reject) return json(res, 200, { ok: 0, msg: reject });
  if (bytes.length === 0) return json(res, 200, { ok: 0, msg: '文件为空' });
  json(res, 200, { ok: 1, pic_id: state.storeMedia(P, user.uid, 'image', bytes, req.headers['content-type']).id });
}

async function update(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const user = apiUser(req, res, state, P);
  if (!user) return;
  const b = await readJson(req);
  const content = String(b.content ?? '');
  const picIds = Array.isArray(b.pic_id) ? b.pic_id.map(String) : [];
  const pics = picIds.map((id) => state.media.get(id));
  const visibility = Object.entries(WEIBO_VISIBILITY).find(([, v]) => v === b.visible)?.[0];
  const refuse = (msg: string) => json(res, 200, { ok: 0, msg });
  if (!content.trim() && pics.length === 0) return refuse('内容不能为空');
  if (Array.from(content).length > WEIBO_MAX_CHARS) return refuse(`超出 ${WEIBO_MAX_CHARS} 字`);
  if (pics.length > WEIBO_MAX_PICS || pics.some((m) => !m || m.account !== user.uid)) return refuse('图片无效');
  if (!visibility) return refuse('可见范围无效');
  const rejected = state.opts(P).rejectPublish;
  if (rejected) return refuse(rejected);
  const mid = newNumericId(state, 16);
  const bid = Number(mid).toString(36).toUpperCase();
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: user.uid,
      postId: bid,
      url: `${route.prefix}/${user.uid}/${bid}`,
      body: content,
      settings: { visibility },
      media: pics.map((m) => ({ kind: 'image' as const, size: m!.size, sha256: m!.sha256 })),
    },
    { ok: 1, data: { idstr: mid, mblogid: bid, user: { idstr: user.uid } } },
  );
}

function profile(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState, uid: string): void {
  const user = pageUser(req, res, route, state, P, LOGIN);
  if (!user) return;
  // Only the owner sees posts limited to friends or to themselves.
  const posts = state.published.filter((p) => p.platform === P && p.account === uid && (uid === user.uid || p.settings.visibility === '公开')).reverse();
  const items = posts
    .map(
      (p) => `<article data-testid="feed-item"><div data-testid="feed-text" style="white-space:pre-wrap">${esc(p.body)}</div>
  <a data-testid="feed-link" href="${esc(p.url)}"><time datetime="${p.at}">${p.at.slice(0, 16).replace('T', ' ')}</time></a></article>`,
    )
    .join('\n');
  html(res, page({ title: '个人主页 - 微博', brand: BRAND, user, body: `<main><div data-testid="feed">${items}</div></main>` }));
}

function detail(res: ServerResponse, route: Route, state: SimState, bid: string): void {
  const p = state.published.find((x) => x.platform === P && x.postId === bid);
  if (!p) return html(res, page({ title: '404', brand: BRAND, body: '<main>微博不存在</main>' }), 404);
  html(res, page({ title: '微博正文', brand: BRAND, body: `<main><div style="white-space:pre-wrap">${esc(p.body)}</div><a href="${route.prefix}/u/${esc(p.account)}">@${esc(p.account)}</a></main>` }));
}

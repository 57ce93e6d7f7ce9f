/**
 * Replica of the WeChat Official Account platform (mp.weixin.qq.com) as the
 * public sources record it (provenance in edge-node/src/adapters/wechat-mp.ts):
 * the home page whose `window.wx.commonData` holds the session token, the
 * material upload, the draft save (operate_appmsg, with the refusals the
 * sources list: links to other sites, no cover, a title over 64 characters, a
 * digest over 120), the draft's edit page with its 发表 control and
 * confirmation dialog, the account's article list, and the published pages
 * at /s/<key>. The publish request behind the dialog is not on record; this
 * replica answers it at /cgi-bin/masssend. The draft save also refuses
 * pictures that are not the account's uploads, so a test sees any left behind.
 *
 * `omit` names this replica knows: `title-input` (the edit page loses `#title`),
 * `publish-button` (the edit page loses its 发表 control), `app-msg-id` (the
 * draft save answers without appMsgId).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, json, readBody, type Route } from './http.js';
import { acceptPublish, newNumericId, router, type PlatformSim, type User } from './platform.js';
import type { MediaRecord, SimState } from './state.js';

const P = 'wechat_mp';
const MP = '/mp.weixin.qq.com';
const PICTURE_HOST = 'https://mmbiz.qpic.cn/mmbiz_png';

interface Draft {
  id: string;
  account: string;
  form: Record<string, string>;
}
const drafts = (state: SimState) => state.bag<Draft>('wechat_mp.drafts');
const pictures = (state: SimState) => state.bag<{ account: string; mediaId: string }>('wechat_mp.pictures');
/** Published article keys (/s/<key>) by appmsgid. */
const keys = (state: SimState) => state.bag<string>('wechat_mp.keys');
/** The session token the home page gives an account (stable for the account, digits as the real one). */
const tokenOf = (u: User) => String(parseInt(createHash('sha256').update(`token:${u.uid}`).digest('hex').slice(0, 8), 16));
const ticketOf = (u: User) => createHash('sha256').update(`ticket:${u.uid}`).digest('hex').slice(0, 40);

export const wechatMp: PlatformSim = {
  platform: P,
  contentTypes: ['article'],
  sessionCookie: 'slave_sid',
  handle: router([
    ['GET', `${MP}/`, home],
    ['POST', `${MP}/cgi-bin/filetransfer`, upload],
    ['POST', `${MP}/cgi-bin/operate_appmsg`, saveDraft],
    ['GET', `${MP}/cgi-bin/appmsg`, (req, res, route, state) => (route.query.get('action') === 'list_ex' ? list(req, res, route, state) : editPage(req, res, route, state))],
    ['POST', `${MP}/cgi-bin/masssend`, publish],
    ['GET', /^\/mp\.weixin\.qq\.com\/s\/([\w-]+)$/, (_req, res, _route, state, [key]) => {
      const id = [...keys(state).entries()].find(([, k]) => k === key)?.[0];
      const p = id ? state.published.find((x) => x.platform === P && x.postId === id) : undefined;
      if (!p) return html(res, shell('微信公众平台', '<p>该内容已被发布者删除</p>'), 404);
      html(res, shell(p.title ?? '', `<h1 id="activity-name">${esc(p.title ?? '')}</h1><div id="js_content">${p.body}</div>`));
    }],
  ]),
};

function home(req: IncomingMessage, res: ServerResponse, _route: Route, state: SimState): void {
  const u = state.user(req, P);
  if (!u) return html(res, shell('微信公众平台', '<div class="login__type__container"><p>使用账号登录</p><p>微信扫一扫，选择该微信下的公众平台账号登录</p></div>'));
  const data = `{ data: { t: "${tokenOf(u)}", user_name: "${esc(u.uid)}", nick_name: "${esc(u.name)}", ticket: "${ticketOf(u)}", time: "${Math.floor(Date.now() / 1000)}" } }`;
  html(res, shell('公众号', `<script>window.wx = window.wx || {}; window.wx.commonData = ${data};</script><div class="weui-desktop-account__nickname">${esc(u.name)}</div>`));
}

/** A write call's session: the cookie's account and its token in the query. */
function session(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): User | null {
  const u = state.user(req, P);
  if (!u || route.query.get('token') !== tokenOf(u)) {
    json(res, 200, { base_resp: { ret: 200003, err_msg: 'invalid session' } });
    return null;
  }
  return u;
}

async function upload(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = session(req, res, route, state);
  if (!u) return;
  const q = route.query;
  if (q.get('action') !== 'upload_material' || q.get('ticket_id') !== u.uid || q.get('ticket') !== ticketOf(u)) return json(res, 200, { base_resp: { ret: -2, err_msg: 'invalid ticket' } });
  const raw = await readBody(req, 32 * 1024 * 1024);
  const form = await new Request('http://replica/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: raw }).formData();
  const file = form.get('file');
  if (!(file instanceof Blob) || file.size === 0) return json(res, 200, { base_resp: { ret: -1, err_msg: 'empty file' } });
  const o = state.opts(P);
  const reject = o.rejectCover || o.rejectImages;
  if (reject) return json(res, 200, { base_resp: { ret: 220002, err_msg: reject } });
  const m = state.storeMedia(P, u.uid, 'image', Buffer.from(await file.arrayBuffer()), file.type);
  const url = `${PICTURE_HOST}/${m.id}/0?wx_fmt=${/png/.test(file.type) ? 'png' : 'jpeg'}`;
  pictures(state).set(url, { account: u.uid, mediaId: m.id });
  json(res, 200, { base_resp: { ret: 0, err_msg: 'ok' }, location: 'bizfile', content: String(100000 + pictures(state).size), cdn_url: url });
}

/** What the draft save refuses, as a ret code; null when it passes. */
function problem(state: SimState, u: User, f: Record<string, string>): number | null {
  if (f.token !== tokenOf(u)) return 200003;
  if (Array.from(f.title0 ?? '').length > 64 || !(f.title0 ?? '').trim()) return 64702;
  if (Array.from(f.digest0 ?? '').length > 120) return 64703;
  const content = f.content0 ?? '';
  for (const m of content.matchAll(/<a\b[^>]*href="([^"]*)"/g)) if (!/^https?:\/\/mp\.weixin\.qq\.com\//.test(m[1]!)) return 64562;
  const mine = (src: string) => pictures(state).get(src)?.account === u.uid;
  for (const m of content.matchAll(/<img [^>]*src="([^"]*)"/g)) if (!mine(m[1]!.replace(/&amp;/g, '&'))) return 200002;
  if (!f.cdn_url0 || !mine(f.cdn_url0)) return 64513;
  if (!['0', '1'].includes(f.need_open_comment0 ?? '')) return 200002;
  return null;
}

async function saveDraft(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = session(req, res, route, state);
  if (!u) return;
  if (route.query.get('sub') !== 'create' || route.query.get('type') !== '77') return json(res, 200, { base_resp: { ret: -2, err_msg: 'invalid args' } });
  const form = Object.fromEntries(new URLSearchParams((await readBody(req, 32 * 1024 * 1024)).toString()));
  const ret = problem(state, u, form);
  if (ret !== null) return json(res, 200, { ret: String(ret), base_resp: { ret, err_msg: 'default' } });
  const d: Draft = { id: newNumericId(state, 10), account: u.uid, form };
  drafts(state).set(d.id, d);
  if (state.opts(P).omit.includes('app-msg-id')) return json(res, 200, { base_resp: { ret: 0, err_msg: 'ok' }, data_seq: '1' });
  json(res, 200, { base_resp: { ret: 0, err_msg: 'ok' }, appMsgId: Number(d.id), data_seq: '1' });
}

function editPage(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const u = state.user(req, P);
  if (!u) return home(req, res, route, state);
  const d = drafts(state).get(route.query.get('appmsgid') ?? '');
  if (route.query.get('t') !== 'media/appmsg_edit' || !d || d.account !== u.uid || route.query.get('token') !== tokenOf(u)) return html(res, shell('公众号', '<p>素材不存在</p>'), 404);
  const omit = state.opts(P).omit;
  const title = omit.includes('title-input') ? '' : `<textarea id="title" class="js_title">${esc(d.form.title0 ?? '')}</textarea>`;
  const send = omit.includes('publish-button') ? '' : '<button type="button" class="weui-desktop-btn weui-desktop-btn_primary" id="js_send">发表</button>';
  const massUrl = `${route.prefix}${MP}/cgi-bin/masssend?t=ajax-response&token=${tokenOf(u)}&lang=zh_CN`;
  html(
    res,
    shell(
      '公众号',
      `<div class="appmsg_edit">${title}<div class="ProseMirror" contenteditable="true">${d.form.content0 ?? ''}</div>
<div class="tool_bar"><button type="button" class="weui-desktop-btn">保存为草稿</button>${send}</div>
<div class="weui-desktop-dialog" style="display:none"><div class="weui-desktop-dialog__bd">发表后将出现在公众号主页，不会推送给粉丝。</div>
<p class="weui-desktop-dialog__error" style="display:none"></p>
<div class="weui-desktop-dialog__ft"><button type="button" class="weui-desktop-btn weui-desktop-btn_primary" id="js_confirm">发表</button><button type="button" class="weui-desktop-btn">取消</button></div></div>
<div class="weui-desktop-toast" style="display:none"></div></div>
<script>
const dialog = document.querySelector('.weui-desktop-dialog');
document.querySelector('#js_send')?.addEventListener('click', () => { dialog.style.display = 'block'; });
document.querySelector('#js_confirm').addEventListener('click', async () => {
  const body = new URLSearchParams({ appmsgid: ${JSON.stringify(d.id)}, token: ${JSON.stringify(tokenOf(u))}, lang: 'zh_CN', f: 'json', ajax: '1' });
  const r = await fetch(${JSON.stringify(massUrl)}, { method: 'POST', body });
  const a = await r.json();
  if (a.base_resp && a.base_resp.ret === 0) {
    dialog.style.display = 'none';
    const t = document.querySelector('.weui-desktop-toast'); t.textContent = '发表成功'; t.style.display = 'block';
  } else {
    const e = document.querySelector('.weui-desktop-dialog__error'); e.textContent = (a.base_resp && a.base_resp.err_msg) || '发表失败'; e.style.display = 'block';
  }
});
</script>`,
    ),
  );
}

async function publish(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): Promise<void> {
  const u = session(req, res, route, state);
  if (!u) return;
  const body = Object.fromEntries(new URLSearchParams((await readBody(req)).toString()));
  const d = drafts(state).get(body.appmsgid ?? '');
  if (!d || d.account !== u.uid) return json(res, 200, { base_resp: { ret: 10704, err_msg: '该素材已被删除' } });
  const rejected = state.opts(P).rejectPublish;
  if (rejected) return json(res, 200, { base_resp: { ret: 10807, err_msg: rejected } });
  drafts(state).delete(d.id);
  const key = createHash('sha256').update(`s:${d.id}`).digest('base64url').slice(0, 22);
  keys(state).set(d.id, key);
  const f = d.form;
  const media = (src: string, kind: MediaRecord['kind']): MediaRecord => {
    const m = state.media.get(pictures(state).get(src)!.mediaId)!;
    return { kind, size: m.size, sha256: m.sha256 };
  };
  const content = f.content0 ?? '';
  await acceptPublish(
    res,
    state,
    {
      platform: P,
      account: u.uid,
      postId: d.id,
      url: `${route.prefix}${MP}/s/${key}`,
      title: f.title0,
      body: content,
      settings: { author: f.author0, sourceUrl: f.sourceurl0, openComment: f.need_open_comment0 === '1', digest: f.digest0 },
      media: [media(f.cdn_url0!, 'cover'), ...[...content.matchAll(/<img [^>]*src="([^"]*)"/g)].map((m) => media(m[1]!.replace(/&amp;/g, '&'), 'image'))],
    },
    { base_resp: { ret: 0, err_msg: 'ok' } },
  );
}

function list(req: IncomingMessage, res: ServerResponse, route: Route, state: SimState): void {
  const u = session(req, res, route, state);
  if (!u) return;
  const rows = state.published
    .filter((p) => p.platform === P && p.account === u.uid)
    .map((p) => ({ aid: `${p.postId}_1`, appmsgid: Number(p.postId), itemidx: 1, title: p.title, link: `https://mp.weixin.qq.com/s/${keys(state).get(p.postId)}`, update_time: Math.floor(Date.parse(p.at) / 1000) }))
    .reverse();
  json(res, 200, { base_resp: { ret: 0, err_msg: 'ok' }, app_msg_cnt: rows.length, app_msg_list: rows });
}

function shell(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>${body}</body></html>`;
}

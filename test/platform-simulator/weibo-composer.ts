/**
 * The weibo.com home composer as the replica serves it: the textarea, the
 * picture input and list (one i[title="删除"] per picture, the loading overlay
 * while it uploads to picupload.weibo.com), the visibility menu, and the
 * "发送" button posting to /ajax/statuses/update. Class names are the ones the
 * public sources record; see edge-node/src/adapters/weibo/adapter.ts.
 */
import { esc } from './http.js';

/** Each post's numeric id (idstr) by its mblogid, as the answer named it. */
const MIDS = new Map<string, string>();
/** A post's numeric id as the answer named it (the mblogid when the post was made otherwise). */
export const midOf = (bid: string): string => MIDS.get(bid) ?? bid;

/**
 * The `data` of an accepted /ajax/statuses/update answer. Public clients read
 * the new post as data.mblogid (or bid), others only as data.idstr / mid:
 * `forms.updateAnswer` picks `mblogid` (default: both), `idstr` (the numeric
 * id only) or `none` (no id at all).
 */
export function updateAnswerData(form: string | undefined, post: { mid: string; bid: string; text: string; uid: string }, extra: Record<string, unknown> = {}): Record<string, unknown> {
  MIDS.set(post.bid, post.mid);
  const base = { text_raw: post.text, user: { idstr: post.uid }, ...extra };
  if (form === 'none') return base;
  if (form === 'idstr') return { idstr: post.mid, mid: post.mid, ...base };
  return { idstr: post.mid, mblogid: post.bid, ...base };
}

export const WEIBO_MAX_CHARS = 2000;
export const WEIBO_MAX_PICS = 9;
/** The composer's visibility choices: label → the value the API takes. */
export const WEIBO_VISIBILITY: Record<string, number> = { 公开: 0, 好友圈: 6, 粉丝: 10, 仅自己可见: 1 };

/** `base`: the replica's mount for weibo (e.g. `/weibo`); `omit`: controls left out. */
export function composerPage(base: string, user: { uid: string; name: string }, omit: readonly string[]): string {
  const visibility = omit.includes('visibility-menu')
    ? ''
    : `<div class="woo-pop-wrap"><div class="woo-pop-ctrl" id="vis">公开</div>
      <div class="woo-pop-wrap-main" id="vis-menu" hidden>${Object.keys(WEIBO_VISIBILITY)
        .map((l) => `<div class="woo-pop-item-main" role="button">${l}</div>`)
        .join('')}</div></div>`;
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>微博</title>
<style>[hidden]{display:none!important} .Image_box{display:inline-block;position:relative;width:60px;height:60px;background:#eee;margin:2px}
.Image_loading_1lfUB{position:absolute;inset:0;background:rgba(0,0,0,.3)} .woo-toast-body{position:fixed;top:10px;left:40%;background:#333;color:#fff;padding:6px}</style></head>
<body><div class="Nav_wrap"><a class="Nav_avatar" href="${base}/weibo.com/u/${esc(user.uid)}">${esc(user.name)}</a></div>
<main><div class="Form_wbox">
  <textarea class="Form_input" placeholder="有什么新鲜事想分享给大家？"></textarea>
  <div class="Form_pics" id="pics"></div>
  <div class="Tool_bar"><label class="Tool_pic">图片<input type="file" accept="image/*" multiple hidden></label>
    ${visibility}
    <span class="Form_count" id="count">0</span>
    <button class="woo-button-main" id="send" disabled><span class="woo-button-content">发送</span></button></div>
</div>
<div class="Feed" id="feed"></div></main>
<div class="woo-toast-body" id="toast" hidden></div>
<script>
const BASE = ${JSON.stringify(base)};
const MAX = ${WEIBO_MAX_CHARS}, MAXPICS = ${WEIBO_MAX_PICS};
const VIS = ${JSON.stringify(WEIBO_VISIBILITY)};
const q = (s) => document.querySelector(s);
const text = q('textarea'), send = q('#send'), input = q('input[type=file]');
let pics = [], uploading = 0, toastTimer;
function toast(msg) { const t = q('#toast'); t.textContent = msg; t.hidden = false; clearTimeout(toastTimer); toastTimer = setTimeout(() => (t.hidden = true), 4000); }
function refresh() {
  const n = Array.from(text.value).length;
  q('#count').textContent = n > MAX ? '-' + (n - MAX) : String(n);
  send.disabled = uploading > 0 || n > MAX || (n === 0 && pics.length === 0);
}
text.addEventListener('input', refresh);
input.addEventListener('change', async () => {
  for (const file of Array.from(input.files)) {
    if (pics.length + uploading >= MAXPICS) { toast('最多上传' + MAXPICS + '张图片'); break; }
    const box = document.createElement('div'); box.className = 'Image_box';
    box.innerHTML = '<div class="Image_loading_1lfUB"></div><i title="删除" role="button">×</i>';
    q('#pics').appendChild(box); uploading++; refresh();
    try {
      const r = await fetch(BASE + '/picupload.weibo.com/interface/pic_upload.php?app=miniblog&s=json&p=1&data=1&url=weibo.com/ww&markpos=1&logo=1&nick=ww&file_source=4&_rid=' + Date.now(), { method: 'POST', body: file, credentials: 'include' });
      const j = await r.json();
      const pic = j && j.data && j.data.pics && j.data.pics.pic_1;
      if (!pic || !pic.pid) throw new Error((pic && pic.msg) || '上传失败');
      box.dataset.pid = pic.pid; pics.push(pic.pid); box.querySelector('.Image_loading_1lfUB').remove();
      box.querySelector('i').addEventListener('click', () => { pics = pics.filter((p) => p !== pic.pid); box.remove(); refresh(); });
    } catch (e) { box.remove(); toast('图片上传失败：' + e.message); }
    uploading--; refresh();
  }
  input.value = '';
});
const vis = q('#vis');
if (vis) {
  vis.addEventListener('click', () => { q('#vis-menu').hidden = !q('#vis-menu').hidden; });
  for (const item of document.querySelectorAll('.woo-pop-item-main')) item.addEventListener('click', () => { vis.textContent = item.textContent; q('#vis-menu').hidden = true; });
}
send.addEventListener('click', async () => {
  send.disabled = true;
  const body = new URLSearchParams({ content: text.value, pic_id: pics.join(','), visible: String(VIS[vis ? vis.textContent.trim() : '公开']), share_id: '', media: '{}', vote: '{}' });
  try {
    const r = await fetch(BASE + '/weibo.com/ajax/statuses/update', { method: 'POST', body, credentials: 'include', headers: { 'x-requested-with': 'XMLHttpRequest' } });
    const j = await r.json();
    if (j.ok === 1) {
      const a = document.createElement('a'); a.href = BASE + '/weibo.com/' + j.data.user.idstr + '/' + (j.data.mblogid || j.data.idstr || ''); a.textContent = j.data.text_raw;
      q('#feed').prepend(a); text.value = ''; pics = []; q('#pics').innerHTML = ''; refresh(); return;
    }
    toast(j.msg || '发送失败');
  } catch (e) { toast('网络错误，请稍后重试'); }
  refresh();
});
refresh();
</script></body></html>`;
}

/**
 * The long-text (长文) part of the xiaohongshu replica's publish page
 * (`publish/publish?target=article`), as the public sources record it
 * (provenance in edge-node/src/adapters/xiaohongshu/article.ts): the
 * div.creator-tab tabs, 写长文 → 新的创作, the title box (输入标题) and the
 * tiptap body that takes a paste, 一键排版 with its template cards, 下一步,
 * "笔记图片生成中" while the pictures are drawn, then the note publish form
 * (xiaohongshu-form.ts) with the article's title. The template names are the
 * replica's own (none is recorded).
 *
 * `omit` names: `new-creation` (no 新的创作 button).
 */
import { RICH_EDITOR_JS } from './rich-paste.js';

export const XHS_TEMPLATES = ['简约', '清新', '杂志'] as const;
/** How long the replica takes to draw an article's pictures. */
const DRAW_MS = 600;

export function articleEditor(omit: readonly string[]): { html: string; script: string } {
  const tabs = ['上传视频', '上传图文', '写长文'].map((t) => `<div class="creator-tab"><span class="title">${t}</span></div>`).join('');
  const cards = XHS_TEMPLATES.map((t, i) => `<div class="template-card${i === 0 ? ' selected' : ''}"><div class="template-cover"></div><span class="template-title">${t}</span></div>`).join('');
  const html = `<style>.long-editor .ProseMirror{min-height:200px;border:1px solid #eee} .template-card{display:inline-block;padding:4px;cursor:pointer}</style>
  <div class="header-tabs">${tabs}</div>
  <div class="article-home" id="article-home" hidden><div class="center"><div class="empty-tip">还没有长文</div>${omit.includes('new-creation') ? '' : '<button class="d-button new-creation">新的创作</button>'}</div></div>
  <div class="long-editor" id="long-editor" hidden>
    <textarea class="d-text" placeholder="输入标题"></textarea>
    <div class="tiptap ProseMirror" contenteditable="true"><p></p></div>
    <button class="d-button" id="format">一键排版</button>
  </div>
  <div class="layout" id="layout" hidden><div class="templates">${cards}</div><button class="d-button" id="next">下一步</button></div>
  <div class="drawing" id="drawing" hidden>笔记图片生成中</div>
  <div class="generated" id="generated" hidden></div>`;
  const script = `
${RICH_EDITOR_JS}
const article = { editor: richEditor(q('#long-editor .ProseMirror')), title: '', template: ${JSON.stringify(XHS_TEMPLATES[0])} };
for (const tab of document.querySelectorAll('.creator-tab')) tab.addEventListener('click', () => { q('#article-home').hidden = tab.textContent.trim() !== '写长文'; });
if (q('.new-creation')) q('.new-creation').addEventListener('click', () => { q('#article-home').hidden = true; q('#long-editor').hidden = false; });
q('#format').addEventListener('click', () => {
  if (!q('#long-editor textarea').value.trim()) return toast('请输入标题');
  if (!article.editor.text().trim()) return toast('请输入正文');
  q('#layout').hidden = false;
});
for (const card of document.querySelectorAll('.template-card')) card.addEventListener('click', () => {
  for (const c of document.querySelectorAll('.template-card')) c.classList.toggle('selected', c === card);
  article.template = card.querySelector('.template-title').textContent.trim();
});
q('#next').addEventListener('click', () => {
  article.title = q('#long-editor textarea').value;
  article.html = article.editor.html();
  // The long-text editor gives way to the publish form once the pictures are drawn.
  q('#long-editor').remove(); q('#layout').hidden = true; q('#drawing').hidden = false;
  setTimeout(() => {
    q('#drawing').hidden = true;
    q('#generated').textContent = '已生成笔记图片（' + article.template + '）'; q('#generated').hidden = false;
    const title = q('input.d-text[placeholder^="填写标题"]'); if (title) title.value = article.title;
    q('#form').hidden = false;
  }, ${DRAW_MS});
});`;
  return { html, script };
}

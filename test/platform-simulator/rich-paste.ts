/**
 * The paste handling of the replicas' rich-text article editors (douyin's and
 * xiaohongshu's are tiptap/ProseMirror editors): a paste is read from the
 * event's clipboardData, its HTML reduced to what such an editor's schema
 * keeps (paragraphs, headings, emphasis, lists, quotes, code, links,
 * pictures; other markup is unwrapped, its text kept), and it replaces the
 * selection when that covers the whole document, as select-all then paste
 * does; otherwise it is added at the end. Writing innerHTML into the
 * element is not a paste: it never reaches `doc()`, which is what the
 * editor saves.
 *
 * An editor that changes its own document (a picture it uploaded itself
 * put in place) says so with `commit()`, which takes what the element shows.
 *
 * Page script (a string): defines `richEditor(el)` → `{ html(): string, text(): string, commit(): void }`.
 */
export const RICH_EDITOR_JS = `
function richEditor(el) {
  const KEEP = { P: 'p', H1: 'h1', H2: 'h2', H3: 'h3', H4: 'h4', H5: 'h5', H6: 'h6', STRONG: 'strong', B: 'strong', EM: 'em', I: 'em', S: 's', DEL: 's',
    BLOCKQUOTE: 'blockquote', UL: 'ul', OL: 'ol', LI: 'li', PRE: 'pre', CODE: 'code', A: 'a', IMG: 'img', BR: 'br', HR: 'hr' };
  let doc = null; // the editor's own document: what a paste put in, as it keeps it
  const clean = (from, into) => {
    for (const node of Array.from(from.childNodes)) {
      if (node.nodeType === 3) { into.appendChild(document.createTextNode(node.textContent)); continue; }
      if (node.nodeType !== 1) continue;
      const tag = KEEP[node.tagName];
      if (!tag) { clean(node, into); continue; }
      const out = document.createElement(tag);
      if (tag === 'a' && node.getAttribute('href')) out.setAttribute('href', node.getAttribute('href'));
      if (tag === 'img') { out.setAttribute('src', node.getAttribute('src') || ''); if (node.getAttribute('alt')) out.setAttribute('alt', node.getAttribute('alt')); }
      if (tag !== 'img' && tag !== 'br' && tag !== 'hr') clean(node, out);
      into.appendChild(out);
    }
    return into;
  };
  el.addEventListener('paste', (e) => {
    e.preventDefault();
    const data = e.clipboardData;
    if (!data) return;
    const html = data.getData('text/html');
    const frag = document.createDocumentFragment();
    if (html) clean(new DOMParser().parseFromString(html, 'text/html').body, frag);
    else for (const line of data.getData('text/plain').split('\\n')) { const p = document.createElement('p'); p.textContent = line; frag.appendChild(p); }
    const sel = getSelection();
    const whole = !doc || (sel && sel.toString().replace(/\\s+/g, '') === el.innerText.replace(/\\s+/g, ''));
    if (whole) el.replaceChildren(frag); else el.appendChild(frag);
    doc = el.innerHTML;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  return {
    html: () => (doc === null ? '' : doc),
    text: () => { const d = document.createElement('div'); d.innerHTML = doc === null ? '' : doc; return d.textContent; },
    commit: () => { doc = el.innerHTML; },
  };
}
`;

/**
 * Markdown → HTML for the destinations that take HTML (articles are stored as
 * Markdown): CMS sites (WordPress, MetaWeblog) and platform editors such as
 * weibo's article editor. Not a full CommonMark implementation: it covers
 * what Plume articles hold — headings, paragraphs, emphasis, links, images,
 * lists (nested by indentation), block quotes, fenced and indented code,
 * tables, rules. Everything is escaped: raw HTML in the Markdown is shown as
 * text, and only http(s), mailto and relative URLs become links or images
 * (no `javascript:`), so an article cannot inject script into a site.
 */

import { HeldPieces, PLACEHOLDER } from './markdown-placeholders.js';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function safeUrl(raw: string): string | null {
  const url = raw.trim().replace(/^<|>$/g, '');
  if (/^(https?:|mailto:)/i.test(url)) return url;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return null; // javascript:, data:, vbscript: …
  return url;
}

const ESCAPABLE = '\\`*_{}[]()#+-.!>~|<&"\'';
/**
 * While pictureAddressesShownAsText runs: the address of every Markdown
 * picture the renderer shows as its alt text (an address with a scheme it
 * does not allow). Rendering is synchronous, so one collector at a time.
 */
let shownAsText: string[] | null = null;

function inline(src: string): string {
  // Pieces already rendered (backslash escapes, code spans, links) are held aside as placeholders
  // so nothing inside them is read as syntax again.
  const held = new HeldPieces();
  const escaped = new Map<number, string>();
  const hold = (html: string) => held.hold(html);
  // What a person wrote, for addresses, titles and alt texts: escapes and code spans as their
  // characters. The author's own placeholder marks stay held until the end.
  const plain = (text: string) => text.replace(PLACEHOLDER, (p) => (held.isMark(p) ? p : unescapeAttr(held.expand(p).replace(/<\/?code>/g, ''))));
  let s = held.holdMarks(src);
  s = s.replace(/\\(.)/g, (m, ch: string) => {
    if (!ESCAPABLE.includes(ch)) return m;
    escaped.set(held.size, m);
    return hold(escapeHtml(ch));
  });
  // Inside a code span a backslash is itself.
  const codeText = (code: string) => code.replace(PLACEHOLDER, (p) => escaped.get(HeldPieces.index(p)) ?? p);
  s = s.replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (_m, _t, code: string) => hold(`<code>${escapeHtml(codeText(code).trim())}</code>`));
  s = s.replace(/!\[([^\]]*)\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"([^"]*)")?\s*\)/g, (m, alt: string, url: string, title?: string) => {
    const href = safeUrl(plain(url));
    if (href === null) {
      shownAsText?.push(held.expand(plain(url)).trim().replace(/^<|>$/g, ''));
      return hold(escapeHtml(plain(alt)));
    }
    return hold(`<img src="${escapeHtml(href)}" alt="${escapeHtml(plain(alt))}"${title ? ` title="${escapeHtml(plain(title))}"` : ''} />`);
  });
  s = s.replace(/\[([^\]]+)\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"([^"]*)")?\s*\)/g, (_m, label: string, url: string, title?: string) => {
    const href = safeUrl(plain(url));
    const inner = inlineEmphasis(escapeHtml(label));
    if (href === null) return hold(inner);
    return hold(`<a href="${escapeHtml(href)}"${title ? ` title="${escapeHtml(plain(title))}"` : ''}>${inner}</a>`);
  });
  s = s.replace(/<((?:https?:\/\/|mailto:)[^>\s]+)>/g, (_m, url: string) => hold(`<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`));
  s = inlineEmphasis(escapeHtml(s));
  s = s.replace(/( {2,}|\\)\n/g, '<br />\n');
  return held.expand(s);
}

function inlineEmphasis(s: string): string {
  return s
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '<strong>$2</strong>')
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '<del>$1</del>')
    .replace(/\*(?=\S)([^*]*?\S)\*/g, '<em>$1</em>')
    .replace(/(^|[^\p{L}\p{N}_])_(?=\S)([^_]*?\S)_(?![\p{L}\p{N}_])/gu, '$1<em>$2</em>');
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/;
const HEADING = /^ {0,3}(#{1,6})(?:\s+(.*?))?(?:\s+#+)?\s*$/;
const RULE = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;
const LIST_ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])\s+(.*)$/;
const QUOTE = /^ {0,3}> ?(.*)$/;
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;

function splitRow(line: string): string[] {
  return line.trim().replace(/^\|/, '').replace(/\|$/, '').split(/(?<!\\)\|/).map((c) => c.trim());
}

function blocks(lines: string[]): string {
  const out: string[] = [];
  let i = 0;
  const blank = (l: string | undefined) => l === undefined || /^\s*$/.test(l);
  while (i < lines.length) {
    const line = lines[i]!;
    if (blank(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1]!;
      const body: string[] = [];
      i++;
      while (i < lines.length && !new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`).test(lines[i]!)) body.push(lines[i++]!);
      i++;
      const lang = fence[2] ? ` class="language-${escapeHtml(fence[2])}"` : '';
      out.push(`<pre><code${lang}>${escapeHtml(body.join('\n'))}</code></pre>`);
      continue;
    }
    if (/^( {4}|\t)/.test(line)) {
      const body: string[] = [];
      while (i < lines.length && (/^( {4}|\t)/.test(lines[i]!) || (blank(lines[i]) && /^( {4}|\t)/.test(lines[i + 1] ?? '')))) body.push(lines[i++]!.replace(/^( {4}|\t)/, ''));
      out.push(`<pre><code>${escapeHtml(body.join('\n'))}</code></pre>`);
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const n = heading[1]!.length;
      out.push(`<h${n}>${inline(heading[2] ?? '')}</h${n}>`);
      i++;
      continue;
    }
    if (RULE.test(line)) {
      out.push('<hr />');
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && !blank(lines[i]) ) {
        const q = QUOTE.exec(lines[i]!);
        body.push(q ? q[1]! : lines[i]!);
        i++;
      }
      out.push(`<blockquote>\n${blocks(body)}\n</blockquote>`);
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const ordered = /\d/.test(item[2]![0]!);
      const start = ordered ? parseInt(item[2]!, 10) : 1;
      const items: string[][] = [];
      const base = item[1]!.length;
      const offset = base + item[2]!.length + 1;
      const indent = (l: string) => /^ */.exec(l)![0].length;
      while (i < lines.length) {
        const l = lines[i]!;
        const m = LIST_ITEM.exec(l);
        if (m && indent(l) < offset && /\d/.test(m[2]![0]!) === ordered) {
          items.push([m[3]!]);
          i++;
        } else if (!blank(l) && indent(l) >= offset && items.length) {
          items[items.length - 1]!.push(l.slice(offset));
          i++;
        } else if (blank(l) && items.length && ((LIST_ITEM.test(lines[i + 1] ?? '') && indent(lines[i + 1]!) < offset) || indent(lines[i + 1] ?? '') >= offset) && !blank(lines[i + 1])) {
          i++;
        } else break;
      }
      const tag = ordered ? 'ol' : 'ul';
      const lis = items.map((body) => {
        const [first, ...rest] = body;
        const task = /^\[([ xX])\]\s+(.*)$/.exec(first!);
        const head = task ? `<input type="checkbox" disabled${task[1] !== ' ' ? ' checked' : ''} /> ${inline(task[2]!)}` : inline(first!);
        return `<li>${head}${rest.length ? `\n${blocks(rest)}\n` : ''}</li>`;
      });
      out.push(`<${tag}${ordered && start !== 1 ? ` start="${start}"` : ''}>\n${lis.join('\n')}\n</${tag}>`);
      continue;
    }
    if (line.includes('|') && TABLE_RULE.test(lines[i + 1] ?? '') && (lines[i + 1] ?? '').includes('-')) {
      const head = splitRow(line);
      i += 2;
      const body: string[][] = [];
      while (i < lines.length && !blank(lines[i]) && lines[i]!.includes('|')) body.push(splitRow(lines[i++]!));
      const row = (cells: string[], tag: 'th' | 'td') => `<tr>${cells.map((c) => `<${tag}>${inline(c)}</${tag}>`).join('')}</tr>`;
      out.push(`<table>\n<thead>\n${row(head, 'th')}\n</thead>\n<tbody>\n${body.map((r) => row(r, 'td')).join('\n')}\n</tbody>\n</table>`);
      continue;
    }
    // Paragraph: until a blank line or the start of another block; a setext underline makes it a heading.
    const para: string[] = [];
    while (i < lines.length && !blank(lines[i])) {
      const l = lines[i]!;
      if (para.length && (FENCE.test(l) || HEADING.test(l) || QUOTE.test(l) || LIST_ITEM.test(l) || RULE.test(l))) break;
      if (para.length && /^ {0,3}(=+|-+)\s*$/.test(l)) {
        out.push(`<h${l.trim()[0] === '=' ? 1 : 2}>${inline(para.join('\n'))}</h${l.trim()[0] === '=' ? 1 : 2}>`);
        para.length = 0;
        i++;
        break;
      }
      para.push(l.trimStart());
      i++;
    }
    if (para.length) out.push(`<p>${inline(para.join('\n'))}</p>`);
  }
  return out.join('\n');
}

export function markdownToHtml(markdown: string): string {
  return blocks(markdown.replace(/\r\n?/g, '\n').split('\n'));
}

const IMG_SRC = /<img\b[^>]*?\bsrc="([^"]*)"/g;
const unescapeAttr = (v: string) => v.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The picture addresses of Markdown as markdownToHtml renders it (unescaped), each once, in order. */
export function markdownPictures(markdown: string): string[] {
  return [...new Set([...markdownToHtml(markdown).matchAll(IMG_SRC)].map((m) => unescapeAttr(m[1]!)))];
}

/**
 * The pictures of Markdown that are not web (http, https) addresses — local
 * paths and relative addresses — each once, in order. An editor that takes a
 * body's pictures by address cannot fetch these: the control plane refuses
 * such an article for those platforms (the settings contract's
 * `inlinePictures: 'web_addresses_only'`) and their node adapters refuse the
 * job, both by this one function.
 */
export function localPictures(markdown: string): string[] {
  return markdownPictures(markdown).filter((src) => !/^https?:\/\//i.test(src));
}

/**
 * The pictures of Markdown given as a Windows path (`C:\pics\a.png`,
 * `D:/a.png`), each once, in order. The drive letter reads as an address
 * scheme, so the renderer shows such a picture as its alt text: an article
 * holding one would go out without it. The control plane refuses it for
 * every executor that renders Markdown with this renderer (web, edge).
 */
export function windowsPicturePaths(markdown: string): string[] {
  shownAsText = [];
  try {
    markdownToHtml(markdown);
    return [...new Set(shownAsText.filter((src) => WINDOWS_DRIVE.test(src)))];
  } finally {
    shownAsText = null;
  }
}

const WINDOWS_DRIVE = /^[A-Za-z]:[\\/]/;

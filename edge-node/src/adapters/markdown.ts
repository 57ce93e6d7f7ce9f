/**
 * Markdown → plain text for editors that take no markup (short posts, video
 * descriptions). Keeps the words and the line breaks a reader would see;
 * drops the syntax. Not a full CommonMark renderer: it handles what articles
 * generated or imported by Plume contain (headings, emphasis, lists, quotes,
 * links, images, code, tables, simple HTML).
 */

const ESCAPABLE = '\\`*_{}[]()#+-.!>~|<';
// Private-use characters stand in for escaped punctuation while inline syntax is stripped.
const PUA_BASE = 0xe000;

export function markdownToPlainText(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of lines) {
    const fenceMatch = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length) fence = null;
      else out.push(line); // code is shown as written
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1]!;
      continue;
    }
    out.push(...blockLine(line));
  }
  return out
    .map((l) => l.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function blockLine(raw: string): string[] {
  let line = raw;
  if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) return ['']; // thematic break
  if (/^\s*=+\s*$/.test(line)) return []; // setext heading underline
  if (/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line) && line.includes('-') && line.includes('|')) return []; // table rule
  if (/^\s{0,3}\[[^\]]+\]:\s*\S+/.test(line)) return []; // link reference definition
  line = line.replace(/^(\s*>\s?)+/, ''); // blockquote
  const heading = /^\s{0,3}#{1,6}\s+(.*?)(\s+#+)?\s*$/.exec(line);
  if (heading) line = heading[1]!;
  line = line.replace(/^(\s*)[-*+]\s+\[[ xX]\]\s+/, '$1• ').replace(/^(\s*)[-*+]\s+/, '$1• ');
  if (/^\s*\|.*\|\s*$/.test(line)) {
    line = line
      .trim()
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim())
      .join(' | ');
  }
  return inline(line).split('\n');
}

function inline(text: string): string {
  // Escapes first, so `\*` never becomes emphasis.
  let s = text.replace(/\\(.)/g, (m, ch: string) => (ESCAPABLE.includes(ch) ? String.fromCharCode(PUA_BASE + ESCAPABLE.indexOf(ch)) : m));
  // Code spans keep their content verbatim: cut them out, strip the rest, put them back.
  const spans: string[] = [];
  s = s.replace(/(`+)([\s\S]*?)\1/g, (_m, _t, code: string) => {
    spans.push(code.trim());
    return String.fromCharCode(PUA_BASE + 0x100 + spans.length - 1);
  });
  s = s
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '') // images travel as uploads, not inline
    .replace(/\[([^\]]+)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g, (_m, label: string, url: string) => (label.trim() === url ? url : `${label} ${url}`))
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/<((?:https?|mailto):[^>\s]+)>/g, '$1')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
    .replace(/\*(?=\S)([^*]*?\S)\*/g, '$1')
    .replace(/(^|[^\p{L}\p{N}_])_(?=\S)([^_]*?\S)_(?![\p{L}\p{N}_])/gu, '$1$2')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  return s.replace(/[\ue000-\ue1ff]/g, (ch) => {
    const i = ch.charCodeAt(0) - PUA_BASE;
    return i >= 0x100 ? (spans[i - 0x100] ?? '') : (ESCAPABLE[i] ?? '');
  });
}

/**
 * Markdown → plain text for editors that take no markup (short posts, video
 * descriptions). Keeps the words and the line breaks a reader would see;
 * drops the syntax. Not a full CommonMark renderer: it handles what articles
 * generated or imported by Plume contain (headings, emphasis, lists, quotes,
 * links, images, code, tables, simple HTML).
 */

import { HeldPieces, PLACEHOLDER } from '@plume/shared';

const ESCAPABLE = '\\`*_{}[]()#+-.!>~|<';

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
  // Escaped punctuation, code spans and the author's own placeholder marks are held aside while the
  // syntax is stripped, then put back: `\*` never becomes emphasis, code keeps its content verbatim.
  const held = new HeldPieces();
  const escaped = new Map<number, string>();
  let s = held.holdMarks(text);
  s = s.replace(/\\(.)/g, (m, ch: string) => {
    if (!ESCAPABLE.includes(ch)) return m;
    escaped.set(held.size, m);
    return held.hold(ch);
  });
  // Inside a code span a backslash is itself.
  s = s.replace(/(`+)([\s\S]*?)\1/g, (_m, _t, code: string) => held.hold(code.replace(PLACEHOLDER, (p) => escaped.get(HeldPieces.index(p)) ?? p).trim()));
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
  return held.expand(s);
}

/**
 * Rewrites of rendered article HTML (shared markdownToHtml output) for rich
 * text editors that keep less than HTML can say: code blocks as styled
 * paragraphs, inline code and headings as bold text, tables as lines of text
 * or as a picture (SVG) of the table. Each adapter picks the rewrites its
 * editor needs; the text itself is never dropped.
 */
import { escapeHtml } from '@plume/shared';
import { unescapeAttr } from './article-images.js';

/** The text of an HTML fragment: tags removed, entities decoded. */
export function textOf(fragment: string): string {
  return unescapeAttr(fragment.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]+>/g, ''));
}

/** `<pre><code class="language-x">` → `<pre><code>`: editors that keep code blocks keep no language classes. */
export function plainCodeBlocks(html: string): string {
  return html.replace(/<pre><code class="[^"]*">/g, '<pre><code>');
}

/**
 * Code blocks as one paragraph each, a line break per line and the given
 * inline style, for editors without code blocks (spaces kept as no-break
 * spaces so indentation survives).
 */
export function codeBlocksAsParagraphs(html: string, style: string): string {
  return html.replace(/<pre><code(?: class="[^"]*")?>([\s\S]*?)<\/code><\/pre>/g, (_m, code: string) => {
    const lines = code.replace(/\n$/, '').split('\n').map((line) => line.replace(/^ +/, (spaces) => '&nbsp;'.repeat(spaces.length)));
    return `<p style="${escapeHtml(style)}">${lines.join('<br />')}</p>`;
  });
}

/** Inline code spans as bold text (the span's text, escaped as it was). */
export function inlineCodeAsBold(html: string): string {
  return html.replace(/<code>([\s\S]*?)<\/code>/g, '<strong>$1</strong>');
}

/** Links as their text, for editors that drop or refuse links to other sites. */
export function linksAsText(html: string): string {
  return html.replace(/<a\b[^>]*>([\s\S]*?)<\/a>/g, '$1');
}

/**
 * Links as their text followed by their address in brackets (unless the text is the address
 * already), for editors that keep no links but whose readers should still see where one led.
 */
export function linksWithAddress(html: string): string {
  return html.replace(/<a\b[^>]*?\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g, (_whole, href: string, inner: string) =>
    textOf(inner).trim() === unescapeAttr(href) ? inner : `${inner}（${href}）`,
  );
}

/** Headings of `fromLevel` and below as bold paragraphs. */
export function headingsAsBold(html: string, fromLevel = 1): string {
  return html.replace(/<h([1-6])>([\s\S]*?)<\/h\1>/g, (whole, level: string, inner: string) => (Number(level) >= fromLevel ? `<p><strong>${inner}</strong></p>` : whole));
}

export interface Table {
  head: string[] | null;
  rows: string[][];
}

/** A table as rendered (`<table>…</table>`). */
export const TABLE_PATTERN = /<table>[\s\S]*?<\/table>/g;

/** The cell texts of one rendered table. */
export function parseTable(tableHtml: string): Table {
  const rowsOf = (part: string) => [...part.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((r) => [...r[1]!.matchAll(/<t[hd]>([\s\S]*?)<\/t[hd]>/g)].map((c) => textOf(c[1]!).trim()));
  const head = /<thead>([\s\S]*?)<\/thead>/.exec(tableHtml);
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(tableHtml);
  return { head: head ? (rowsOf(head[1]!)[0] ?? null) : null, rows: rowsOf(body ? body[1]! : tableHtml) };
}

/** Tables as lines of text, cells separated by ` | `, the header line in bold. */
export function tablesAsText(html: string): string {
  return html.replace(TABLE_PATTERN, (table) => {
    const t = parseTable(table);
    const line = (cells: string[]) => cells.map(escapeHtml).join(' | ');
    return [...(t.head ? [`<p><strong>${line(t.head)}</strong></p>`] : []), ...t.rows.map((r) => `<p>${line(r)}</p>`)].join('\n');
  });
}

const FONT_PX = 14;
const ROW_PX = 30;
const PAD_PX = 10;
/** Wide (CJK, full-width) characters take a full em; the rest about half of one. */
const isWide = (cp: number) => (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) || (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) || (cp >= 0xffe0 && cp <= 0xffe6) || cp >= 0x20000;
const textWidth = (text: string) => Array.from(text).reduce((w, ch) => w + (isWide(ch.codePointAt(0)!) ? FONT_PX : FONT_PX * 0.6), 0);

/** A table drawn as an SVG picture: a grid, the header row shaded, every cell's text. */
export function tableSvg(t: Table): string {
  const all = [...(t.head ? [t.head] : []), ...t.rows];
  const columns = Math.max(1, ...all.map((r) => r.length));
  const widths = Array.from({ length: columns }, (_, c) => Math.ceil(Math.max(2 * FONT_PX, ...all.map((r) => textWidth(r[c] ?? '')))) + 2 * PAD_PX);
  const width = widths.reduce((a, b) => a + b, 0);
  const height = all.length * ROW_PX;
  const xs = widths.map((_, c) => widths.slice(0, c).reduce((a, b) => a + b, 0));
  const shading = [`<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`];
  if (t.head) shading.push(`<rect x="0" y="0" width="${width}" height="${ROW_PX}" fill="#f2f3f5"/>`);
  const grid: string[] = [];
  for (let r = 0; r <= all.length; r++) grid.push(`<line x1="0" y1="${r * ROW_PX}" x2="${width}" y2="${r * ROW_PX}"/>`);
  for (const x of [...xs, width]) grid.push(`<line x1="${x}" y1="0" x2="${x}" y2="${height}"/>`);
  const texts = all.flatMap((row, r) => {
    const weight = t.head && r === 0 ? ' font-weight="bold"' : '';
    return row.map((cell, c) => `<text x="${xs[c]! + PAD_PX}" y="${r * ROW_PX + ROW_PX / 2}" dominant-baseline="middle"${weight}>${escapeHtml(cell)}</text>`);
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${shading.join('')}` +
    `<g stroke="#c9cdd4" stroke-width="1">${grid.join('')}</g><g font-family="sans-serif" font-size="${FONT_PX}" fill="#1f2329">${texts.join('')}</g></svg>`
  );
}

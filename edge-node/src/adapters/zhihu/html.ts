/**
 * Markdown → the HTML zhihu's article editor (Draft.js) stores, as
 * wechatsync/Wechatsync records it (packages/core/src/adapters/platforms/zhihu.ts,
 * commit 5925a20): a code block is `<pre lang="…"><code>`, a picture stands
 * in a `<figure>`, a table is one `<tbody>` marked as a Draft.js table block
 * with its header row in `<th>`. A task-list box, which the editor has no
 * control for, becomes ☐ / ☑ so the list stays readable.
 */
import { markdownToHtml } from '@plume/shared';

const TABLE_ATTRS = 'data-draft-node="block" data-draft-type="table" data-size="normal" data-row-style="normal"';

export function zhihuHtml(markdown: string): string {
  return markdownToHtml(markdown)
    .replace(/<pre><code class="language-([^"]+)">/g, '<pre lang="$1"><code>')
    .replace(/<input type="checkbox" disabled( checked)? \/> /g, (_m, checked?: string) => (checked ? '☑ ' : '☐ '))
    .replace(/<table>\n<thead>\n([\s\S]*?)\n<\/thead>\n<tbody>\n?([\s\S]*?)\n?<\/tbody>\n<\/table>/g, (_m, head: string, body: string) => `<table ${TABLE_ATTRS}><tbody>${head}${body.replace(/\n/g, '')}</tbody></table>`)
    .replace(/<p>(<img [^>]*\/>)<\/p>/g, '<figure>$1</figure>');
}

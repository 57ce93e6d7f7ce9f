import { describe, expect, it } from 'vitest';
import { markdownToHtml } from './markdown-html.js';

describe('happy path', () => {
  it('renders the blocks articles hold', () => {
    const md = [
      '# Title',
      '',
      'Some **bold**, *em*, `code <x>` and a [link](https://example.test/a?b=1&c=2).',
      '',
      '- one',
      '- two',
      '  - nested',
      '',
      '1. first',
      '2. second',
      '',
      '> quoted',
      '',
      '```ts',
      'const a = 1 < 2;',
      '```',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      '![alt](https://img.test/x.png)',
      '',
      '---',
    ].join('\n');
    const html = markdownToHtml(md);
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<p>Some <strong>bold</strong>, <em>em</em>, <code>code &lt;x&gt;</code> and a <a href="https://example.test/a?b=1&amp;c=2">link</a>.</p>');
    expect(html).toContain('<ul>\n<li>one</li>\n<li>two\n<ul>\n<li>nested</li>\n</ul>\n</li>\n</ul>');
    expect(html).toContain('<ol>\n<li>first</li>\n<li>second</li>\n</ol>');
    expect(html).toContain('<blockquote>\n<p>quoted</p>\n</blockquote>');
    expect(html).toContain('<pre><code class="language-ts">const a = 1 &lt; 2;</code></pre>');
    expect(html).toContain('<table>');
    expect(html).toContain('<td>1</td><td>2</td>');
    expect(html).toContain('<img src="https://img.test/x.png" alt="alt" />');
    expect(html).toContain('<hr />');
  });
});

describe('security', () => {
  it('shows raw HTML as text and refuses script URLs', () => {
    const html = markdownToHtml('<script>alert(1)</script>\n\n[x](javascript:alert(1)) ![y](data:text/html,boom)');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('data:');
  });

  it('escapes quotes inside attributes', () => {
    expect(markdownToHtml('[a](https://x.test/" onmouseover="alert(1))')).not.toContain('" onmouseover="');
  });
});

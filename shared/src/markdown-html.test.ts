import { describe, expect, it } from 'vitest';
import { localPictures, markdownPictures, markdownToHtml, windowsPicturePaths } from './markdown-html.js';

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

describe('escapes inside links and pictures', () => {
  it('a backslash escape in an address, a title or an alt text stands for its character', () => {
    expect(markdownToHtml('![my\\_pic](/home/u/my\\_pic\\(1\\).png "a \\"b\\"")')).toBe('<p><img src="/home/u/my_pic(1).png" alt="my_pic" title="a &quot;b&quot;" /></p>');
    expect(markdownToHtml('[a\\*b](https://x.test/a\\_b)')).toBe('<p><a href="https://x.test/a_b">a*b</a></p>');
    expect(markdownPictures('![x](a\\_b.png) ![y](https://img.test/c\\_d.png)')).toEqual(['a_b.png', 'https://img.test/c_d.png']);
  });

  it('inside a code span a backslash is itself', () => {
    expect(markdownToHtml('`a\\_b` and a\\_b')).toBe('<p><code>a\\_b</code> and a_b</p>');
  });

  it('code spans and emphasis inside a link label are rendered, not left as placeholders', () => {
    expect(markdownToHtml('[`npm test` and **more**](https://x.test/)')).toBe('<p><a href="https://x.test/"><code>npm test</code> and <strong>more</strong></a></p>');
  });

  it('a paragraph with more pieces than the private-use area has characters renders whole', () => {
    const many = '\\*'.repeat(7000);
    expect(markdownToHtml(`${many} [l](https://x.test/)`)).toBe(`<p>${'*'.repeat(7000)} <a href="https://x.test/">l</a></p>`);
  });

  it('private-use characters in the text are kept as they are', () => {
    const text = 'icon \ue000 \ue001 and \uefff';
    expect(markdownToHtml(`${text} \\* [l](https://x.test/)`)).toBe(`<p>${text} * <a href="https://x.test/">l</a></p>`);
    expect(markdownToHtml('![\ue000](https://img.test/\ue002.png)')).toBe('<p><img src="https://img.test/\ue002.png" alt="\ue000" /></p>');
  });
});

describe('pictures', () => {
  it('lists the rendered pictures once each, and those that are not web addresses', () => {
    const md = ['![a](https://img.test/a.png)', '![b](figure.png) ![c](/home/u/c.jpg "t")', '![a again](https://img.test/a.png) ![d](HTTP://img.test/d.png)', '', '| x |', '|---|', '| ![e](./e.png) |', '', '`![not](code.png)` ![js](javascript:alert(1))'].join('\n');
    expect(markdownPictures(md)).toEqual(['https://img.test/a.png', 'figure.png', '/home/u/c.jpg', 'HTTP://img.test/d.png', './e.png']);
    expect(localPictures(md)).toEqual(['figure.png', '/home/u/c.jpg', './e.png']);
    expect(localPictures('![q](a&b "x") text')).toEqual(['a&b']);
    expect(localPictures('no pictures at all')).toEqual([]);
  });

  it('finds pictures given as Windows paths, which the renderer shows as their alt text', () => {
    const md = [
      '![a](C:\\pics\\a.png) ![b](d:/photos/b.jpg "t") ![a again](C:\\pics\\a.png)',
      '',
      '| x |',
      '|---|',
      '| ![c](<E:\\in table\\c.png>) |',
      '',
      '`![not](C:\\code.png)` ![js](javascript:alert(1)) ![web](https://img.test/a.png) ![rel](pics\\x.png)',
      '',
      '    ![indented code](C:\\not-a-picture.png)',
    ].join('\n');
    expect(markdownToHtml(md)).not.toContain('<img src="C:');
    expect(windowsPicturePaths(md)).toEqual(['C:\\pics\\a.png', 'd:/photos/b.jpg', 'E:\\in table\\c.png']);
    // A backslash escape stands for the character it escapes, as in any other address.
    expect(windowsPicturePaths('![x](C:\\\\share\\x\\_1.png)')).toEqual(['C:\\share\\x_1.png']);
    expect(windowsPicturePaths('no pictures, and C:\\ in text')).toEqual([]);
  });
});

import { markdownToHtml } from '@plume/shared';
import { describe, expect, it } from 'vitest';
import { parseAnswer } from '../baijiahao/adapter.js';
import { imageSources } from './article-images.js';
import { codeBlocksAsParagraphs, headingsAsBold, inlineCodeAsBold, linksAsText, linksWithAddress, parseTable, plainCodeBlocks, tablesAsText, tableSvg, textOf } from './article-markup.js';
import { listedTime } from './listed-time.js';

const TABLE = '| 名称 | 说明 |\n|---|---|\n| a&b | `x<y` |\n| 二 | |\n';

describe('article markup rewrites', () => {
  it('keeps code blocks plain, or turns them into one paragraph per block with the lines and indentation kept', () => {
    const html = markdownToHtml('```ts\nif (a < b) {\n    go();\n}\n```');
    expect(plainCodeBlocks(html)).toBe('<pre><code>if (a &lt; b) {\n    go();\n}</code></pre>');
    expect(codeBlocksAsParagraphs(html, 'font-family:monospace')).toBe('<p style="font-family:monospace">if (a &lt; b) {<br />&nbsp;&nbsp;&nbsp;&nbsp;go();<br />}</p>');
  });

  it('makes inline code and headings (from a level on) bold text', () => {
    expect(inlineCodeAsBold(markdownToHtml('run `npm test` now'))).toBe('<p>run <strong>npm test</strong> now</p>');
    const headings = markdownToHtml('# one\n\n### three');
    expect(headingsAsBold(headings)).toBe('<p><strong>one</strong></p>\n<p><strong>three</strong></p>');
    expect(headingsAsBold(headings, 3)).toBe('<h1>one</h1>\n<p><strong>three</strong></p>');
  });

  it('keeps a link’s text and drops the link', () => {
    expect(linksAsText(markdownToHtml('see [the **docs**](https://example.com/a?b=1&c=2) and <https://x.test>'))).toBe('<p>see the <strong>docs</strong> and https://x.test</p>');
    // Or with the address after the text, once: a link whose text is its address stays that text.
    expect(linksWithAddress(markdownToHtml('see [the **docs**](https://example.com/a?b=1&c=2) and <https://x.test/?a=1&b=2>'))).toBe(
      '<p>see the <strong>docs</strong>（https://example.com/a?b=1&amp;c=2） and https://x.test/?a=1&amp;b=2</p>',
    );
  });

  it('reads a table’s cells as text and writes it as lines or as an SVG picture', () => {
    const html = markdownToHtml(TABLE);
    expect(parseTable(html)).toEqual({ head: ['名称', '说明'], rows: [['a&b', 'x<y'], ['二', '']] });
    expect(tablesAsText(html)).toBe('<p><strong>名称 | 说明</strong></p>\n<p>a&amp;b | x&lt;y</p>\n<p>二 | </p>');
    const svg = tableSvg(parseTable(html));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="90" /);
    expect([...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1])).toEqual(['名称', '说明', 'a&amp;b', 'x&lt;y', '二', '']);
    // A wide (CJK) column is drawn wider than a narrow one with as many characters.
    const wide = Number(/width="(\d+)"/.exec(tableSvg({ head: null, rows: [['汉字汉字汉字']] }))![1]);
    const narrow = Number(/width="(\d+)"/.exec(tableSvg({ head: null, rows: [['abcdef']] }))![1]);
    expect(wide).toBeGreaterThan(narrow);
  });

  it('decodes text and picture sources as the renderer escaped them', () => {
    expect(textOf('<p>a &amp; <b>b</b><br />c</p>')).toBe('a & b\nc');
    expect(imageSources(markdownToHtml('![a](https://x.test/a.png?x=1&y=2) ![b](/abs/b.png) ![c](https://x.test/a.png?x=1&y=2)'))).toEqual(['https://x.test/a.png?x=1&y=2', '/abs/b.png']);
  });
});

describe('listed times', () => {
  it('reads Unix seconds, milliseconds and China-time dates; anything else is no time', () => {
    expect(listedTime(1767225600)).toBe('2026-01-01T00:00:00.000Z');
    expect(listedTime(1767225600000)).toBe('2026-01-01T00:00:00.000Z');
    expect(listedTime('1767225600')).toBe('2026-01-01T00:00:00.000Z');
    expect(listedTime('2026-01-01 08:00:00')).toBe('2026-01-01T00:00:00.000Z');
    expect(listedTime('2026-01-01 08:00')).toBe('2026-01-01T00:00:00.000Z');
    for (const v of ['', 'yesterday', 0, null, undefined, '2026-13-01 00:00:00']) expect(listedTime(v)).toBeNull();
  });
});

describe('百家号 answers', () => {
  it('reads JSON whether or not it comes in the callback the URL names', () => {
    expect(parseAnswer('{"errno":0,"ret":{"article_id":"1"}}')).toEqual({ errno: 0, ret: { article_id: '1' } });
    expect(parseAnswer('bjhdraft({"errno":0,"ret":{"article_id":"1"}})')).toEqual({ errno: 0, ret: { article_id: '1' } });
    expect(parseAnswer('bjhpublish({"errno":0});')).toEqual({ errno: 0 });
    expect(parseAnswer('<html>')).toBeNull();
    expect(parseAnswer('[1]')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from './markdown.js';

describe('markdownToPlainText', () => {
  it('drops syntax and keeps words and line breaks', () => {
    const md = [
      '# 标题 One',
      '',
      'Some **bold**, *italic*, __strong__, _em_ and ~~gone~~ text with `a*b*c`.',
      '',
      '> quoted line',
      '',
      '- item one',
      '* item two',
      '1. first',
      '',
      '---',
      '',
      'See [the docs](https://example.com/docs "Docs") or <https://example.com>.',
      '![cover](https://example.com/c.png)Line after image',
      'line one<br>line two',
      'a\\*literal\\* star and snake_case_name',
    ].join('\n');
    expect(markdownToPlainText(md)).toBe(
      [
        '标题 One',
        '',
        'Some bold, italic, strong, em and gone text with a*b*c.',
        '',
        'quoted line',
        '',
        '• item one',
        '• item two',
        '1. first',
        '',
        'See the docs https://example.com/docs or https://example.com.',
        'Line after image',
        'line one',
        'line two',
        'a*literal* star and snake_case_name',
      ].join('\n'),
    );
  });

  it('keeps fenced code verbatim and weibo topics intact', () => {
    const md = '#话题# hello\n\n```ts\nconst x = **1**;\n```\n\n\n\nend';
    expect(markdownToPlainText(md)).toBe('#话题# hello\n\nconst x = **1**;\n\nend');
  });

  it('renders tables as pipe-separated cells', () => {
    expect(markdownToPlainText('| a | b |\n|---|:---:|\n| 1 | 2 |')).toBe('a | b\n1 | 2');
  });

  it('a backslash inside a code span is itself; outside, an escape stands for its character', () => {
    expect(markdownToPlainText('`a\\_b` and a\\_b \\*not em\\*')).toBe('a\\_b and a_b *not em*');
  });

  it('keeps private-use characters the author wrote, and any number of code spans in a line', () => {
    expect(markdownToPlainText('icon \ue000 \ue001 \ue0ff \\* `x`')).toBe('icon \ue000 \ue001 \ue0ff * x');
    const spans = Array.from({ length: 300 }, (_, i) => `\`c${i}\``).join(' ');
    expect(markdownToPlainText(spans)).toBe(Array.from({ length: 300 }, (_, i) => `c${i}`).join(' '));
  });

  it('leaves plain text unchanged', () => {
    const text = '第一行\n第二行：价格 3 * 4 = 12\n\n第三段';
    expect(markdownToPlainText(text)).toBe(text);
  });
});

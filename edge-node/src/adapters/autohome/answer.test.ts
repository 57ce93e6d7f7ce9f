import { describe, expect, it } from 'vitest';
import { judgeArticleAnswer } from './answer.js';

describe('judgeArticleAnswer', () => {
  it('reads the article id in every recorded form: result.id (number or digits), result.articleId', () => {
    expect(judgeArticleAnswer({ returncode: 0, message: 'success', result: { id: 812345 } })).toEqual({ ok: true, id: '812345' });
    expect(judgeArticleAnswer({ returncode: 0, result: { id: '812345' } })).toEqual({ ok: true, id: '812345' });
    expect(judgeArticleAnswer({ returncode: 0, result: { articleId: 19495453 } })).toEqual({ ok: true, id: '19495453' });
  });

  it('never takes a draft for a publish, nor an accepted answer without a usable id', () => {
    expect(judgeArticleAnswer({ returncode: 0, result: { draftId: 991, previewId: 'cA==' } })).toMatchObject({ ok: 'unknown', why: expect.stringContaining('draft') });
    expect(judgeArticleAnswer({ returncode: 0, result: {} })).toMatchObject({ ok: 'unknown' });
    expect(judgeArticleAnswer({ returncode: 0, result: { id: 0 } })).toMatchObject({ ok: 'unknown' });
    expect(judgeArticleAnswer({ returncode: 0, result: { id: 'abc' } })).toMatchObject({ ok: 'unknown' });
  });

  it('a numeric returncode other than 0 is a refusal with its message; no numeric returncode is unknown', () => {
    expect(judgeArticleAnswer({ returncode: 1001, message: '内容包含敏感信息' })).toEqual({ ok: false, message: '内容包含敏感信息' });
    expect(judgeArticleAnswer({ returncode: 2010203, result: null })).toEqual({ ok: false, message: '2010203' });
    expect(judgeArticleAnswer({ returncode: '0', result: { id: 1 } })).toMatchObject({ ok: 'unknown' });
    expect(judgeArticleAnswer({ message: 'Not Found' })).toMatchObject({ ok: 'unknown' });
  });
});

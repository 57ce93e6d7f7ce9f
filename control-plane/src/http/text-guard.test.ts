import { describe, expect, it } from 'vitest';
import { findUnacceptableText, unacceptableInJson, unacceptableInUrl } from './text-guard.js';

describe('happy path', () => {
  it('accepts ordinary text, paired surrogates (emoji) and escapes that are not NUL or surrogates', () => {
    const body = { title: 'Tide pools 🌊 潮池', tags: ['a', 'b\u0001'], nested: { 'key with space': [{ x: 'é' }] } };
    expect(findUnacceptableText(body)).toBeNull();
    const text = '{"a":"\\u00e9\\ud83c\\udf0a","b":"\\\\u0000"}';
    expect(unacceptableInJson(text, JSON.parse(text))).toBeNull();
  });

  it('leaves URLs without NUL or malformed escapes alone', () => {
    expect(unacceptableInUrl('/api/openapi/v1/articles/art_abc?page=2')).toBeNull();
    expect(unacceptableInUrl('/api/admin/logs?keyword=%E6%BD%AE%20x&page=1')).toBeNull();
  });
});

describe('errors', () => {
  it('names where a NUL is: string values and keys at any depth, in arrays', () => {
    expect(findUnacceptableText({ title: 'a\u0000b' })).toBe('body.title contains U+0000 (NUL), which no field accepts');
    expect(findUnacceptableText({ platformSettings: { zhihu: { column: ['ok', 'x\u0000'] } } })).toMatch(/^body\.platformSettings\.zhihu\.column\[1\] contains U\+0000/);
    expect(findUnacceptableText({ accountSettings: { 'col\u0000': 1 } })).toMatch(/^a key in body\.accountSettings contains U\+0000/);
    expect(findUnacceptableText({ 'odd key': { v: '\u0000' } })).toMatch(/^body\["odd key"\]\.v contains/);
    expect(findUnacceptableText('\u0000')).toMatch(/^body contains/);
  });

  it('refuses an unpaired surrogate (high or low) the same way', () => {
    expect(findUnacceptableText({ title: 'a\ud800' })).toMatch(/^body\.title contains an unpaired UTF-16 surrogate/);
    expect(findUnacceptableText({ title: '\udc00b' })).toMatch(/unpaired UTF-16 surrogate/);
    const text = '{"content":"x\\uDBFF"}';
    expect(unacceptableInJson(text, JSON.parse(text))).toMatch(/^body\.content contains an unpaired/);
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnacceptableText(deep)).toMatch(/contains U\+0000/);
  });

  it('refuses a NUL anywhere in the URL, and escapes that are malformed or not UTF-8', () => {
    expect(unacceptableInUrl('/api/openapi/v1/articles/art_%00')).toMatch(/contains U\+0000/);
    expect(unacceptableInUrl('/api/openapi/v1/accounts?contentType=%00')).toMatch(/contains U\+0000/);
    expect(unacceptableInUrl('/x?q=%zz')).toMatch(/malformed percent-escape/);
    expect(unacceptableInUrl('/x?q=%ff')).toMatch(/not UTF-8/);
    // An encoded lone surrogate is not UTF-8 either.
    expect(unacceptableInUrl('/x?q=%ED%A0%80')).toMatch(/not UTF-8/);
  });
});

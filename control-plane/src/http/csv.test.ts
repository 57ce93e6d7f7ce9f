import { describe, expect, it } from 'vitest';
import { parseCsv } from '../testing/admin-client.js';
import { csvField, csvRow } from './csv.js';

describe('happy path', () => {
  it('writes plain fields as they are, numbers as numbers, null as empty', () => {
    expect(csvRow(['abc', 42, null, undefined, true, ''])).toBe('abc,42,,,true,\r\n');
  });

  it('quotes fields with a comma, quote, CR or LF and doubles quotes (RFC 4180)', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    const line = csvRow(['x,"y"', 'a\r\nb', 'plain']);
    expect(parseCsv(line)).toEqual([['x,"y"', 'a\r\nb', 'plain']]);
  });
});

describe('errors', () => {
  it('neutralizes spreadsheet formulas in text fields with a leading quote', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvField(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('a=b')).toBe('a=b');
  });

  it('leaves numbers alone, negative ones included', () => {
    expect(csvField(-5)).toBe('-5');
  });
});

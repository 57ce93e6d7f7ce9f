/**
 * CSV as RFC 4180 writes it (CRLF line ends, fields with a comma, quote or line
 * break quoted, quotes doubled), plus the usual guard against spreadsheet
 * formula injection: a text field starting with = + - @ (or a tab or carriage
 * return, which some spreadsheets strip before looking) gets a leading `'`,
 * so a machineId like `=HYPERLINK(…)` shows as text instead of running.
 * Numbers are written as numbers and never prefixed. Shared by the log export
 * and plume-admin's code files.
 */

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) line += ',';
    line += csvField(values[i]);
  }
  return `${line}\r\n`;
}

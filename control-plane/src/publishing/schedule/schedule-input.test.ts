import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/errors.js';
import {
  checkScheduleBounds,
  parseRfc3339,
  PUBLISH_AT_MAX_AHEAD_DAYS,
  PUBLISH_AT_PAST_TOLERANCE_S,
  PUBLISH_WINDOW_DEFAULT_S,
  PUBLISH_WINDOW_MAX_S,
  PUBLISH_WINDOW_MIN_S,
  scheduleForm,
} from './schedule-input.js';

function codeOf(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

describe('happy path', () => {
  it('reads RFC 3339 with Z or an offset, with or without fractions', () => {
    expect(parseRfc3339('2026-12-01T01:30:00Z')?.toISOString()).toBe('2026-12-01T01:30:00.000Z');
    expect(parseRfc3339('2026-12-01T09:30:00+08:00')?.toISOString()).toBe('2026-12-01T01:30:00.000Z');
    expect(parseRfc3339('2026-11-30T20:30:00.25-05:00')?.toISOString()).toBe('2026-12-01T01:30:00.250Z');
    expect(parseRfc3339('2024-02-29t23:59:59.123456789z')?.toISOString()).toBe('2024-02-29T23:59:59.123Z');
  });

  it('takes the default window when none is given, and the one given within bounds', () => {
    expect(scheduleForm({})).toBeUndefined();
    expect(scheduleForm({ publishAt: '2026-12-01T01:30:00Z' })).toEqual({ publishAt: new Date('2026-12-01T01:30:00Z'), windowS: PUBLISH_WINDOW_DEFAULT_S });
    expect(scheduleForm({ publishAt: '2026-12-01T01:30:00Z', publishWindow: PUBLISH_WINDOW_MIN_S })?.windowS).toBe(PUBLISH_WINDOW_MIN_S);
    expect(scheduleForm({ publishAt: '2026-12-01T01:30:00Z', publishWindow: PUBLISH_WINDOW_MAX_S })?.windowS).toBe(PUBLISH_WINDOW_MAX_S);
  });

  it('accepts a time a little in the past (as now) and up to the horizon', () => {
    const now = new Date('2026-12-01T00:00:00Z');
    const at = (ms: number) => ({ publishAt: new Date(now.getTime() + ms), windowS: 900 });
    expect(codeOf(() => checkScheduleBounds(at(-PUBLISH_AT_PAST_TOLERANCE_S * 1000), now))).toBeNull();
    expect(codeOf(() => checkScheduleBounds(at(PUBLISH_AT_MAX_AHEAD_DAYS * 86_400_000), now))).toBeNull();
  });
});

describe('errors', () => {
  it.each([
    ['no zone', '2026-12-01T09:30:00'],
    ['date only', '2026-12-01'],
    ['space for T', '2026-12-01 09:30:00Z'],
    ['no seconds', '2026-12-01T09:30Z'],
    ['month 13', '2026-13-01T09:30:00Z'],
    ['30 February', '2026-02-30T09:30:00Z'],
    ['29 February of a common year', '2026-02-29T09:30:00Z'],
    ['hour 24', '2026-12-01T24:00:00Z'],
    ['leap second', '2026-12-31T23:59:60Z'],
    ['offset without colon', '2026-12-01T09:30:00+0800'],
    ['offset minutes 60', '2026-12-01T09:30:00+08:60'],
    ['a zone name', '2026-12-01T09:30:00 Asia/Shanghai'],
    ['Unix seconds as text', '1796000000'],
    ['empty', ''],
  ])('publishAt with %s is publish_at_invalid', (_what, text) => {
    expect(parseRfc3339(text)).toBeNull();
    expect(codeOf(() => scheduleForm({ publishAt: text }))).toBe('publish_at_invalid');
  });

  it.each([
    ['a number', 1796000000],
    ['an object', { at: '2026-12-01T09:30:00Z' }],
    ['a boolean', true],
  ])('publishAt as %s is publish_at_invalid', (_what, value) => {
    expect(codeOf(() => scheduleForm({ publishAt: value }))).toBe('publish_at_invalid');
  });

  it.each([
    ['below the minimum', PUBLISH_WINDOW_MIN_S - 1],
    ['above the maximum', PUBLISH_WINDOW_MAX_S + 1],
    ['a fraction', 90.5],
    ['a string', '900'],
    ['negative', -60],
  ])('publishWindow %s is publish_window_invalid', (_what, value) => {
    expect(codeOf(() => scheduleForm({ publishAt: '2026-12-01T01:30:00Z', publishWindow: value }))).toBe('publish_window_invalid');
  });

  it('publishWindow without publishAt is publish_window_invalid', () => {
    expect(codeOf(() => scheduleForm({ publishWindow: 900 }))).toBe('publish_window_invalid');
  });

  it('refuses a time in the past beyond the tolerance and one beyond the horizon', () => {
    const now = new Date('2026-12-01T00:00:00Z');
    const at = (ms: number) => ({ publishAt: new Date(now.getTime() + ms), windowS: 900 });
    expect(codeOf(() => checkScheduleBounds(at(-PUBLISH_AT_PAST_TOLERANCE_S * 1000 - 1), now))).toBe('publish_at_in_past');
    expect(codeOf(() => checkScheduleBounds(at(PUBLISH_AT_MAX_AHEAD_DAYS * 86_400_000 + 1), now))).toBe('publish_at_too_far');
  });
});

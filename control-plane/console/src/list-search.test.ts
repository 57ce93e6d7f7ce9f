/** The admin lists' URL filters: what a list does not know falls back to its default instead of reaching the API. */
import { describe, expect, it } from 'vitest';
import {
  adminTokensSearch,
  articlesSearch,
  auditLogSearch,
  day,
  devicesSearch,
  jobsSearch,
  logsSearch,
  oneOf,
  pageSearch,
  sessionsSearch,
  text,
  versionBansSearch,
  wholeNumber,
} from './list-search.js';

describe('happy path', () => {
  it('keeps well-formed filters, as the router hands them over', () => {
    // The router reads numbers in the URL as numbers: ?userId=12&pageSize=50&page=3.
    expect(jobsSearch({ state: 'needs_attention', userId: 12, platform: 'bilibili', nodeId: 'node_x', batchId: 'bat_y', order: 'asc', pageSize: 50, page: 3 })).toEqual({
      state: 'needs_attention',
      userId: 12,
      platform: 'bilibili',
      nodeId: 'node_x',
      batchId: 'bat_y',
      order: 'asc',
      pageSize: 50,
      page: 3,
    });
    expect(auditLogSearch({ actor: 'ops@example.test', from: '2026-11-01', to: '2026-11-24' })).toEqual({ actor: 'ops@example.test', from: '2026-11-01', to: '2026-11-24' });
  });

  it('reads numbers given as text the same, and gives text that looks like a number back as text', () => {
    expect(jobsSearch({ userId: '12', pageSize: '100', page: '2' })).toEqual({ userId: 12, pageSize: 100, page: 2 });
    expect(devicesSearch({ appVersion: 2.1, keyword: true })).toEqual({ appVersion: '2.1', keyword: 'true' });
  });

  it('keeps a day emptied on purpose where the default is a day, and nowhere else', () => {
    expect(logsSearch({ from: '', to: '2026-11-24' })).toEqual({ from: '', to: '2026-11-24' });
    expect(auditLogSearch({ from: '', to: '' })).toEqual({});
  });

  it("the articles page keeps both lists' pages and the task state apart; version bans keep their project", () => {
    expect(articlesSearch({ page: 2, taskPage: '3', taskState: 'failed' })).toEqual({ page: 2, taskPage: 3, taskState: 'failed' });
    expect(articlesSearch({ taskState: 'exploded', taskPage: 0 })).toEqual({});
    expect(versionBansSearch({ projectKey: 'lic-demo', page: '2' })).toEqual({ projectKey: 'lic-demo', page: 2 });
    expect(versionBansSearch({ projectKey: 'x'.repeat(65) })).toEqual({});
  });

  it('page 1 is no parameter', () => {
    expect(sessionsSearch({ page: 1 })).toEqual({});
  });

  it('a list without filters keeps only its page; a switch is on or absent', () => {
    expect(pageSearch({ page: 4, state: 'failed' })).toEqual({ page: 4 });
    expect(adminTokensSearch({ includeRevoked: true })).toEqual({ includeRevoked: true });
    expect(adminTokensSearch({ includeRevoked: 'true' })).toEqual({ includeRevoked: true });
    for (const off of [false, 'false', 1, 'yes']) expect(adminTokensSearch({ includeRevoked: off })).toEqual({});
  });
});

describe('errors', () => {
  it('drops unknown choices, page sizes the API does not offer and ids that are not whole numbers', () => {
    expect(jobsSearch({ state: 'done', order: 'sideways', pageSize: 1000, userId: -1 })).toEqual({});
    expect(jobsSearch({ state: ['failed'], pageSize: '20.5', userId: 1.5 })).toEqual({});
    expect(sessionsSearch({ deviceId: '1e9', status: { $ne: 1 } })).toEqual({});
    expect(sessionsSearch({ deviceId: 2 ** 31 })).toEqual({});
  });

  it('drops malformed or impossible days', () => {
    for (const bad of ['1 Nov', '2026-11-24T00:00', '2026-02-30', '2026-13-01', 20261124, null]) expect(day(bad)).toBeUndefined();
    expect(auditLogSearch({ from: '2026-02-29', to: '2028-02-29' })).toEqual({ to: '2028-02-29' });
  });

  it('drops text too long for its input, empty text and control characters', () => {
    expect(devicesSearch({ keyword: 'x'.repeat(201), appVersion: '' })).toEqual({});
    expect(auditLogSearch({ actor: 'a\u0000b' })).toEqual({});
    expect(auditLogSearch({ actor: 'line\nbreak' })).toEqual({});
  });

  it('drops silly pages', () => {
    for (const page of [0, -1, '-1', 1.5, '1e3', 100_001, 'last', [2]]) expect(jobsSearch({ page })).toEqual({});
  });
});

describe('parsers', () => {
  it('oneOf, text and wholeNumber answer undefined for what they refuse', () => {
    expect(oneOf(['a', 'b'])('b')).toBe('b');
    expect(oneOf(['a', 'b'])('c')).toBeUndefined();
    expect(oneOf([20, 50])('50')).toBe(50);
    expect(oneOf(['20'])(20)).toBeUndefined();
    expect(text(3)('abc')).toBe('abc');
    expect(text(3)('abcd')).toBeUndefined();
    expect(wholeNumber(10)(10)).toBe(10);
    expect(wholeNumber(10)(11)).toBeUndefined();
  });
});

import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { genRequestId } from './request-id.js';

const request = (headers: Record<string, string> = {}) => ({ headers }) as unknown as IncomingMessage;

describe('happy path', () => {
  it('honors a well-formed incoming X-Request-Id', () => {
    expect(genRequestId(request({ 'x-request-id': 'trace-1.2:3' }))).toBe('trace-1.2:3');
  });

  it('hands out distinct 12-byte ids across several random blocks', () => {
    const ids = Array.from({ length: 2_000 }, () => genRequestId(request()));
    for (const id of ids) expect(id).toMatch(/^req_[A-Za-z0-9_-]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('failure paths', () => {
  it('replaces a malformed incoming id', () => {
    const id = genRequestId(request({ 'x-request-id': 'has spaces and\nnewlines' }));
    expect(id).toMatch(/^req_[A-Za-z0-9_-]{16}$/);
  });
});

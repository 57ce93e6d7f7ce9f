import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { genRequestId } from './request-id.js';

const request = (id?: string) => ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as unknown as IncomingMessage;

describe('request ids', () => {
  it('are fresh req_ ids of 96 random bits, unique across pool refills', () => {
    const ids = Array.from({ length: 2_000 }, () => genRequestId(request()));
    for (const id of ids) expect(id).toMatch(/^req_[A-Za-z0-9_-]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keep a proxy's well-formed id and replace anything else", () => {
    expect(genRequestId(request('trace-1.2:3'))).toBe('trace-1.2:3');
    for (const bad of ['', 'a b', 'x'.repeat(65), 'id\r\nx-injected: 1']) expect(genRequestId(request(bad))).toMatch(/^req_/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MetricsListener, listenAddressSchema, parseListenAddress, startMetricsListener } from './metrics-listener.js';

describe('listen addresses', () => {
  it('reads host:port and [v6]:port', () => {
    expect(parseListenAddress('127.0.0.1:9464')).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(parseListenAddress('[::1]:9464')).toEqual({ host: '::1', port: 9464 });
    expect(parseListenAddress('metrics.internal:0')).toEqual({ host: 'metrics.internal', port: 0 });
  });

  it('refuses what is not host:port, and the schema says what to write', () => {
    for (const bad of ['9464', ':9464', '127.0.0.1', '127.0.0.1:65536', 'http://127.0.0.1:9464', '::1:9464', '127.0.0.1:94 64']) expect(parseListenAddress(bad), bad).toBeNull();
    const schema = listenAddressSchema('PLUME_X_ADDR');
    expect(schema.parse(undefined)).toBeNull();
    expect(schema.parse('')).toBeNull();
    expect(() => schema.parse('9464')).toThrow(/PLUME_X_ADDR must be host:port, e\.g\. 127\.0\.0\.1:9464/);
  });
});

describe('the listener', () => {
  let listener: MetricsListener;
  let base: string;
  let fail = false;
  beforeAll(async () => {
    listener = await startMetricsListener(
      { host: '127.0.0.1', port: 0 },
      { contentType: 'text/plain; version=0.0.4; charset=utf-8', metrics: async () => (fail ? Promise.reject(new Error('collector broke')) : 'plume_up 1\n') },
    );
    base = `http://127.0.0.1:${listener.address.port}`;
  });
  afterAll(() => listener?.close());

  it('serves GET /metrics in the text format with a request id', async () => {
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    expect(await res.text()).toBe('plume_up 1\n');
    expect((await fetch(`${base}/metrics`, { headers: { 'x-request-id': 'trace-1' } })).headers.get('x-request-id')).toBe('trace-1');
  });

  it('answers nothing else', async () => {
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/metrics/../admin`)).status).toBe(404);
    const post = await fetch(`${base}/metrics`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('a failing collector is a 500, not a hang', async () => {
    fail = true;
    try {
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(500);
      expect(await res.text()).toContain('collector broke');
    } finally {
      fail = false;
    }
  });
});

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { useRawJsonParser } from './raw-json.js';

async function echoApp() {
  const app = Fastify();
  useRawJsonParser(app, 1024);
  app.post('/echo', async (request) => ({ body: request.body, bytes: request.rawBody?.length }));
  await app.ready();
  return app;
}
const post = (app: Awaited<ReturnType<typeof echoApp>>, payload: Buffer) =>
  app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload });

describe('happy path', () => {
  it('parses the body and keeps its exact bytes', async () => {
    const app = await echoApp();
    const res = await post(app, Buffer.from('{"name":"€ ok"}'));
    expect(res.json()).toEqual({ body: { name: '€ ok' }, bytes: 17 });
  });
});

describe('failure paths', () => {
  it('refuses invalid UTF-8, and the shared decoder carries nothing into the next body', async () => {
    const app = await echoApp();
    // Ends inside a three-byte sequence (the first two bytes of "€").
    const cut = await post(app, Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe2, 0x82]));
    expect(cut.statusCode).toBe(400);
    // A lone continuation byte must fail on its own, not complete the cut sequence above.
    expect((await post(app, Buffer.from([0xac]))).statusCode).toBe(400);
    expect((await post(app, Buffer.from('{"a":"€"}'))).json()).toEqual({ body: { a: '€' }, bytes: 11 });
  });
});

describe('text no field accepts', () => {
  it('refuses a \\u0000 or an unpaired surrogate escape in any string or key, naming where', async () => {
    const app = await echoApp();
    for (const [body, where] of [
      ['{"title":"a\\u0000b"}', 'body.title'],
      ['{"a":{"b":["ok","\\ud800"]}}', 'body.a.b[1]'],
      ['{"k\\u0000":1}', 'a key in body'],
    ] as const) {
      const res = await post(app, Buffer.from(body));
      expect(res.statusCode, body).toBe(400);
      expect(res.json().message, body).toContain(where);
    }
    // A raw NUL byte is not JSON at all.
    expect((await post(app, Buffer.from('{"a":"\0"}'))).statusCode).toBe(400);
    // An escaped backslash before u0000 is ordinary text.
    expect((await post(app, Buffer.from('{"a":"\\\\u0000"}'))).json()).toEqual({ body: { a: '\\u0000' }, bytes: 15 });
  });
});

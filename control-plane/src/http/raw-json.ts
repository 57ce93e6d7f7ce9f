/**
 * JSON body parser that keeps the exact bytes as sent: license v2 signatures
 * cover the SHA-256 of the body bytes, which a re-serialised object would not
 * reproduce. Registered per API surface (Fastify encapsulates parsers). It is
 * also where body text is refused that no field accepts (text-guard.ts):
 * before validation, so no handler sees it.
 */
import type { FastifyInstance } from 'fastify';
import { UnacceptableTextError, unacceptableInJson } from './text-guard.js';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

export class InvalidJsonError extends Error {
  readonly code = 'INVALID_JSON';
  readonly statusCode = 400;
}

// fatal: invalid UTF-8 is malformed input, not something to guess at. One decoder serves every
// request: decode() without { stream: true } keeps no state between calls.
const utf8 = new TextDecoder('utf-8', { fatal: true });

export function useRawJsonParser(app: FastifyInstance, bodyLimit: number): void {
  // JSON only: Fastify's default text/plain parser would let a non-JSON body reach validation.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (request, body, done) => {
    const bytes = body as Buffer;
    request.rawBody = bytes;
    if (bytes.length === 0) return done(new InvalidJsonError('Request body is empty; send a JSON object'), undefined);
    let text: string;
    let parsed: unknown;
    try {
      text = utf8.decode(bytes);
      parsed = JSON.parse(text);
    } catch {
      return done(new InvalidJsonError('Request body is not valid JSON'), undefined);
    }
    const problem = unacceptableInJson(text, parsed);
    if (problem) return done(new UnacceptableTextError(problem), undefined);
    done(null, parsed);
  });
}

/**
 * JSON body parser that keeps the exact bytes as sent: license v2 signatures
 * cover the SHA-256 of the body bytes, which a re-serialised object would not
 * reproduce. Registered per API surface (Fastify encapsulates parsers).
 */
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

export class InvalidJsonError extends Error {
  readonly code = 'INVALID_JSON';
  readonly statusCode = 400;
}

export function useRawJsonParser(app: FastifyInstance, bodyLimit: number): void {
  // JSON only: Fastify's default text/plain parser would let a non-JSON body reach validation.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (request, body, done) => {
    const bytes = body as Buffer;
    request.rawBody = bytes;
    if (bytes.length === 0) return done(new InvalidJsonError('Request body is empty; send a JSON object'), undefined);
    try {
      // fatal: invalid UTF-8 is malformed input, not something to guess at.
      const textBody = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      done(null, JSON.parse(textBody));
    } catch {
      done(new InvalidJsonError('Request body is not valid JSON'), undefined);
    }
  });
}

/**
 * Answers given outside any surface's own error handler still speak that
 * surface's language: which surface a URL belongs to is decided by its path
 * prefix. That covers the router's refusals (a malformed percent-escape, an
 * overlong path segment: Fastify's `frameworkErrors`, which run before any
 * hook), requests that are not valid HTTP at all (`clientErrorHandler`, where
 * no request object exists), and the root's not-found and error handlers.
 * Every such answer carries X-Request-Id like any other.
 */
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { countUnmatched } from '../metrics/http.js';
import { type ErrorSurface, sendError } from './errors.js';
import { newRequestId } from './request-id.js';

/** Paths outside every API surface (health checks, unknown paths): the Open API's lowercase envelope. */
export const rootSurface: ErrorSurface = {
  format: (code, message) => ({ error: { code, message } }),
  codes: {
    invalidJson: 'invalid_json',
    invalidRequest: 'invalid_request',
    unsupportedMediaType: 'unsupported_media_type',
    payloadTooLarge: 'payload_too_large',
    notFound: 'not_found',
    internal: 'internal_error',
    unavailable: 'service_unavailable',
  },
};

export class SurfaceMap {
  /** `prefixes`: path prefix (no trailing slash) → surface; a URL belongs to the longest prefix it starts with at a segment boundary. */
  constructor(
    private readonly prefixes: ReadonlyArray<readonly [string, ErrorSurface]>,
    private readonly fallback: ErrorSurface = rootSurface,
  ) {
    this.prefixes = [...prefixes].sort((a, b) => b[0].length - a[0].length);
  }

  of(url: string): ErrorSurface {
    for (const [prefix, surface] of this.prefixes) {
      if (!url.startsWith(prefix)) continue;
      const next = url.charCodeAt(prefix.length);
      // End of the URL, '/', '?' or '#': /api/adminx is not /api/admin.
      if (Number.isNaN(next) || next === 0x2f || next === 0x3f || next === 0x23) return surface;
    }
    return this.fallback;
  }
}

/** For Fastify's `frameworkErrors`: the router refused the URL before any hook ran, so the request id is set here. */
export function frameworkErrorHandler(surfaces: SurfaceMap) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    reply.header('x-request-id', request.id);
    sendError(error, request, reply, surfaces.of(request.url));
    countUnmatched(request, reply, reply.statusCode);
  };
}

/** For the root's setNotFoundHandler: paths under no surface's own not-found handler. */
export function notFoundHandler(surfaces: SurfaceMap) {
  return (request: FastifyRequest, reply: FastifyReply): void => {
    countUnmatched(request, reply);
    const surface = surfaces.of(request.url);
    void reply.code(404).send(surface.format(surface.codes.notFound, `No such endpoint: ${request.method} ${request.url.split('?')[0]}`));
  };
}

/** For the root's setErrorHandler: errors of routes (and not-found answers) outside every surface's own handler. */
export function rootErrorHandler(surfaces: SurfaceMap) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply): void => sendError(error, request, reply, surfaces.of(request.url));
}

/** The request target of a request line (`GET /path HTTP/1.1`, or an absolute-form URL's path), if the packet starts with one. */
function requestTarget(packet: unknown): string | null {
  if (!Buffer.isBuffer(packet)) return null;
  const line = /^[A-Za-z]+ +(?:[a-z][a-z0-9+.-]*:\/\/[^/\s]*)?(\/[^\s]*)/i.exec(packet.subarray(0, 4096).toString('latin1'));
  return line ? line[1]! : null;
}

/**
 * For Fastify's `clientErrorHandler`: Node's HTTP parser refused the bytes
 * (a control character such as NUL in a header, a space in the URL, headers
 * over the size limit…), so no route or hook ran. Answers 400 with the
 * validation code of the surface the request line names, else of the root.
 */
export function clientErrorHandler(surfaces: SurfaceMap) {
  return (err: ConnectionError & { reason?: string }, socket: Socket): void => {
    // Connection reset: nobody is left to answer. Not logged, like Fastify's own handler: these are network noise.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const id = newRequestId();
    let head: string;
    let body = '';
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      // The request never arrived in time: as Node answers it, with the id.
      head = 'HTTP/1.1 408 Request Timeout';
    } else {
      const surface = surfaces.of(requestTarget(err.rawPacket) ?? '/');
      const why =
        err.code === 'HPE_HEADER_OVERFLOW'
          ? 'its headers are larger than the server accepts'
          : err.code === 'HPE_INVALID_HEADER_TOKEN'
            ? `${err.reason ?? 'invalid header'} (header names and values may not contain control characters such as NUL)`
            : (err.reason ?? err.code);
      body = JSON.stringify(surface.format(surface.codes.invalidRequest, `The request is not valid HTTP/1.1: ${why}`));
      head = 'HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8';
    }
    // Copying Node's own behaviour: answer if the socket can still take it, then close.
    if (socket.writable) {
      socket.write(`${head}\r\nX-Request-Id: ${id}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
    }
    socket.destroy(err);
  };
}

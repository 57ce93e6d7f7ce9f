/**
 * One error model per API surface (CONVENTIONS 4): each surface names its
 * codes for the generic failures and how a failure body looks; this module
 * maps every thrown thing onto that, hides 5xx details and logs them with the
 * request id.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, unavailableReason } from '../db/unavailable.js';
import { countUnmatched } from '../metrics/http.js';
import { MAX_PARAM_LENGTH } from './limits.js';
import { InvalidJsonError } from './raw-json.js';
import { UnacceptableTextError } from './text-guard.js';

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface ErrorSurface {
  format(code: string, message: string): unknown;
  codes: {
    invalidJson: string;
    invalidRequest: string;
    unsupportedMediaType: string;
    payloadTooLarge: string;
    notFound: string;
    internal: string;
    /** 503 with Retry-After: PostgreSQL cannot be reached (db/unavailable.ts); the same request may be retried. */
    unavailable: string;
  };
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

function describeValidation(error: { message: string; validation?: unknown; validationContext?: string }): string {
  const where = error.validationContext ?? 'request';
  const issues = ((error.validation ?? []) as ValidationIssue[]).slice(0, 5).map((v) => {
    const path = v.params?.issue?.path?.join('.') || v.instancePath?.replace(/^\//, '').replaceAll('/', '.') || '';
    return `${where}${path ? `.${path}` : ''}: ${v.message ?? 'invalid'}`;
  });
  return issues.length ? issues.join('; ') : error.message;
}

export function toApiError(error: unknown, surface: ErrorSurface): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof InvalidJsonError) return new ApiError(surface.codes.invalidJson, error.message, 400);
  if (error instanceof UnacceptableTextError) return new ApiError(surface.codes.invalidRequest, error.message, 400);
  const e = error as FastifyError;
  if (e && Array.isArray(e.validation)) return new ApiError(surface.codes.invalidRequest, describeValidation(e), 400);
  switch (e?.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(surface.codes.payloadTooLarge, 'Request body is larger than this endpoint accepts', 413);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(surface.codes.unsupportedMediaType, 'Send the body as Content-Type: application/json', 415);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(surface.codes.invalidJson, 'Request body is empty; send a JSON object', 400);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(surface.codes.invalidRequest, 'Content-Length does not match the body', 400);
    // The router's own refusals (frameworkErrors in app.ts): validation failures like any other.
    case 'FST_ERR_BAD_URL':
      return new ApiError(surface.codes.invalidRequest, 'The URL path has a malformed percent-escape, or one that is not UTF-8', 400);
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new ApiError(surface.codes.invalidRequest, `A path segment is longer than ${MAX_PARAM_LENGTH} characters (percent-encoded); no id is that long`, 400);
  }
  if (isDatabaseUnavailable(error)) {
    return new ApiError(surface.codes.unavailable, 'Service temporarily unavailable (its database cannot be reached); retry the same request after Retry-After seconds', 503, {
      'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
    });
  }
  const status = typeof e?.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500) return new ApiError(surface.codes.invalidRequest, e.message, status);
  return new ApiError(surface.codes.internal, 'Internal error; quote the X-Request-Id when reporting it', 500);
}

/** Answers `error` in `surface`'s envelope; 5xx details are logged, never sent. */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply, surface: ErrorSurface): void {
  const apiError = toApiError(error, surface);
  // One line per refused request while the database is away, not a stack trace each.
  if (apiError.code === surface.codes.unavailable) request.log.warn({ code: apiError.code, reason: unavailableReason(error) }, 'database unavailable');
  else if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code: apiError.code, status: apiError.status }, apiError.message);
  void reply.code(apiError.status).headers(apiError.headers).send(surface.format(apiError.code, apiError.message));
}

/**
 * `notFound: false` for a second plugin under a prefix that already has a
 * not-found handler (Fastify allows one per prefix).
 */
export function installErrorHandling(app: FastifyInstance, surface: ErrorSurface, { notFound = true } = {}): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => sendError(error, request, reply, surface));
  if (!notFound) return;
  app.setNotFoundHandler((request, reply) => {
    countUnmatched(request, reply);
    void reply
      .code(404)
      .send(surface.format(surface.codes.notFound, `No such endpoint: ${request.method} ${request.url.split('?')[0]}`));
  });
}

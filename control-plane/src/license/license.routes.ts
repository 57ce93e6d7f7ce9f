/**
 * /api/license/v2: five POST endpoints. Handlers only translate HTTP to the
 * service; aliases are folded before validation so both spellings validate.
 */
import {
  challengeRequestSchema,
  consumeRequestSchema,
  enrollRequestSchema,
  foldRequestAliases,
  LICENSE_PATHS,
  renewRequestSchema,
  SIGNED_HEADERS,
  statusRequestSchema,
} from '@plume/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { installErrorHandling, toApiError } from '../http/errors.js';
import { useRawJsonParser } from '../http/raw-json.js';
import { licenseRequests } from '../metrics/instruments.js';
import { licenseOk, licenseSurface } from './license.errors.js';
import type { LicenseService } from './license.service.js';
import type { SignedRequestInput } from './signed-request.js';

/** License requests are a few hundred bytes; anything near this is hostile. */
const LICENSE_BODY_LIMIT = 16 * 1024;

const body = <T extends z.ZodType>(schema: T) => z.preprocess(foldRequestAliases, schema);

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

function signedInput(request: FastifyRequest, path: string): SignedRequestInput {
  return {
    path,
    authorization: header(request, 'authorization'),
    sessionId: header(request, SIGNED_HEADERS.sessionId),
    timestamp: header(request, SIGNED_HEADERS.timestamp),
    nonce: header(request, SIGNED_HEADERS.nonce),
    signature: header(request, SIGNED_HEADERS.signature),
    rawBody: request.rawBody ?? Buffer.alloc(0),
    ip: request.ip,
  };
}

/** plume_license_requests_total's success series, one per endpoint, resolved once. */
const succeeded = {
  enroll: licenseRequests.labels('enroll', 'success'),
  challenge: licenseRequests.labels('challenge', 'success'),
  renew: licenseRequests.labels('renew', 'success'),
  status: licenseRequests.labels('status', 'success'),
  consume: licenseRequests.labels('consume', 'success'),
};

function ok<T extends object>(endpoint: keyof typeof succeeded, answer: T) {
  succeeded[endpoint].inc();
  return licenseOk(answer);
}

export function licenseRoutes(service: LicenseService) {
  return async function register(app: FastifyInstance): Promise<void> {
    useRawJsonParser(app, LICENSE_BODY_LIMIT);
    installErrorHandling(app, licenseSurface);
    // Failures counted by the code the error handler will answer (an error costs this lookup, a success nothing).
    app.addHook('onError', (request, _reply, error, done) => {
      const endpoint = request.routeOptions.url?.split('/').pop() ?? 'unmatched';
      licenseRequests.inc({ endpoint, outcome: toApiError(error, licenseSurface).code });
      done();
    });
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post('/enroll', { schema: { body: body(enrollRequestSchema) } }, async (request) =>
      ok('enroll', await service.enroll(request.body, request.ip)),
    );
    r.post('/challenge', { schema: { body: body(challengeRequestSchema) } }, async (request) =>
      ok('challenge', await service.challenge(request.body, header(request, 'authorization'), request.ip)),
    );
    r.post('/renew', { schema: { body: body(renewRequestSchema) } }, async (request) =>
      ok('renew', await service.renew(request.body, request.ip)),
    );
    r.post('/status', { schema: { body: body(statusRequestSchema) } }, async (request) =>
      ok('status', await service.status(request.body, signedInput(request, LICENSE_PATHS.status))),
    );
    r.post('/consume', { schema: { body: body(consumeRequestSchema) } }, async (request) =>
      ok('consume', await service.consume(request.body, signedInput(request, LICENSE_PATHS.consume))),
    );
  };
}

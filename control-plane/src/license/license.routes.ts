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
import { installErrorHandling } from '../http/errors.js';
import { useRawJsonParser } from '../http/raw-json.js';
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

export function licenseRoutes(service: LicenseService) {
  return async function register(app: FastifyInstance): Promise<void> {
    useRawJsonParser(app, LICENSE_BODY_LIMIT);
    installErrorHandling(app, licenseSurface);
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post('/enroll', { schema: { body: body(enrollRequestSchema) } }, async (request) =>
      licenseOk(await service.enroll(request.body, request.ip)),
    );
    r.post('/challenge', { schema: { body: body(challengeRequestSchema) } }, async (request) =>
      licenseOk(await service.challenge(request.body, header(request, 'authorization'), request.ip)),
    );
    r.post('/renew', { schema: { body: body(renewRequestSchema) } }, async (request) =>
      licenseOk(await service.renew(request.body, request.ip)),
    );
    r.post('/status', { schema: { body: body(statusRequestSchema) } }, async (request) =>
      licenseOk(await service.status(request.body, signedInput(request, LICENSE_PATHS.status))),
    );
    r.post('/consume', { schema: { body: body(consumeRequestSchema) } }, async (request) =>
      licenseOk(await service.consume(request.body, signedInput(request, LICENSE_PATHS.consume))),
    );
  };
}

/**
 * A database that cannot be reached answers 503 with Retry-After on every
 * surface, in that surface's envelope and code; any other failure stays 500.
 */
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { adminSurface } from './admin-errors.js';
import { DATABASE_RETRY_AFTER_SECONDS, DatabaseUnavailableError } from '../db/unavailable.js';
import { nodeSurface } from '../nodes/nodes.errors.js';
import { licenseSurface } from '../license/license.errors.js';
import { openapiSurface } from './openapi-errors.js';
import { type ErrorSurface, installErrorHandling, toApiError } from './errors.js';
import { rootSurface } from './surface-routing.js';

const refused = () => new DrizzleQueryError('select 1', [], Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));

const SURFACES: Array<[string, ErrorSurface, (message: unknown) => unknown, string]> = [
  ['Open API v1', openapiSurface, (message) => ({ error: { code: 'service_unavailable', message } }), 'service_unavailable'],
  ['admin API', adminSurface, (message) => ({ success: false, message, code: 'SERVICE_UNAVAILABLE' }), 'SERVICE_UNAVAILABLE'],
  ['license v2', licenseSurface, (message) => ({ success: false, message, code: 'SERVICE_UNAVAILABLE' }), 'SERVICE_UNAVAILABLE'],
  ['node API', nodeSurface, (message) => ({ error: { code: 'service_unavailable', message } }), 'service_unavailable'],
  ['paths outside the APIs', rootSurface, (message) => ({ error: { code: 'service_unavailable', message } }), 'service_unavailable'],
];

describe.each(SURFACES)('%s', (_name, surface, envelope, code) => {
  it('maps a database that cannot be reached to 503 with Retry-After', () => {
    for (const error of [refused(), new DatabaseUnavailableError('no database connection within 3000 ms')]) {
      const mapped = toApiError(error, surface);
      expect(mapped).toMatchObject({ status: 503, code, headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) } });
      expect(mapped.message).not.toMatch(/select|ECONNREFUSED|127\.0\.0\.1/);
    }
  });

  it('keeps any other failure a 500', () => {
    expect(toApiError(new DrizzleQueryError('select 1', [], new Error('division by zero')), surface)).toMatchObject({ status: 500, code: surface.codes.internal });
  });

  it('answers it in the envelope of the surface', async () => {
    const app = Fastify({ logger: false });
    installErrorHandling(app, surface);
    app.get('/down', async () => {
      throw refused();
    });
    const res = await app.inject({ method: 'GET', url: '/down' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(res.json()).toEqual(envelope(expect.stringContaining('Retry-After')));
    await app.close();
  });
});

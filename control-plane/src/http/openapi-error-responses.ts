/**
 * The v1 failure body for route `response` schemas, so the generated document
 * names every answer a route can give. Spread `errorResponses(…)` next to a
 * route's success schema.
 */
import { z } from 'zod';
import { OPENAPI_STATUS } from './openapi-errors.js';

export const openapiErrorBody = z
  .object({
    error: z.object({
      code: z.string().describe(`Stable code to branch on; one of: ${Object.keys(OPENAPI_STATUS).join(', ')}`),
      message: z.string().describe('Human-readable explanation; do not parse'),
    }),
  })
  // Registered by id: the document names it once, as the `Error` schema component.
  .meta({ id: 'Error', description: 'The failure body of every Open API v1 error: branch on `error.code`.' });

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

/** 401, 403 (user disabled), 429 and 503 (database unreachable) apply to every keyed route and are always included. */
export function errorResponses(...statuses: ErrorStatus[]): Partial<Record<ErrorStatus, typeof openapiErrorBody>> {
  const all = new Set<ErrorStatus>([401, 403, 429, 503, ...statuses]);
  return Object.fromEntries([...all].sort().map((s) => [s, openapiErrorBody])) as Partial<Record<ErrorStatus, typeof openapiErrorBody>>;
}

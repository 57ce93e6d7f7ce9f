/** /api/admin/security-events. */
import { z } from 'zod';
import { SECURITY_EVENT_KINDS } from '../license.schema.js';
import type { AdminApp } from '../../http/admin-types.js';
import { isoString, paged, pagedSchema, pageQuery, projectKeyQuery, rangeQuery, responses } from '../../http/admin-query.js';
import type { SecurityEventsService } from './security-events.service.js';

const eventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SECURITY_EVENT_KINDS),
  projectKey: z.string().nullable(),
  deviceId: z.number().int().nullable(),
  sessionId: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: isoString,
});

export function registerSecurityEventRoutes(r: AdminApp, service: SecurityEventsService): void {
  r.get(
    '/security-events',
    {
      schema: {
        tags: ['security-events'],
        operationId: 'listSecurityEvents',
        summary: 'List security events by project, kind and time range (newest first)',
        querystring: z.object({ ...pageQuery, projectKey: projectKeyQuery, kind: z.enum(SECURITY_EVENT_KINDS).optional().describe('Only events of this kind'), ...rangeQuery }),
        response: responses(pagedSchema(eventSchema)),
      },
    },
    async (request) => {
      const { items, total } = await service.list(request.query);
      return paged(items, total, request.query);
    },
  );
}

/** /api/admin/projects/:projectKey/version-bans: add, list, remove. */
import { z } from 'zod';
import type { AdminApp } from '../../http/admin-types.js';
import { projectKeyParams } from './projects.routes.js';
import { createdResponses, isoString, pagedSchema, pageQuery, paged, responses } from '../../http/admin-query.js';
import type { VersionBansService } from './version-bans.service.js';

const tags = ['version-bans'];
const appVersionSchema = z.string().min(1).max(64);
const banSchema = z.object({ projectKey: z.string(), appVersion: z.string(), reason: z.string(), createdAt: isoString });

export function registerVersionBanRoutes(r: AdminApp, service: VersionBansService): void {
  r.get(
    '/projects/:projectKey/version-bans',
    {
      schema: { tags, operationId: 'listVersionBans', summary: "List a project's banned client versions", params: projectKeyParams, querystring: z.object(pageQuery), response: responses(pagedSchema(banSchema)) },
    },
    async (request) => {
      const { items, total } = await service.list(request.params.projectKey, request.query);
      return paged(items, total, request.query);
    },
  );

  r.post(
    '/projects/:projectKey/version-bans',
    {
      schema: {
        tags,
        operationId: 'banVersion',
        summary: 'Ban a client version: enroll, status and consume with it are refused',
        params: projectKeyParams,
        body: z.object({ appVersion: appVersionSchema, reason: z.string().max(500).default('') }).strict(),
        response: createdResponses(z.object({ success: z.literal(true), ban: banSchema })),
      },
    },
    async (request, reply) =>
      reply.code(201).send({ success: true, ban: await service.ban(request.params.projectKey, request.body.appVersion, request.body.reason) }),
  );

  r.delete(
    '/projects/:projectKey/version-bans/:appVersion',
    {
      schema: {
        tags,
        operationId: 'unbanVersion',
        summary: 'Lift a version ban',
        params: projectKeyParams.extend({ appVersion: appVersionSchema.describe('The banned client version') }),
        response: responses(z.object({ success: z.literal(true), projectKey: z.string(), appVersion: z.string(), removed: z.literal(true) })),
      },
    },
    async (request) => ({ success: true as const, ...(await service.unban(request.params.projectKey, request.params.appVersion)) }),
  );
}

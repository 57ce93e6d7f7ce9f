/**
 * /api/admin: the back office. Auth and audit apply to every route here;
 * each resource registers its routes in one line below.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LICENSE_MODES, projectKeySchema } from '@plume/shared';
import type { Db } from '../db/client.js';
import { installErrorHandling } from '../http/errors.js';
import { useRawJsonParser } from '../http/raw-json.js';
import { projectPolicySchema } from '../license/policy.js';
import { installAdminAuth } from './admin.auth.js';
import { adminSurface } from './admin.errors.js';
import { LicenseAdminService, MAX_CODES_PER_CALL } from './license-admin.service.js';

const ADMIN_BODY_LIMIT = 1024 * 1024;

export interface AdminRoutesOptions {
  db: Db;
  bootstrapToken: string | undefined;
}

const appVersionSchema = z.string().min(1).max(64);

export function adminRoutes({ db, bootstrapToken }: AdminRoutesOptions) {
  const service = new LicenseAdminService(db);
  return async function register(app: FastifyInstance): Promise<void> {
    useRawJsonParser(app, ADMIN_BODY_LIMIT);
    installErrorHandling(app, adminSurface);
    installAdminAuth(app, db, bootstrapToken);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const limits = { bodyLimit: ADMIN_BODY_LIMIT };

    r.post(
      '/projects',
      {
        ...limits,
        schema: {
          body: z
            .object({
              projectKey: projectKeySchema,
              name: z.string().min(1).max(200),
              description: z.string().max(2000).optional(),
              enabled: z.boolean().optional(),
              policy: projectPolicySchema.optional(),
            })
            .strict(),
        },
      },
      async (request, reply) => {
        const p = await service.createProject(request.body);
        return reply.code(201).send({
          success: true,
          project: {
            projectKey: p.projectKey,
            name: p.name,
            description: p.description,
            enabled: p.enabled,
            policy: p.policy,
            offlinePublicKey: p.offlinePublicKey,
            offlineKeyId: p.offlineKeyId,
            createdAt: p.createdAt.toISOString(),
          },
        });
      },
    );

    r.post(
      '/codes/generate',
      {
        ...limits,
        schema: {
          body: z
            .object({
              projectKey: projectKeySchema.default('default'),
              licenseMode: z.enum(LICENSE_MODES),
              quantity: z.number().int().min(1).max(MAX_CODES_PER_CALL),
              expiresAt: z.iso.datetime({ offset: true }).optional(),
              remainingCount: z.number().int().min(1).max(1_000_000_000).optional(),
            })
            .strict(),
        },
      },
      async (request) => ({ success: true, codes: await service.generateCodes(request.body) }),
    );

    r.post(
      '/devices/:deviceId/revoke',
      { schema: { params: z.object({ deviceId: z.coerce.number().int().positive().max(2 ** 31 - 1) }) } },
      async (request) => ({ success: true, ...(await service.revokeDevice(request.params.deviceId, request.admin!.actor)) }),
    );

    const projectParams = z.object({ projectKey: projectKeySchema });
    r.get('/projects/:projectKey/version-bans', { schema: { params: projectParams } }, async (request) => ({
      success: true,
      bans: await service.listVersionBans(request.params.projectKey),
    }));
    r.post(
      '/projects/:projectKey/version-bans',
      { schema: { params: projectParams, body: z.object({ appVersion: appVersionSchema, reason: z.string().max(500).default('') }).strict() } },
      async (request, reply) =>
        reply.code(201).send({
          success: true,
          ban: await service.banVersion(request.params.projectKey, request.body.appVersion, request.body.reason),
        }),
    );
    r.delete(
      '/projects/:projectKey/version-bans/:appVersion',
      { schema: { params: projectParams.extend({ appVersion: appVersionSchema }) } },
      async (request) => ({ success: true, ...(await service.unbanVersion(request.params.projectKey, request.params.appVersion)) }),
    );
  };
}

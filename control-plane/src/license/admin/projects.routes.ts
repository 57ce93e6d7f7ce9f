/** /api/admin/projects: create, list, read, update, rotate the offline key. */
import { projectKeySchema } from '@plume/shared';
import { z } from 'zod';
import { DEFAULT_POLICY, projectPolicySchema } from '../policy.js';
import type { AdminApp } from '../../http/admin-types.js';
import type { ProjectsService } from './projects.service.js';
import { createdResponses, isoString, keywordQuery, pagedSchema, pageQuery, paged, responses } from '../../http/admin-query.js';

const tags = ['projects'];

type PolicyField = keyof typeof projectPolicySchema.shape;
const policyFields = Object.keys(DEFAULT_POLICY) as PolicyField[];

/** Every policy field may be set (within projectPolicySchema's bounds) or null to fall back to the default. */
const policyPatchSchema = z
  .object(
    Object.fromEntries(policyFields.map((f) => [f, projectPolicySchema.shape[f].unwrap().nullable().optional()])) as {
      [K in PolicyField]: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
    },
  )
  .strict();

const effectivePolicySchema = z.object(Object.fromEntries(policyFields.map((f) => [f, z.number().int()])) as { [K in PolicyField]: z.ZodNumber });

export const projectKeyParams = z.object({ projectKey: projectKeySchema.describe('The project key') });

const keySchema = z.object({
  kid: z.string(),
  publicKey: z.string().describe('base64url Ed25519 public key'),
  status: z.enum(['active', 'retired']),
  createdAt: isoString,
  retiredAt: isoString.nullable(),
  verifyUntil: isoString.nullable().describe('A retired key stays listed (and verifies snapshots) until then'),
});

const projectSchema = z.object({
  projectKey: z.string(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  policy: z.record(z.string(), z.number()).describe("The project's own overrides"),
  effectivePolicy: effectivePolicySchema,
  offlinePublicKey: z.string().nullable(),
  offlineKeyId: z.string().nullable(),
  createdAt: isoString,
  updatedAt: isoString,
});
const projectDetailSchema = projectSchema.extend({ keys: z.array(keySchema) });
const projectAnswer = z.object({ success: z.literal(true), project: projectDetailSchema });

export function registerProjectRoutes(r: AdminApp, service: ProjectsService): void {
  r.post(
    '/projects',
    {
      schema: {
        tags,
        operationId: 'createProject',
        summary: 'Create a project (with its own offline signing key)',
        body: z
          .object({
            projectKey: projectKeySchema,
            name: z.string().min(1).max(200),
            description: z.string().max(2000).optional(),
            enabled: z.boolean().optional(),
            policy: projectPolicySchema.optional(),
          })
          .strict(),
        response: createdResponses(projectAnswer),
      },
    },
    async (request, reply) => reply.code(201).send({ success: true, project: await service.create(request.body) }),
  );

  r.get(
    '/projects',
    {
      schema: {
        tags,
        operationId: 'listProjects',
        summary: 'List projects',
        querystring: z.object({
          ...pageQuery,
          keyword: keywordQuery.describe('Matches the project key or name'),
          enabled: z
            .enum(['true', 'false'])
            .transform((v) => v === 'true')
            .optional()
            .describe('Only enabled (true) or disabled (false) projects'),
        }),
        response: responses(pagedSchema(projectSchema)),
      },
    },
    async (request) => {
      const { items, total } = await service.list(request.query);
      return paged(items, total, request.query);
    },
  );

  r.get(
    '/projects/:projectKey',
    { schema: { tags, operationId: 'getProject', summary: 'A project with its live offline keys', params: projectKeyParams, response: responses(projectAnswer) } },
    async (request) => ({ success: true as const, project: await service.get(request.params.projectKey) }),
  );

  r.patch(
    '/projects/:projectKey',
    {
      schema: {
        tags,
        operationId: 'updateProject',
        summary: 'Update name, description, enabled state or policy (policy fields merge; null resets one to the default)',
        params: projectKeyParams,
        body: z
          .object({
            name: z.string().min(1).max(200).optional(),
            description: z.string().max(2000).optional(),
            enabled: z.boolean().optional(),
            policy: policyPatchSchema.optional(),
          })
          .strict()
          .refine((b) => Object.keys(b).length > 0, 'Send at least one of name, description, enabled, policy'),
        response: responses(projectAnswer),
      },
    },
    async (request) => ({ success: true as const, project: await service.update(request.params.projectKey, request.body) }),
  );

  r.post(
    '/projects/:projectKey/keys/rotate',
    {
      schema: {
        tags,
        operationId: 'rotateProjectKey',
        summary: 'Rotate the offline signing key; the old public key stays listed until its snapshots expire',
        params: projectKeyParams,
        response: responses(
          projectAnswer.extend({ activeKeyId: z.string(), retiredKeyId: z.string().nullable(), retiredVerifyUntil: isoString.nullable() }),
        ),
      },
    },
    async (request) => ({ success: true as const, ...(await service.rotateKey(request.params.projectKey)) }),
  );
}

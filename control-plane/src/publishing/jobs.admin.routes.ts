/**
 * /api/admin/jobs: every user's publish jobs for operators (server-side
 * filters and paging), one job in detail, and the resolution of a job that
 * waits for a person (`needs_attention`: an outcome nobody could look up, or
 * several posts that match it). Registered inside the admin scope
 * (adminRoutes' extensions), so it shares its auth, audit, error model and
 * OpenAPI document.
 */
import { idSchema } from '@plume/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminError } from '../http/admin-errors.js';
import { iso, isoString, limitOffset, pagedSchema, pageQuery, paged, responses } from '../http/admin-query.js';
import type { Db } from '../db/client.js';
import { JOB_STATES } from './publishing.schema.js';
import { type AdminJobDetail, type AdminJobRow, jobsAdminRepository, type Resolution } from './jobs-admin.repository.js';

const tags = ['jobs'];
const jobParams = z.object({ jobId: idSchema('job').describe('The job id (job_…)') });
const text = (max: number) => z.string().trim().min(1).max(max).regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters');

const jobSchema = z.object({
  id: z.string(),
  batchId: z.string(),
  batchState: z.string().describe('The batch state integrators see (queued, running, succeeded, partial, failed)'),
  requestId: z.string().describe('X-Request-Id of the publish call that created the batch'),
  userId: z.number().int(),
  accountId: z.number().int(),
  platform: z.string(),
  contentType: z.enum(['article', 'dynamic', 'video']),
  executor: z.enum(['web', 'desktop', 'edge']),
  nodeId: z.string().nullable(),
  state: z.enum(JOB_STATES),
  attempt: z.number().int().describe('Attempts charged: those that actually started on their executor'),
  attemptId: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string().nullable() }).nullable(),
  feedback: z.object({ step: z.string().nullable(), message: z.string().nullable() }),
  platformStatus: z.string().nullable(),
  platformPostId: z.string().nullable(),
  platformUrl: z.string().nullable(),
  verifiedAt: isoString.nullable(),
  createdAt: isoString,
  updatedAt: isoString,
});

const jobDetailSchema = jobSchema.extend({
  payload: z.record(z.string(), z.unknown()).describe('What the job publishes (title, body, media paths), frozen at creation'),
  settings: z.record(z.string(), z.unknown()).describe('The frozen settings snapshot'),
  nodeStatus: z.string().nullable(),
});

const note = text(500).optional().describe('What the person found; kept in the audit log and the job feedback');
const resolutionSchema = z.discriminatedUnion('outcome', [
  z
    .object({
      outcome: z.literal('succeeded'),
      url: z.url({ protocol: /^https?$/ }).max(2000).describe('The post a person found on the platform'),
      postId: text(500).optional().describe("The platform's post id, when known"),
      note,
    })
    .strict(),
  z.object({ outcome: z.literal('failed'), note }).strict().describe('Nothing of this job is on the platform: it fails and its quota unit is given back'),
  z.object({ outcome: z.literal('requeued'), note }).strict().describe('Nothing of this job is on the platform: it is queued for its executor again'),
]);

const date = (v: Date | string | null) => iso(v === null ? null : new Date(v));

function view(r: AdminJobRow) {
  return {
    id: r.id,
    batchId: r.batchId,
    batchState: r.batchState,
    requestId: r.requestId,
    userId: Number(r.userId),
    accountId: Number(r.accountId),
    platform: r.platform,
    contentType: r.contentType as 'article',
    executor: r.executor as 'edge',
    nodeId: r.nodeId,
    state: r.state,
    attempt: Number(r.attempt),
    attemptId: r.attemptId,
    error: r.errorCode ? { code: r.errorCode, message: r.errorMessage } : null,
    feedback: { step: r.feedbackStep, message: r.feedbackMessage },
    platformStatus: r.platformStatus,
    platformPostId: r.platformPostId,
    platformUrl: r.platformUrl,
    verifiedAt: date(r.verifiedAt),
    createdAt: date(r.createdAt)!,
    updatedAt: date(r.updatedAt)!,
  };
}

const detail = (r: AdminJobDetail) => ({ ...view(r), payload: r.payload, settings: r.settings, nodeStatus: r.nodeStatus });

export function jobsAdminRoutes({ db }: { db: Db }) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/jobs',
      {
        schema: {
          tags,
          operationId: 'listJobs',
          summary: 'List publish jobs by state, user, node, batch and platform (most recently changed first unless order=asc)',
          description: 'The work queue of jobs waiting for a person is `?state=needs_attention&order=asc` (longest waiting first).',
          querystring: z.object({
            ...pageQuery,
            state: z.enum(JOB_STATES).optional().describe('Only jobs in this state'),
            userId: z.coerce.number().int().positive().max(2 ** 31 - 1).optional().describe("Only this user's jobs"),
            nodeId: idSchema('node').optional().describe('Only jobs routed to this node'),
            batchId: idSchema('batch').optional().describe('Only jobs of this batch'),
            platform: z.string().regex(/^[a-z0-9_]{1,64}$/, 'platform codes are lowercase letters, digits and _').optional().describe('Only jobs on this platform'),
            order: z.enum(['asc', 'desc']).default('desc').describe('By last change'),
          }),
          response: responses(pagedSchema(jobSchema)),
        },
      },
      async (request) => {
        const q = request.query;
        const { rows, total } = await jobsAdminRepository.list(db, { ...q, ...limitOffset(q) });
        return paged(rows.map(view), total, q);
      },
    );

    r.get(
      '/jobs/:jobId',
      { schema: { tags, operationId: 'getJob', summary: 'One publish job, with its payload and frozen settings', params: jobParams, response: responses(z.object({ success: z.literal(true), job: jobDetailSchema })) } },
      async (request) => {
        const job = await jobsAdminRepository.get(db, request.params.jobId);
        if (!job) throw adminError('JOB_NOT_FOUND', `No publish job ${request.params.jobId}`);
        return { success: true as const, job: detail(job) };
      },
    );

    r.post(
      '/jobs/:jobId/resolve',
      {
        schema: {
          tags,
          operationId: 'resolveJob',
          summary: 'Resolve a job that needs a person: published (with the post a person found), failed, or queued again',
          description:
            'Only a job in `needs_attention`. In one transaction the job changes, its batch state follows (a batch whose jobs are all settled becomes succeeded, partial or failed), the integrator\'s webhooks are queued, a failed job gives its quota unit back, and the audit log records who resolved it and how.',
          params: jobParams,
          body: resolutionSchema,
          response: responses(z.object({ success: z.literal(true), job: jobDetailSchema })),
        },
      },
      async (request) => {
        const id = request.params.jobId;
        const answer = await jobsAdminRepository.resolve(db, id, request.body as Resolution, {
          actor: request.admin!.actor,
          method: request.method,
          path: request.url.split('?')[0]!,
          requestId: request.id,
        });
        if (!answer.ok) {
          if (answer.why === 'not_found') throw adminError('JOB_NOT_FOUND', `No publish job ${id}`);
          if (answer.why === 'node_revoked') throw adminError('JOB_NODE_REVOKED', `Job ${id} belongs to revoked node ${answer.nodeId}: it cannot run again; resolve it as succeeded or failed`);
          throw adminError('JOB_NOT_RESOLVABLE', `Job ${id} is ${answer.state}, not needs_attention: only a job waiting for a person is resolved here`);
        }
        request.auditRecorded = true;
        return { success: true as const, job: detail(answer.job) };
      },
    );
  };
}

/**
 * /api/console/me/batches…, /me/jobs/{id}/evidence: an integrator's publish
 * history. A batch and its jobs are read by the Open API's own repository and
 * shaped by its own answer (batch-answer.ts: public states, redacted
 * feedback), so the console shows exactly what GET /publish/{batch_id}
 * answers. Evidence is what a node saw when a job of theirs failed: the step
 * and a screenshot of their own account's page (never the page's HTML, which
 * may carry the platform session's tokens).
 */
import { ID_PATTERNS } from '@plume/shared';
import { z } from 'zod';
import { instantSchema } from '../http/admin-query.js';
import { SAFE_REQUEST_ID } from '../http/request-id.js';
import { jobEvidenceView, viewOfEvidence } from '../nodes/job-evidence.view.js';
import { NodesAdminService } from '../nodes/nodes-admin.service.js';
import { batchAnswer, ownPaths } from '../publishing/publish/batch-answer.js';
import { publishRepository } from '../publishing/publish/publish.repository.js';
import { BATCH_STATES, batchResponse } from '../publishing/publish/publish.schemas.js';
import { redactText } from '../publishing/publish/redact.js';
import type { Db } from '../db/client.js';
import { integratorOf } from './console-auth.js';
import { consoleError } from './console.errors.js';
import { isoString, ok, pagingQuery, pathId } from './console-schemas.js';
import type { ConsoleApp } from './console.types.js';
import { integratorRepository as repo } from '../publishing/integrator.repository.js';

const access = { access: 'integrator' as const };
const tags = ['publishing'];

const BATCH_ID = ID_PATTERNS.batch;
const JOB_ID = ID_PATTERNS.job;

const batchSchema = z.object({
  batchId: z.string().describe('bat_…'),
  status: z.enum(BATCH_STATES).describe('Derived from the jobs, as GET /api/openapi/v1/publish/{batch_id} answers it'),
  contentType: z.string().describe('article, dynamic or video'),
  executor: z.string().describe('web, desktop or edge'),
  requestId: z.string().describe('X-Request-Id of the publish call that created it'),
  createdAt: isoString,
  jobs: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
});

const batchesQuery = z
  .object({
    ...pagingQuery,
    status: z.enum(BATCH_STATES).optional().describe('Only batches in this state'),
    from: instantSchema.optional().describe('Created at or after this instant (ISO 8601, or a date: midnight UTC)'),
    to: instantSchema.optional().describe('Created before this instant (ISO 8601, or a date: midnight UTC)'),
    requestId: z
      .string()
      .regex(SAFE_REQUEST_ID, 'requestId is an X-Request-Id: 1 to 64 of A-Z a-z 0-9 . _ : -')
      .optional()
      .describe('Only the batches the publish call with this X-Request-Id created'),
  })
  .refine((q) => !q.from || !q.to || new Date(q.from) < new Date(q.to), { message: 'from must be before to', path: ['from'] });

export function registerIntegratorPublishingRoutes(r: ConsoleApp, deps: { db: Db }): void {
  const { db } = deps;
  const nodes = new NodesAdminService(db);

  r.get(
    '/me/batches',
    {
      config: access,
      schema: {
        tags,
        operationId: 'listMyBatches',
        summary: 'Your publish batches, newest first, with their job counts; filtered by state, creation time and request id',
        querystring: batchesQuery,
        response: ok(z.object({ batches: z.array(batchSchema), total: z.number().int() })),
      },
    },
    async (request) => {
      const { from, to, ...rest } = request.query;
      const { rows, total } = await repo.batches(db, integratorOf(request), {
        ...rest,
        from: from === undefined ? undefined : new Date(from),
        to: to === undefined ? undefined : new Date(to),
      });
      return { batches: rows.map((b) => ({ ...b, createdAt: new Date(b.createdAt).toISOString() })), total };
    },
  );

  r.get(
    '/me/batches/:batchId',
    {
      config: access,
      schema: {
        tags,
        operationId: 'getMyBatch',
        summary: 'One of your batches with its jobs: per-account state, feedback, the post, the error',
        description:
          'The batch as GET /api/openapi/v1/publish/{batch_id} answers it, and how many pieces of failure evidence each job has (GET /me/jobs/{jobId}/evidence). Another integrator\'s batch answers 404 like an unknown one.',
        params: z.object({ batchId: pathId('The batch id (bat_…)', BATCH_ID) }),
        response: ok(
          z.object({
            batch: batchResponse,
            evidence: z.record(z.string(), z.number().int()).describe('job_… → how many pieces of evidence it has; jobs with none are absent'),
          }),
        ),
      },
    },
    async (request) => {
      const userId = integratorOf(request);
      const id = request.params.batchId;
      const [batch, evidence] = await Promise.all([publishRepository.getBatch(db, userId, id), repo.evidenceCounts(db, userId, id)]);
      if (!batch) throw consoleError('not_found', `You have no publish batch ${id}`);
      return { batch: batchAnswer(batch, userId, '/api/console/me'), evidence: Object.fromEntries(evidence) };
    },
  );

  r.get(
    '/me/jobs/:jobId/evidence',
    {
      config: access,
      schema: {
        tags,
        operationId: 'listMyJobEvidence',
        summary: 'What a node saw when one of your jobs failed: the step and a screenshot, per attempt',
        description: 'Empty when the job has none. Another integrator\'s job answers 404 like an unknown one.',
        params: z.object({ jobId: pathId('The job id (job_…)', JOB_ID) }),
        response: ok(z.object({ evidence: z.array(jobEvidenceView) })),
      },
    },
    async (request) => {
      const userId = integratorOf(request);
      const id = request.params.jobId;
      const job = await repo.ownJob(db, userId, id);
      if (!job) throw consoleError('not_found', `You have no publish job ${id}`);
      const paths = ownPaths(job.payload);
      return {
        evidence: (await nodes.evidence(id)).map((e) => viewOfEvidence(e, (text) => redactText(text, userId, paths))),
      };
    },
  );
}

/** GET /publish/{batch_id}: the batch and its jobs, as the owner may see them. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, type OpenApiDeps } from '../context.js';
import { errorResponses } from '../error-responses.js';
import { expectIdKind, notFoundError } from '../identifiers.js';
import { openapiError } from '../openapi.errors.js';
import { batchState, publicJobState } from './batch-view.js';
import { redactFeedback } from './redact.js';
import { publishRepository } from './publish.repository.js';
import { batchResponse } from './publish.schemas.js';

const BATCH_ID = /^bat_[A-Za-z0-9_-]{1,64}$/;

function ownPaths(payload: Record<string, unknown>): string[] {
  const paths = [payload.localVideoPath, payload.coverImagePath, ...(Array.isArray(payload.images) ? payload.images : [])];
  return paths.filter((p): p is string => typeof p === 'string');
}

export function batchRoutes(deps: OpenApiDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/publish/:batch_id',
      {
        config: { permission: 'publish' },
        schema: {
          operationId: 'getPublishBatch',
          tags: ['publish'],
          summary: 'Batch result',
          description:
            'The batch and one entry per account: state, redacted feedback (message and step), platform status, post id and URL, verification time, error. Only a batch_id returned by a publish call of this user is valid. Poll every 2 to 5 s until the batch state is succeeded, failed or partial; on 429 wait for Retry-After. Needs `publish`.',
          params: z.object({ batch_id: z.string().min(1).max(200).describe('bat_… from a publish answer') }),
          response: { 200: batchResponse, ...errorResponses(400, 403, 404) },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const id = request.params.batch_id;
        expectIdKind('batch', id);
        if (!BATCH_ID.test(id)) {
          const hint = id.startsWith('job_') ? ' (it is a job id; poll the batch_id the publish answer gave with it)' : '';
          throw openapiError('batch_not_found', `'${id}' is not a batch id${hint}: batch ids start with bat_ and come from POST /publish, /publish/dynamic or /publish/video`);
        }
        const batch = await publishRepository.getBatch(deps.db, caller.userId, id);
        if (!batch) throw notFoundError('batch', id);
        return {
          batch_id: batch.id,
          content_type: batch.contentType,
          executor: batch.executor,
          article_id: batch.articleId,
          state: batchState(batch.jobs.map((j) => j.state)),
          request_id: batch.requestId,
          created_at: batch.createdAt.toISOString(),
          jobs: batch.jobs.map((j) => ({
            job_id: j.id,
            account_id: j.accountId,
            platform: j.platform,
            state: publicJobState(j.state),
            feedback: redactFeedback(j.feedback, caller.userId, ownPaths(j.payload)),
            platform_status: j.platformStatus,
            platform_post_id: j.platformPostId,
            platform_url: j.platformUrl,
            verified_at: j.verifiedAt?.toISOString() ?? null,
            error: j.errorCode ? { code: j.errorCode, message: redactFeedback({ message: j.errorMessage ?? '' }, caller.userId, ownPaths(j.payload))?.message ?? '' } : null,
            settings_hash: j.settingsHash,
          })),
        };
      },
    );
  };
}

/**
 * GET /publish/{batch_id}: the batch and its jobs, as the owner may see them.
 * GET /publish/batches?requestId=…: the batches a publish call created, found
 * by its X-Request-Id (an integrator whose publish answer never arrived looks
 * here before retrying).
 */
import { ID_FORMATS, ID_PATTERNS } from '@plume/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { SAFE_REQUEST_ID } from '../../http/request-id.js';
import { callerOf, type OpenApiDeps } from '../../integrators/openapi-context.js';
import { errorResponses } from '../../http/openapi-error-responses.js';
import { expectIdKind, notFoundError } from '../identifiers.js';
import { openapiError } from '../../http/openapi-errors.js';
import { batchAnswer, type StoredBatch } from './batch-answer.js';
import { publishRepository } from './publish.repository.js';
import { batchResponse } from './publish.schemas.js';

const BATCH_ID = ID_PATTERNS.batch;
/** More batches under one request id only come from a client reusing its own trace id. */
const MAX_BATCHES_PER_REQUEST = 20;

/** The batch `id` of the user as GET /publish/{batch_id} answers it (the MCP tool get_batch too); another id or another user's batch is refused. */
export async function batchView(db: Db, userId: number, id: string): Promise<ReturnType<typeof batchAnswer>> {
  expectIdKind('batch', id);
  if (!BATCH_ID.test(id)) {
    const hint = id.startsWith(ID_FORMATS.job.prefix) ? ' (it is a job id; poll the batch_id the publish answer gave with it)' : '';
    throw openapiError('batch_not_found', `'${id}' is not a batch id${hint}: batch ids start with bat_ and come from POST /publish, /publish/dynamic or /publish/video`);
  }
  const batch = await publishRepository.getBatch(db, userId, id);
  if (!batch) throw notFoundError('batch', id);
  return batchAnswer(batch, userId);
}

export function batchRoutes(deps: OpenApiDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/publish/batches',
      {
        config: { permission: 'publish' },
        schema: {
          operationId: 'listPublishBatchesByRequest',
          tags: ['publish'],
          summary: 'Batches created by a publish call, by its X-Request-Id',
          description:
            'When a publish answer never arrived (a timeout, a dropped connection), look the call up here by its X-Request-Id before retrying: '
            + 'an item means the batch exists (poll it; do not publish again), an empty list means that call created nothing (retry it with the same Idempotency-Key). '
            + 'A client that sends its own X-Request-Id (1 to 64 of A-Z a-z 0-9 . _ : -) knows it even without an answer; otherwise the id is in the answer\'s X-Request-Id header. '
            + `Only the caller's batches, newest first, at most ${MAX_BATCHES_PER_REQUEST}. A call still in flight has created nothing yet. Needs \`publish\`.`,
          querystring: z.object({
            requestId: z.string().regex(SAFE_REQUEST_ID, 'requestId is an X-Request-Id: 1 to 64 of A-Z a-z 0-9 . _ : -').describe('X-Request-Id of the publish call'),
          }),
          response: { 200: z.object({ items: z.array(batchResponse) }).describe('The batches that call created (none: it created nothing)'), ...errorResponses(400, 403) },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const ids = await publishRepository.batchIdsByRequest(deps.db, caller.userId, request.query.requestId, MAX_BATCHES_PER_REQUEST);
        const batches = await Promise.all(ids.map((id) => publishRepository.getBatch(deps.db, caller.userId, id)));
        return { items: batches.filter((b): b is StoredBatch => b !== undefined).map((b) => batchAnswer(b, caller.userId)) };
      },
    );
    r.get(
      '/publish/:batch_id',
      {
        config: { permission: 'publish' },
        schema: {
          operationId: 'getPublishBatch',
          tags: ['publish'],
          summary: 'Batch result',
          description:
            'The batch and one entry per account: state, redacted feedback (message and step), platform status, post id and URL, verification time, error. Only a batch_id returned by a publish call of this user is valid. Poll every 2 to 5 s until the batch state is succeeded, failed or partial; on 429 wait for Retry-After. Needs `publish`.',
          params: z.object({ batch_id: z.string().min(1).max(64).describe('bat_… from a publish answer') }),
          response: { 200: batchResponse, ...errorResponses(400, 403, 404) },
        },
      },
      async (request) => batchView(deps.db, callerOf(request).userId, request.params.batch_id),
    );
  };
}

/**
 * POST /articles/generate starts an asynchronous generation task (needs
 * `articles:write`; honors Idempotency-Key); GET /articles/generate/{task_id}
 * polls it (any valid key; own tasks only). GenerationWorker does the work.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idempotencyHeaders } from '../articles/articles.schemas.js';
import type { Db } from '../../db/client.js';
import { callerOf, type OpenApiDeps } from '../../integrators/openapi-context.js';
import { errorResponses } from '../../http/openapi-error-responses.js';
import { expectIdKind, notFoundError } from '../identifiers.js';
import { type IdempotencyInput, runIdempotent } from '../../http/idempotency.js';
import { idempotencyInput, sendAnswer } from '../../http/idempotent-route.js';
import { generationRepository } from './generation.repository.js';
import { generateBody, type GenerateBody, type TaskView, taskParams, taskView as taskViewSchema } from './generation.schemas.js';
import { createTask, taskView } from './generation.service.js';

const tags = ['articles'];

/** Starts a generation task at most once per Idempotency-Key: POST /articles/generate and the MCP tool generate_article. */
export async function generateOnce(db: Db, userId: number, body: GenerateBody, configured: boolean, idempotency: IdempotencyInput) {
  return runIdempotent(db, idempotency, async (tx) => {
    const task = await createTask(tx, userId, body, configured, idempotency.now);
    return { status: 202, body: task, headers: { location: `/api/openapi/v1/articles/generate/${task.task_id}` } };
  });
}

/** The user's task `id` as GET /articles/generate/{task_id} answers it (the MCP tool get_generation_task too). */
export async function findTask(db: Db, userId: number, id: string): Promise<TaskView> {
  expectIdKind('generation_task', id);
  const task = await generationRepository.get(db, userId, id);
  if (!task) throw notFoundError('generation_task', id);
  return taskView(task);
}

export function generationRoutes(deps: OpenApiDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/articles/generate',
      {
        // A topic is at most 500 characters; nothing legitimate comes near this.
        bodyLimit: 64 * 1024,
        config: { permission: 'articles:write' },
        schema: {
          operationId: 'generateArticle',
          tags,
          summary: 'Start article generation',
          'x-location': { status: 202, description: 'The task to poll: /api/openapi/v1/articles/generate/{task_id}' },
          description:
            'Queues an asynchronous generation task and answers 202 with its task_id; poll GET /articles/generate/{task_id} every 2-5 s until done or failed (or receive the article.generation.* webhook). When the server has no generation provider configured, the task is failed at once with error code generation_unconfigured. Needs `articles:write`. Honors `Idempotency-Key`.',
          headers: idempotencyHeaders,
          body: generateBody,
          response: { 202: taskViewSchema, ...errorResponses(400, 403, 409, 413, 415) },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const answer = await generateOnce(deps.db, caller.userId, request.body, deps.generation !== null, idempotencyInput(request, caller.userId, '/articles/generate', deps.now()));
        return sendAnswer<TaskView>(reply, answer);
      },
    );

    r.get(
      '/articles/generate/:task_id',
      {
        schema: {
          operationId: 'getGenerationTask',
          tags,
          summary: 'Poll article generation',
          description: 'status queued | running | done | failed. On done: article_id, title, and the article\'s content_provenance and aigc label. On failed: error { code, message }.',
          params: taskParams,
          response: { 200: taskViewSchema, ...errorResponses(400, 404) },
        },
      },
      async (request) => findTask(deps.db, callerOf(request).userId, request.params.task_id),
    );
  };
}

/**
 * POST /publish (articles and CMS articles), /publish/dynamic (202 +
 * Location), /publish/video, and POST /publish/preflight. Each publish runs
 * inside runIdempotent: with an Idempotency-Key the first answer is stored in
 * the same transaction as the batch and replayed for a repeat (marked
 * `idempotent-replayed: true`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, type OpenApiDeps } from '../../integrators/openapi-context.js';
import { errorResponses } from '../../http/openapi-error-responses.js';
import { idempotencyInput, sendAnswer } from '../../http/idempotent-route.js';
import { openapiError } from '../../http/openapi-errors.js';
import type { PublishInput } from './publish-content.js';
import { articlePublishBody, dynamicPublishBody, preflightBody, preflightResponse, publishResponse, videoPublishBody } from './publish.schemas.js';
import { PublishService } from './publish.service.js';
import { scheduleForm } from '../schedule/schedule-input.js';

/** Publish bodies are ids, paths and settings; an article body travels by articleId. */
export const PUBLISH_BODY_LIMIT = 256 * 1024;

const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe('Random UUID recommended. Kept 24 h per user: a repeat returns the first answer (with idempotent-replayed: true); other parameters → 409; while the first is running → 409 with Retry-After.'),
});

const SHARED_RULES =
  'Every account must resolve to `executor` (GET /accounts?contentType=…); fixed routing cannot be bypassed. Settings merge as in preflight and are frozen into each job. With `preflightHash`, a change of content, settings or route since the preflight answers 409 preflight_mismatch; a `settingsContractVersion` other than the current answers 409 settings_contract_outdated. Quota is taken from the executor\'s bucket (cms for CMS sites), one unit per job, all or nothing; a job that ends failed (nothing published) gives its unit back. With `publishAt` the batch is accepted now and its jobs are `scheduled` until then (`publishWindow`: the lateness accepted); cancel or move them with POST /publish/{batch_id}/cancel and /reschedule. Needs `publish`.';

/** executor=web for a video gets its own code rather than a generic enum error. Callback style: no promise per request. */
function refuseWebVideo(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  const body = request.body as { executor?: unknown; contentType?: unknown } | undefined;
  const isVideo = request.routeOptions.url?.endsWith('/video') || body?.contentType === 'video';
  if (isVideo && body?.executor === 'web') {
    done(openapiError('executor_not_supported', 'executor=web is not supported for video: videos are published by edge or desktop executors from local files'));
    return;
  }
  done();
}

/**
 * publishAt and publishWindow answer their own codes for any wrong form or type, before the
 * schema's generic invalid_request (their bounds against the clock are checked by the publish).
 */
function checkSchedule(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  const body = request.body;
  try {
    if (body && typeof body === 'object') scheduleForm(body as { publishAt?: unknown; publishWindow?: unknown });
  } catch (error) {
    done(error as Error);
    return;
  }
  done();
}

export function publishRoutes(deps: OpenApiDeps) {
  const service = new PublishService(deps.db, deps.handoff, deps.now);
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const errors = errorResponses(400, 403, 404, 409, 413, 415, 422);

    const publish = (request: FastifyRequest, input: PublishInput, path: string, status: 200 | 202) => {
      const caller = callerOf(request);
      return service.publishOnce(caller, input, idempotencyInput(request, caller.userId, path, deps.now()), request.id, (body) => {
        const headers: Record<string, string> = status === 202 ? { location: `/api/openapi/v1/publish/${body.batch_id}` } : {};
        return { status, body, headers };
      });
    };

    r.post(
      '/publish/preflight',
      {
        bodyLimit: PUBLISH_BODY_LIMIT,
        preValidation: [refuseWebVideo, checkSchedule],
        config: { permission: 'publish' },
        schema: {
          operationId: 'preflightPublish',
          tags: ['publish'],
          summary: 'Read-only check of a publish request',
          description:
            'The body of the formal publish plus `contentType`. Merges settings (`account` mode: account preset, then platformSettings[platform], then accountSettings[accountId]; `custom` ignores presets) and reports each target\'s effective settings and their source, quota, account publishability and executor status, the items only execution can verify, the settings each target\'s executor has no control for (`ignored_settings`), and `preflight_hash`. Consumes no quota, enqueues nothing, reads no local file. A node without publishSettingsSnapshot=1 answers 422 settings_executor_upgrade_required; a platform or content type the account\'s node does not run (its capabilities.adapters) answers 422 platform_unsupported_by_node, content_type_unsupported_by_node or node_adapters_unreported; a setting value outside a platform\'s fixed list (GET /publish/settings options) answers 422 invalid_settings. For the formal publish, drop `contentType` and send `preflightHash` and `settingsContractVersion`. Needs `publish`.',
          body: preflightBody,
          response: { 200: preflightResponse, ...errors },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const body = request.body;
        const input: PublishInput =
          body.contentType === 'article' ? { contentType: 'article', body } : body.contentType === 'dynamic' ? { contentType: 'dynamic', body } : { contentType: 'video', body };
        // Already JSON (preflight-answer.ts): the schema serializer would re-validate every field of
        // every target on each request (a tenth of the route's CPU). The integration tests parse each
        // answer with preflightResponse to keep the two in step.
        return reply.type('application/json; charset=utf-8').send(await service.preflight(deps.db, caller, input));
      },
    );

    r.post(
      '/publish',
      {
        bodyLimit: PUBLISH_BODY_LIMIT,
        preValidation: checkSchedule,
        config: { permission: 'publish' },
        schema: {
          operationId: 'publishArticle',
          tags: ['publish'],
          summary: 'Publish articles (and CMS articles)',
          description: `Publishes an article to the accounts in \`accountIds\`, one job per account in one batch. CMS sites use this endpoint with executor web and need the plan's CMS permission, the \`cms\` key permission and cms quota. ${SHARED_RULES}`,
          headers: idempotencyHeaders,
          body: articlePublishBody,
          response: { 200: publishResponse, ...errors },
        },
      },
      async (request, reply) => sendAnswer(reply, await publish(request, { contentType: 'article', body: request.body }, '/publish', 200)),
    );

    r.post(
      '/publish/dynamic',
      {
        bodyLimit: PUBLISH_BODY_LIMIT,
        preValidation: checkSchedule,
        config: { permission: 'publish' },
        schema: {
          operationId: 'publishDynamic',
          tags: ['publish'],
          summary: 'Publish dynamics',
          'x-location': { status: 202, description: 'The batch to poll: /api/openapi/v1/publish/{batch_id}' },
          description: `Body: { executor, accountIds, content (text, required, at most 2000 characters), images? (absolute local image paths on the executing machine, same rules as video paths), settingsMode, platformSettings, accountSettings, preflightHash?, settingsContractVersion? }. Dynamics exist on six platforms only (douyin, xiaohongshu, bilibili, weibo, toutiao, kuaishou) and never fall back to articles. Answers 202 with a Location header to poll. ${SHARED_RULES}`,
          headers: idempotencyHeaders,
          body: dynamicPublishBody,
          response: { 202: publishResponse, ...errors },
        },
      },
      async (request, reply) => sendAnswer(reply, await publish(request, { contentType: 'dynamic', body: request.body }, '/publish/dynamic', 202)),
    );

    r.post(
      '/publish/video',
      {
        bodyLimit: PUBLISH_BODY_LIMIT,
        preValidation: [refuseWebVideo, checkSchedule],
        config: { permission: 'publish' },
        schema: {
          operationId: 'publishVideo',
          tags: ['publish'],
          summary: 'Publish videos',
          description: `executor edge or desktop (web is not supported for video). localVideoPath (and coverImagePath) are absolute paths on the executing machine: on edge under PLUME_EDGE_VIDEO_DIR/<userId>/ (normalized, no ".."), on desktop a path of the operating system the desktop reports (capabilities.os; Windows when it reports none); the node must report capabilities.localVideoFile = 1. videoUrl and coverImageUrl are deprecated: any non-empty value is refused. youtube is published by desktop only. Platform parameters go in platformSettings keyed by platform code (bilibili.partitionName, douyin.creationDeclaration; the legacy numeric partition id and AI switch are refused). ${SHARED_RULES}`,
          headers: idempotencyHeaders,
          body: videoPublishBody,
          response: { 200: publishResponse, ...errors },
        },
      },
      async (request, reply) => sendAnswer(reply, await publish(request, { contentType: 'video', body: request.body }, '/publish/video', 200)),
    );
  };
}

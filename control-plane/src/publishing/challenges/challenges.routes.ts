/**
 * The Open API side of a job awaiting input: a program answers what the
 * platform asked with text or the SMS code (POST
 * /publish/{batch_id}/jobs/{job_id}/input), and reads the page as it was
 * asked (GET …/challenge/screenshot). Clicks and keys on the live page are the
 * console's (it streams the page); what a program can type is what an
 * unattended integration can know.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CHALLENGE_KINDS } from '@plume/shared';
import { z } from 'zod';
import { callerOf, type OpenApiDeps } from '../../integrators/openapi-context.js';
import { errorResponses } from '../../http/openapi-error-responses.js';
import { openapiError } from '../../http/openapi-errors.js';
import { batchAnswer } from '../publish/batch-answer.js';
import { batchResponse } from '../publish/publish.schemas.js';
import { openChallenge } from './challenge-view.js';
import { answerJob, inputBody, notAwaiting, ownJob } from './challenge-answer.js';
import { challengesRepository } from './challenges.repository.js';

const jobParams = z.object({
  batch_id: z.string().min(1).max(64).describe('bat_… from a publish answer'),
  job_id: z.string().min(1).max(64).describe('job_… from the batch'),
});

export function challengeRoutes(deps: OpenApiDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const errors = errorResponses(400, 403, 404, 409, 413, 415, 422);
    const tags = ['publish'];

    r.post(
      '/publish/:batch_id/jobs/:job_id/input',
      {
        config: { permission: 'publish' },
        bodyLimit: 4096,
        schema: {
          operationId: 'answerJobChallenge',
          tags,
          summary: 'Answer what a platform asked a job awaiting input',
          description:
            'For a job in state `awaiting_input` (its `challenge` says what the platform asked): the SMS code or text goes to the node holding the job\'s page, which types it there; once the platform takes it the job resumes (`running`, a `publish.job.updated` event) and nothing is published twice: the publish itself has not been clicked yet. A wrong code leaves the job awaiting input until `challenge.deadline`, after which it fails `input_timeout` and gives its unit back. An answer given while the node holding the page is reconnecting is kept and typed in once it is back; answers arrive in the order they were given. Answers 202 with the batch as it is now. 409 job_not_awaiting_input when the job waits on no one. Sliders and clicks are answered in the console, which shows the live page. Needs `publish`.',
          params: jobParams,
          body: inputBody,
          response: { 202: batchResponse, ...errors },
        },
      },
      async (request, reply) => {
        const userId = callerOf(request).userId;
        const after = await answerJob(deps.db, userId, request.params.batch_id, request.params.job_id, request.body);
        return reply.code(202).send(batchAnswer(after, userId));
      },
    );

    r.get(
      '/publish/:batch_id/jobs/:job_id/challenge/screenshot',
      {
        config: { permission: 'publish' },
        schema: {
          operationId: 'getJobChallengeScreenshot',
          tags,
          summary: 'The page of a job awaiting input, as it was when the platform asked',
          description: 'The PNG the node took when it met the challenge, base64 in JSON. 409 job_not_awaiting_input when the job waits on no one; 404 job_not_found also when the node sent no picture. Needs `publish`.',
          params: jobParams,
          response: {
            200: z
              .object({ job_id: z.string(), kind: z.enum(CHALLENGE_KINDS), content_type: z.literal('image/png'), data: z.string().describe('The PNG, base64') })
              .describe('The page as it was asked'),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const userId = callerOf(request).userId;
        const { job } = await ownJob(deps.db, userId, request.params.batch_id, request.params.job_id);
        const open = openChallenge(job);
        if (!open) throw notAwaiting(job.id);
        const png = await challengesRepository.screenshot(deps.db, job.id, open.attemptId);
        if (!png) throw openapiError('job_not_found', `Job ${job.id}'s node sent no picture of the page`);
        return reply.header('cache-control', 'private, no-store').send({ job_id: job.id, kind: open.kind, content_type: 'image/png' as const, data: png });
      },
    );
  };
}

/**
 * /api/admin/jobs/awaiting-input and /api/admin/jobs/{jobId}/challenge…,
 * /jobs/{jobId}/input: an operator answers what a platform asked any user's
 * job mid-publish, on the live page its node streams, as the integrator can
 * in the console. Registered inside the admin scope (adminRoutes'
 * extensions): its auth (reading for viewers, answering for admins), audit,
 * error model and OpenAPI document.
 */
import { CHALLENGE_KINDS, idSchema, loginInputSchema } from '@plume/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminError, adminFailureSchema } from '../../http/admin-errors.js';
import { responses } from '../../http/admin-query.js';
import type { Db } from '../../db/client.js';
import { openChallenge } from '../challenges/challenge-view.js';
import { streamChallenge } from '../challenges/challenge-stream.js';
import { challengesRepository } from '../challenges/challenges.repository.js';
import type { InputRelay } from '../challenges/input-relay.js';
import { awaitingJobSchema, awaitingJobs, challengeState, challengeStateSchema } from './challenge-state.js';

const jobParams = z.object({ jobId: idSchema('job').describe('The job id (job_…)') });
/** Where the admin API's challenge screenshots are read (challenge-view.ts adds /jobs/{id}/challenge/screenshot). */
const SCREENSHOT_BASE = '/api/admin';

export function jobInputsAdminRoutes({ db, inputs }: { db: Db; inputs: InputRelay }) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['jobs'];
    const find = async (id: string) => {
      const j = await challengesRepository.get(db, id, null);
      if (!j) throw adminError('JOB_NOT_FOUND', `No publish job ${id}`);
      return j;
    };
    const notAwaiting = (id: string) => adminError('JOB_NOT_AWAITING_INPUT', `Job ${id} is not awaiting input: it resumed, ended, or never asked`);
    const view = (j: Parameters<typeof challengeState>[0]) => challengeState(j, SCREENSHOT_BASE);

    r.get(
      '/jobs/awaiting-input',
      {
        schema: {
          tags,
          operationId: 'listJobsAwaitingInput',
          summary: "Every user's jobs awaiting input now: what each platform asked and until when, the nearest deadline first",
          description: 'At most 200. Answer each on its live page: GET /api/admin/jobs/{jobId}/challenge/events and POST /api/admin/jobs/{jobId}/input.',
          response: responses(z.object({ success: z.literal(true), items: z.array(awaitingJobSchema) })),
        },
      },
      async () => ({ success: true as const, items: await awaitingJobs(db, null, SCREENSHOT_BASE) }),
    );

    r.get(
      '/jobs/:jobId/challenge',
      {
        schema: {
          tags,
          operationId: 'getJobChallenge',
          summary: 'Whether a job awaits input, and what the platform asked',
          params: jobParams,
          response: responses(z.object({ success: z.literal(true), job: challengeStateSchema })),
        },
      },
      async (request) => ({ success: true as const, job: view(await find(request.params.jobId)) }),
    );

    r.get(
      '/jobs/:jobId/challenge/events',
      {
        schema: {
          tags,
          operationId: 'streamJobChallenge',
          summary: "A job awaiting input: its state and its live page, as Server-Sent Events",
          description:
            'text/event-stream. `state` (data: the job as GET /api/admin/jobs/{jobId}/challenge answers its `job`, first and after every change), `frame` (data: {seq, jpeg, width, height}: the page as base64 JPEG, a few a second at most; width × height are the page pixels a click is in). The stream ends once the job awaits input no more (it resumed or ended); for a job not awaiting input it is one `state` event.',
          params: jobParams,
          response: {
            200: { description: 'The event stream', content: { 'text/event-stream': { schema: z.string().describe('event: state|frame, data: one JSON object per event') } } },
            '4xx': adminFailureSchema,
            '5xx': adminFailureSchema,
          },
        },
      },
      async (request, reply) => {
        const id = request.params.jobId;
        streamChallenge({ db, inputs, first: await find(id), reload: () => challengesRepository.get(db, id, null), view, request, reply });
      },
    );

    r.post(
      '/jobs/:jobId/input',
      {
        bodyLimit: 4096,
        schema: {
          tags,
          operationId: 'sendJobInput',
          summary: "Answer a job awaiting input: a click, a key, typed text or the SMS code, to that job's page only",
          description:
            'click: x, y in the page pixels of the frames; key: a key name (Enter, Tab, Backspace, ArrowLeft); text: typed into the focused field; sms: the code of an `sms` challenge. Once the platform takes the answer the job resumes. An answer given while the node holding the page is reconnecting is kept and typed in once it is back; answers arrive in the order they were given. 409 JOB_NOT_AWAITING_INPUT when it waits on no one (it resumed, ended, or its deadline passed).',
          params: jobParams,
          body: loginInputSchema,
          response: { 202: z.object({ success: z.literal(true) }).describe('On its way to the node'), '4xx': adminFailureSchema, '5xx': adminFailureSchema },
        },
      },
      async (request, reply) => {
        const id = request.params.jobId;
        const outcome = await challengesRepository.input(db, id, null, request.body);
        if (outcome === 'not_found') throw adminError('JOB_NOT_FOUND', `No publish job ${id}`);
        if (outcome === 'not_awaiting') throw notAwaiting(id);
        return reply.code(202).send({ success: true as const });
      },
    );

    r.get(
      '/jobs/:jobId/challenge/screenshot',
      {
        schema: {
          tags,
          operationId: 'getJobChallengeScreenshot',
          summary: 'A job awaiting input: the page as it was when the platform asked',
          description: 'The PNG the node took when it met the challenge, base64 in JSON. 409 JOB_NOT_AWAITING_INPUT when the job waits on no one; 404 JOB_NOT_FOUND also when the node sent no picture.',
          params: jobParams,
          response: responses(z.object({ success: z.literal(true), job_id: z.string(), kind: z.enum(CHALLENGE_KINDS), content_type: z.literal('image/png'), data: z.string().describe('The PNG, base64') })),
        },
      },
      async (request, reply) => {
        const j = await find(request.params.jobId);
        const open = openChallenge(j);
        if (!open) throw notAwaiting(j.id);
        const png = await challengesRepository.screenshot(db, j.id, open.attemptId);
        if (!png) throw adminError('JOB_NOT_FOUND', `Job ${j.id}'s node sent no picture of the page`);
        return reply.header('cache-control', 'private, no-store').send({ success: true as const, job_id: j.id, kind: open.kind, content_type: 'image/png' as const, data: png });
      },
    );
  };
}

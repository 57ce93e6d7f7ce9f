/**
 * /api/console/me/jobs/{jobId}/challenge…, /me/jobs/{jobId}/input,
 * /me/jobs/awaiting-input: an integrator answers what a platform asked one of
 * their jobs mid-publish (an SMS code, a slider, a captcha, an identity check,
 * a dialog) on the live page the node streams. The stream and the relay are
 * publishing/challenges/'s, as the Open API's answers are; here the job is
 * always the session's integrator's, so another integrator's job answers 404
 * like an unknown one.
 */
import { CHALLENGE_KINDS, ID_PATTERNS, loginInputSchema } from '@plume/shared';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { openChallenge } from '../publishing/challenges/challenge-view.js';
import { streamChallenge } from '../publishing/challenges/challenge-stream.js';
import { challengesRepository } from '../publishing/challenges/challenges.repository.js';
import type { InputRelay } from '../publishing/challenges/input-relay.js';
import { awaitingJobSchema, awaitingJobs, challengeState, challengeStateSchema } from '../publishing/job-inputs/challenge-state.js';
import { integratorOf } from './console-auth.js';
import { consoleError, consoleErrorBody } from './console.errors.js';
import { accepted, ok, pathId } from './console-schemas.js';
import type { ConsoleApp } from './console.types.js';

const access = { access: 'integrator' as const };
const tags = ['publishing'];
const JOB_ID = ID_PATTERNS.job;
const jobParams = z.object({ jobId: pathId('The job id (job_…)', JOB_ID) });
/** Where the console's challenge screenshots are read (challenge-view.ts adds /jobs/{id}/challenge/screenshot). */
const SCREENSHOT_BASE = '/api/console/me';

export function registerIntegratorJobInputRoutes(r: ConsoleApp, deps: { db: Db; inputs: InputRelay }): void {
  const { db, inputs } = deps;

  /** The integrator's own job, or 404 (another integrator's is unknown here). */
  const own = async (userId: number, id: string) => {
    const j = await challengesRepository.get(db, id, userId);
    if (!j) throw consoleError('not_found', `You have no publish job ${id}`);
    return j;
  };
  const notAwaiting = (id: string) => consoleError('job_not_awaiting_input', `Job ${id} is not awaiting input: it resumed, ended, or never asked`);
  const view = (j: Parameters<typeof challengeState>[0]) => challengeState(j, SCREENSHOT_BASE);

  r.get(
    '/me/jobs/awaiting-input',
    {
      config: access,
      schema: {
        tags,
        operationId: 'listMyJobsAwaitingInput',
        summary: 'Your jobs awaiting input now: what each platform asked and until when, the nearest deadline first',
        description: 'At most 200. Answer each on its live page: GET /me/jobs/{jobId}/challenge/events and POST /me/jobs/{jobId}/input.',
        response: ok(z.object({ jobs: z.array(awaitingJobSchema) })),
      },
    },
    async (request) => ({ jobs: await awaitingJobs(db, integratorOf(request), SCREENSHOT_BASE) }),
  );

  r.get(
    '/me/jobs/:jobId/challenge',
    {
      config: access,
      schema: {
        tags,
        operationId: 'getMyJobChallenge',
        summary: 'One of your jobs: whether it awaits input, and what the platform asked',
        params: jobParams,
        response: ok(challengeStateSchema),
      },
    },
    async (request) => view(await own(integratorOf(request), request.params.jobId)),
  );

  r.get(
    '/me/jobs/:jobId/challenge/events',
    {
      config: access,
      schema: {
        tags,
        operationId: 'streamMyJobChallenge',
        summary: "One of your jobs awaiting input: its state and its live page, as Server-Sent Events",
        description:
          'text/event-stream. `state` (data: the job as GET /me/jobs/{jobId}/challenge answers it, first and after every change), `frame` (data: {seq, jpeg, width, height}: the page as base64 JPEG, a few a second at most; width × height are the page pixels a click is in). The stream ends once the job awaits input no more (it resumed or ended); for a job not awaiting input it is one `state` event.',
        params: jobParams,
        response: {
          200: { description: 'The event stream', content: { 'text/event-stream': { schema: z.string().describe('event: state|frame, data: one JSON object per event') } } },
          '4xx': consoleErrorBody,
          '5xx': consoleErrorBody,
        },
      },
    },
    async (request, reply) => {
      const userId = integratorOf(request);
      const id = request.params.jobId;
      const first = await own(userId, id);
      streamChallenge({ db, inputs, first, reload: () => challengesRepository.get(db, id, userId), view, request, reply });
    },
  );

  r.post(
    '/me/jobs/:jobId/input',
    {
      bodyLimit: 4096,
      config: access,
      schema: {
        tags,
        operationId: 'sendMyJobInput',
        summary: 'Answer one of your jobs awaiting input: a click, a key, typed text or the SMS code, to its page only',
        description:
          'click: x, y in the page pixels of the frames; key: a key name (Enter, Tab, Backspace, ArrowLeft); text: typed into the focused field; sms: the code of an `sms` challenge. Once the platform takes the answer the job resumes. An answer given while the node holding the page is reconnecting is kept and typed in once it is back; answers arrive in the order they were given. 409 job_not_awaiting_input when it waits on no one (it resumed, ended, or its deadline passed).',
        params: jobParams,
        body: loginInputSchema,
        response: accepted(z.object({ sent: z.literal(true) })),
      },
    },
    async (request, reply) => {
      const userId = integratorOf(request);
      const id = request.params.jobId;
      await own(userId, id);
      const outcome = await challengesRepository.input(db, id, userId, request.body);
      if (outcome === 'not_found') throw consoleError('not_found', `You have no publish job ${id}`);
      if (outcome === 'not_awaiting') throw notAwaiting(id);
      return reply.code(202).send({ sent: true as const });
    },
  );

  r.get(
    '/me/jobs/:jobId/challenge/screenshot',
    {
      config: access,
      schema: {
        tags,
        operationId: 'getMyJobChallengeScreenshot',
        summary: 'One of your jobs awaiting input: the page as it was when the platform asked',
        description: 'The PNG the node took when it met the challenge, base64 in JSON. 409 job_not_awaiting_input when the job waits on no one; 404 not_found also when the node sent no picture.',
        params: jobParams,
        response: ok(z.object({ job_id: z.string(), kind: z.enum(CHALLENGE_KINDS), content_type: z.literal('image/png'), data: z.string().describe('The PNG, base64') })),
      },
    },
    async (request, reply) => {
      const j = await own(integratorOf(request), request.params.jobId);
      const open = openChallenge(j);
      if (!open) throw notAwaiting(j.id);
      const png = await challengesRepository.screenshot(db, j.id, open.attemptId);
      if (!png) throw consoleError('not_found', `Job ${j.id}'s node sent no picture of the page`);
      return reply.header('cache-control', 'private, no-store').send({ job_id: j.id, kind: open.kind, content_type: 'image/png' as const, data: png });
    },
  );
}

/**
 * Answering a job awaiting input as its integrator, whichever surface they
 * use (the Open API's POST …/input, the MCP tool answer_job_challenge): the
 * job must be theirs, in that batch, and waiting now; the answer goes to the
 * node holding its page. Refusals are the Open API's codes.
 */
import { ID_PATTERNS } from '@plume/shared';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { expectIdKind, notFoundError } from '../identifiers.js';
import { openapiError } from '../../http/openapi-errors.js';
import { publishRepository } from '../publish/publish.repository.js';
import { openChallenge } from './challenge-view.js';
import { challengesRepository } from './challenges.repository.js';

/** What a program may answer: the SMS code or text (clicks on the live page are the console's). */
export const inputBody = z
  .discriminatedUnion('type', [
    z.strictObject({
      type: z.literal('sms'),
      code: z.string().min(1).max(16).regex(/^[A-Za-z0-9]+$/, 'an SMS code is letters and digits').describe('The code the platform sent to the account\'s phone'),
    }),
    z.strictObject({
      type: z.literal('text'),
      text: z.string().min(1).max(1000).describe('Typed into the field the challenge focuses (a captcha\'s text, an answer the dialog asks for)'),
    }),
  ])
  .describe('sms: the code of an `sms` challenge, typed into its code field and confirmed; text: typed into the focused field');

const BATCH_ID = ID_PATTERNS.batch;
const JOB_ID = ID_PATTERNS.job;

/** The caller's job in the batch, or the 404 saying what is missing. */
export async function ownJob(db: Db, userId: number, batchId: string, jobId: string) {
  expectIdKind('batch', batchId);
  if (!BATCH_ID.test(batchId)) throw openapiError('batch_not_found', `'${batchId}' is not a batch id: batch ids start with bat_`);
  const batch = await publishRepository.getBatch(db, userId, batchId);
  if (!batch) throw notFoundError('batch', batchId);
  const job = JOB_ID.test(jobId) ? batch.jobs.find((j) => j.id === jobId) : undefined;
  if (!job) throw openapiError('job_not_found', `No job '${jobId}' in batch ${batchId}`);
  return { batch, job };
}

export const notAwaiting = (jobId: string) => openapiError('job_not_awaiting_input', `Job ${jobId} is not awaiting input: it resumed, ended, or never asked`);

/** Sends the answer; returns the batch as it is now (the job still awaiting input until its node reports the challenge gone). */
export async function answerJob(db: Db, userId: number, batchId: string, jobId: string, input: z.infer<typeof inputBody>) {
  const { job } = await ownJob(db, userId, batchId, jobId);
  if (!openChallenge(job)) throw notAwaiting(job.id);
  const outcome = await challengesRepository.input(db, job.id, userId, input);
  if (outcome !== 'sent') throw notAwaiting(job.id);
  return (await publishRepository.getBatch(db, userId, batchId))!;
}

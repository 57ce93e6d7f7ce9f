/**
 * MCP tools for publishing: preflight (read-only), publish (articles,
 * dynamics, videos) and the batch's progress. A publish tool answers a repeat
 * of its idempotency key from the stored answer, then preflights and refuses
 * with the preflight's problems, and only then publishes, bound to that
 * preflight by its hash (a change in between is preflight_mismatch).
 */
import { z } from 'zod';
import { storedAnswer } from '../http/idempotency.js';
import { answerJob, inputBody } from '../publishing/challenges/challenge-answer.js';
import { batchAnswer } from '../publishing/publish/batch-answer.js';
import { batchView } from '../publishing/publish/batch.route.js';
import type { PublishInput } from '../publishing/publish/publish-content.js';
import {
  type ArticlePublishBody,
  articlePublishBody,
  batchResponse,
  type DynamicPublishBody,
  dynamicPublishBody,
  preflightResponse,
  publishResponse,
  type VideoPublishBody,
  videoPublishBody,
} from '../publishing/publish/publish.schemas.js';
import { answerBody, defineTool, derivedKey, idempotencyKeyField, type Tool, type ToolContext, ToolRefusal, toolIdempotency } from './tool-kit.js';

interface Bodies {
  article: ArticlePublishBody;
  dynamic: DynamicPublishBody;
  video: VideoPublishBody;
}
type Kind = keyof Bodies;

const BODIES = { article: articlePublishBody, dynamic: dynamicPublishBody, video: videoPublishBody } as const;

const WHAT: Record<Kind, string> = {
  article: 'an article (articleId from import_article or a finished generation) to accounts and CMS sites',
  dynamic: 'a dynamic (short text with optional local images) to accounts on douyin, xiaohongshu, bilibili, weibo, toutiao or kuaishou',
  video: 'a video from a local file on the executing node (edge or desktop) to accounts',
};

const ROUTE: Record<Kind, string> = { article: 'POST /publish', dynamic: 'POST /publish/dynamic', video: 'POST /publish/video' };

/** The body and its content type as the publish service takes them; the kind and the body's type go together by construction. */
const inputOf = <K extends Kind>(contentType: K, body: Bodies[K]): PublishInput => ({ contentType, body }) as PublishInput;

type Preflight = z.infer<typeof preflightResponse>;

async function preflightOf<K extends Kind>(ctx: ToolContext, contentType: K, body: Bodies[K]): Promise<Preflight> {
  // Already JSON (preflight-answer.ts), held to preflightResponse by the Open API's tests.
  return JSON.parse(await ctx.publish.preflight(ctx.db, ctx.caller, inputOf(contentType, body))) as Preflight;
}

const problemText = (p: Preflight['problems'][number]) => `${p.code}: ${p.message}${p.account_id === null ? '' : ` (account ${p.account_id})`}`;

function preflightTool<K extends Kind>(kind: K) {
  return defineTool({
    name: `preflight_${kind}`,
    title: `Preflight a ${kind} publish`,
    description: `Checks a publish of ${WHAT[kind]} without doing it (same as POST /publish/preflight with contentType ${kind}): each target's executor, effective settings and their sources, quota, what only execution can verify, the problems a publish would be refused for (valid false), and preflight_hash. Uses no quota and queues nothing. publish_${kind} runs the same check itself.`,
    permission: 'publish',
    readOnly: true,
    input: BODIES[kind] as z.ZodObject,
    output: preflightResponse,
    async run(ctx, body) {
      const answer = await preflightOf(ctx, kind, body as Bodies[K]);
      const text = answer.valid
        ? `Valid for ${answer.targets.length} targets on ${answer.executor}; quota ${answer.quota.map((q) => `${q.bucket} ${q.needed} of ${q.remaining}`).join(', ')}. preflight_hash ${answer.preflight_hash}.`
        : `Not valid, ${answer.problems.length} problems: ${answer.problems.map(problemText).join('; ')}`;
      return { structured: answer, text };
    },
  });
}

const publishOutput = publishResponse.extend({
  idempotency_key: z.string().describe('The key this publish ran under (made from the arguments when none was given): the same call again returns this batch'),
  replayed: z.boolean().describe('True when this is the stored answer of an earlier call with the same key: nothing new was published'),
});
type PublishOutput = z.infer<typeof publishOutput>;

function publishTool<K extends Kind>(kind: K) {
  const name = `publish_${kind}`;
  return defineTool({
    name,
    title: `Publish a ${kind}`,
    description: `Publishes ${WHAT[kind]} (same as ${ROUTE[kind]}): one job per account in one batch, one quota unit per job from the executor's bucket. Runs the preflight first and refuses with its problems (nothing published). Without idempotencyKey a key is made from the arguments, so repeating the same call within 24 h returns the first batch; pass a new key to publish the same again on purpose. Then poll get_batch every 2-5 s.`,
    permission: 'publish',
    readOnly: false,
    openWorld: true,
    input: (BODIES[kind] as z.ZodObject).extend({ idempotencyKey: idempotencyKeyField }),
    output: publishOutput,
    async run(ctx, args) {
      const { idempotencyKey, ...rest } = args as unknown as Bodies[K] & { idempotencyKey?: string };
      const body = rest as Bodies[K];
      const key = idempotencyKey ?? derivedKey(name, body);
      const idempotency = toolIdempotency(ctx, name, key, body);
      // A repeat is answered as it was first, before a preflight that the first publish may now fail (its quota taken).
      const prior = await storedAnswer(ctx.db, { ...idempotency, key });
      if (prior) return publishResult(answerBody(prior), key, true);
      const preflight = await preflightOf(ctx, kind, body);
      const first = preflight.problems[0];
      if (first) {
        throw new ToolRefusal(first.code, `The preflight refused this publish (nothing was published): ${preflight.problems.map(problemText).join('; ')}`, {
          problems: preflight.problems,
        });
      }
      const bound = { ...body, preflightHash: body.preflightHash ?? preflight.preflight_hash };
      const answer = await ctx.publish.publishOnce(ctx.caller, inputOf(kind, bound), idempotency, ctx.requestId, (batch) => ({ status: 200, body: batch }));
      return publishResult(answerBody(answer), key, answer.replayed);
    },
  });
}

function publishResult(batch: z.infer<typeof publishResponse>, key: string, replayed: boolean): { structured: PublishOutput; text: string } {
  const platforms = batch.jobs.map((j) => j.platform).join(', ');
  const again = replayed ? ' This is the answer of an earlier call with the same idempotency key: nothing new was published.' : '';
  return {
    structured: { ...batch, idempotency_key: key, replayed },
    text: `Batch ${batch.batch_id} ${batch.state}: ${batch.jobs.length} jobs (${platforms}). Poll get_batch every 2-5 s until succeeded, failed, partial or canceled.${again}`,
  };
}

const TERMINAL = new Set(['succeeded', 'failed', 'partial', 'canceled']);

export const getBatch = defineTool({
  name: 'get_batch',
  title: 'Batch progress',
  description:
    'A publish batch and each of its jobs (same answer as GET /publish/{batch_id}): state, feedback, the post id and URL once published, error code, and for a job waiting to retry the code of the attempt that failed and when the next one starts (retry). Poll every 2-5 s until the batch is succeeded, failed, partial or canceled.',
  permission: 'publish',
  readOnly: true,
  input: z.strictObject({ batchId: z.string().min(1).max(64).describe('bat_… from a publish tool') }),
  output: batchResponse,
  async run(ctx, { batchId }) {
    const batch = await batchView(ctx.db, ctx.caller.userId, batchId);
    const jobs = batch.jobs
      .map((j) => {
        const asks = j.challenge ? ` (job ${j.job_id} asks ${j.challenge.kind}: "${j.challenge.message}", until ${j.challenge.deadline}; answer_job_challenge for an SMS code or text)` : '';
        const retry = j.retry ? ` (attempt ${j.retry.attempt} failed ${j.retry.error.code}; next attempt at ${j.retry.next_attempt_at})` : '';
        return `${j.platform} ${j.state}${j.platform_url ? ` ${j.platform_url}` : ''}${j.error ? ` (${j.error.code})` : ''}${retry}${asks}`;
      })
      .join('; ');
    const next = TERMINAL.has(batch.state) ? '' : ' Poll again in 2-5 s.';
    return { structured: batch, text: `Batch ${batch.batch_id} ${batch.state}: ${jobs}.${next}` };
  },
});

export const answerJobChallenge = defineTool({
  name: 'answer_job_challenge',
  title: 'Answer what a platform asked a job',
  description:
    "For a job whose state is awaiting_input (get_batch shows its challenge: kind, message, deadline): sends the SMS code the platform sent to the account's phone, or text the challenge asks for, to the page the job's node holds (same as POST /publish/{batch_id}/jobs/{job_id}/input). The job resumes once the platform takes it (running, then its outcome); a wrong code leaves it awaiting input until its deadline. Sliders, captchas and dialogs need clicks on the live page: a person answers those in the console. Refused with job_not_awaiting_input when the job waits on no one.",
  permission: 'publish',
  readOnly: false,
  openWorld: true,
  input: z.strictObject({
    batchId: z.string().min(1).max(64).describe('bat_… of the job'),
    jobId: z.string().min(1).max(64).describe('job_… awaiting input'),
    answer: inputBody,
  }),
  output: batchResponse,
  async run(ctx, { batchId, jobId, answer }) {
    const batch = batchAnswer(await answerJob(ctx.db, ctx.caller.userId, batchId, jobId, answer), ctx.caller.userId);
    return { structured: batch, text: `Sent to job ${jobId}'s page. Poll get_batch every 2-5 s: the job runs again once the platform takes the answer.` };
  },
});

export const publishTools: Tool[] = [
  preflightTool('article'),
  preflightTool('dynamic'),
  preflightTool('video'),
  publishTool('article'),
  publishTool('dynamic'),
  publishTool('video'),
  getBatch,
  answerJobChallenge,
] as Tool[];

/** plume-admin commands over publish jobs (those that need a person above all), webhooks and their deliveries. */
import { ID_PATTERNS } from '@plume/shared';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type Command,
  type Context,
  ID_RANGE,
  int,
  oneOf,
  pageFooter,
  pageOptions,
  pageQuery,
  printJson,
  required,
  str,
  usageError,
  when,
  wholeNumber,
} from './command.js';
import { table } from './format.js';
import { JOB_STATES } from './vocabulary.js';

const JOB_ID = ID_PATTERNS.job;
/** What a person found, as the resolve command names it → the API's outcome. */
const OUTCOMES = { succeeded: 'succeeded', failed: 'failed', requeue: 'requeued' } as const;

function jobId(ctx: Context): string {
  const id = ctx.args[0]!;
  if (!JOB_ID.test(id)) throw usageError(`jobId looks like job_…, not "${id}"`);
  return id;
}

function jobDetail(ctx: Context, j: Record<string, any>): void {
  const lines = [
    `${j.id}  ${j.state}  ${j.platform} ${j.contentType} via ${j.executor}${j.nodeId ? ` on ${j.nodeId}${j.nodeStatus && j.nodeStatus !== 'active' ? ` (${j.nodeStatus})` : ''}` : ''}`,
    `  user ${j.userId}, account ${j.accountId}; batch ${j.batchId} (${j.batchState}); request ${j.requestId}`,
    `  attempts ${j.attempt}${j.attemptId ? ` (current ${j.attemptId})` : ''}; created ${when(j.createdAt)}, changed ${when(j.updatedAt)}`,
  ];
  if (j.error) lines.push(`  error ${j.error.code}${j.error.message ? `: ${j.error.message}` : ''}`);
  if (j.feedback?.step || j.feedback?.message) lines.push(`  feedback ${[j.feedback.step, j.feedback.message].filter(Boolean).join(': ')}`);
  if (j.platformPostId || j.platformUrl) lines.push(`  post ${j.platformPostId ?? '-'} ${j.platformUrl ?? ''}`.trimEnd());
  if (j.verifiedAt) lines.push(`  verified ${when(j.verifiedAt)}`);
  ctx.io.out(`${lines.join('\n')}\n`);
  ctx.io.out(`\nPayload\n${JSON.stringify(j.payload, null, 2)}\n\nSettings (frozen)\n${JSON.stringify(j.settings, null, 2)}\n`);
}

export const jobCommands: Command[] = [
  {
    name: 'jobs list',
    usage: `[--state STATE] [--user ID] [--node ID] [--batch ID] [--platform CODE] [--order asc|desc] [--page N] [--page-size N]`,
    summary: `List publish jobs, most recently changed first; the queue of jobs waiting for a person is --state needs_attention --order asc`,
    options: { state: { type: 'string' }, user: { type: 'string' }, node: { type: 'string' }, batch: { type: 'string' }, platform: { type: 'string' }, order: { type: 'string' }, ...pageOptions },
    async run(ctx) {
      const body = await ctx.http.json('GET', '/api/admin/jobs', {
        query: {
          state: oneOf(ctx.opts, 'state', JOB_STATES),
          userId: int(ctx.opts, 'user', ID_RANGE),
          nodeId: str(ctx.opts, 'node'),
          batchId: str(ctx.opts, 'batch'),
          platform: str(ctx.opts, 'platform'),
          order: oneOf(ctx.opts, 'order', ['asc', 'desc'] as const),
          ...pageQuery(ctx.opts),
        },
      });
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(
        table(
          ['id', 'state', 'platform', 'type', 'user', 'node', 'attempts', 'error', 'changed'],
          body.items.map((j: any) => [j.id, j.state, j.platform, j.contentType, j.userId, j.nodeId, j.attempt, j.error?.code, when(j.updatedAt)]),
        ),
      );
      pageFooter(ctx, body as any);
    },
  },
  {
    name: 'jobs show',
    usage: '<jobId>',
    summary: 'One job: state, error, the post found, its payload and frozen settings',
    args: 1,
    async run(ctx) {
      const body = await ctx.http.json('GET', `/api/admin/jobs/${jobId(ctx)}`);
      if (ctx.json) return printJson(ctx, body);
      jobDetail(ctx, body.job);
    },
  },
  {
    name: 'jobs evidence',
    usage: '<jobId> [--out DIR]',
    summary: "A job's failure evidence per attempt; --out writes each screenshot (.png) and page (.html) to DIR",
    args: 1,
    options: { out: { type: 'string', short: 'o' } },
    async run(ctx) {
      const id = jobId(ctx);
      const body = await ctx.http.json('GET', `/api/admin/jobs/${id}/evidence`);
      const out = str(ctx.opts, 'out');
      const written: string[] = [];
      if (out) {
        await mkdir(out, { recursive: true });
        for (const e of body.items as Array<Record<string, any>>) {
          const base = join(out, `${id}-${e.id}-${String(e.step).replace(/[^A-Za-z0-9_-]/g, '_')}`);
          if (e.screenshotPng) written.push(await write(`${base}.png`, Buffer.from(e.screenshotPng, 'base64')));
          if (e.html) written.push(await write(`${base}.html`, e.html));
        }
      }
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(
        table(
          ['id', 'attempt', 'node', 'step', 'error', 'screenshot', 'html', 'at'],
          body.items.map((e: any) => [e.id, e.attemptId, e.nodeId, e.step, e.errorCode, e.screenshotPng ? 'yes' : null, e.html ? 'yes' : null, when(e.createdAt)]),
        ),
      );
      if (out) ctx.io.out(`Wrote ${written.length} file${written.length === 1 ? '' : 's'} to ${out}\n`);
    },
  },
  {
    name: 'jobs resolve',
    usage: '<jobId> succeeded --post-url URL [--post-id ID] [--note TEXT] | failed [--note TEXT] | requeue [--note TEXT]',
    summary: 'Resolve a job in needs_attention: published at --post-url (found by a person), failed (quota unit given back), or queued again',
    args: 2,
    options: { 'post-url': { type: 'string' }, 'post-id': { type: 'string' }, note: { type: 'string' } },
    async run(ctx) {
      const id = jobId(ctx);
      const said = ctx.args[1]!;
      if (!(said in OUTCOMES)) throw usageError(`The outcome is succeeded, failed or requeue, not "${said}"`);
      const outcome = OUTCOMES[said as keyof typeof OUTCOMES];
      const note = str(ctx.opts, 'note');
      if (outcome !== 'succeeded' && (ctx.opts['post-url'] !== undefined || ctx.opts['post-id'] !== undefined)) {
        throw usageError('--post-url and --post-id go with succeeded only');
      }
      const body = await ctx.http.json('POST', `/api/admin/jobs/${id}/resolve`, {
        body: {
          outcome,
          ...(outcome === 'succeeded' ? { url: required(ctx.opts, 'post-url', 'the post a person found on the platform') } : {}),
          ...(str(ctx.opts, 'post-id') !== undefined ? { postId: str(ctx.opts, 'post-id') } : {}),
          ...(note !== undefined ? { note } : {}),
        },
      });
      if (ctx.json) return printJson(ctx, body);
      const j = body.job;
      ctx.io.out(`Resolved ${j.id}: ${j.state}${j.platformUrl ? ` at ${j.platformUrl}` : ''}; batch ${j.batchId} is ${j.batchState}\n`);
    },
  },
  {
    name: 'webhooks list',
    usage: '[--user ID] [--status pending|delivered|failed] [--page N] [--page-size N]',
    summary: 'List webhook deliveries, newest first: event, attempts, last answer',
    options: { user: { type: 'string' }, status: { type: 'string' }, ...pageOptions },
    async run(ctx) {
      const body = await ctx.http.json('GET', '/api/admin/webhook-deliveries', {
        query: { userId: int(ctx.opts, 'user', ID_RANGE), status: oneOf(ctx.opts, 'status', ['pending', 'delivered', 'failed'] as const), ...pageQuery(ctx.opts) },
      });
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(
        table(
          ['id', 'user', 'event', 'status', 'attempts', 'last answer', 'next attempt', 'created'],
          body.items.map((d: any) => [
            d.id,
            d.userId,
            d.eventType,
            d.status,
            d.attempts,
            d.lastStatusCode ? `HTTP ${d.lastStatusCode}` : d.lastError,
            d.status === 'pending' ? when(d.nextAttemptAt) : null,
            when(d.createdAt),
          ]),
        ),
      );
      pageFooter(ctx, body as any);
    },
  },
  {
    name: 'webhooks retry',
    usage: '<deliveryId>',
    summary: 'Send a webhook delivery again now (a failed one gets a fresh budget of attempts; a delivered one is refused)',
    args: 1,
    async run(ctx) {
      const body = await ctx.http.json('POST', `/api/admin/webhook-deliveries/${encodeURIComponent(ctx.args[0]!)}/retry`);
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(`Retrying ${body.delivery.id} (${body.delivery.eventType} to user ${body.delivery.userId}): next attempt ${body.delivery.nextAttemptAt}\n`);
    },
  },
  {
    name: 'webhooks set',
    usage: '<userId> --endpoint URL',
    summary: "Set a user's webhook URL; a new signing secret is generated and printed once",
    args: 1,
    options: { endpoint: { type: 'string' } },
    async run(ctx) {
      const id = wholeNumber(ctx.args[0]!, 'userId', ID_RANGE);
      const body = await ctx.http.json('PUT', `/api/admin/users/${id}/webhook`, { body: { url: required(ctx.opts, 'endpoint', 'the https URL events are posted to') } });
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(`Webhook of user ${id}: ${body.webhook.url}. Its signing secret, shown this once:\n${body.webhook.secret}\n`);
    },
  },
  {
    name: 'webhooks clear',
    usage: '<userId>',
    summary: "Remove a user's webhook: no more events are sent to it",
    args: 1,
    async run(ctx) {
      const id = wholeNumber(ctx.args[0]!, 'userId', ID_RANGE);
      const body = await ctx.http.json('DELETE', `/api/admin/users/${id}/webhook`);
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(`Webhook of user ${id} removed\n`);
    },
  },
];

async function write(path: string, data: string | Buffer): Promise<string> {
  await writeFile(path, data);
  return path;
}

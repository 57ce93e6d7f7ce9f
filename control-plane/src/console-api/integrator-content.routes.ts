/**
 * /api/console/me/accounts, /me/articles, /me/generation-tasks, /me/usage:
 * what an integrator has in Plume, read through the Open API's own
 * repositories and rules (accounts resolved as GET /accounts resolves them,
 * articles labelled as GET /articles labels them, quotas as GET /me counts
 * them), always for the integrator of the session.
 */
import { EXECUTORS, platformById } from '@plume/shared';
import { z } from 'zod';
import { loginStateOf, REASON_TEXT, resolveAccount, UNPUBLISHABLE_REASONS } from '../accounts/account-resolution.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { accountView, publishableContentTypes, standingOfAccount } from '../accounts/account.view.js';
import type { Db } from '../db/client.js';
import { QUOTA_BUCKETS } from '../integrators/integrators.schema.js';
import { requestWindows } from '../integrators/rate-limit.js';
import type { UsersService } from '../integrators/users.service.js';
import { nodeView } from '../nodes/node.view.js';
import { nodesRepository } from '../nodes/nodes.repository.js';
import { CONTENT_PROVENANCES, type ContentProvenance } from '../publishing/articles/aigc.js';
import { articlesRepository } from '../publishing/articles/articles.repository.js';
import { generationRepository } from '../publishing/generation/generation.repository.js';
import { GENERATION_STYLES, TASK_STATUSES } from '../publishing/generation/generation.schemas.js';
import { taskView } from '../publishing/generation/generation.service.js';
import type { Aigc } from '../publishing/publishing.schema.js';
import { integratorOf } from './console-auth.js';
import { isoString, ok, pagingQuery } from './console-schemas.js';
import type { ConsoleApp } from './console.types.js';
import { integratorRepository as repo } from '../publishing/integrator.repository.js';

const access = { access: 'integrator' as const };

const accountSchema = accountView.extend({
  platformName: z.string(),
  executor: z.enum(EXECUTORS).nullable().describe('Where the account publishes (fixed routing)'),
  node: nodeView.nullable().describe('The node holding the account\'s browser profile; null for CMS sites and accounts without a node'),
  publishable: z.boolean().describe('Able to publish at least one content type now'),
  reasons: z.array(z.object({ code: z.enum(UNPUBLISHABLE_REASONS), message: z.string() })).describe('Why not, when not publishable'),
  contentTypes: publishableContentTypes,
  canLogIn: z.boolean().describe('A login can be started now (POST /me/accounts/{accountId}/login): its node is online and opens a login page for the platform'),
});

const aigcSchema = z.object({
  labelRequired: z.boolean().describe('Platforms must show an AI-content label'),
  displayLabel: z.string().describe('The label to show, e.g. "AI-generated text"; empty when none is required'),
  text: z.boolean().describe('The text is AI-generated or AI-assisted'),
  images: z.boolean().describe('Some images are AI-generated'),
});
const aigcView = (a: Aigc) => ({ labelRequired: a.label_required, displayLabel: a.display_label, text: a.applies_to.text, images: a.applies_to.images });

const articleSchema = z.object({
  articleId: z.string().describe('art_…'),
  title: z.string(),
  source: z.enum(['import', 'generation']),
  contentProvenance: z.enum(CONTENT_PROVENANCES),
  aigc: aigcSchema,
  createdAt: isoString,
});

const taskSchema = z.object({
  taskId: z.string().describe('gen_…'),
  status: z.enum(TASK_STATUSES),
  topic: z.string(),
  style: z.enum(Object.keys(GENERATION_STYLES) as [keyof typeof GENERATION_STYLES, ...Array<keyof typeof GENERATION_STYLES>]),
  wordCount: z.number().int(),
  createdAt: isoString,
  article: z.object({ articleId: z.string(), title: z.string(), aigc: aigcSchema.nullable() }).nullable().describe('When done: the article it made'),
  error: z.object({ code: z.string(), message: z.string() }).nullable().describe('When failed: why'),
});

const windowSchema = z.object({
  limit: z.number().int(),
  counted: z.number().int().describe('Requests counted in this window by every replica; reserved but unused ones included, so at or a little above those answered'),
  resetsAt: isoString,
});

const usageSchema = z.object({
  plan: z.string(),
  buckets: z.array(
    z.object({
      bucket: z.enum(QUOTA_BUCKETS),
      granted: z.number().int(),
      used: z.number().int().describe('One unit per job published or in progress; a failed job gives its unit back'),
      remaining: z.number().int(),
      inFlight: z.number().int().describe('Jobs of this bucket not yet ended: their units are held'),
    }),
  ),
  requests: z.object({ perMinute: windowSchema, daily: windowSchema.describe('The UTC day') }).describe('Open API requests, all your keys together'),
});

export function registerIntegratorContentRoutes(r: ConsoleApp, deps: { db: Db; users: UsersService; now: () => Date }): void {
  const { db, users, now } = deps;

  r.get(
    '/me/accounts',
    {
      config: access,
      schema: {
        tags: ['accounts'],
        operationId: 'listMyAccounts',
        summary: 'Your platform accounts and CMS sites with their executor, node and login state',
        description: 'Resolved as GET /api/openapi/v1/accounts resolves them. Sorted by id; the page groups them by executor and node.',
        response: ok(z.object({ accounts: z.array(accountSchema) })),
      },
    },
    async (request) => {
      const userId = integratorOf(request);
      const [accounts, nodes] = await Promise.all([accountsRepository.listForUser(db, userId), nodesRepository.listForUser(db, userId)]);
      const byId = new Map(nodes.map((n) => [n.id, n]));
      return {
        accounts: accounts.map((a) => {
          const resolved = resolveAccount(a);
          const node = a.nodeId ? byId.get(a.nodeId) : undefined;
          return {
            id: a.id,
            platform: a.platform,
            platformName: platformById(a.platform)?.name ?? a.platform,
            category: resolved.cms ? ('cms' as const) : ('content' as const),
            displayName: a.displayName,
            executor: resolved.executor,
            node: node
              ? { id: node.id, name: node.name, kind: node.kind, online: node.online, status: node.status }
              : a.node
                ? { id: a.node.id, name: a.node.id, kind: a.node.kind, online: a.node.online, status: a.node.status }
                : null,
            loginState: loginStateOf(a),
            publishable: resolved.publishable,
            reasons: resolved.reasons.map((code) => ({ code, message: REASON_TEXT[code] })),
            contentTypes: resolved.contentTypes,
            health: standingOfAccount(a, resolved.cms),
            canLogIn: !resolved.cms && node !== undefined && node.online && node.status === 'active' && (node.capabilities.logins ?? []).includes(a.platform),
            createdAt: new Date(a.createdAt).toISOString(),
          };
        }),
      };
    },
  );

  r.get(
    '/me/articles',
    {
      config: access,
      schema: {
        tags: ['articles'],
        operationId: 'listMyArticles',
        summary: 'Your imported and generated articles, newest first, with their provenance and AI label',
        querystring: z.object(pagingQuery),
        response: ok(z.object({ articles: z.array(articleSchema), total: z.number().int() })),
      },
    },
    async (request) => {
      const { items, total } = await articlesRepository.listFrom(db, integratorOf(request), request.query.offset, request.query.limit);
      return {
        articles: items.map((a) => ({
          articleId: a.id,
          title: a.title,
          source: a.source,
          contentProvenance: a.contentProvenance as ContentProvenance,
          aigc: aigcView(a.aigc),
          createdAt: a.createdAt.toISOString(),
        })),
        total,
      };
    },
  );

  r.get(
    '/me/generation-tasks',
    {
      config: access,
      schema: {
        tags: ['articles'],
        operationId: 'listMyGenerationTasks',
        summary: 'Your article generation tasks, newest first, with their state, article or error',
        querystring: z.object({ ...pagingQuery, status: z.enum(TASK_STATUSES).optional().describe('Only tasks in this state') }),
        response: ok(z.object({ tasks: z.array(taskSchema), total: z.number().int() })),
      },
    },
    async (request) => {
      const { items, total } = await generationRepository.list(db, integratorOf(request), request.query);
      return {
        tasks: items.map((t) => {
          // The Open API's own view decides what a task shows in each state.
          const view = taskView(t);
          return {
            taskId: t.id,
            status: t.status,
            topic: t.customTopic,
            style: t.style,
            wordCount: t.wordCount,
            createdAt: t.createdAt.toISOString(),
            article: view.article_id ? { articleId: view.article_id, title: view.title ?? '', aigc: view.aigc ? aigcView(view.aigc) : null } : null,
            error: view.error ?? null,
          };
        }),
        total,
      };
    },
  );

  r.get(
    '/me/usage',
    {
      config: access,
      schema: {
        tags: ['usage'],
        operationId: 'getMyUsage',
        summary: 'Your publish quota per bucket (web, desktop, edge, cms) and your request limits with this minute\'s and today\'s counts',
        response: ok(usageSchema),
      },
    },
    async (request) => {
      const userId = integratorOf(request);
      const [user, inFlight, windows] = await Promise.all([
        users.get(userId),
        repo.jobsInFlight(db, userId),
        requestWindows(db, userId, now().getTime()),
      ]);
      return {
        plan: user.plan.name,
        buckets: QUOTA_BUCKETS.map((bucket) => {
          const q = user.quotas[bucket];
          return { bucket, granted: q.granted, used: q.used, remaining: q.granted - q.used, inFlight: inFlight.get(bucket) ?? 0 };
        }),
        requests: {
          perMinute: { limit: user.plan.perMinuteLimit, counted: windows.minute.counted, resetsAt: windows.minute.resetsAt.toISOString() },
          daily: { limit: user.plan.dailyLimit, counted: windows.day.counted, resetsAt: windows.day.resetsAt.toISOString() },
        },
      };
    },
  );
}

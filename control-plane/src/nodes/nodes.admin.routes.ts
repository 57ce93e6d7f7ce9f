/**
 * /api/admin/nodes…: enrollment tokens (create, list, revoke), the node list
 * with live state, revoke, drain, resume, the users a node serves
 * (node-users.admin.routes.ts), and a job's failure evidence.
 * Registered inside the admin scope (adminRoutes' extensions), so it shares
 * its auth, audit, error model and OpenAPI document.
 */
import { CONTENT_TYPES, idSchema } from '@plume/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createdResponses, DEFAULT_PAGE_SIZE, isoString, MAX_PAGE_SIZE, limitOffset, paged, pagedSchema, pageQuery, responses } from '../http/admin-query.js';
import type { Db } from '../db/client.js';
import { ENROLLMENT_TOKEN_STATES, EnrollmentService } from './enrollment.service.js';
import { registerNodeUsersRoutes } from './node-users.admin.routes.js';
import { NodesAdminService } from './nodes-admin.service.js';
import { jobEvidenceAdminView } from './job-evidence.view.js';
import { NODE_KINDS, NODE_STATUSES, nodeView } from './node.view.js';
import { DEFAULT_TIMERS } from './timers.js';

export interface NodesAdminOptions {
  db: Db;
  now?: () => Date;
  tokenTtlMs?: number;
}

/** Nothing an operator sends here is near this. */
const NODES_ADMIN_BODY_LIMIT = 64 * 1024;

const nodeParams = z.object({ nodeId: idSchema('node').describe('The node id (node_…)') });
const tokenParams = z.object({
  tokenId: idSchema('enrollmentTokenId').describe('The enrollment token id (net_…), not the token itself'),
});

const capabilitiesSchema = z
  .looseObject({
    localVideoFile: z.number().int().optional().describe('1: publishes local video files'),
    publishSettingsSnapshot: z.number().int().optional().describe('1: runs jobs with their frozen settings; a node without it gets no jobs'),
    chromiumVersion: z.string().optional(),
    concurrency: z.number().int().optional().describe('Jobs it runs at once'),
    platforms: z.array(z.string()).optional().describe('Platform codes with an adapter'),
    adapters: z
      .array(z.object({ platform: z.string(), contentTypes: z.array(z.enum(CONTENT_TYPES)), settings: z.array(z.string()).describe('Settings fields this adapter applies') }))
      .optional()
      .describe('What the node runs: platform × content types, with the settings each adapter applies'),
    videoDir: z.string().optional().describe('Root of its video tree'),
    siteChecks: z
      .array(
        z.object({
          platform: z.string(),
          contentType: z.enum(CONTENT_TYPES),
          status: z.enum(['passed', 'failed']),
          checkedAt: z.string(),
          step: z.string().optional().describe('failed: the first step whose page no longer matched'),
          code: z.string().optional(),
          message: z.string().optional(),
        }),
      )
      .optional()
      .describe("Each adapter's last `plume-edge check` against the live site; a failed pair gets no jobs until a later check passes"),
    browserStates: z.number().int().optional().describe('1: a web node that reports its accounts\' browser state and takes accounts moved to it'),
    logins: z.array(z.string()).optional().describe('Platforms whose login page the node opens for a relayed login (POST /api/admin/nodes/{nodeId}/logins)'),
  })
  .describe('As the node last reported them on connecting (empty before its first connection)');

const nodeSchema = nodeView.extend({
  capabilities: capabilitiesSchema,
  sessionEpoch: z.number().int().describe('Bumped at each handshake; fences writes of older connections'),
  connectedReplica: z.string().nullable().describe('The control-plane replica holding its socket'),
  connectedAt: isoString.nullable(),
  lastHeartbeatAt: isoString.nullable(),
  machineId: z.string().nullable(),
  fingerprint: z.string().nullable().describe('What the node said of its machine at enrollment'),
  userIds: z.array(z.number().int()).describe('The users it serves by name'),
  allUsers: z.boolean().describe("Serves every user besides those (web nodes only: the operator's web pool)"),
  accounts: z.number().int().describe('Platform accounts on it'),
  jobsInFlight: z.number().int().describe('Jobs offered, accepted, running or committed on it'),
  jobsQueued: z.number().int().describe('Jobs queued for it'),
  createdAt: isoString,
  revokedAt: isoString.nullable(),
});

const nodeDetailSchema = nodeSchema.extend({
  accountList: z.array(
    z.object({ id: z.number().int(), userId: z.number().int(), platform: z.string(), displayName: z.string(), externalRef: z.string().nullable(), loginState: z.string() }),
  ),
  inventory: z
    .object({ files: z.number().int(), truncated: z.boolean(), updatedAt: isoString })
    .nullable()
    .describe('The video tree it last reported (files counted), or null before its first report'),
});
const nodeAnswer = z.object({ success: z.literal(true), node: nodeDetailSchema });

const tokenSchema = z.object({
  id: z.string().describe('net_…: names the token in lists and revocation; not the token itself'),
  kind: z.enum(NODE_KINDS),
  name: z.string(),
  userIds: z.array(z.number().int()),
  allUsers: z.boolean().describe('The node it makes serves every user (kind web)'),
  state: z.enum(ENROLLMENT_TOKEN_STATES).describe('pending: usable until expiresAt; used: made nodeId; expired; revoked'),
  createdBy: z.string().describe('The admin token that made it (bootstrap or adm_…)'),
  createdAt: isoString,
  expiresAt: isoString,
  usedAt: isoString.nullable(),
  nodeId: z.string().nullable().describe('The node it made, once used'),
  machineId: z.string().nullable(),
  revokedAt: isoString.nullable(),
});

export function nodesAdminRoutes({ db, now = () => new Date(), tokenTtlMs = DEFAULT_TIMERS.enrollmentTokenTtlMs }: NodesAdminOptions) {
  return async function register(app: FastifyInstance): Promise<void> {
    const enrollment = new EnrollmentService(db, now, tokenTtlMs);
    const nodes = new NodesAdminService(db);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['nodes'];

    r.post(
      '/nodes/enrollment-tokens',
      {
        bodyLimit: NODES_ADMIN_BODY_LIMIT,
        schema: {
          tags,
          operationId: 'createEnrollmentToken',
          summary: 'Create a single-use enrollment token for a node (shown once, valid 15 minutes)',
          description:
            "The node runs `plume-edge enroll --token …` with it. Only its SHA-256 is kept: the token is in this answer and nowhere else. Give `userIds`, or for a node of kind `web` `allUsers: true`: it then serves every user, present and future (the operator's web pool for `executor=web`); other kinds answer 409 `NODE_KIND_NOT_WEB`. The users can be changed after enrollment (POST /nodes/{nodeId}/users/add and /remove).",
          body: z
            .object({
              kind: z.enum(NODE_KINDS),
              userIds: z.array(z.number().int().positive().max(2 ** 31 - 1)).min(1).max(100).optional().describe('The users the node will serve'),
              allUsers: z.literal(true).optional().describe('Web nodes: serve every user instead of a list'),
              name: z.string().min(1).max(200).regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters'),
            })
            .strict(),
          response: createdResponses(
            z.object({
              success: z.literal(true),
              id: z.string().describe('net_…'),
              token: z.string().describe('plmnode_…: shown this once'),
              kind: z.enum(NODE_KINDS),
              name: z.string(),
              userIds: z.array(z.number().int()),
              allUsers: z.boolean(),
              expiresAt: isoString,
            }),
          ),
        },
      },
      async (request, reply) => {
        const created = await enrollment.createToken({ ...request.body, createdBy: request.admin?.actor ?? 'unknown' });
        return reply.code(201).send({ success: true as const, ...created });
      },
    );

    r.get(
      '/nodes/enrollment-tokens',
      {
        schema: {
          tags,
          operationId: 'listEnrollmentTokens',
          summary: 'List enrollment tokens, newest first (never the tokens themselves)',
          querystring: z.object({ ...pageQuery, state: z.enum(ENROLLMENT_TOKEN_STATES).optional().describe('Only tokens in this state') }),
          response: responses(pagedSchema(tokenSchema)),
        },
      },
      async (request) => {
        const q = request.query;
        const { items, total } = await enrollment.listTokens({ state: q.state, ...limitOffset(q) });
        return paged(items, total, q);
      },
    );

    r.post(
      '/nodes/enrollment-tokens/:tokenId/revoke',
      {
        schema: {
          tags,
          operationId: 'revokeEnrollmentToken',
          summary: 'Revoke an enrollment token not used yet',
          description: 'A node enrolling with it afterwards is refused (`token_revoked`). A used token answers 409 `ENROLLMENT_TOKEN_USED`: revoke the node it made instead.',
          params: tokenParams,
          response: responses(z.object({ success: z.literal(true), token: tokenSchema, alreadyRevoked: z.boolean() })),
        },
      },
      async (request) => ({ success: true as const, ...(await enrollment.revokeToken(request.params.tokenId)) }),
    );

    r.get(
      '/nodes',
      {
        schema: {
          tags,
          operationId: 'listNodes',
          summary: 'List execution nodes with live state: online, jobs in flight and queued, capabilities',
          description: 'Oldest first. Without `page` and `pageSize` the answer holds every node; with them, that page (`total` counts every match either way).',
          querystring: z.object({
            status: z.enum(NODE_STATUSES).optional().describe('Only nodes in this status'),
            kind: z.enum(NODE_KINDS).optional().describe('Only nodes of this kind'),
            // No defaults: a list asked for without paging is the whole list.
            page: z.coerce.number().int().min(1, 'page starts at 1').max(100_000, 'page is at most 100000').optional().describe('Page number, from 1'),
            pageSize: z.coerce.number().int().min(1, `pageSize must be 1 to ${MAX_PAGE_SIZE}`).max(MAX_PAGE_SIZE, `pageSize must be 1 to ${MAX_PAGE_SIZE}`).optional().describe(`Rows per page, 1 to ${MAX_PAGE_SIZE}`),
          }),
          response: responses(z.object({ success: z.literal(true), items: z.array(nodeSchema), total: z.number().int().describe('Nodes matching the filter, on every page') })),
        },
      },
      async (request) => {
        const { status, kind, page, pageSize } = request.query;
        const paging = page === undefined && pageSize === undefined ? {} : limitOffset({ page: page ?? 1, pageSize: pageSize ?? DEFAULT_PAGE_SIZE });
        return { success: true as const, ...(await nodes.page({ status, kind, ...paging })) };
      },
    );

    r.get(
      '/nodes/:nodeId',
      {
        schema: {
          tags,
          operationId: 'getNode',
          summary: 'One node: live state, capabilities (adapters, site checks), its accounts and video inventory',
          params: nodeParams,
          response: responses(nodeAnswer),
        },
      },
      async (request) => ({ success: true as const, node: await nodes.get(request.params.nodeId) }),
    );

    r.post(
      '/nodes/:nodeId/revoke',
      {
        schema: {
          tags,
          operationId: 'revokeNode',
          summary: 'Revoke a node: its handshakes are refused and its socket closed on whichever replica holds it',
          description:
            'Its jobs not committed fail (`node_revoked`, their quota unit given back); committed ones wait for a person (needs_attention). Revoking twice answers 409 `NODE_REVOKED`.',
          params: nodeParams,
          response: responses(nodeAnswer),
        },
      },
      async (request) => ({ success: true as const, node: await nodes.setStatus(request.params.nodeId, 'revoked') }),
    );

    r.post(
      '/nodes/:nodeId/drain',
      {
        schema: {
          tags,
          operationId: 'drainNode',
          summary: 'Drain a node: it finishes the jobs it has and is offered no new ones',
          description: 'Watch `jobsInFlight` reach 0 before stopping it. A revoked node answers 409 `NODE_REVOKED`.',
          params: nodeParams,
          response: responses(nodeAnswer),
        },
      },
      async (request) => ({ success: true as const, node: await nodes.setStatus(request.params.nodeId, 'draining') }),
    );

    r.post(
      '/nodes/:nodeId/resume',
      {
        schema: {
          tags,
          operationId: 'resumeNode',
          summary: 'Resume a drained node: it is offered jobs again',
          params: nodeParams,
          response: responses(nodeAnswer),
        },
      },
      async (request) => ({ success: true as const, node: await nodes.setStatus(request.params.nodeId, 'active') }),
    );

    registerNodeUsersRoutes(app, db);

    r.get(
      '/jobs/:jobId/evidence',
      {
        schema: {
          tags: ['jobs'],
          operationId: 'listJobEvidence',
          summary: "A job's failure evidence: the failed step, a screenshot and the page HTML, per attempt",
          params: z.object({ jobId: z.string().min(1).max(68).describe('The job id (job_…)') }),
          response: responses(z.object({ success: z.literal(true), items: z.array(jobEvidenceAdminView) })),
        },
      },
      async (request) => ({ success: true as const, items: await nodes.evidence(request.params.jobId) }),
    );
  };
}

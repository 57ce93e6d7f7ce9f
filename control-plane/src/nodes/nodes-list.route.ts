/** GET /execution-nodes: status and capabilities of the desktop and cloud nodes that serve the caller. */
import { CONTENT_TYPES } from '@plume/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, type OpenApiDeps } from '../integrators/openapi-context.js';
import { errorResponses } from '../http/openapi-error-responses.js';
import { type NodeView, nodesRepository } from './nodes.repository.js';

const flag = z.union([z.literal(0), z.literal(1)]);

export const nodeCapabilitiesView = z.object({
  localVideoFile: flag.describe('1 when the node publishes local video files'),
  publishSettingsSnapshot: flag.describe('1 when the node runs jobs with frozen settings; a node without it gets no jobs (422 settings_executor_upgrade_required)'),
  chromiumVersion: z.string().optional(),
  concurrency: z.number().int().optional(),
  platforms: z.array(z.string()).optional(),
  adapters: z
    .array(
      z.object({
        platform: z.string(),
        contentTypes: z.array(z.enum(CONTENT_TYPES)),
        settings: z.array(z.string()).describe('Settings fields this adapter applies; others in a job are not applied (preflight lists them in ignored_settings)'),
      }),
    )
    .optional()
    .describe(
      'What the node runs: platform × content types. An account is publishable for a content type only when its node reports that pair. Absent for nodes that predate this report: nothing is routed to them (node_adapters_unreported) until they are updated.',
    ),
  videoDir: z.string().optional().describe("Root of the node's video tree (PLUME_EDGE_VIDEO_DIR), when the node reports it"),
});

const nodeView = z.object({
  node_id: z.string(),
  kind: z.enum(['edge', 'desktop', 'web']),
  name: z.string(),
  status: z.enum(['online', 'offline', 'draining']).describe('online: connected and heartbeating; draining: finishing its jobs, takes no new ones'),
  online: z.boolean(),
  last_heartbeat_at: z.string().nullable(),
  capabilities: nodeCapabilitiesView,
  video_dir: z
    .string()
    .nullable()
    .describe('Edge nodes that report their video root: the directory your files go in (<videoDir>/<your user id>/); null otherwise'),
});

const nodesResponse = z.object({ nodes: z.array(nodeView) }).describe('The execution nodes that serve the caller');

function view(node: NodeView, userId: number): z.infer<typeof nodeView> {
  const c = node.capabilities;
  const videoDir = node.kind === 'edge' && c.videoDir ? `${c.videoDir.replace(/\/+$/, '')}/${userId}/` : null;
  return {
    node_id: node.id,
    kind: node.kind,
    name: node.name,
    status: node.status === 'draining' ? 'draining' : node.online ? 'online' : 'offline',
    online: node.online,
    last_heartbeat_at: node.lastHeartbeatAt?.toISOString() ?? null,
    capabilities: {
      localVideoFile: c.localVideoFile === 1 ? 1 : 0,
      publishSettingsSnapshot: c.publishSettingsSnapshot === 1 ? 1 : 0,
      ...(c.chromiumVersion !== undefined ? { chromiumVersion: c.chromiumVersion } : {}),
      ...(c.concurrency !== undefined ? { concurrency: c.concurrency } : {}),
      ...(c.platforms !== undefined ? { platforms: c.platforms } : {}),
      ...(c.adapters !== undefined ? { adapters: c.adapters.map((a) => ({ platform: a.platform, contentTypes: [...a.contentTypes], settings: [...a.settings] })) } : {}),
      ...(c.videoDir !== undefined ? { videoDir: c.videoDir } : {}),
    },
    video_dir: videoDir,
  };
}

export function nodesRoutes(deps: OpenApiDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/execution-nodes',
      {
        config: { permission: 'accounts:read' },
        schema: {
          operationId: 'listExecutionNodes',
          tags: ['accounts'],
          summary: 'Status and capabilities of desktop and cloud nodes',
          description:
            'The execution nodes authorized for the caller. Judge executor compatibility from `capabilities` (`localVideoFile`, `publishSettingsSnapshot`), not from version numbers. Needs `accounts:read`.',
          response: { 200: nodesResponse, ...errorResponses(403) },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const nodes = await nodesRepository.listForUser(deps.db, caller.userId);
        return { nodes: nodes.map((n) => view(n, caller.userId)) };
      },
    );
  };
}

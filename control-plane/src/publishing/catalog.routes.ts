/** GET /meta (the platform catalog) and GET /video/meta (video platforms and their specific parameters). Any valid key. */
import { CONTENT_TYPES, EXECUTORS, PLATFORMS, SETTINGS_CONTRACT_VERSION, SETTINGS_CONTRACTS, SETTINGS_MODES } from '@plume/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../http/openapi-error-responses.js';
import { QUOTA_BUCKETS } from '../integrators/integrators.schema.js';
import { coverOf, coverView, deprecatedOf, deprecatedSettingView, fieldView, limitsOf, limitsView, settingFieldView } from './settings-view.js';

const executor = z.enum(EXECUTORS);
const platformEntry = z.object({
  id: z.string().describe('Platform code'),
  name: z.string(),
  category: z.enum(['content', 'cms']),
  content_types: z.array(z.enum(CONTENT_TYPES)),
  article_executors: z.array(executor).describe('Executors for articles and dynamics'),
  video_executors: z.array(executor),
  video_sources: z.array(z.literal('local_file')),
});

export const metaResponse = z.object({
  publish: z.object({
    platforms: z.array(platformEntry).describe('The 24 integration items: 22 content platforms and 2 CMS site types'),
    content_types: z.array(z.enum(CONTENT_TYPES)),
    executors: z.array(executor),
    settings_modes: z.array(z.enum(SETTINGS_MODES)),
    settings_contract_version: z.string(),
    quota_buckets: z.array(z.enum(QUOTA_BUCKETS)),
  }),
}).describe('The integration catalog');

export const videoMetaResponse = z.object({
  settings_contract_version: z.string(),
  video_sources: z.array(z.literal('local_file')),
  executors: z.array(z.enum(['edge', 'desktop'])).describe('executor=web is not supported for video'),
  paths: z.object({
    edge: z.string(),
    desktop: z.string(),
  }),
  deprecated_request_fields: z.array(z.string()).describe('Any non-empty value is refused (422 deprecated_field)'),
  common_settings: z.array(settingFieldView),
  platforms: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      video_executors: z.array(executor),
      limits: limitsView,
      cover: coverView,
      settings: z.array(settingFieldView).describe('Parameters specific to this platform, set in platformSettings[<id>]'),
      deprecated_settings: z.array(deprecatedSettingView),
    }),
  ),
}).describe('The video platforms and their parameters');

/** The integration catalog GET /meta answers (the MCP tool get_catalog too). */
export function metaAnswer(): z.infer<typeof metaResponse> {
  return {
    publish: {
      platforms: PLATFORMS.map((p) => ({
        id: p.id,
        name: p.name,
        category: p.category,
        content_types: [...p.content_types],
        article_executors: [...p.article_executors],
        video_executors: [...p.video_executors],
        video_sources: [...p.video_sources],
      })),
      content_types: [...CONTENT_TYPES],
      executors: [...EXECUTORS],
      settings_modes: [...SETTINGS_MODES],
      settings_contract_version: SETTINGS_CONTRACT_VERSION,
      quota_buckets: [...QUOTA_BUCKETS],
    },
  };
}

/** The video platforms and their parameters GET /video/meta answers (the MCP tool get_video_catalog too). */
export function videoMetaAnswer(): z.infer<typeof videoMetaResponse> {
  const contract = SETTINGS_CONTRACTS.video;
  return {
    settings_contract_version: SETTINGS_CONTRACT_VERSION,
    video_sources: ['local_file' as const],
    executors: ['edge' as const, 'desktop' as const],
    paths: {
      edge: 'An absolute Linux path under PLUME_EDGE_VIDEO_DIR/<userId>/ on the node (see GET /execution-nodes video_dir); the node checks the file is there.',
      desktop: 'An absolute Windows path (C:\\… or \\\\server\\share\\…) on the online desktop computer; the file must already exist.',
    },
    deprecated_request_fields: ['videoUrl', 'coverImageUrl'],
    common_settings: contract.common.map(fieldView),
    platforms: PLATFORMS.filter((p) => contract.platforms[p.id]).map((p) => {
      const pc = contract.platforms[p.id]!;
      return {
        id: p.id,
        name: p.name,
        video_executors: [...p.video_executors],
        limits: limitsOf(pc.limits),
        cover: coverOf(pc.cover),
        settings: pc.fields.map(fieldView),
        deprecated_settings: deprecatedOf(pc.deprecated),
      };
    }),
  };
}

export function catalogRoutes() {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/meta',
      {
        schema: {
          operationId: 'getMeta',
          tags: ['catalog'],
          summary: 'Catalog (publish.platforms)',
          description: 'The integration catalog: each platform with its content types, the executors allowed for articles/dynamics and for videos, and video sources (only local_file). Any valid key.',
          response: { 200: metaResponse, ...errorResponses() },
        },
      },
      async () => metaAnswer(),
    );

    r.get(
      '/video/meta',
      {
        schema: {
          operationId: 'getVideoMeta',
          tags: ['catalog'],
          summary: 'Current video platforms and their specific parameters',
          description:
            'The platforms that publish video, their executors, limits, cover support and their own settings (for example bilibili.partitionName and douyin.creationDeclaration), with the deprecated fields each refuses. Any valid key.',
          response: { 200: videoMetaResponse, ...errorResponses() },
        },
      },
      async () => videoMetaAnswer(),
    );
  };
}

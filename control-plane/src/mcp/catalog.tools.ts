/** MCP tools that read: the caller's accounts, the platform catalog, the settings contract. */
import { CONTENT_TYPES } from '@plume/shared';
import { z } from 'zod';
import { accountsJson, accountsResponse } from '../accounts/accounts.route.js';
import { metaAnswer, metaResponse, videoMetaAnswer, videoMetaResponse } from '../publishing/catalog.routes.js';
import { MAX_ACCOUNT_ID, MAX_ACCOUNT_IDS, settingsAnswer, settingsResponse } from '../publishing/settings.route.js';
import { defineTool } from './tool-kit.js';

const contentType = z.enum(CONTENT_TYPES).describe('article, dynamic or video');

export const listAccounts = defineTool({
  name: 'list_accounts',
  title: 'List accounts',
  description:
    "The integrator's platform accounts and CMS sites (same answer as GET /accounts). With contentType, each account's executor for that type and whether it can publish now (publishable, unpublishable_reasons). The ids go in accountIds of the preflight and publish tools; every account of one publish must have the executor given there.",
  permission: 'accounts:read',
  readOnly: true,
  input: z.strictObject({ contentType: contentType.optional() }),
  output: accountsResponse,
  async run(ctx, { contentType: type }) {
    // The text was checked against the schema when it was built (accounts.route.ts).
    const answer = JSON.parse(await accountsJson(ctx.db, ctx.caller.userId, type)) as z.infer<typeof accountsResponse>;
    const publishable = answer.accounts.filter((a) => a.publishable).length;
    return { structured: answer, text: `${answer.accounts.length} accounts, ${publishable} publishable${type ? ` for ${type}` : ''}.` };
  },
});

export const getCatalog = defineTool({
  name: 'get_catalog',
  title: 'Platform catalog',
  description: 'The integration catalog (same answer as GET /meta): each platform with its content types and the executors allowed for articles, dynamics and videos, the quota buckets and the current settings contract version.',
  readOnly: true,
  input: z.strictObject({}),
  output: metaResponse,
  async run() {
    const answer = metaAnswer();
    return { structured: answer, text: `${answer.publish.platforms.length} platforms; settings contract ${answer.publish.settings_contract_version}.` };
  },
});

export const getVideoCatalog = defineTool({
  name: 'get_video_catalog',
  title: 'Video platforms',
  description: "The platforms that publish video (same answer as GET /video/meta): their executors, limits, cover support, own settings and the rules for the video file's path on each executor.",
  readOnly: true,
  input: z.strictObject({}),
  output: videoMetaResponse,
  async run() {
    const answer = videoMetaAnswer();
    return { structured: answer, text: `${answer.platforms.length} video platforms; settings contract ${answer.settings_contract_version}.` };
  },
});

export const getSettingsContract = defineTool({
  name: 'get_settings_contract',
  title: 'Settings contract',
  description:
    "The settings a content type takes (same answer as GET /publish/settings): common and per-platform fields with their options, required and conditional rules, limits and cover support, and settings_contract_version. With accountIds (needs accounts:read), also those accounts' presets. Put settings in platformSettings[platform] or accountSettings[accountId] of a publish.",
  readOnly: true,
  input: z.strictObject({
    contentType,
    accountIds: z
      .array(z.number().int().positive().max(MAX_ACCOUNT_ID))
      .min(1)
      .max(MAX_ACCOUNT_IDS)
      .optional()
      .describe('Account ids whose presets to include; needs the accounts:read permission'),
  }),
  output: settingsResponse,
  async run(ctx, args) {
    const answer = await settingsAnswer(ctx.db, ctx.caller, args.contentType, args.accountIds);
    return { structured: answer, text: `Settings contract ${answer.settings_contract_version} for ${answer.content_type}: ${answer.common.length} common fields, ${answer.platforms.length} platforms.` };
  },
});

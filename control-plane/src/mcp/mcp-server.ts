/**
 * The MCP server an HTTP request talks to: Plume's tools bound to the
 * request's authenticated caller. One is made per request (the SDK's
 * stateless mode): nothing of a conversation lives in a replica's memory,
 * so any replica answers any request.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { getCatalog, getSettingsContract, getVideoCatalog, listAccounts } from './catalog.tools.js';
import { generateArticle, getGenerationTask, importArticle } from './articles.tools.js';
import { publishTools } from './publish.tools.js';
import { registerTools, type Tool, type ToolContext } from './tool-kit.js';

export const SERVER_INFO = { name: 'plume', title: 'Plume', version: '1.0.0' } as const;

const INSTRUCTIONS = [
  'Plume publishes articles, dynamics and videos to content platforms and CMS sites through the accounts of this API key.',
  'Usual order: list_accounts (with contentType) to find publishable account ids and their executor;',
  'import_article (or generate_article, then get_generation_task until done) for an article_id;',
  'optionally get_settings_contract and preflight_<type> to review settings;',
  'publish_<type>, which preflights itself and refuses with the problems found;',
  'then get_batch every 2-5 s until the batch is succeeded, failed, partial or canceled.',
  'A refused call is a tool error whose text starts with a stable code (permission_denied, quota_exceeded, account_not_publishable, …).',
].join(' ');

export const TOOLS: readonly Tool[] = [
  listAccounts,
  getCatalog,
  getVideoCatalog,
  getSettingsContract,
  importArticle,
  generateArticle,
  getGenerationTask,
  ...publishTools,
] as Tool[];

/**
 * Each server would otherwise build its own Ajv instance with its formats (for
 * elicitation, which no tool uses): one per replica serves every request.
 */
const jsonSchemaValidator = new AjvJsonSchemaValidator();

export function mcpServerFor(ctx: ToolContext): McpServer {
  const server = new McpServer(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator });
  registerTools(server, ctx, TOOLS);
  return server;
}

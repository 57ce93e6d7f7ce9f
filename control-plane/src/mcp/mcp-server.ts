/**
 * The MCP server an HTTP request talks to: Plume's tools bound to the
 * request's authenticated caller. One is made per request (the SDK's
 * stateless mode): nothing of a conversation lives in a replica's memory,
 * so any replica answers any request.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { type JSONRPCMessage, ListToolsRequestSchema, type ListToolsResult, ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { getCatalog, getSettingsContract, getVideoCatalog, listAccounts } from './catalog.tools.js';
import { generateArticle, getGenerationTask, importArticle } from './articles.tools.js';
import { publishTools } from './publish.tools.js';
import { callTool, registerTools, type Tool, type ToolContext } from './tool-kit.js';

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

const newServer = () => new McpServer(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator });

let listing: Promise<ListToolsResult> | undefined;

/**
 * The tools/list answer, made once per process by the SDK itself (a server
 * asked over an in-memory transport): it is the same for every caller, and
 * turning the tools' zod schemas into JSON Schema again on each request cost
 * tens of milliseconds of CPU per listing.
 */
function toolListing(): Promise<ListToolsResult> {
  listing ??= (async () => {
    const server = newServer();
    registerTools(server, TOOLS, () => Promise.reject(new Error('the listing server runs no tool')));
    const [ours, theirs] = InMemoryTransport.createLinkedPair();
    const answer = new Promise<JSONRPCMessage>((resolve) => (ours.onmessage = resolve));
    await server.connect(theirs);
    await ours.start();
    await ours.send({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    const message = await answer;
    await server.close();
    if (!('result' in message)) throw new Error(`tools/list failed: ${JSON.stringify(message)}`);
    return ListToolsResultSchema.parse(message.result);
  })();
  // A failed listing is made again by the next request rather than kept.
  listing.catch(() => (listing = undefined));
  return listing;
}

export function mcpServerFor(ctx: ToolContext): McpServer {
  const server = newServer();
  registerTools(server, TOOLS, (tool, args) => callTool(tool, ctx, args));
  // Replaces the SDK's own tools/list handler (installed by registerTools) with its stored answer.
  server.server.setRequestHandler(ListToolsRequestSchema, () => toolListing());
  return server;
}

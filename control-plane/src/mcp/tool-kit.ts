/**
 * How an MCP tool is declared and run. A tool names the permission it needs
 * (checked as the Open API's preValidation hook checks a route's), its input
 * and output zod schemas (the SDK validates the input and publishes both as
 * JSON Schema in tools/list), and a `run` that calls the Open API's own
 * service functions. Its result is structured content plus a short text; a
 * refusal is an MCP tool error (`isError`) whose text starts with the Open
 * API's stable code and carries the Open API's error envelope as JSON.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger } from 'fastify';
import { createHash } from 'node:crypto';
import { canonicalJson } from '@plume/shared';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { ApiError, toApiError } from '../http/errors.js';
import type { ApiCaller } from '../integrators/auth.js';
import type { Permission } from '../integrators/integrators.schema.js';
import type { IdempotencyInput, StoredAnswer } from '../http/idempotency.js';
import { OPENAPI_STATUS, openapiError, openapiSurface } from '../http/openapi-errors.js';
import type { PublishService } from '../publishing/publish/publish.service.js';

/** What a tool runs with: the replica's services and the authenticated caller of this HTTP request. */
export interface ToolContext {
  db: Db;
  now: () => Date;
  /** The operator configured a generation provider. */
  generationConfigured: boolean;
  publish: PublishService;
  caller: ApiCaller;
  /** The X-Request-Id of the HTTP request carrying the call (a publish records it on its batch). */
  requestId: string;
  log: FastifyBaseLogger;
}

export interface ToolOutput<O> {
  structured: O;
  text: string;
}

export interface Tool<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  permission?: Permission;
  /** Changes nothing (MCP readOnlyHint). */
  readOnly: boolean;
  /** Reaches outside Plume: a publish posts to platforms (MCP openWorldHint). */
  openWorld?: boolean;
  input: I;
  output: O;
  run(ctx: ToolContext, args: z.output<I>): Promise<ToolOutput<z.input<O>>>;
}

/** Keeps the input and output types of one tool together. */
export const defineTool = <I extends z.ZodObject, O extends z.ZodObject>(tool: Tool<I, O>): Tool<I, O> => tool;

/** A refusal with more to say than code and message (a preflight's problems). */
export class ToolRefusal extends ApiError {
  constructor(
    code: string,
    message: string,
    readonly details: Record<string, unknown>,
  ) {
    super(code, message, OPENAPI_STATUS[code as keyof typeof OPENAPI_STATUS] ?? 422);
  }
}

export const idempotencyKeyField = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'idempotencyKey is 1-255 printable ASCII characters')
  .optional()
  .describe('As the Idempotency-Key header of the Open API: a repeat with the same key and arguments within 24 h returns the first answer; other arguments are refused with idempotency_key_reused');

/**
 * The idempotency record of a tool call: its own logical path (mcp:<tool>),
 * so a key used on an HTTP route and on a tool never answers for the other,
 * and the canonical JSON of the arguments as the request body.
 */
export function toolIdempotency(ctx: ToolContext, tool: string, key: string | undefined, args: unknown): IdempotencyInput {
  return { userId: ctx.caller.userId, key, method: 'POST', path: `mcp:${tool}`, rawBody: Buffer.from(canonicalJson(args)), now: ctx.now() };
}

/**
 * The key a publish tool uses when the agent gave none: derived from the
 * tool and its arguments, so the same call repeated (an agent's retry after
 * a lost answer) returns the first batch instead of publishing twice.
 */
export function derivedKey(tool: string, args: unknown): string {
  return `mcp-${tool}-${createHash('sha256').update(canonicalJson(args)).digest('hex')}`;
}

/** The body of a stored answer; a stored refusal (a repeat of a refused request) is refused again. */
export function answerBody<T>(answer: StoredAnswer): T {
  if (answer.status >= 400) {
    const error = (answer.body as { error?: { code?: string; message?: string } } | undefined)?.error;
    throw new ApiError(error?.code ?? 'internal_error', error?.message ?? 'The first request with this key was refused', answer.status);
  }
  return answer.body as T;
}

/** Turns anything a tool throws into a tool error with the Open API's code; 5xx details are logged, never sent. */
function toolError(ctx: ToolContext, tool: string, error: unknown): CallToolResult {
  const e = toApiError(error, openapiSurface);
  if (e.code === openapiSurface.codes.unavailable) ctx.log.warn({ tool, code: e.code }, 'database unavailable');
  else if (e.status >= 500) ctx.log.error({ err: error, tool }, 'MCP tool failed');
  else ctx.log.info({ tool, code: e.code }, e.message);
  const retryAfter = e.headers['retry-after'];
  const envelope = {
    error: { code: e.code, message: e.message },
    ...(retryAfter ? { retry_after_seconds: Number(retryAfter) } : {}),
    ...(error instanceof ToolRefusal ? error.details : {}),
  };
  return {
    isError: true,
    content: [
      { type: 'text', text: `${e.code}: ${e.message}` },
      { type: 'text', text: JSON.stringify(envelope) },
    ],
  };
}

export async function callTool(tool: Tool, ctx: ToolContext, args: unknown): Promise<CallToolResult> {
  try {
    if (tool.permission && !ctx.caller.permissions.has(tool.permission)) {
      throw openapiError('permission_denied', `This API key lacks the '${tool.permission}' permission`);
    }
    const out = await tool.run(ctx, args as z.output<z.ZodObject>);
    return { content: [{ type: 'text', text: out.text }], structuredContent: out.structured as Record<string, unknown> };
  } catch (error) {
    return toolError(ctx, tool.name, error);
  }
}

/** Declares `tools` on `server`; a call runs `call` (callTool with the request's context). */
export function registerTools(server: McpServer, tools: readonly Tool[], call: (tool: Tool, args: unknown) => Promise<CallToolResult>): void {
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.permission ? `${tool.description} Needs the \`${tool.permission}\` permission.` : tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: { title: tool.title, readOnlyHint: tool.readOnly, destructiveHint: false, openWorldHint: tool.openWorld ?? false },
      },
      (args: unknown) => call(tool, args),
    );
  }
}

/**
 * /api/openapi/v1/mcp: the remote MCP server, Streamable HTTP on the official
 * SDK's web-standard transport. It is registered inside the Open API scope, so
 * a request is authenticated by its API key, counted against the per-minute
 * and daily limits, and refused in the Open API's envelope exactly like any
 * Open API request, before MCP sees it.
 *
 * Stateless (the SDK's mode without a session id generator): each POST gets
 * a fresh server and transport and is answered with JSON. Replicas share only
 * PostgreSQL; a session kept in one replica's memory would break whenever a
 * load balancer sent the next request elsewhere, and no tool needs one. GET
 * (a server-initiated event stream) and DELETE (ending a session) answer 405,
 * which Streamable HTTP clients take as "this server offers neither".
 *
 * No Host or Origin allow-list (the SDK's DNS-rebinding guard for servers on
 * localhost): every request needs the API key in its Authorization header,
 * which a browser never adds to a page's request by itself, as it would a
 * cookie.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf, type OpenApiDeps } from '../integrators/openapi-context.js';
import { IMPORT_BODY_LIMIT } from '../publishing/articles/articles.schemas.js';
import { PublishService } from '../publishing/publish/publish.service.js';
import { mcpServerFor } from './mcp-server.js';

/** An import_article call carries a whole article: the import endpoint's limit plus room for the JSON-RPC envelope. */
export const MCP_BODY_LIMIT = IMPORT_BODY_LIMIT + 64 * 1024;

/** Headers of the connection itself; the body was already read, so they describe nothing the transport gets. */
const CONNECTION_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade']);

/** The web Request the transport reads: method, URL and headers (the body is handed over parsed). */
function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || CONNECTION_HEADERS.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(new URL(request.url, `${request.protocol}://${request.host}`), { method: request.method, headers });
}

const NOT_ALLOWED = {
  jsonrpc: '2.0',
  error: { code: -32000, message: 'Method not allowed: this MCP server is stateless (no session to end, no server-initiated stream); send JSON-RPC messages with POST' },
  id: null,
} as const;

export function mcpRoutes(deps: OpenApiDeps) {
  const publish = new PublishService(deps.db, deps.handoff, deps.now);
  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/mcp', { bodyLimit: MCP_BODY_LIMIT, schema: { hide: true } }, async (request, reply) => {
      const server = mcpServerFor({
        db: deps.db,
        now: deps.now,
        generationConfigured: deps.generation !== null,
        publish,
        caller: callerOf(request),
        requestId: request.id,
        log: request.log,
      });
      const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
      await server.connect(transport);
      try {
        const response = await transport.handleRequest(webRequest(request), { parsedBody: request.body });
        void reply.code(response.status);
        response.headers.forEach((value, name) => void reply.header(name, value));
        const text = await response.text();
        return reply.send(text === '' ? undefined : text);
      } finally {
        await server.close();
      }
    });

    app.route({
      method: ['GET', 'DELETE'],
      url: '/mcp',
      schema: { hide: true },
      handler: async (_request, reply) => reply.code(405).header('allow', 'POST').send(NOT_ALLOWED),
    });
  };
}

/**
 * /api/openapi/v1: the integrator API. Every route here (but the document
 * itself) needs an API key; the key's user is rate limited per minute and per
 * day; a route names the permission it needs in `config.permission`. The
 * OpenAPI 3.1 document is generated from the same zod schemas that validate
 * requests, and covers exactly the routes registered in this scope (hidden
 * ones excepted).
 */
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { installErrorHandling } from '../http/errors.js';
import { useRawJsonParser } from '../http/raw-json.js';
import { type ApiCaller, authenticateApiKey, closeApiAuth, rateLimitHeaders } from '../integrators/auth.js';
import type { OpenApiDeps } from '../integrators/openapi-context.js';
import { DOCUMENT_DESCRIPTION, DOCUMENT_TAGS, documentObjectTransform, documentRouteTransform, SECURITY_SCHEME } from './openapi-document.js';
import { openapiError, openapiSurface } from '../http/openapi-errors.js';
import type { Permission } from '../integrators/integrators.schema.js';
import { meRoutes } from '../integrators/me.route.js';
import { articlesRoutes } from '../publishing/articles/articles.routes.js';
import { generationRoutes } from '../publishing/generation/generation.routes.js';
import { accountsRoutes } from '../accounts/accounts.route.js';
import { nodesRoutes } from '../nodes/nodes-list.route.js';
import { catalogRoutes } from '../publishing/catalog.routes.js';
import { settingsRoutes } from '../publishing/settings.route.js';
import { publishRoutes } from '../publishing/publish/publish.routes.js';
import { batchRoutes } from '../publishing/publish/batch.route.js';
import { scheduleRoutes } from '../publishing/schedule/schedule.routes.js';
import { challengeRoutes } from '../publishing/challenges/challenges.routes.js';
import { unavailableRoutes } from './unavailable.routes.js';
import { mcpRoutes } from '../mcp/mcp.route.js';

declare module 'fastify' {
  interface FastifyRequest {
    caller?: ApiCaller;
  }
  interface FastifyContextConfig {
    /** Permission an Open API v1 route requires. */
    permission?: Permission;
    /** Route answers without an API key (the document only). */
    public?: boolean;
  }
}

/** Imported articles are Markdown with inline image references; 2 MiB is generous. */
export const OPENAPI_BODY_LIMIT = 2 * 1024 * 1024;


export function openapiRoutes(deps: OpenApiDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    useRawJsonParser(app, OPENAPI_BODY_LIMIT);
    installErrorHandling(app, openapiSurface);

    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Plume Open API',
          version: '1.0.0',
          description: DOCUMENT_DESCRIPTION,
        },
        servers: [{ url: '/' }],
        tags: DOCUMENT_TAGS,
        components: {
          securitySchemes: {
            [SECURITY_SCHEME]: {
              type: 'http',
              scheme: 'bearer',
              description: 'Authorization: Bearer <API_KEY>. Keys (plm_…) are created in the system settings under API keys and shown once.',
            },
          },
        },
        security: [{ [SECURITY_SCHEME]: [] }],
      },
      transform: documentRouteTransform,
      transformObject: documentObjectTransform,
    });

    // Leased request tokens go back to the shared counters; the key cache stops listening.
    app.addHook('onClose', () => closeApiAuth(deps.db));
    // Callback style: a cached key within the replica's lease is answered without a promise.
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.config.public) return done();
      const admit = (caller: ApiCaller) => {
        request.caller = caller;
        reply.headers(rateLimitHeaders(caller));
        done();
      };
      let caller: ApiCaller | Promise<ApiCaller>;
      try {
        caller = authenticateApiKey(deps.db, request.headers.authorization, deps.now());
      } catch (error) {
        return done(error as Error);
      }
      if (caller instanceof Promise) caller.then(admit, done);
      else admit(caller);
    });
    // preValidation: a key without the permission learns nothing about the body's shape.
    // Callback style: an async hook costs a promise and a microtask turn on every request.
    app.addHook('preValidation', (request, _reply, done) => {
      const needed = request.routeOptions.config.permission;
      if (needed && !request.caller?.permissions.has(needed)) {
        done(openapiError('permission_denied', `This API key lacks the '${needed}' permission`));
        return;
      }
      done();
    });

    app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());

    await app.register(meRoutes(deps));
    await app.register(articlesRoutes(deps));
    await app.register(generationRoutes(deps));
    await app.register(accountsRoutes(deps));
    await app.register(nodesRoutes(deps));
    await app.register(catalogRoutes());
    await app.register(settingsRoutes(deps));
    await app.register(publishRoutes(deps));
    await app.register(batchRoutes(deps));
    await app.register(scheduleRoutes(deps));
    await app.register(challengeRoutes(deps));
    // The same services as MCP tools, for AI agents (hidden from the document: JSON-RPC, not REST).
    await app.register(mcpRoutes(deps));
    await app.register(unavailableRoutes());
  };
}

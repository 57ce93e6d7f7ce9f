/**
 * Paths that are not part of the Open API answer 404 with a code and a message
 * that says where that is done instead. Hidden from the document, which lists
 * only valid paths.
 */
import type { FastifyInstance } from 'fastify';
import { openapiError } from '../http/openapi-errors.js';

const IN_APPS = 'Account login, relogin, cookie refresh, binding, unbinding and deletion are done in the Plume web application or the Windows desktop application (account management), not through the Open API.';

const UNAVAILABLE: Array<{ method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; message: string }> = [
  { method: 'POST', url: '/accounts/:id/refresh', message: `Account refresh is not available through the Open API. ${IN_APPS}` },
  { method: 'DELETE', url: '/articles/:id', message: 'Articles cannot be deleted or updated through the Open API; re-import to get a new article_id.' },
  { method: 'PUT', url: '/articles/:id', message: 'Articles cannot be updated through the Open API; re-import (POST /articles) to get a new article_id.' },
  { method: 'PATCH', url: '/articles/:id', message: 'Articles cannot be updated through the Open API; re-import (POST /articles) to get a new article_id.' },
  { method: 'POST', url: '/images/upload', message: 'There is no image upload: reference images with Markdown image syntax inside the article content.' },
  { method: 'POST', url: '/accounts', message: IN_APPS },
  { method: 'DELETE', url: '/accounts/:id', message: IN_APPS },
  { method: 'POST', url: '/accounts/:id/login', message: IN_APPS },
  { method: 'POST', url: '/accounts/:id/relogin', message: IN_APPS },
  { method: 'POST', url: '/accounts/:id/bind', message: IN_APPS },
  { method: 'POST', url: '/accounts/:id/unbind', message: IN_APPS },
  { method: 'POST', url: '/accounts/:id/cookies', message: IN_APPS },
];

export function unavailableRoutes() {
  return async function register(app: FastifyInstance): Promise<void> {
    for (const route of UNAVAILABLE) {
      app.route({
        method: route.method,
        url: route.url,
        schema: { hide: true },
        handler: async () => {
          throw openapiError('endpoint_unavailable', route.message);
        },
      });
    }
  };
}

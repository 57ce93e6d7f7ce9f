/**
 * What the console's OpenAPI document (GET /api/console/openapi.json) says
 * beyond each route's zod schemas: the session cookie and the CSRF header on
 * the operations that need them, the roles that may call each, `X-Request-Id`
 * on every answer, one description per failure range naming its codes, no
 * body on 204, and no schema component that nothing refers to. The console's
 * typed client is generated from it. Documentation only.
 */
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { dropUnusedSchemas, OPERATION_METHODS } from '../http/openapi-components.js';
import type { ConsoleAccess } from './console-auth.js';
import { CONSOLE_ERROR_CODES, consoleErrorStatus } from './console.errors.js';

export const SESSION_SCHEME = 'consoleSession';
export const CSRF_SCHEME = 'csrfToken';

export const CONSOLE_DOCUMENT_DESCRIPTION = [
  'The API behind the Plume console\'s pages: logging in, sessions, invites, people, and an integrator\'s own API keys, webhook, publish history, accounts, articles and usage.',
  '',
  'A person logs in with email and password (POST /api/console/auth/login); the answer sets the `plume_console` cookie (HttpOnly, SameSite=Strict) and gives a `csrfToken`. Every POST, PUT, PATCH and DELETE made with the cookie carries that token as `X-CSRF-Token`. API keys and admin tokens are not accepted here.',
  '',
  'A person with two-factor login (TOTP) on gets no cookie from the password: the login answers 202 with a `pendingLogin` token, valid 5 minutes, which POST /api/console/auth/login/totp exchanges, with a code from their authenticator app or an unused recovery code, for the session.',
  '',
  'Every answer carries `X-Request-Id`. Failures answer `{ "error": { "code", "message" } }` (the ConsoleError schema); branch on `code`, show `message`.',
].join('\n');

export const CONSOLE_DOCUMENT_TAGS = [
  { name: 'auth', description: 'Logging in and out, the signed-in person, password, sessions, two-factor login (TOTP).' },
  { name: 'invites', description: 'Single-use invite links (7 days) through which a person sets their password.' },
  { name: 'people', description: 'The console\'s people (admins; viewers may read).' },
  { name: 'api-keys', description: 'The integrator\'s own Open API keys (role user).' },
  { name: 'webhook', description: 'The integrator\'s webhook: URL, secret, test delivery, delivery log (role user).' },
  { name: 'publishing', description: 'The integrator\'s publish history: batches, their jobs, per-account feedback and failure evidence (role user).' },
  { name: 'accounts', description: 'The integrator\'s platform accounts and CMS sites with their executor, node and login state (role user).' },
  { name: 'articles', description: 'The integrator\'s articles with their AI labels, and their generation tasks (role user).' },
  { name: 'usage', description: 'The integrator\'s publish quota per bucket and request limits (role user).' },
  { name: 'overview', description: 'The integrator\'s home page: their last 24 hours of jobs, nodes, accounts needing a person, webhook backlog and quota (role user).' },
];

const WHO: Record<ConsoleAccess, string> = {
  public: 'No session needed.',
  signedIn: 'Any signed-in person.',
  admin: 'Role admin only.',
  adminRead: 'Roles admin and viewer.',
  integrator: 'Role user only (an integrator); acts on their own data.',
};

const codesAt = (range: '4' | '5') =>
  CONSOLE_ERROR_CODES.filter((code) => String(consoleErrorStatus(code)).startsWith(range))
    .map((code) => `\`${code}\` (${consoleErrorStatus(code)})`)
    .join(', ');

const FAILURE_DESCRIPTIONS: Record<string, string> = {
  '4XX':
    'Refused: a malformed request (400), no live session, or a wrong password or code (401), a missing or wrong X-CSRF-Token or a role that may not (403), an unknown object (404), a conflict (409), a used or expired invite (410), a body too large (413) or not JSON (415), too many failed logins (429, with Retry-After). '
    + `Codes: ${codesAt('4')}.`,
  '5XX': `The control plane failed (the body hides the details; quote the X-Request-Id), or cannot serve for a moment (503, with Retry-After). Codes: ${codesAt('5')}.`,
};

const REQUEST_ID_HEADER = {
  description: 'Trace id of this request: yours when you sent a well-formed X-Request-Id (1 to 64 of A-Z a-z 0-9 . _ : -), else a new one.',
  schema: { type: 'string' },
};

const zodTransform = createJsonSchemaTransform({});
const zodTransformObject = createJsonSchemaTransformObject({});
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Per route: zod → JSON Schema, the credentials it needs, and who may call it. */
export const consoleRouteTransform: SwaggerTransform = (input) => {
  const out = zodTransform(input);
  const schema = out.schema as FastifySchema;
  const access: ConsoleAccess = input.route.config?.access ?? 'signedIn';
  const methods = ([] as string[]).concat(input.route.method);
  if (access === 'public') schema.security = [];
  else if (methods.every((m) => SAFE.has(m))) schema.security = [{ [SESSION_SCHEME]: [] }];
  else schema.security = [{ [SESSION_SCHEME]: [], [CSRF_SCHEME]: [] }];
  schema.description = [schema.description, WHO[access]].filter(Boolean).join(' ');
  return out;
};

type Json = Record<string, any>;

function documentOperation(op: Json): void {
  for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
    const failure = FAILURE_DESCRIPTIONS[status.toUpperCase()];
    if (failure) response.description = failure;
    else if (!response.description || response.description === 'Default Response') response.description = op.summary;
    // No Content: no body to describe.
    if (status === '204') delete response.content;
    response.headers = { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' }, ...(response.headers ?? {}) };
  }
}

export const consoleDocumentObjectTransform: SwaggerTransformObject = (input) => {
  const doc = zodTransformObject(input) as Json;
  for (const item of Object.values((doc.paths ?? {}) as Record<string, Json>)) {
    for (const method of OPERATION_METHODS) if (item[method]) documentOperation(item[method]);
  }
  doc.components = { ...doc.components, headers: { 'X-Request-Id': REQUEST_ID_HEADER } };
  return dropUnusedSchemas(doc);
};

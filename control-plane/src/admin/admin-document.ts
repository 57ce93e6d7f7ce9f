/**
 * What the admin OpenAPI document (GET /api/admin/openapi.json) says beyond
 * each route's zod schemas: its tags, the admin token on every operation,
 * `X-Request-Id` on every answer, one description per failure range naming
 * the codes it can carry, and no schema component that nothing refers to.
 * Documentation only: nothing here changes how a request is handled.
 */
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { dropUnusedSchemas, OPERATION_METHODS } from '../http/openapi-components.js';
import { ADMIN_ERROR_CODES, adminErrorStatus } from '../http/admin-errors.js';

export const ADMIN_SECURITY_SCHEME = 'adminToken';
/** The console's session cookie, accepted from admins (and from viewers on GET): admin.auth.ts. */
export const CONSOLE_SESSION_SCHEME = 'consoleSession';

export const ADMIN_DOCUMENT_DESCRIPTION = [
  'The Plume back office: license projects, codes, devices and logs; integrator users, plans, quotas, API keys, accounts, CMS sites and webhooks; execution nodes and their enrollment; publish jobs that need a person.',
  '',
  'Every route needs `Authorization: Bearer <admin token>`: PLUME_ADMIN_TOKEN, or a token from POST /api/admin/tokens. A `read` token may only GET. Every write is recorded in the audit log (GET /api/admin/audit-log) with the token that made it.',
  '',
  'The console\'s pages call these routes with the `plume_console` session cookie instead (no Authorization header): an admin\'s session may do everything, sending the session\'s `X-CSRF-Token` on every POST, PUT, PATCH and DELETE; a viewer\'s may only GET. The audit log names the person by email. Routes marked as needing an admin token refuse the cookie.',
  '',
  'Every answer carries `X-Request-Id`. Failures answer `{success:false, message, code}` (the AdminFailure schema); branch on `code`. Lists are paged with `page` and `pageSize` where they say so.',
].join('\n');

export const ADMIN_DOCUMENT_TAGS = [
  { name: 'projects', description: 'License projects: policy, offline signing keys.' },
  { name: 'codes', description: 'Activation codes: generation, listing, disabling.' },
  { name: 'devices', description: 'Enrolled license devices and their revocation.' },
  { name: 'sessions', description: 'License sessions of enrolled devices.' },
  { name: 'version-bans', description: 'Client versions refused in a project.' },
  { name: 'logs', description: 'Consumption logs and their CSV export.' },
  { name: 'stats', description: 'License statistics and consumption trend.' },
  { name: 'security-events', description: 'Signature failures, replays, bans, revocations and fingerprint drift.' },
  { name: 'tokens', description: 'Admin tokens and the audit log of every admin write.' },
  { name: 'users', description: 'Integrator users: plans (permissions, request limits, CMS), quota grants, disabling.' },
  { name: 'api-keys', description: "Integrators' Open API keys: created (shown once), listed, revoked." },
  { name: 'accounts', description: 'Platform accounts and CMS sites of integrator users, and their settings presets.' },
  { name: 'webhooks', description: "Integrators' webhook endpoints and the deliveries sent to them." },
  { name: 'nodes', description: 'Execution nodes with live state: enrollment tokens, drain, resume, revoke.' },
  { name: 'jobs', description: 'Publish jobs of every user, their failure evidence, and resolving the ones that need a person.' },
  { name: 'overview', description: "The home page: the last 24 hours of jobs by hour, outcome, platform and error code; nodes and slots; accounts needing a person; webhook backlog; quota use." },
  { name: 'pacing', description: "How fast accounts publish: each platform's default and each account's override (least gap, jitter, daily cap, quiet hours)." },
  { name: 'health', description: "Account health: each platform account's state (ok, watch, cooling, restricted) from its signals of trouble, admins' restrictions, and the rules." },
  { name: 'console', description: 'The console\'s people: invites made with an admin token (how the first admin gets in).' },
];

const codesAt = (range: '4' | '5') =>
  ADMIN_ERROR_CODES.filter((code) => String(adminErrorStatus(code)).startsWith(range))
    .map((code) => `\`${code}\` (${adminErrorStatus(code)})`)
    .join(', ');

const FAILURE_DESCRIPTIONS: Record<string, string> = {
  '4XX':
    'Refused: a malformed request (400), a missing, unknown or revoked admin token (401), a read-only token on a write (403), an unknown object (404), a state that forbids this (409), a body too large (413) or not JSON (415). '
    + `Codes: ${codesAt('4')}.`,
  '5XX': `The control plane failed; the body hides the details. Quote the X-Request-Id when reporting it. Codes: ${codesAt('5')}.`,
};

const REQUEST_ID_HEADER = {
  description: 'Trace id of this request: yours when you sent a well-formed X-Request-Id (1 to 64 of A-Z a-z 0-9 . _ : -), else a new one.',
  schema: { type: 'string' },
};

type Json = Record<string, any>;
const zodTransform = createJsonSchemaTransform({});
const zodTransformObject = createJsonSchemaTransformObject({});

/** Per route: zod → JSON Schema, and the credentials it takes (an admin token; the console cookie unless the route is token-only). */
export const adminRouteTransform: SwaggerTransform = (input) => {
  const out = zodTransform(input);
  const schema = out.schema as FastifySchema;
  schema.security = input.route.config?.adminTokenOnly ? [{ [ADMIN_SECURITY_SCHEME]: [] }] : [{ [ADMIN_SECURITY_SCHEME]: [] }, { [CONSOLE_SESSION_SCHEME]: [] }];
  return out;
};

function documentOperation(op: Json): void {
  op.security ??= [{ [ADMIN_SECURITY_SCHEME]: [] }];
  for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
    const failure = FAILURE_DESCRIPTIONS[status.toUpperCase()];
    if (failure) response.description = failure;
    else if (!response.description || response.description === 'Default Response') response.description = op.summary;
    response.headers = { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' }, ...(response.headers ?? {}) };
  }
}

/** The whole document: the request-id header component, per-operation security and descriptions, unused schemas dropped. */
export const adminDocumentObjectTransform: SwaggerTransformObject = (input) => {
  const doc = zodTransformObject(input) as Json;
  for (const item of Object.values((doc.paths ?? {}) as Record<string, Json>)) {
    for (const method of OPERATION_METHODS) if (item[method]) documentOperation(item[method]);
  }
  doc.components = { ...doc.components, headers: { 'X-Request-Id': REQUEST_ID_HEADER } };
  return dropUnusedSchemas(doc);
};

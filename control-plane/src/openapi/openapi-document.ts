/**
 * What the served OpenAPI document says beyond each route's zod schemas:
 * operation security, tags, the shared `Error` component, one description
 * per error status, and the response headers the routes send (request id,
 * rate limits, Retry-After, Location, idempotent replays). Documentation
 * only: nothing here changes how a request is handled. The document is built
 * once, on the first GET /openapi.json, and cached by @fastify/swagger.
 */
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { dropUnusedSchemas, OPERATION_METHODS } from '../http/openapi-components.js';
import { OPENAPI_STATUS } from '../http/openapi-errors.js';

declare module 'fastify' {
  interface FastifySchema {
    /** Document only: the success status whose answer carries a Location header, and what it points at. */
    'x-location'?: { status: 201 | 202; description: string };
  }
}

export const SECURITY_SCHEME = 'apiKey';

/**
 * The rules that hold across endpoints, served as the document's description:
 * what quota a job costs and when it comes back, and how to settle an
 * undetermined publish without publishing twice.
 */
export const DOCUMENT_DESCRIPTION = [
  'Content generation and publishing interface (v1). This document is the list of valid paths.',
  '',
  '**Quota.** A publish takes one unit per job from the bucket of the executor that runs it (`edge`, `desktop`, `web`, or `cms` for CMS sites), all or nothing. '
    + 'A job that ends `failed` gives its unit back, exactly once, in every bucket: `failed` means nothing was published (a job whose publish step may have run is `verifying` until a lookup on the platform settles it, and a lookup that finds nothing lets it run again or fail). '
    + 'The unit comes back in the same transaction that records the failure, so GET /me and the batch never disagree. Succeeded jobs keep their unit; so does a job in `needs_attention` until a person resolves it (resolved as failed, it gives its unit back).',
  '',
  '**Undetermined results.** When a publish answer never arrived, look the call up by its X-Request-Id with GET /publish/batches?requestId=… before retrying: a batch found means it was created (poll it); none means the call created nothing, so retry with the same Idempotency-Key, never a new one. '
    + 'Send your own X-Request-Id (1 to 64 of A-Z a-z 0-9 . _ : -) to know it without an answer.',
].join('\n');

export const DOCUMENT_TAGS = [
  { name: 'caller', description: 'The API key\'s user: permissions, quota buckets and request limits.' },
  { name: 'accounts', description: 'Read-only: the caller\'s platform accounts, CMS sites and execution nodes.' },
  { name: 'catalog', description: 'The platform catalog and the publish settings contract.' },
  { name: 'articles', description: 'Article import, generation, list and detail, with AI provenance.' },
  { name: 'publish', description: 'Preflight, publishing of articles, dynamics and videos, and batch results.' },
];

/** One lead per error status; the stable codes at that status come from the code→status table. */
const ERROR_LEADS: Record<string, string> = {
  '400': 'The request is malformed: invalid JSON, a body, query or path parameter that fails validation, text no field accepts (U+0000 or an unpaired UTF-16 surrogate anywhere, a malformed percent-escape in the URL), or a bad Idempotency-Key.',
  '401': 'No API key, or a malformed, unknown or revoked one.',
  '403': 'The key lacks a permission this needs, the user is disabled, the quota bucket is spent, or CMS publishing is not in the plan.',
  '404': 'Unknown id (or an id of another kind: task, article, account and batch ids are distinct).',
  '409': 'Conflict: an Idempotency-Key reused with other parameters or still in flight (then with Retry-After), a preflight hash or settings contract that no longer matches, or an account or executor not ready.',
  '413': 'The body is larger than this endpoint accepts.',
  '415': 'The body is not application/json.',
  '422':
    "Understood but refused: see the code (settings_executor_upgrade_required, node_adapters_unreported: update and restart the executor, then preflight again; platform_unsupported_by_node, content_type_unsupported_by_node: the account's node does not run that platform or content type, see capabilities.adapters in GET /execution-nodes).",
  '429': 'Per-minute rate limit or daily limit reached (shared by all keys of the user); wait for Retry-After.',
  '503': 'The service cannot reach its database for the moment (an outage or a restart); whether a write happened is not known. Retry the same request after Retry-After (a publish or import with the same Idempotency-Key: it is never done twice).',
};

function errorDescription(status: string): string {
  const codes = Object.entries(OPENAPI_STATUS)
    .filter(([, s]) => String(s) === status)
    .map(([code]) => `\`${code}\``);
  return `${ERROR_LEADS[status] ?? 'Refused.'} Codes: ${codes.join(', ')}.`;
}

const stringHeader = (description: string) => ({ description, schema: { type: 'string' } });
const integerHeader = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });

/** Response headers as components, referenced from every response that can carry them. */
const HEADERS = {
  'X-Request-Id': stringHeader(
    'Trace id of this request: yours when you sent a well-formed X-Request-Id (1 to 64 of A-Z a-z 0-9 . _ : -), else a new one. When a publish result is undetermined, look it up with GET /publish/batches?requestId=… before retrying; do not resend with a new Idempotency-Key.',
  ),
  'RateLimit-Limit': integerHeader('Requests allowed per minute, for all keys of the user together.'),
  'RateLimit-Remaining': integerHeader('Requests left in the current minute.'),
  'RateLimit-Reset': integerHeader('Seconds until the per-minute window resets.'),
  'X-DailyLimit': integerHeader('Requests allowed per UTC day, for all keys of the user together.'),
  'X-DailyRemaining': integerHeader('Requests left today (UTC).'),
  'Retry-After': integerHeader('Seconds to wait before retrying.'),
  'Idempotent-Replayed': {
    description: 'Present (`true`) when this is the stored answer to an earlier request with the same Idempotency-Key, not a new execution.',
    schema: { type: 'string', enum: ['true'] },
  },
} as const;
type HeaderName = keyof typeof HEADERS;

const RATE_LIMIT_HEADERS: HeaderName[] = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'X-DailyLimit', 'X-DailyRemaining'];

const zodTransform = createJsonSchemaTransform({});
const zodTransformObject = createJsonSchemaTransformObject({});

/** Per route: zod → JSON Schema, plus the key requirement (every documented route needs one). */
export const documentRouteTransform: SwaggerTransform = (input) => {
  const out = zodTransform(input);
  const schema = out.schema as FastifySchema;
  if (!schema.hide && !input.route.config?.public) schema.security = [{ [SECURITY_SCHEME]: [] }];
  return out;
};

type Json = Record<string, any>;

const headerRef = (name: HeaderName) => ({ $ref: `#/components/headers/${name}` });

function documentOperation(op: Json): void {
  const keyed = Array.isArray(op.security) && op.security.length > 0;
  const location = op['x-location'] as { status: number; description: string } | undefined;
  delete op['x-location'];
  let idempotent = false;
  for (const p of (op.parameters ?? []) as Json[]) {
    if (p.in === 'header' && String(p.name).toLowerCase() === 'idempotency-key') {
      p.name = 'Idempotency-Key';
      idempotent = true;
    }
  }
  for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
    const isError = /^[45]/.test(status);
    if (isError) response.description = errorDescription(status);
    const headers: Json = { 'X-Request-Id': headerRef('X-Request-Id') };
    // A 401 comes before the key is known, so no limit applies to it yet; a 503 may come before the limits could be read.
    if (keyed && status !== '401' && status !== '503') for (const h of RATE_LIMIT_HEADERS) headers[h] = headerRef(h);
    if (status === '429' || status === '409' || status === '503') headers['Retry-After'] = headerRef('Retry-After');
    if (location && String(location.status) === status) headers.Location = { description: location.description, schema: { type: 'string', format: 'uri-reference' } };
    // Stored answers are replayed: the success and the definite refusals (not 401/409/429/503, which are not stored).
    if (idempotent && !['401', '409', '429', '503'].includes(status)) headers['Idempotent-Replayed'] = headerRef('Idempotent-Replayed');
    response.headers = { ...headers, ...(response.headers ?? {}) };
  }
}

/** The whole document: header components, per-operation headers and error descriptions; unused schema components dropped. */
export const documentObjectTransform: SwaggerTransformObject = (input) => {
  const doc = zodTransformObject(input) as Json;
  for (const item of Object.values((doc.paths ?? {}) as Record<string, Json>)) {
    for (const method of OPERATION_METHODS) if (item[method]) documentOperation(item[method]);
  }
  doc.components = { ...doc.components, headers: HEADERS };
  return dropUnusedSchemas(doc);
};

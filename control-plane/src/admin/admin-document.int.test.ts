/**
 * The admin OpenAPI document (GET /api/admin/openapi.json) lists every route
 * registered under /api/admin — proven by walking Fastify's router, not by a
 * list kept by hand — with its parameters, body, answers and the admin
 * failure body, and lints clean with @redocly/cli under redocly-admin.yaml.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.js';
import { adminClient } from '../testing/admin-client.js';
import { redoclyLint } from '../testing/redocly.js';
import { ADMIN_ERROR_CODES } from '../http/admin-errors.js';
import { adminRoutes } from './admin.routes.js';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
/** The document itself is the one admin route it does not list. */
const NOT_DOCUMENTED = ['GET /api/admin/openapi.json'];

/**
 * Every `METHOD /path` the app serves, read from Fastify's route tree
 * (printRoutes draws one node per line, four columns per level; a node's path
 * continues its parent's). HEAD routes Fastify adds for each GET are left out.
 */
function registeredRoutes(app: FastifyInstance): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack.length = depth;
    stack[depth] = path;
    for (const method of m[3]?.split(', ') ?? []) if (method !== 'HEAD') found.push(`${method} ${path}`);
  }
  return found;
}

/** The registered /api/admin routes the document does not list, as `METHOD /path/{param}`. */
function undocumented(app: FastifyInstance, doc: Json): string[] {
  return registeredRoutes(app)
    .filter((r) => r.split(' ')[1]!.startsWith('/api/admin/') && !NOT_DOCUMENTED.includes(r))
    .map((r) => r.replace(/:(\w+)/g, '{$1}'))
    .filter((r) => {
      const [method, path] = r.split(' ') as [string, string];
      return !doc.paths[path]?.[method.toLowerCase()];
    });
}

let t: TestApp;
let doc: Json;
const operations: Array<{ name: string; path: string; op: Json }> = [];

beforeAll(async () => {
  t = await createTestApp();
  const res = await adminClient(t).get('/api/admin/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const method of METHODS) if (item[method]) operations.push({ name: `${method.toUpperCase()} ${path}`, path, op: item[method] });
  }
});
afterAll(async () => t?.close());

describe('every admin route is documented', () => {
  it('the route walk reads the router: it finds the routes the app serves', () => {
    const routes = registeredRoutes(t.app);
    for (const route of ['GET /healthz', 'POST /api/admin/projects', 'GET /api/admin/projects/:projectKey', 'POST /api/admin/jobs/:jobId/resolve', 'GET /api/admin/nodes/:nodeId']) {
      expect(routes).toContain(route);
    }
    for (const route of routes) {
      const [method, url] = route.split(' ') as ['GET', string];
      expect(t.app.hasRoute({ method, url }), route).toBe(true);
    }
  });

  it('lists every registered /api/admin route, and nothing the app does not serve', () => {
    const admin = registeredRoutes(t.app).filter((r) => r.split(' ')[1]!.startsWith('/api/admin/'));
    // Licenses, integrators, accounts, webhooks, nodes, enrollment tokens, jobs.
    expect(admin.length).toBeGreaterThanOrEqual(50);
    expect(undocumented(t.app, doc)).toEqual([]);
    for (const { name, path } of operations) {
      const [method] = name.split(' ') as ['GET'];
      expect(path.startsWith('/api/admin/'), name).toBe(true);
      expect(t.app.hasRoute({ method, url: path.replace(/\{(\w+)\}/g, ':$1') }), name).toBe(true);
    }
    expect(doc.paths['/api/admin/openapi.json']).toBeUndefined();
  });

  it('the walk catches an admin route registered outside the admin scope', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(adminRoutes({ db: t.db.database.db, bootstrapToken: 'walk-test-token-0123456789abcdef' }), { prefix: '/api/admin' });
    await app.register(
      async (sibling) => {
        sibling.get('/stray/:thingId', async () => ({ success: true }));
      },
      { prefix: '/api/admin' },
    );
    await app.ready();
    try {
      const own = (await app.inject({ url: '/api/admin/openapi.json', headers: { authorization: 'Bearer walk-test-token-0123456789abcdef' } })).json();
      expect(undocumented(app, own)).toEqual(['GET /api/admin/stray/{thingId}']);
    } finally {
      await app.close();
    }
  });
});

describe('lint', () => {
  it('@redocly/cli lint (redocly-admin.yaml: recommended and stricter) reports zero errors and zero warnings', async () => {
    const report = await redoclyLint(doc, 'redocly-admin.yaml');
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);
});

describe('completeness', () => {
  it('every operation has a unique operationId, a summary, defined tags, and takes an admin token or (but for token-only routes) the console cookie', () => {
    const tags = new Set((doc.tags as Array<{ name: string; description: string }>).map((tag) => tag.name));
    const ids = new Set<string>();
    expect(doc.components.securitySchemes.adminToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.consoleSession).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'plume_console' });
    const tokenOnly = ['POST /api/admin/console-invites'];
    for (const { name, op } of operations) {
      expect(op.operationId, name).toMatch(/^[a-z][A-Za-z]+$/);
      ids.add(op.operationId);
      expect(op.summary, name).toBeTruthy();
      expect(op.tags?.length, name).toBeGreaterThan(0);
      for (const tag of op.tags) expect(tags.has(tag), `${name} tag ${tag}`).toBe(true);
      expect(op.security, name).toEqual(tokenOnly.includes(name) ? [{ adminToken: [] }] : [{ adminToken: [] }, { consoleSession: [] }]);
    }
    expect(ids.size).toBe(operations.length);
  });

  it('every path parameter is declared and described', () => {
    for (const { name, path, op } of operations) {
      const declared = (op.parameters ?? []).filter((p: Json) => p.in === 'path');
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(declared.map((p: Json) => p.name).sort(), name).toEqual(inPath.sort());
      for (const p of op.parameters ?? []) expect(p.description, `${name} ${p.name}`).toBeTruthy();
    }
  });

  it('every operation answers one described success, and 4XX and 5XX with the AdminFailure body, each with X-Request-Id', () => {
    expect(doc.components.schemas.AdminFailure).toMatchObject({ type: 'object', required: ['success', 'message', 'code'] });
    const codeText = doc.components.schemas.AdminFailure.properties.code.description as string;
    for (const code of ADMIN_ERROR_CODES) expect(codeText).toContain(code);
    for (const { name, op } of operations) {
      const statuses = Object.keys(op.responses);
      expect(statuses.filter((s) => s.startsWith('2')), name).toHaveLength(1);
      expect(statuses, name).toEqual(expect.arrayContaining(['4XX', '5XX']));
      for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
        expect(response.description, `${name} ${status}`).toBeTruthy();
        expect(response.description, `${name} ${status}`).not.toBe('Default Response');
        expect(response.headers?.['X-Request-Id'], `${name} ${status}`).toEqual({ $ref: '#/components/headers/X-Request-Id' });
        const content = response.content as Json;
        if (status.startsWith('2')) expect(Object.keys(content), name).toHaveLength(1);
        else expect(content['application/json'].schema, `${name} ${status}`).toEqual({ $ref: '#/components/schemas/AdminFailure' });
      }
    }
  });

  it('documents bodies and answers from the routes\' own schemas', () => {
    const createUser = doc.paths['/api/admin/users'].post;
    expect(createUser.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['name', 'plan']));
    expect(createUser.responses['201'].content['application/json'].schema.properties.user.properties.quotas.required).toEqual(['web', 'desktop', 'edge', 'cms']);
    const cms = doc.paths['/api/admin/users/{userId}/cms-sites'].post.requestBody.content['application/json'].schema;
    expect(cms.properties.type.enum).toEqual(['wordpress', 'metaweblog']);
    const node = doc.paths['/api/admin/nodes/{nodeId}'].get.responses['200'].content['application/json'].schema.properties.node;
    expect(Object.keys(node.properties.capabilities.properties)).toEqual(expect.arrayContaining(['adapters', 'siteChecks', 'publishSettingsSnapshot']));
    expect(node.properties.jobsInFlight.type).toBe('integer');
    const tokens = doc.paths['/api/admin/nodes/enrollment-tokens'];
    expect(tokens.get.parameters.map((p: Json) => p.name)).toEqual(expect.arrayContaining(['state', 'page', 'pageSize']));
    expect(tokens.post.responses['201'].content['application/json'].schema.required).toEqual(expect.arrayContaining(['token', 'expiresAt']));
    expect(JSON.stringify(doc.paths['/api/admin/jobs/{jobId}/resolve'].post.requestBody)).toContain('requeued');
    const deliveries = doc.paths['/api/admin/webhook-deliveries'].get.parameters.map((p: Json) => p.name);
    expect(deliveries).toEqual(expect.arrayContaining(['userId', 'status', 'page', 'pageSize']));
  });
});

/**
 * The served Open API v1 document (GET /api/openapi/v1/openapi.json) is the
 * list of valid paths. It
 * must name exactly the valid operations, lint clean with @redocly/cli under
 * redocly.yaml (zero errors, zero warnings), be complete: ids, summaries,
 * tags, security, described responses with the shared Error schema, and the
 * headers the routes really send; and allow no path id (here or in the admin
 * document) longer than the router accepts.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PARAM_LENGTH, MAX_PATH_PARAM_CHARS } from '../control-plane/src/http/limits.js';
import { createTestApp, type TestApp } from '../control-plane/src/testing/app.js';
import { createUser, v1 } from '../control-plane/src/testing/openapi.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const REDOCLY = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
const PREFIX = '/api/openapi/v1';

/** The documented endpoints plus the article list and detail; nothing else. */
const EXPECTED_OPERATIONS = [
  'GET /me',
  'GET /accounts',
  'GET /execution-nodes',
  'GET /meta',
  'GET /video/meta',
  'GET /publish/settings',
  'POST /publish/preflight',
  'POST /publish',
  'POST /publish/dynamic',
  'POST /publish/video',
  'GET /publish/{batch_id}',
  'GET /publish/batches',
  'POST /publish/{batch_id}/cancel',
  'POST /publish/{batch_id}/reschedule',
  'POST /publish/{batch_id}/jobs/{job_id}/cancel',
  'POST /publish/{batch_id}/jobs/{job_id}/input',
  'GET /publish/{batch_id}/jobs/{job_id}/challenge/screenshot',
  'POST /publish/{batch_id}/jobs/{job_id}/reschedule',
  'POST /articles/generate',
  'GET /articles/generate/{task_id}',
  'POST /articles',
  'GET /articles',
  'GET /articles/{article_id}',
];
const IDEMPOTENT = ['POST /publish', 'POST /publish/dynamic', 'POST /publish/video', 'POST /articles', 'POST /articles/generate'];
const LOCATION = { 'POST /publish/dynamic': '202', 'POST /articles/generate': '202', 'POST /articles': '201' } as Record<string, string>;
const RATE_LIMIT_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'X-DailyLimit', 'X-DailyRemaining'];
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

type Json = Record<string, any>;
let t: TestApp;
let doc: Json;
const operations: Array<{ name: string; op: Json }> = [];

beforeAll(async () => {
  t = await createTestApp();
  const res = await v1(t.app, null, 'GET', '/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const method of METHODS) if (item[method]) operations.push({ name: `${method.toUpperCase()} ${path.slice(PREFIX.length)}`, op: item[method] });
  }
});
afterAll(async () => t?.close());

describe('paths', () => {
  it('lists exactly the valid operations, all under /api/openapi/v1', () => {
    expect(Object.keys(doc.paths).every((p) => p.startsWith(`${PREFIX}/`))).toBe(true);
    expect(operations.map((o) => o.name).sort()).toEqual([...EXPECTED_OPERATIONS].sort());
  });

  it('every listed operation is a route the app serves', () => {
    for (const name of EXPECTED_OPERATIONS) {
      const [method, path] = name.split(' ') as [string, string];
      const url = `${PREFIX}${path.replace(/\{(\w+)\}/g, ':$1')}`;
      expect(t.app.hasRoute({ method: method as 'GET', url }), name).toBe(true);
    }
  });

  it('the explicitly unavailable paths answer 404 endpoint_unavailable and are not listed', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    for (const [method, path] of [
      ['POST', '/accounts/1/refresh'],
      ['DELETE', '/articles/art_x'],
      ['POST', '/images/upload'],
    ] as const) {
      expect(await v1(t.app, user, method, path), `${method} ${path}`).toMatchObject({ status: 404, body: { error: { code: 'endpoint_unavailable' } } });
    }
    const listed = Object.keys(doc.paths).join('\n');
    expect(listed).not.toMatch(/refresh|images|openapi\.json/);
    expect(doc.paths[`${PREFIX}/articles/{article_id}`].delete).toBeUndefined();
  });
});

describe('lint', () => {
  it('@redocly/cli lint (redocly.yaml: recommended and stricter) reports zero errors and zero warnings', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plume-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc, null, 2));
      const run = await promisify(execFile)(process.execPath, [REDOCLY, 'lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format=json'], {
        cwd: dir,
        // No network here: no telemetry, no update check.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        maxBuffer: 64 * 1024 * 1024,
      }).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }));
      let report: { totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }> };
      try {
        report = JSON.parse(run.stdout);
      } catch {
        throw new Error(`redocly printed no JSON report:\n${run.stdout}\n${run.stderr}`);
      }
      const problems = report.problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('completeness', () => {
  it('every operation has an operationId, summary, description, defined tags and the API-key security', () => {
    const tags = new Set((doc.tags as Array<{ name: string }>).map((tag) => tag.name));
    const ids = new Set<string>();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const { name, op } of operations) {
      expect(op.operationId, name).toMatch(/^[a-z][A-Za-z]+$/);
      ids.add(op.operationId);
      expect(op.summary, name).toBeTruthy();
      expect(op.description, name).toBeTruthy();
      expect(op.tags?.length, name).toBeGreaterThan(0);
      for (const tag of op.tags) expect(tags.has(tag), `${name} tag ${tag}`).toBe(true);
      expect(op.security, name).toEqual([{ apiKey: [] }]);
    }
    expect(ids.size).toBe(operations.length);
  });

  it('every response is described, with a JSON schema; every 4xx and 5xx is the shared Error component', () => {
    expect(doc.components.schemas.Error).toMatchObject({
      type: 'object',
      required: ['error'],
      properties: { error: { required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } } },
    });
    for (const { name, op } of operations) {
      const statuses = Object.keys(op.responses);
      expect(statuses.filter((s) => s.startsWith('2')), name).toHaveLength(1);
      // Every keyed route can be refused for the key, the user and the limits, and while the database is unreachable.
      for (const s of ['401', '403', '429', '503']) expect(statuses, name).toContain(s);
      for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
        expect(response.description, `${name} ${status}`).toBeTruthy();
        expect(response.description, `${name} ${status}`).not.toBe('Default Response');
        const schema = response.content?.['application/json']?.schema;
        expect(schema, `${name} ${status}`).toBeTruthy();
        if (/^[45]/.test(status)) expect(schema, `${name} ${status}`).toEqual({ $ref: '#/components/schemas/Error' });
        else expect(schema.type, `${name} ${status}`).toBe('object');
      }
    }
  });

  it('documents the headers the routes send: request id, limits, Retry-After, Location, idempotent replays', () => {
    for (const h of ['X-Request-Id', ...RATE_LIMIT_HEADERS, 'Retry-After', 'Idempotent-Replayed']) {
      expect(doc.components.headers[h], h).toMatchObject({ description: expect.any(String), schema: expect.any(Object) });
    }
    for (const { name, op } of operations) {
      for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
        const headers = Object.keys(response.headers ?? {});
        const at = `${name} ${status}`;
        expect(headers, at).toContain('X-Request-Id');
        if (status !== '401' && status !== '503') for (const h of RATE_LIMIT_HEADERS) expect(headers, at).toContain(h);
        if (['409', '429', '503'].includes(status)) expect(headers, at).toContain('Retry-After');
        expect(headers.includes('Location'), at).toBe(LOCATION[name] === status);
        if (status.startsWith('2')) expect(headers.includes('Idempotent-Replayed'), at).toBe(IDEMPOTENT.includes(name));
      }
    }
  });

  it('the POST endpoints that honor Idempotency-Key declare the header, and no other does', () => {
    for (const { name, op } of operations) {
      const param = (op.parameters ?? []).find((p: Json) => p.in === 'header' && p.name === 'Idempotency-Key');
      expect(Boolean(param), name).toBe(IDEMPOTENT.includes(name));
      if (param) expect(param).toMatchObject({ required: false, schema: { type: 'string' }, description: expect.stringContaining('24 h') });
    }
  });
});

describe('path parameters', () => {
  /** Every path parameter of a document's operations, with its schema ($refs resolved). */
  function pathParameters(document: Json): Array<{ at: string; name: string; schema: Json }> {
    const resolve = (node: Json): Json => (node?.$ref ? resolve(node.$ref.slice(2).split('/').reduce((n: Json, k: string) => n[k], document)) : node);
    const out: Array<{ at: string; name: string; schema: Json }> = [];
    for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
      for (const method of METHODS) {
        for (const raw of [...(item.parameters ?? []), ...(item[method]?.parameters ?? [])] as Json[]) {
          const param = resolve(raw);
          if (item[method] && param.in === 'path') out.push({ at: `${method.toUpperCase()} ${path}`, name: param.name, schema: resolve(param.schema ?? {}) });
        }
      }
    }
    return out;
  }

  it('every string path parameter, here and in the admin document, has a maxLength whose longest encoding the router accepts', async () => {
    const admin = await t.app.inject({ method: 'GET', url: '/api/admin/openapi.json', headers: t.adminHeaders });
    expect(admin.statusCode).toBe(200);
    const params = [...pathParameters(doc), ...pathParameters(admin.json())];
    // Both documents have ids in their paths (batch, task, article; project, device, version, token, job).
    expect(params.length).toBeGreaterThanOrEqual(8);
    // An enum is bounded by its longest value; every other string needs a maxLength.
    for (const { at, name, schema } of params.filter((p) => p.schema.enum)) {
      const longest = Math.max(...(schema.enum as string[]).map((v) => String(v).length));
      expect(longest * 12, `${at} {${name}}`).toBeLessThanOrEqual(MAX_PARAM_LENGTH);
    }
    const strings = params.filter((p) => !p.schema.enum && (p.schema.type === 'string' || p.schema.type === undefined));
    expect(strings.map((p) => p.name)).toEqual(expect.arrayContaining(['batch_id', 'task_id', 'article_id', 'projectKey', 'appVersion', 'jobId']));
    for (const { at, name, schema } of strings) {
      expect(schema.maxLength, `${at} {${name}}`).toEqual(expect.any(Number));
      expect(schema.maxLength, `${at} {${name}}`).toBeLessThanOrEqual(MAX_PARAM_LENGTH);
      // Percent-encoded, one character is at most 12 (four UTF-8 bytes as %XX).
      expect(schema.maxLength * 12, `${at} {${name}}`).toBeLessThanOrEqual(MAX_PARAM_LENGTH);
    }
    expect(MAX_PATH_PARAM_CHARS * 12).toBeLessThanOrEqual(MAX_PARAM_LENGTH);
  });

  it('an id of the longest documented length in the widest characters reaches its route; a longer segment is refused in the envelope', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    for (const { at, name, schema } of pathParameters(doc)) {
      const [method, full] = at.split(' ') as ['GET' | 'POST', string];
      // Three-byte characters: each is 9 percent-encoded characters. Any other parameter of the path: a plain word.
      const widest = '潮'.repeat(schema.maxLength);
      const path = full.slice(PREFIX.length).replace(`{${name}}`, encodeURIComponent(widest)).replace(/\{[a-z_]+\}/g, 'x');
      // A body the operation accepts, where it takes one (a move of a schedule: a time an hour ahead; an answer: an SMS code).
      const body = !doc.paths[full][method.toLowerCase()].requestBody
        ? undefined
        : full.endsWith('/input')
          ? { type: 'sms', code: '123456' }
          : { publishAt: new Date(Date.now() + 3_600_000).toISOString() };
      const reached = await v1(t.app, user, method, path, body);
      expect(reached.status, at).toBe(404);
      expect(reached.body.error.code, at).not.toBe('not_found');
    }
    const tooLong = await v1(t.app, user, 'GET', `/publish/${'a'.repeat(MAX_PARAM_LENGTH + 1)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ error: { code: 'invalid_request', message: expect.stringContaining(`${MAX_PARAM_LENGTH} characters`) } });
    expect(tooLong.headers['x-request-id']).toBeTruthy();
    const justFits = await v1(t.app, user, 'GET', `/publish/${'a'.repeat(MAX_PARAM_LENGTH)}`);
    expect(justFits.body.error.code).toBe('invalid_request');
    expect(justFits.body.error.message).toMatch(/params\.batch_id/);
  });
});

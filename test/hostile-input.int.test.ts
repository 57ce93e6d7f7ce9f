/**
 * Hostile input on every surface: the Open API v1, license v2, the admin API,
 * the node API and the routes outside them (health, metrics, unknown paths).
 *
 * - A NUL (U+0000) or an unpaired surrogate in any position a request has —
 *   path id, query, JSON string value, nested settings, object key — answers
 *   400 with the surface's validation code, in its envelope, with
 *   X-Request-Id, and writes nothing: every table is checksummed before and
 *   after each case (only the bookkeeping that records any request differs:
 *   rate counters, last-use times, and the admin audit log, which records
 *   each refused admin write with its 4xx status).
 * - What the router and Node's HTTP parser refuse (a malformed
 *   percent-escape, an overlong path segment, a NUL in a header, a request
 *   line that is not HTTP) and the framework's refusals (unsupported content
 *   type, body too large, invalid JSON, unknown path, wrong method) answer in
 *   the envelope of the surface the URL belongs to, with X-Request-Id; the
 *   wire cases are sent over a real socket.
 */
import { sql } from 'drizzle-orm';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rows } from '../control-plane/src/db/client.js';
import { MAX_PARAM_LENGTH } from '../control-plane/src/http/limits.js';
import { createTestApp, type TestApp } from '../control-plane/src/testing/app.js';
import { v1 } from '../control-plane/src/testing/openapi.js';
import { publishWorld } from '../control-plane/src/testing/publish.js';

type Surface = 'openapi' | 'license' | 'admin' | 'nodes' | 'root' | 'metrics';

/** Each surface's envelope and its codes for the generic refusals. */
const nested = z.strictObject({ error: z.strictObject({ code: z.string(), message: z.string().min(1) }) });
const flat = z.strictObject({ success: z.literal(false), message: z.string().min(1), code: z.string() });
const LOWER = { invalid: 'invalid_request', json: 'invalid_json', media: 'unsupported_media_type', large: 'payload_too_large', missing: 'not_found' };
const UPPER = { invalid: 'INVALID_REQUEST', json: 'INVALID_JSON', media: 'UNSUPPORTED_MEDIA_TYPE', large: 'PAYLOAD_TOO_LARGE', missing: 'NOT_FOUND' };
type Refusal = keyof typeof LOWER;
const errorStyle = { envelope: nested, code: (b: any) => b.error.code as string, codes: LOWER };
const successStyle = { envelope: flat, code: (b: any) => b.code as string, codes: UPPER };
const SURFACES: Record<Surface, typeof errorStyle | typeof successStyle> = {
  openapi: errorStyle,
  nodes: errorStyle,
  root: errorStyle,
  license: successStyle,
  admin: successStyle,
  // GET /metrics takes an admin token and answers like the admin API.
  metrics: successStyle,
};

let t: TestApp;
let w: Awaited<ReturnType<typeof publishWorld>>;
let port: number;
let batch: string;
let task: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await publishWorld(t);
  batch = (await v1(t.app, w.user, 'POST', '/publish', { articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu] })).body.batch_id;
  task = (await v1(t.app, w.user, 'POST', '/articles/generate', { customTopic: 'Tide pools' })).body.task_id;
  expect(batch).toMatch(/^bat_/);
  expect(task).toMatch(/^gen_/);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t?.close());

// ------------------------------------------------------------------ nothing stored

/** Bookkeeping that any request may touch, refused or not. */
const BOOKKEEPING = new Set(['rate_counters', 'api_keys', 'admin_tokens', 'admin_audit_log']);

/** A checksum of every row of every other table, and the admin writes audited as successes. */
async function persisted(): Promise<Record<string, string>> {
  const tables = await rows<{ schema: string; name: string }>(
    t.db.database.db,
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`,
  );
  const checked = tables.filter((x) => !BOOKKEEPING.has(x.name));
  expect(checked.map((x) => x.name)).toEqual(expect.arrayContaining(['articles', 'generation_tasks', 'publish_batches', 'publish_jobs', 'idempotency_keys', 'projects', 'activation_codes', 'devices', 'license_sessions', 'users', 'version_bans']));
  const parts = checked.map((x) => `select '${x.schema}.${x.name}' as name, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as sum from "${x.schema}"."${x.name}" r`);
  parts.push(`select 'audited successes' as name, count(*)::text as sum from admin_audit_log where status_code < 400`);
  const sums = await rows<{ name: string; sum: string }>(t.db.database.db, sql.raw(parts.join(' union all ')));
  return Object.fromEntries(sums.map((s) => [s.name, s.sum]));
}

let before: Record<string, string> | null = null;
async function snapshot() {
  before = await persisted();
}
afterEach(async () => {
  if (before) expect(await persisted()).toEqual(before);
  before = null;
});

// ------------------------------------------------------------------ requests

interface Sent {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: any;
}

async function inject(method: string, url: string, headers: Record<string, string> = {}, payload?: string): Promise<Sent> {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...headers, ...(payload !== undefined && !headers['content-type'] ? { 'content-type': 'application/json' } : {}) },
    ...(payload !== undefined ? { payload } : {}),
  });
  let body: unknown;
  try {
    body = res.json();
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, headers: res.headers, body };
}

/** Raw bytes over a real socket: what Node's HTTP parser sees. */
function overTheWire(request: string): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(Buffer.from(request, 'latin1')));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(':');
        headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
      }
      let body: unknown = rest.join('\r\n\r\n');
      try {
        body = JSON.parse(body as string);
      } catch {
        /* not JSON: the assertion on the envelope says so */
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

function expectRefusal(res: Sent, surface: Surface, status: number, code: string, message?: RegExp): void {
  const shown = JSON.stringify(res.body);
  expect(res.status, shown).toBe(status);
  expect(res.headers['x-request-id'], shown).toMatch(/^req_[A-Za-z0-9_-]{16}$/);
  const parsed = SURFACES[surface].envelope.safeParse(res.body);
  expect(parsed.success, `${surface} envelope: ${shown}`).toBe(true);
  expect(SURFACES[surface].code(res.body), shown).toBe(code);
  if (message) expect(shown).toMatch(message);
}

// ------------------------------------------------------------------ the table

const NUL = '\u0000';
const LONE = '\ud800';
/** What the refusal says for each kind of bad text. */
const SAYS = { [NUL]: /U\+0000 \(NUL\)/, [LONE]: /unpaired UTF-16 surrogate/ } as Record<string, RegExp>;

/** A copy of `body` with `bad` put at `path` (dots; `[key]` adds a key holding `bad` itself; arrays by index). */
function poison(body: Record<string, unknown>, path: string, bad: string): string {
  const copy = structuredClone(body) as Record<string, any>;
  const keys = path.split('.');
  let node = copy;
  for (const [i, key] of keys.slice(0, -1).entries()) node = node[key] ??= /^\d+$/.test(keys[i + 1]!) ? [] : {};
  const last = keys.at(-1)!;
  if (last.startsWith('[')) node[`k${bad}`] = 'v';
  else if (typeof node[last] === 'string') node[last] = `${node[last].slice(0, 1)}${bad}${node[last].slice(1)}`;
  else node[last] = `x${bad}`;
  // JSON.stringify writes both as \u escapes: the only way such text arrives in valid JSON.
  return JSON.stringify(copy);
}

interface BodyRoute {
  surface: Surface;
  /** For the test name: the URL is only known once the fixtures exist. */
  name: string;
  method: string;
  url: () => string;
  headers: () => Record<string, string>;
  body: () => Record<string, unknown>;
  /** Where to put the bad text: string fields, nested settings, keys (`[key]`). */
  at: string[];
}

const openapi = () => w.user.headers;
const admin = () => t.adminHeaders;
const none = () => ({});

const BODY_ROUTES: BodyRoute[] = [
  {
    name: 'POST /api/openapi/v1/articles', surface: 'openapi', method: 'POST', url: () => '/api/openapi/v1/articles', headers: openapi,
    body: () => ({ title: 'Tide pools', content: '# Tide pools\n\nBody.', contentProvenance: 'ai_assisted', aiProvider: 'api.openai.com', aiModel: 'gpt-4o', aiImageCount: 0, coverImage: 'https://cdn.example.test/c.png' }),
    at: ['title', 'content', 'aiProvider', 'aiModel', 'coverImage', 'contentProvenance', '[key]'],
  },
  { name: 'POST /api/openapi/v1/articles/generate', surface: 'openapi', method: 'POST', url: () => '/api/openapi/v1/articles/generate', headers: openapi, body: () => ({ customTopic: 'Tide pools', style: 'narrative' }), at: ['customTopic', 'style'] },
  {
    name: 'POST /api/openapi/v1/publish/preflight', surface: 'openapi', method: 'POST', url: () => '/api/openapi/v1/publish/preflight', headers: openapi,
    body: () => ({ contentType: 'article', articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu], platformSettings: { zhihu: { column: 'Engineering' } } }),
    at: ['articleId', 'executor', 'platformSettings.zhihu.column', 'platformSettings.zhihu.[key]', 'accountSettings.[key]', 'settingsMode', 'preflightHash'],
  },
  {
    name: 'POST /api/openapi/v1/publish', surface: 'openapi', method: 'POST', url: () => '/api/openapi/v1/publish', headers: openapi,
    body: () => ({ articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu], platformSettings: { zhihu: { column: 'Engineering' } } }),
    at: ['articleId', 'platformSettings.zhihu.column', 'platformSettings.[key]', 'settingsContractVersion'],
  },
  { name: 'POST /api/openapi/v1/publish/dynamic', surface: 'openapi', method: 'POST', url: () => '/api/openapi/v1/publish/dynamic', headers: openapi, body: () => ({ executor: 'edge', accountIds: [w.acc.weibo], content: 'hello', title: 'Hi' }), at: ['content', 'title', 'images.0'] },
  {
    name: 'POST /api/openapi/v1/publish/video', surface: 'openapi', method: 'POST', url: () => '/api/openapi/v1/publish/video', headers: openapi,
    body: () => ({ executor: 'edge', accountIds: [w.acc.bilibili], title: 'Clip', localVideoPath: w.video, platformSettings: { bilibili: { partitionName: '知识', tags: ['知识'] } } }),
    at: ['title', 'localVideoPath', 'platformSettings.bilibili.partitionName'],
  },
  { name: 'POST /api/license/v2/enroll', surface: 'license', method: 'POST', url: () => '/api/license/v2/enroll', headers: none, body: () => ({ project_key: 'default', code: 'ABCD-EFGH', machine_id: 'm-1', appVersion: '1.0.0', fingerprintHash: 'f'.repeat(64), devicePublicKey: 'A'.repeat(43), deviceSignature: 'B'.repeat(86) }), at: ['code', 'machine_id', 'appVersion', 'fingerprintHash', '[key]'] },
  { name: 'POST /api/license/v2/challenge', surface: 'license', method: 'POST', url: () => '/api/license/v2/challenge', headers: none, body: () => ({ sessionId: 'ls_x', fingerprintHash: 'f', licenseToken: 't' }), at: ['sessionId', 'licenseToken'] },
  { name: 'POST /api/license/v2/renew', surface: 'license', method: 'POST', url: () => '/api/license/v2/renew', headers: none, body: () => ({ sessionId: 'ls_x', challengeId: 'lc_x', nonce: 'n', signature: 's', fingerprintHash: 'f' }), at: ['nonce', 'signature'] },
  { name: 'POST /api/license/v2/status', surface: 'license', method: 'POST', url: () => '/api/license/v2/status', headers: none, body: () => ({ fingerprintHash: 'f' }), at: ['fingerprintHash'] },
  { name: 'POST /api/license/v2/consume', surface: 'license', method: 'POST', url: () => '/api/license/v2/consume', headers: none, body: () => ({ request_id: 'r-1', fingerprintHash: 'f' }), at: ['request_id'] },
  { name: 'POST /api/admin/projects', surface: 'admin', method: 'POST', url: () => '/api/admin/projects', headers: admin, body: () => ({ projectKey: 'hostile-1', name: 'Hostile', description: 'd', policy: { tokenTtlSeconds: 900 } }), at: ['projectKey', 'name', 'description', 'policy.[key]'] },
  { name: 'POST /api/admin/codes/generate', surface: 'admin', method: 'POST', url: () => '/api/admin/codes/generate', headers: admin, body: () => ({ projectKey: 'default', licenseMode: 'COUNT', quantity: 1, remainingCount: 5 }), at: ['projectKey', 'licenseMode'] },
  { name: 'POST /api/admin/projects/default/version-bans', surface: 'admin', method: 'POST', url: () => '/api/admin/projects/default/version-bans', headers: admin, body: () => ({ appVersion: '0.9.0', reason: 'broken' }), at: ['appVersion', 'reason'] },
  { name: 'POST /api/admin/users', surface: 'admin', method: 'POST', url: () => '/api/admin/users', headers: admin, body: () => ({ name: 'Someone', plan: { name: 'p', permissions: ['publish'], perMinuteLimit: 10, dailyLimit: 10, cmsEnabled: false }, quotas: { web: 1 } }), at: ['name', 'plan.name', 'plan.permissions.0'] },
  { name: 'PUT /api/admin/users/{userId}/webhook', surface: 'admin', method: 'PUT', url: () => `/api/admin/users/${w.user.id}/webhook`, headers: admin, body: () => ({ url: 'https://hooks.example.test/p', secret: 's'.repeat(20) }), at: ['url', 'secret'] },
  { name: 'POST /api/admin/tokens', surface: 'admin', method: 'POST', url: () => '/api/admin/tokens', headers: admin, body: () => ({ name: 'ci', scope: 'read' }), at: ['name'] },
  { name: 'POST /api/nodes/v1/enroll', surface: 'nodes', method: 'POST', url: () => '/api/nodes/v1/enroll', headers: none, body: () => ({ token: 'net_x', publicKey: 'A'.repeat(43), machineId: 'm', fingerprint: 'f', name: 'n', proof: 'B'.repeat(86) }), at: ['token', 'machineId', 'name'] },
];

interface UrlCase {
  surface: Surface;
  /** `url` with its fixture ids as {placeholders}, for the test name. */
  name: string;
  url: () => string;
  headers: () => Record<string, string>;
}

/** GET routes with the bad text in a path id or a query value (`@` marks where it goes, percent-encoded). */
const URL_CASES: UrlCase[] = [
  { name: '/api/openapi/v1/articles/{article_id}@', surface: 'openapi', url: () => `/api/openapi/v1/articles/${w.article}@`, headers: openapi },
  { name: '/api/openapi/v1/articles/@', surface: 'openapi', url: () => '/api/openapi/v1/articles/@', headers: openapi },
  { name: '/api/openapi/v1/articles/generate/{task_id}@', surface: 'openapi', url: () => `/api/openapi/v1/articles/generate/${task}@`, headers: openapi },
  { name: '/api/openapi/v1/publish/{batch_id}@', surface: 'openapi', url: () => `/api/openapi/v1/publish/${batch}@`, headers: openapi },
  { name: '/api/openapi/v1/articles?page=@', surface: 'openapi', url: () => '/api/openapi/v1/articles?page=@', headers: openapi },
  { name: '/api/openapi/v1/accounts?contentType=article@', surface: 'openapi', url: () => '/api/openapi/v1/accounts?contentType=article@', headers: openapi },
  { name: '/api/openapi/v1/publish/settings?contentType=article&accountIds={account}@', surface: 'openapi', url: () => `/api/openapi/v1/publish/settings?contentType=article&accountIds=${w.acc.zhihu}@`, headers: openapi },
  { name: '/api/openapi/v1/publish/batches?requestId=req@', surface: 'openapi', url: () => '/api/openapi/v1/publish/batches?requestId=req@', headers: openapi },
  { name: '/api/openapi/v1/me?x@=1', surface: 'openapi', url: () => '/api/openapi/v1/me?x@=1', headers: none },
  { name: '/api/license/v2/status?projectKey=@', surface: 'license', url: () => '/api/license/v2/status?projectKey=@', headers: none },
  { name: '/api/admin/projects/default@', surface: 'admin', url: () => '/api/admin/projects/default@', headers: admin },
  { name: '/api/admin/projects/default/version-bans/1.0@', surface: 'admin', url: () => '/api/admin/projects/default/version-bans/1.0@', headers: admin },
  { name: '/api/admin/logs?keyword=@', surface: 'admin', url: () => '/api/admin/logs?keyword=@', headers: admin },
  { name: '/api/admin/codes?keyword=@', surface: 'admin', url: () => '/api/admin/codes?keyword=@', headers: admin },
  { name: '/api/admin/users/{userId}/accounts?x=@', surface: 'admin', url: () => `/api/admin/users/${w.user.id}/accounts?x=@`, headers: admin },
  { name: '/api/admin/jobs?state=@', surface: 'admin', url: () => '/api/admin/jobs?state=@', headers: admin },
  { name: '/api/nodes/v1/identity?x=@', surface: 'nodes', url: () => '/api/nodes/v1/identity?x=@', headers: none },
  { name: '/healthz?probe=@', surface: 'root', url: () => '/healthz?probe=@', headers: none },
  { name: '/readyz@', surface: 'root', url: () => '/readyz@', headers: none },
  { name: '/no-such-path/@', surface: 'root', url: () => '/no-such-path/@', headers: none },
  { name: '/metrics?x=@', surface: 'metrics', url: () => '/metrics?x=@', headers: admin },
];

describe('errors: NUL and unpaired surrogates in a JSON body', () => {
  const cases = BODY_ROUTES.flatMap((route) => route.at.flatMap((at) => [NUL, LONE].map((bad) => ({ route, at, bad }))));
  it.each(cases.map((c) => [`${c.route.name} ${c.at} ${c.bad === NUL ? 'NUL' : 'lone surrogate'}`, c] as const))(
    '%s: 400 in the envelope, nothing stored',
    async (_name, { route, at, bad }) => {
      const valid = route.body();
      await snapshot();
      const res = await inject(route.method, route.url(), route.headers(), poison(valid, at, bad));
      expectRefusal(res, route.surface, 400, SURFACES[route.surface].codes.invalid, SAYS[bad]);
      // The message names where the text was (a key's own name is never echoed).
      const where = at.endsWith('[key]') ? `a key in body${at === '[key]' ? '' : `.${at.replace(/\.\[key\]$/, '')}`}` : `body.${at.replace(/\.(\d+)(?=\.|$)/g, '[$1]')}`;
      expect(JSON.stringify(res.body)).toContain(`${where} contains`);
    },
  );
});

describe('errors: NUL, malformed and non-UTF-8 escapes in the URL', () => {
  // A raw NUL cannot be in a request line: Node's HTTP parser refuses it (see the wire cases below).
  const bad = { NUL: '%00', 'malformed escape': '%zz', 'not UTF-8': '%ff', 'encoded lone surrogate': '%ED%A0%80' };
  const cases = URL_CASES.flatMap((c) => Object.entries(bad).map(([kind, text]) => ({ c, kind, text })));
  it.each(cases.map((x) => [x.c.name.replace('@', `<${x.kind}>`), x] as const))('%s: 400 in the envelope, nothing stored', async (_name, { c, text }) => {
    await snapshot();
    const res = await inject('GET', c.url().replace('@', text), c.headers());
    expectRefusal(res, c.surface, 400, SURFACES[c.surface].codes.invalid, /U\+0000|percent-escape/);
  });
});

describe('errors: what the router and the framework refuse, in the envelope of the URL', () => {
  const long = 'a'.repeat(MAX_PARAM_LENGTH + 1);
  const big = (bytes: number) => JSON.stringify({ pad: 'x'.repeat(bytes) });
  const cases: Array<{ name: string; surface: Surface; method: string; url: string; headers: () => Record<string, string>; body?: string; contentType?: string; status: number; code: Refusal }> = [
    { name: 'malformed percent-escape in the path', surface: 'openapi', method: 'GET', url: '/api/openapi/v1/publish/%zz', headers: openapi, status: 400, code: 'invalid' },
    { name: 'malformed percent-escape in the path', surface: 'license', method: 'POST', url: '/api/license/v2/%zz', headers: none, status: 400, code: 'invalid' },
    { name: 'malformed percent-escape in the path', surface: 'admin', method: 'GET', url: '/api/admin/projects/%zz', headers: admin, status: 400, code: 'invalid' },
    { name: 'malformed percent-escape in the path', surface: 'nodes', method: 'GET', url: '/api/nodes/v1/%zz', headers: none, status: 400, code: 'invalid' },
    { name: 'malformed percent-escape in the path', surface: 'root', method: 'GET', url: '/%zz', headers: none, status: 400, code: 'invalid' },
    { name: 'malformed percent-escape in the path', surface: 'metrics', method: 'GET', url: '/metrics/%zz', headers: none, status: 400, code: 'invalid' },
    { name: 'path segment over the router limit', surface: 'openapi', method: 'GET', url: `/api/openapi/v1/publish/${long}`, headers: openapi, status: 400, code: 'invalid' },
    { name: 'path segment over the router limit', surface: 'openapi', method: 'GET', url: `/api/openapi/v1/articles/generate/${long}`, headers: none, status: 400, code: 'invalid' },
    { name: 'path segment over the router limit', surface: 'admin', method: 'GET', url: `/api/admin/projects/${long}`, headers: admin, status: 400, code: 'invalid' },
    { name: 'path segment over the router limit', surface: 'admin', method: 'POST', url: `/api/admin/nodes/${long}/drain`, headers: admin, status: 400, code: 'invalid' },
    { name: 'unsupported content type', surface: 'openapi', method: 'POST', url: '/api/openapi/v1/articles', headers: openapi, body: '{}', contentType: 'text/plain', status: 415, code: 'media' },
    { name: 'unsupported content type', surface: 'license', method: 'POST', url: '/api/license/v2/enroll', headers: none, body: '{}', contentType: 'application/x-www-form-urlencoded', status: 415, code: 'media' },
    { name: 'unsupported content type', surface: 'admin', method: 'POST', url: '/api/admin/projects', headers: admin, body: '{}', contentType: 'text/xml', status: 415, code: 'media' },
    { name: 'unsupported content type', surface: 'nodes', method: 'POST', url: '/api/nodes/v1/enroll', headers: none, body: '{}', contentType: 'text/plain', status: 415, code: 'media' },
    { name: 'body too large', surface: 'openapi', method: 'POST', url: '/api/openapi/v1/articles/generate', headers: openapi, body: big(70 * 1024), status: 413, code: 'large' },
    { name: 'body too large', surface: 'license', method: 'POST', url: '/api/license/v2/enroll', headers: none, body: big(17 * 1024), status: 413, code: 'large' },
    { name: 'body too large', surface: 'admin', method: 'POST', url: '/api/admin/projects', headers: admin, body: big(1100 * 1024), status: 413, code: 'large' },
    { name: 'body too large', surface: 'nodes', method: 'POST', url: '/api/nodes/v1/enroll', headers: none, body: big(70 * 1024), status: 413, code: 'large' },
    { name: 'invalid JSON', surface: 'openapi', method: 'POST', url: '/api/openapi/v1/articles', headers: openapi, body: '{"title":', status: 400, code: 'json' },
    { name: 'invalid JSON', surface: 'license', method: 'POST', url: '/api/license/v2/status', headers: none, body: '{"a":"\u0000"}', status: 400, code: 'json' },
    { name: 'invalid JSON', surface: 'admin', method: 'POST', url: '/api/admin/projects', headers: admin, body: '[', status: 400, code: 'json' },
    { name: 'unknown path', surface: 'openapi', method: 'GET', url: '/api/openapi/v1/no-such-thing', headers: openapi, status: 404, code: 'missing' },
    { name: 'unknown path', surface: 'license', method: 'POST', url: `/api/license/v2/${long}`, headers: none, status: 404, code: 'missing' },
    { name: 'unknown path', surface: 'admin', method: 'GET', url: '/api/admin/no-such-thing', headers: admin, status: 404, code: 'missing' },
    { name: 'unknown path', surface: 'nodes', method: 'GET', url: '/api/nodes/v1/no-such-thing', headers: none, status: 404, code: 'missing' },
    { name: 'unknown path', surface: 'root', method: 'GET', url: '/no-such-thing', headers: none, status: 404, code: 'missing' },
    { name: 'unknown path', surface: 'root', method: 'GET', url: '/api/adminx', headers: none, status: 404, code: 'missing' },
    { name: 'wrong method', surface: 'openapi', method: 'DELETE', url: '/api/openapi/v1/me', headers: openapi, status: 404, code: 'missing' },
    { name: 'wrong method', surface: 'license', method: 'GET', url: '/api/license/v2/enroll', headers: none, status: 404, code: 'missing' },
    { name: 'wrong method', surface: 'admin', method: 'PATCH', url: '/api/admin/projects', headers: admin, status: 404, code: 'missing' },
    { name: 'wrong method', surface: 'root', method: 'POST', url: '/healthz', headers: none, status: 404, code: 'missing' },
    { name: 'wrong method', surface: 'metrics', method: 'POST', url: '/metrics', headers: none, status: 404, code: 'missing' },
  ];
  it.each(cases.map((c) => [`${c.surface}: ${c.name} (${c.method} ${c.url.slice(0, 60)})`, c] as const))('%s', async (_name, c) => {
    await snapshot();
    const headers = { ...c.headers(), ...(c.contentType ? { 'content-type': c.contentType } : {}) };
    const res = await inject(c.method, c.url, headers, c.body);
    expectRefusal(res, c.surface, c.status, SURFACES[c.surface].codes[c.code]);
  });
});

describe('errors: over the wire, before any route or hook', () => {
  const wire: Array<{ name: string; surface: Surface; request: string; message: RegExp }> = [
    { name: 'NUL in a header value', surface: 'openapi', request: `GET /api/openapi/v1/me HTTP/1.1\r\nHost: x\r\nIdempotency-Key: a${NUL}b\r\n\r\n`, message: /control characters such as NUL/ },
    { name: 'NUL in a header value', surface: 'license', request: `POST /api/license/v2/status HTTP/1.1\r\nHost: x\r\nX-License-Session-Id: ls_${NUL}\r\nContent-Length: 2\r\n\r\n{}`, message: /control characters such as NUL/ },
    { name: 'NUL in a header value', surface: 'admin', request: `GET /api/admin/projects HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer a${NUL}\r\n\r\n`, message: /control characters such as NUL/ },
    { name: 'NUL in a header value', surface: 'nodes', request: `GET /api/nodes/v1/identity HTTP/1.1\r\nHost: x\r\nX-Plume-Node: ${NUL}\r\n\r\n`, message: /control characters such as NUL/ },
    { name: 'NUL in a header value', surface: 'root', request: `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Probe: ${NUL}\r\n\r\n`, message: /control characters such as NUL/ },
    { name: 'NUL in a header value', surface: 'metrics', request: `GET /metrics HTTP/1.1\r\nHost: x\r\nX-Probe: ${NUL}\r\n\r\n`, message: /control characters such as NUL/ },
    { name: 'a raw NUL in the request line', surface: 'openapi', request: `GET /api/openapi/v1/articles/a${NUL}b HTTP/1.1\r\nHost: x\r\n\r\n`, message: /not valid HTTP/ },
    { name: 'a space in the URL', surface: 'license', request: `POST /api/license/v2/a b HTTP/1.1\r\nHost: x\r\n\r\n`, message: /not valid HTTP/ },
    { name: 'malformed percent-escape', surface: 'openapi', request: `GET /api/openapi/v1/publish/%zz HTTP/1.1\r\nHost: x\r\n\r\n`, message: /percent-escape/ },
    { name: 'path segment over the router limit', surface: 'admin', request: `GET /api/admin/projects/${'a'.repeat(MAX_PARAM_LENGTH + 1)} HTTP/1.1\r\nHost: x\r\n\r\n`, message: new RegExp(`${MAX_PARAM_LENGTH} characters`) },
  ];
  it.each(wire.map((c) => [`${c.surface}: ${c.name}`, c] as const))('%s: 400 in the envelope with X-Request-Id', async (_name, c) => {
    await snapshot();
    expectRefusal(await overTheWire(c.request), c.surface, 400, SURFACES[c.surface].codes.invalid, c.message);
  });
});

// Last: these valid requests write (and audit) what they are for.
describe('happy path', () => {
  it('the bodies of the table without the bad text get past the guard (the table is not testing a validation failure)', async () => {
    for (const route of BODY_ROUTES) {
      const res = await inject(route.method, route.url(), route.headers(), JSON.stringify(route.body()));
      expect(JSON.stringify(res.body), `${route.method} ${route.url()}`).not.toMatch(/U\+0000|surrogate/);
      expect(res.status, `${route.method} ${route.url()}`).toBeLessThan(500);
    }
  });
});

/**
 * Calls the admin API through app.inject with a given token, and a few
 * factories that give valid defaults (a project, enrolled devices, log rows
 * at chosen times) so a test states only what it is about.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows } from '../db/client.js';
import type { TestApp } from './app.js';
import { generateCodes, TestDevice } from './license-device.js';

export interface AdminReply {
  status: number;
  body: Record<string, any>;
  text: string;
  headers: Record<string, unknown>;
}

export class AdminClient {
  constructor(
    private readonly app: FastifyInstance,
    private readonly headers: Record<string, string>,
  ) {}

  withToken(token: string | null): AdminClient {
    return new AdminClient(this.app, token === null ? {} : { authorization: `Bearer ${token}` });
  }

  async request(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<AdminReply> {
    const res = await this.app.inject({
      method,
      url,
      headers: { ...this.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    let parsed: Record<string, any> = {};
    if (String(res.headers['content-type'] ?? '').startsWith('application/json')) parsed = res.json();
    return { status: res.statusCode, body: parsed, text: res.body, headers: res.headers };
  }

  get(url: string, query?: Record<string, string | number | boolean | undefined>) {
    const qs = query
      ? new URLSearchParams(Object.entries(query).filter((e): e is [string, string | number | boolean] => e[1] !== undefined).map(([k, v]) => [k, String(v)])).toString()
      : '';
    return this.request('GET', qs ? `${url}?${qs}` : url);
  }
  post(url: string, body?: unknown) {
    return this.request('POST', url, body);
  }
  patch(url: string, body: unknown) {
    return this.request('PATCH', url, body);
  }
  delete(url: string) {
    return this.request('DELETE', url);
  }
}

export const adminClient = (t: TestApp) => new AdminClient(t.app, t.adminHeaders);

export function uniqueKey(prefix = 'p'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

export async function createProject(admin: AdminClient, extra: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await admin.post('/api/admin/projects', { projectKey: uniqueKey(), name: 'Test project', ...extra });
  if (res.status !== 201) throw new Error(`project creation failed: ${res.text}`);
  return res.body.project;
}

/** A device enrolled with a fresh COUNT code in the project. */
export async function enrolledDevice(
  t: TestApp,
  projectKey: string,
  o: { remainingCount?: number; appVersion?: string; machineId?: string } = {},
): Promise<{ device: TestDevice; code: string }> {
  const [code] = await generateCodes(t.app, t.adminHeaders, { projectKey, licenseMode: 'COUNT', remainingCount: o.remainingCount ?? 10 });
  const device = new TestDevice(t.app);
  device.projectKey = projectKey;
  if (o.appVersion) device.appVersion = o.appVersion;
  if (o.machineId) Object.assign(device, { machineId: o.machineId });
  const res = await device.enroll(code!);
  if (!res.body.success) throw new Error(`enroll failed: ${JSON.stringify(res.body)}`);
  return { device, code: code! };
}

/** Inserts `count` log rows for a device at the given instant (or spread from it, one per `stepMs`). */
export async function insertLogs(
  t: TestApp,
  a: { projectKey: string; deviceId: number; count: number; at: Date; stepMs?: number; outcome?: string; requestId?: string },
): Promise<void> {
  const db = t.db.database.db;
  await db.execute(sql`
    insert into consumption_logs (project_id, code_id, device_id, session_id, request_id, outcome, remaining_after, created_at)
    select d.project_id, d.code_id, d.id, 'ls_synthetic', ${a.requestId ?? null}, ${a.outcome ?? 'deducted'}, 1,
           ${a.at.toISOString()}::timestamptz + (g * ${a.stepMs ?? 0}) * interval '1 millisecond'
    from devices d, generate_series(0, ${a.count - 1}) g
    where d.id = ${a.deviceId}`);
}

export async function countRows(t: TestApp, query: ReturnType<typeof sql>): Promise<number> {
  const [r] = await rows<{ n: number }>(t.db.database.db, query);
  return r!.n;
}

/** RFC 4180 parser for assertions (quotes, doubled quotes, CRLF inside quotes). */
export function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      out.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    out.push(row);
  }
  return out;
}

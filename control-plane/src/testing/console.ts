/**
 * A browser's view of the console API for tests: one cookie jar (the
 * `plume_console` cookie as Set-Cookie left it), the CSRF token of its
 * session sent on unsafe methods, and a client address of its own (the
 * login throttle counts per address). Factories invite and log in a person
 * of a given role through the real invite path.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TestApp } from './app.js';

export interface ConsoleReply {
  status: number;
  body: Record<string, any>;
  text: string;
  headers: Record<string, unknown>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

let addresses = 0;
/** A client address no other client of this process uses, so throttle counts do not mix. */
export const freshIp = () => `10.${(++addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;

export class ConsoleClient {
  cookie: string | null = null;
  csrf: string | null = null;
  /** Every Set-Cookie value of the last answer. */
  lastSetCookie: string[] = [];

  constructor(
    private readonly app: FastifyInstance,
    readonly ip: string = freshIp(),
  ) {}

  async request(method: Method, url: string, body?: unknown, o: { headers?: Record<string, string>; csrf?: boolean } = {}): Promise<ConsoleReply> {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (this.cookie !== null) headers.cookie = `plume_console=${this.cookie}`;
    if (this.csrf !== null && o.csrf !== false && !['GET', 'HEAD'].includes(method)) headers['x-csrf-token'] = this.csrf;
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await this.app.inject({
      method,
      url,
      headers,
      remoteAddress: this.ip,
      ...(body === undefined ? {} : { payload: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body) }),
    });
    const set = res.headers['set-cookie'];
    this.lastSetCookie = set === undefined ? [] : Array.isArray(set) ? set : [set];
    for (const c of this.lastSetCookie) {
      const m = /^plume_console=([^;]*)/.exec(c);
      if (!m) continue;
      this.cookie = m[1] === '' || /Max-Age=0/i.test(c) ? null : m[1]!;
      if (this.cookie === null) this.csrf = null;
    }
    let parsed: Record<string, any> = {};
    if (res.body !== '' && String(res.headers['content-type'] ?? '').startsWith('application/json')) parsed = res.json();
    if (typeof parsed.csrfToken === 'string') this.csrf = parsed.csrfToken;
    return { status: res.statusCode, body: parsed, text: res.body, headers: res.headers };
  }

  get(url: string) {
    return this.request('GET', url);
  }
  post(url: string, body?: unknown, o?: { headers?: Record<string, string>; csrf?: boolean }) {
    return this.request('POST', url, body, o);
  }
  put(url: string, body?: unknown) {
    return this.request('PUT', url, body);
  }
  delete(url: string) {
    return this.request('DELETE', url);
  }

  login(email: string, password: string) {
    return this.post('/api/console/auth/login', { email, password });
  }
}

export const PASSWORD = 'correct horse battery staple';

export const uniqueEmail = (what = 'person') => `${what}-${randomBytes(5).toString('hex')}@example.test`;

/** An invite made with the admin token (the bootstrap path): its email and token. */
export async function invite(t: TestApp, o: { role?: 'admin' | 'viewer' | 'user'; integratorUserId?: number; email?: string; name?: string } = {}) {
  const email = o.email ?? uniqueEmail(o.role ?? 'admin');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/console-invites',
    headers: { ...t.adminHeaders, 'content-type': 'application/json' },
    payload: JSON.stringify({ email, role: o.role ?? 'admin', ...(o.integratorUserId ? { integratorUserId: o.integratorUserId } : {}), ...(o.name ? { name: o.name } : {}) }),
  });
  if (res.statusCode !== 201) throw new Error(`invite failed: ${res.body}`);
  const made = res.json().invite as { id: string; token: string; url: string; email: string };
  return made;
}

export interface Person {
  client: ConsoleClient;
  email: string;
  password: string;
  user: Record<string, any>;
}

/** A person of `role` who accepted an invite and is logged in (the accept logs in). */
export async function person(t: TestApp, role: 'admin' | 'viewer' | 'user', o: { integratorUserId?: number; name?: string } = {}): Promise<Person> {
  const made = await invite(t, { role, ...(o.integratorUserId ? { integratorUserId: o.integratorUserId } : {}) });
  const client = new ConsoleClient(t.app);
  const res = await client.post(`/api/console/invites/${made.token}/accept`, { name: o.name ?? `A ${role}`, password: PASSWORD });
  if (res.status !== 200) throw new Error(`accept failed: ${res.text}`);
  return { client, email: made.email, password: PASSWORD, user: res.body.user };
}

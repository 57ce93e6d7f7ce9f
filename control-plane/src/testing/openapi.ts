/** Open API test helpers: a user with a plan, quotas and a key, and a typed request helper. */
import type { FastifyInstance } from 'fastify';
import type { Permission } from '../integrators/integrators.schema.js';

export interface TestUser {
  id: number;
  key: string;
  headers: Record<string, string>;
}

export interface UserSpec {
  permissions?: Permission[];
  perMinuteLimit?: number;
  dailyLimit?: number;
  cmsEnabled?: boolean;
  quotas?: Partial<Record<'web' | 'desktop' | 'edge' | 'cms', number>>;
  keyPermissions?: Permission[];
}

export async function createUser(app: FastifyInstance, adminHeaders: Record<string, string>, spec: UserSpec = {}): Promise<TestUser> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/admin/users',
    headers: adminHeaders,
    payload: {
      name: 'Integrator',
      plan: {
        name: 'test',
        permissions: spec.permissions ?? ['publish', 'accounts:read', 'articles:write', 'cms'],
        perMinuteLimit: spec.perMinuteLimit ?? 10_000,
        dailyLimit: spec.dailyLimit ?? 1_000_000,
        cmsEnabled: spec.cmsEnabled ?? true,
      },
      quotas: spec.quotas ?? { web: 100, desktop: 100, edge: 100, cms: 100 },
    },
  });
  if (created.statusCode !== 201) throw new Error(`user creation failed: ${created.body}`);
  const id = created.json().user.id as number;
  const keyRes = await app.inject({
    method: 'POST',
    url: `/api/admin/users/${id}/api-keys`,
    headers: adminHeaders,
    payload: { name: 'test key', ...(spec.keyPermissions ? { permissions: spec.keyPermissions } : {}) },
  });
  if (keyRes.statusCode !== 201) throw new Error(`key creation failed: ${keyRes.body}`);
  const key = keyRes.json().apiKey.key as string;
  return { id, key, headers: { authorization: `Bearer ${key}` } };
}

export async function v1(
  app: FastifyInstance,
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method,
    url: `/api/openapi/v1${path}`,
    headers: { ...(user?.headers ?? {}), ...(payload !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(payload !== undefined ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) } : {}),
  });
  return { status: res.statusCode, body: res.json() as Record<string, any>, headers: res.headers };
}

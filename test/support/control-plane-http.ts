/**
 * Plain HTTP to a control plane running as a process (see
 * control-plane-process.ts), where `app.inject()` cannot reach: the admin API
 * as the operator calls it and the Open API as an integrator does.
 */

export type Json = Record<string, any>;

/** POST to `/api/admin<path>` with the admin token; throws on any status ≥ 300 (setup, not what is tested). */
export function adminApi(baseUrl: string, adminToken: string): (path: string, body?: unknown) => Promise<Json> {
  return async (path, body) => {
    const res = await fetch(`${baseUrl}/api/admin${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await res.json()) as Json;
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
}

export type OpenApi = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<{ status: number; body: Json }>;

/** A request to `/api/openapi/v1<path>` with the API key; answers whatever status came back. */
export function openApi(baseUrl: string, apiKey: string): OpenApi {
  return async (method, path, body) => {
    const res = await fetch(`${baseUrl}/api/openapi/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };
}

export interface EdgeUser {
  userId: number;
  apiKey: string;
  /** For one edge node that serves this user. */
  enrollmentToken: string;
}

/** A user allowed to publish to edge nodes (`quotas.edge` accounts), its API key, and a token to enroll a node for it. */
export async function createEdgeUser(admin: (path: string, body?: unknown) => Promise<Json>, name: string, edgeQuota: number): Promise<EdgeUser> {
  const plan = { name, permissions: ['publish', 'accounts:read'], perMinuteLimit: 1000, dailyLimit: 10_000, cmsEnabled: false };
  const userId = (await admin('/users', { name, plan, quotas: { edge: edgeQuota } })).user.id as number;
  const apiKey = (await admin(`/users/${userId}/api-keys`, { name: 'k' })).apiKey.key as string;
  const enrollmentToken = (await admin('/nodes/enrollment-tokens', { kind: 'edge', userIds: [userId], name })).token as string;
  return { userId, apiKey, enrollmentToken };
}

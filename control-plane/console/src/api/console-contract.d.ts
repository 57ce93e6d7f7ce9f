/**
 * HAND-WRITTEN stand-in for the console API's generated types.
 *
 * The pages' client for /api/console is meant to be generated from
 * GET /api/console/openapi.json (scripts/generate-console-client.mjs writes
 * src/api/generated/console.d.ts when the built control plane serves that
 * document). Until the control plane this workspace is built beside serves
 * it, this file describes the same paths in openapi-typescript's shape, taken
 * from the console API's written contract, so the pages type-check against
 * what they call. Once src/api/generated/console.d.ts exists, src/api/paths.ts
 * imports from it and this file is deleted.
 */

type Json<T> = { headers: { [name: string]: unknown }; content: { 'application/json': T } };
type Empty = { headers: { [name: string]: unknown }; content?: never };
type ErrorBody = { error: { code: string; message: string } };
type Failures = { 400: Json<ErrorBody>; 401: Json<ErrorBody>; 403: Json<ErrorBody>; 404: Json<ErrorBody>; 409: Json<ErrorBody>; 410: Json<ErrorBody>; 429: Json<ErrorBody> };

type NoParams = { query?: never; header?: never; path?: never; cookie?: never };
type PathParams<P> = { query?: never; header?: never; path: P; cookie?: never };
type QueryParams<Q> = { query?: Q; header?: never; path?: never; cookie?: never };

type Read<R, Par = NoParams> = { parameters: Par; requestBody?: never; responses: R & Failures };
type Write<R, B, Par = NoParams> = { parameters: Par; requestBody: { content: { 'application/json': B } }; responses: R & Failures };
type Act<R, Par = NoParams> = { parameters: Par; requestBody?: never; responses: R & Failures };

type Paging = { limit?: number; offset?: number };

export type ConsoleRole = 'admin' | 'viewer' | 'user';
export type ApiKeyPermission = 'publish' | 'accounts:read' | 'articles:write' | 'cms';

export interface components {
  schemas: {
    User: { id: string; email: string; name: string; role: ConsoleRole; integratorUserId: number | null; createdAt: string; disabledAt: string | null };
    Session: { id: string; createdAt: string; lastSeenAt: string; userAgent: string | null; current: boolean };
    ApiKey: { id: string; name: string; prefix: string; permissions: ApiKeyPermission[]; createdAt: string; lastUsedAt: string | null; revokedAt: string | null };
    Delivery: { id: string; event: string; status: string; attempts: number; lastStatusCode: number | null; createdAt: string; deliveredAt: string | null };
    Invite: { id: string; email: string; role: ConsoleRole; expiresAt: string; token: string; url: string };
    Batch: { batchId: string; status: string; createdAt: string; jobs: number; succeeded: number; failed: number };
    Error: ErrorBody;
  };
}
type S = components['schemas'];
type LoggedIn = { user: S['User']; csrfToken: string };

export interface paths {
  '/api/console/auth/login': { post: Write<{ 200: Json<LoggedIn> }, { email: string; password: string }> };
  '/api/console/auth/logout': { post: Act<{ 204: Empty }> };
  '/api/console/auth/me': { get: Read<{ 200: Json<LoggedIn> }> };
  '/api/console/auth/password': { post: Write<{ 204: Empty }, { currentPassword: string; newPassword: string }> };
  '/api/console/auth/sessions': { get: Read<{ 200: Json<{ sessions: S['Session'][] }> }> };
  '/api/console/auth/sessions/revoke-all': { post: Act<{ 204: Empty }> };
  '/api/console/invites/{token}': { get: Read<{ 200: Json<{ email: string; role: ConsoleRole }> }, PathParams<{ token: string }>> };
  '/api/console/invites/{token}/accept': {
    post: Write<{ 200: Json<LoggedIn> }, { name: string; password: string }, PathParams<{ token: string }>>;
  };
  '/api/console/users': { get: Read<{ 200: Json<{ users: S['User'][]; total: number }> }, QueryParams<Paging>> };
  '/api/console/invites': {
    post: Write<{ 201: Json<{ invite: S['Invite'] }> }, { email: string; role: ConsoleRole; integratorUserId?: number }>;
  };
  '/api/console/users/{id}/disable': { post: Act<{ 200: Json<{ user: S['User'] }> }, PathParams<{ id: string }>> };
  '/api/console/me/api-keys': {
    get: Read<{ 200: Json<{ apiKeys: S['ApiKey'][] }> }>;
    post: Write<{ 201: Json<{ apiKey: S['ApiKey'] & { key: string } }> }, { name: string; permissions?: ApiKeyPermission[] }>;
  };
  '/api/console/me/api-keys/{id}/revoke': { post: Act<{ 200: Json<{ apiKey: S['ApiKey'] }> }, PathParams<{ id: string }>> };
  '/api/console/me/webhook': {
    get: Read<{ 200: Json<{ webhook: { url: string; secretSet: boolean } | null }> }>;
    put: Write<{ 200: Json<{ webhook: { url: string }; secret: string }> }, { url: string }>;
    delete: Act<{ 204: Empty }>;
  };
  '/api/console/me/webhook/rotate-secret': { post: Act<{ 200: Json<{ secret: string }> }> };
  '/api/console/me/webhook/test': { post: Act<{ 202: Json<{ deliveryId: string }> }> };
  '/api/console/me/webhook/deliveries': { get: Read<{ 200: Json<{ deliveries: S['Delivery'][]; total: number }> }, QueryParams<Paging>> };
  '/api/console/me/batches': {
    get: Read<{ 200: Json<{ batches: S['Batch'][]; total: number }> }, QueryParams<Paging & { status?: string }>>;
  };
}

/**
 * The type descriptions the two clients use, both generated from the served
 * documents (npm run console:client): the admin API's (generated/admin.d.ts)
 * and the console API's (generated/console.d.ts). The pages' own names (a
 * person, a role, a key permission) are read off the paths.
 */
import type { paths as AdminPaths } from './generated/admin.js';
import type { paths as ConsolePaths } from './generated/console.js';

export type { AdminPaths, ConsolePaths };

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;

export type ConsoleUser = JsonOf<ConsolePaths['/api/console/auth/me']['get']['responses'][200]>['user'];
export type ConsoleRole = ConsoleUser['role'];
export type ApiKeyPermission = NonNullable<JsonOf<NonNullable<ConsolePaths['/api/console/me/api-keys']['post']['requestBody']>>['permissions']>[number];

/** An account's preset for one content type, with the fields it may hold (GET /api/admin/accounts/{accountId}/presets/{contentType}). */
export type AccountPreset = JsonOf<AdminPaths['/api/admin/accounts/{accountId}/presets/{contentType}']['get']['responses'][200]>;

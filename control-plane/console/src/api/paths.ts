/**
 * Which type descriptions the two clients use. The admin API's come from its
 * served document (generated/admin.d.ts); the console API's from
 * console-contract.d.ts, the hand-written stand-in, until its generated file
 * takes its place (see that file's header): then only the import below changes.
 * The pages' own names (a person, a role, a key permission) are read off the
 * paths, so they hold for either file.
 */
import type { paths as ConsolePaths } from './console-contract.js';

export type { paths as AdminPaths } from './generated/admin.js';
export type { ConsolePaths };

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;

export type ConsoleUser = JsonOf<ConsolePaths['/api/console/auth/me']['get']['responses'][200]>['user'];
export type ConsoleRole = ConsoleUser['role'];
export type ApiKeyPermission = NonNullable<JsonOf<NonNullable<ConsolePaths['/api/console/me/api-keys']['post']['requestBody']>>['permissions']>[number];

/**
 * Which type descriptions the two clients use. The admin API's come from its
 * served document (generated/admin.d.ts); the console API's from
 * console-contract.d.ts, the hand-written stand-in, until its generated file
 * takes its place (see that file's header).
 */
export type { paths as AdminPaths } from './generated/admin.js';
export type { paths as ConsolePaths, components as ConsoleComponents, ApiKeyPermission, ConsoleRole } from './console-contract.js';

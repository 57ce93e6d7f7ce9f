/** Every table, for drizzle's typed queries and drizzle-kit's migration generator. */
export * from './shared.schema.js';
export * from '../license/license.schema.js';
export * from '../admin/admin.schema.js';
export * from '../openapi/openapi.schema.js';

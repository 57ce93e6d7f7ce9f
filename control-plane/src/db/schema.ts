/** Every table, for drizzle's typed queries and drizzle-kit's migration generator. */
export * from './shared.schema.js';
export * from '../license/license.schema.js';
export * from './admin.schema.js';
export * from '../integrators/integrators.schema.js';
export * from '../nodes/nodes.schema.js';
export * from '../accounts/accounts.schema.js';
export * from '../publishing/publishing.schema.js';
export * from '../http/idempotency.schema.js';
export * from '../nodes/logins.schema.js';
export * from './console.schema.js';
export * from '../publishing/pacing/pacing.schema.js';
export * from '../accounts/health/health.schema.js';
export * from '../accounts/egress.schema.js';

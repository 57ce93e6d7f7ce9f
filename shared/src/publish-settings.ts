/**
 * Publish settings: the contract (fields, options, required and conditional
 * declarations, limits, cover support, SETTINGS_CONTRACT_VERSION), the zod
 * validation built from it, and the merge rules. Split in three files under
 * ./publish-settings/ so each stays one responsibility.
 */
export * from './publish-settings/contract.js';
export * from './publish-settings/validate.js';
export * from './publish-settings/merge.js';

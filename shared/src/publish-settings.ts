/**
 * Publish settings: the contract (fields, options, required and conditional
 * declarations, limits, cover support, SETTINGS_CONTRACT_VERSION), the zod
 * validation built from it, the platforms' fixed lists its options come from,
 * and the merge rules. Split in four files under
 * ./publish-settings/ so each stays one responsibility.
 */
export * from './publish-settings/contract.js';
export * from './publish-settings/platform-lists.js';
export * from './publish-settings/validate.js';
export * from './publish-settings/merge.js';

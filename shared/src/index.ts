export * from './encoding.js';
export * from './ed25519.js';
export * from './license/canonical.js';
export * from './license/snapshot.js';
export * from './license/wire.js';

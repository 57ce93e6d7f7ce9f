#!/usr/bin/env node
/**
 * Writes the node protocol's JSON Schemas (generated from the zod catalogs in
 * shared/src/node-protocol.ts) to docs/node-protocol/. Run after changing a
 * message: `npm run protocol:schemas`. test/node-protocol-schemas.test.ts fails
 * while the committed files differ from what the catalogs produce.
 */
import { writeFileSync } from 'node:fs';
import { nodeProtocolJsonSchemas } from '../shared/dist/index.js';

const dir = new URL('../docs/node-protocol/', import.meta.url);
for (const [name, schema] of Object.entries(nodeProtocolJsonSchemas())) {
  writeFileSync(new URL(name, dir), `${JSON.stringify(schema, null, 2)}\n`);
  console.log(`wrote docs/node-protocol/${name}`);
}

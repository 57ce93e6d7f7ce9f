#!/usr/bin/env node
// Renders the table of what each adapter rests on (edge-node/src/adapters/provenance.ts) into
// docs/platforms.md, between its fact-table markers. Reads the compiled adapters: run after `tsc -b`.
//   node scripts/fact-table.mjs          rewrite the table
//   node scripts/fact-table.mjs --check  exit 1 when the document is not up to date
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const doc = fileURLToPath(new URL('../docs/platforms.md', import.meta.url));
const { allAdapters } = await import('../edge-node/dist/adapters/registry.js');
const { renderFactTable, withFactTable } = await import('../edge-node/dist/adapters/provenance.js');

const before = readFileSync(doc, 'utf8');
const after = withFactTable(before, renderFactTable(allAdapters()));
if (process.argv.includes('--check')) {
  if (after !== before) {
    process.stderr.write('docs/platforms.md: the fact table is not the adapters\' (node scripts/fact-table.mjs rewrites it)\n');
    process.exit(1);
  }
} else if (after !== before) {
  writeFileSync(doc, after);
  process.stdout.write('docs/platforms.md: fact table rewritten\n');
}

/**
 * `npm run openapi:client`: builds the control plane in this process (the
 * compiled control-plane/dist, an in-memory PGlite database, nothing
 * listening), reads GET /api/openapi/v1/openapi.json and writes the client
 * types that openapi-fetch's createClient<paths>() takes to
 * test/generated/openapi-v1.d.ts. With --check it writes nothing and exits 1
 * when the committed file differs from a fresh generation.
 *
 * test/openapi-client.int.test.ts runs the same generation against its own
 * test app and fails with "run npm run openapi:client" on any difference.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateClientTypes } from '@plume/openapi-codegen';

const ROOT = new URL('../', import.meta.url);
const GENERATED_FILE = fileURLToPath(new URL('test/generated/openapi-v1.d.ts', ROOT));
const check = process.argv.includes('--check');

async function servedDocument() {
  const dist = (p) => new URL(`control-plane/dist/${p}`, ROOT).href;
  const { buildApp } = await import(dist('app.js'));
  const { openPglite } = await import(dist('db/client.js'));
  const { committedMigrationCount, prepareDatabase } = await import(dist('db/bootstrap.js'));
  const database = await openPglite(null);
  try {
    await prepareDatabase(database);
    const app = await buildApp({
      config: { adminToken: undefined, trustProxy: false, logLevel: 'silent', secretKey: undefined, generation: null },
      database,
      expectedMigrations: committedMigrationCount(),
      logger: false,
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/openapi/v1/openapi.json' });
      if (res.statusCode !== 200) throw new Error(`GET /api/openapi/v1/openapi.json answered ${res.statusCode}: ${res.body}`);
      return res.json();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

const text = await generateClientTypes(await servedDocument());
let committed = null;
try {
  committed = readFileSync(GENERATED_FILE, 'utf8');
} catch {
  // not generated yet
}
if (check) {
  if (committed !== text) {
    console.error(`${GENERATED_FILE} is out of date: run npm run openapi:client`);
    process.exit(1);
  }
  console.log(`${GENERATED_FILE} is current`);
} else if (committed === text) {
  console.log(`${GENERATED_FILE} unchanged`);
} else {
  writeFileSync(GENERATED_FILE, text);
  console.log(`wrote ${GENERATED_FILE} (${text.length} characters)`);
}

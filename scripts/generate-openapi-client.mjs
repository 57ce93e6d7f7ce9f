/**
 * `npm run openapi:client`: builds the control plane in this process (the
 * compiled control-plane/dist, an in-memory PGlite database, nothing
 * listening), reads GET /api/openapi/v1/openapi.json and writes the client
 * types that openapi-fetch's createClient<paths>() takes to
 * client/src/openapi-v1.ts (the @plume/client package ships them; the
 * repository's own tests use the same file). With
 * --check it writes nothing and exits 1 when a committed file differs from a
 * fresh generation.
 *
 * test/openapi-client.int.test.ts and test/client-package.int.test.ts run the
 * same generation against their own test app and fail with "run npm run
 * openapi:client" on any difference.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CLIENT_PACKAGE_HEADER, generateClientTypes } from '@plume/openapi-codegen';

const ROOT = new URL('../', import.meta.url);
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

const document = await servedDocument();
const outputs = [
  { file: fileURLToPath(new URL('client/src/openapi-v1.ts', ROOT)), text: await generateClientTypes(document, CLIENT_PACKAGE_HEADER) },
];
let stale = false;
for (const { file, text } of outputs) {
  let committed = null;
  try {
    committed = readFileSync(file, 'utf8');
  } catch {
    // not generated yet
  }
  if (check) {
    if (committed !== text) {
      console.error(`${file} is out of date: run npm run openapi:client`);
      stale = true;
    } else {
      console.log(`${file} is current`);
    }
  } else if (committed === text) {
    console.log(`${file} unchanged`);
  } else {
    writeFileSync(file, text);
    console.log(`wrote ${file} (${text.length} characters)`);
  }
}
if (stale) process.exit(1);

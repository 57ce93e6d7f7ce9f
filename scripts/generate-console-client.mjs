/**
 * `npm run console:client`: the console's typed API clients. Builds the
 * control plane in this process (the compiled control-plane/dist, an
 * in-memory PGlite database, nothing listening), reads the documents the
 * console's pages call through openapi-fetch and writes their types:
 *
 *   GET /api/admin/openapi.json   → control-plane/console/src/api/generated/admin.d.ts
 *   GET /api/console/openapi.json → control-plane/console/src/api/generated/console.d.ts
 *
 * With --check it writes nothing and exits 1 when a committed file differs
 * from a fresh generation (or is missing).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { consoleClientHeader, generateClientTypes } from '@plume/openapi-codegen';

const ROOT = new URL('../', import.meta.url);
const OUT = 'control-plane/console/src/api/generated/';
const check = process.argv.includes('--check');

const DOCUMENTS = [
  // The admin document needs an admin credential; the console API refuses one (it takes only its session cookie).
  { url: '/api/admin/openapi.json', file: `${OUT}admin.d.ts`, title: 'Plume admin API', withAdminToken: true },
  { url: '/api/console/openapi.json', file: `${OUT}console.d.ts`, title: 'Plume console API', withAdminToken: false },
];

/** Each document as the built app serves it; the admin one asked with a one-off admin token. */
async function servedDocuments() {
  const dist = (p) => new URL(`control-plane/dist/${p}`, ROOT).href;
  const { buildApp } = await import(dist('app.js'));
  const { openPglite } = await import(dist('db/client.js'));
  const { committedMigrationCount, prepareDatabase } = await import(dist('db/bootstrap.js'));
  const adminToken = randomBytes(24).toString('hex');
  const database = await openPglite(null);
  try {
    await prepareDatabase(database);
    const app = await buildApp({
      config: { adminToken, trustProxy: false, logLevel: 'silent', secretKey: undefined, generation: null },
      database,
      expectedMigrations: committedMigrationCount(),
      logger: false,
    });
    try {
      const documents = [];
      for (const d of DOCUMENTS) {
        const res = await app.inject({ method: 'GET', url: d.url, headers: d.withAdminToken ? { authorization: `Bearer ${adminToken}` } : {} });
        if (res.statusCode !== 200) throw new Error(`GET ${d.url} answered ${res.statusCode}: ${res.body}`);
        documents.push({ ...d, document: res.json() });
      }
      return documents;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

let stale = false;
for (const d of await servedDocuments()) {
  const path = fileURLToPath(new URL(d.file, ROOT));
  const text = await generateClientTypes(d.document, consoleClientHeader(d.title, d.url));
  let committed = null;
  try {
    committed = readFileSync(path, 'utf8');
  } catch {
    // not generated yet
  }
  if (check) {
    if (committed !== text) {
      console.error(`${d.file} is out of date: run npm run console:client`);
      stale = true;
    } else console.log(`${d.file} is current`);
  } else if (committed === text) {
    console.log(`${d.file} unchanged`);
  } else {
    writeFileSync(path, text);
    console.log(`wrote ${d.file} (${text.length} characters)`);
  }
}
if (stale) process.exit(1);

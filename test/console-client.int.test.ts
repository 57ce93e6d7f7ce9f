/**
 * The console's generated client types are current: each document the app
 * serves for the console's pages (the admin API's, the console API's) gives,
 * freshly generated, exactly the committed file under
 * control-plane/console/src/api/generated/ ("run npm run console:client"
 * otherwise). The pages type-check against those files in `tsc -b`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { consoleClientHeader, generateClientTypes } from '@plume/openapi-codegen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../control-plane/src/testing/app.js';

const GENERATED = (name: string) => fileURLToPath(new URL(`../control-plane/console/src/api/generated/${name}`, import.meta.url));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('generated console clients', () => {
  it('admin.d.ts equals a fresh generation from GET /api/admin/openapi.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/openapi.json', headers: t.adminHeaders });
    expect(res.statusCode).toBe(200);
    const fresh = await generateClientTypes(res.json(), consoleClientHeader('Plume admin API', '/api/admin/openapi.json'));
    if (fresh !== readFileSync(GENERATED('admin.d.ts'), 'utf8')) throw new Error('control-plane/console/src/api/generated/admin.d.ts is out of date: run npm run console:client');
  });

  it('console.d.ts equals a fresh generation from GET /api/console/openapi.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/console/openapi.json' });
    expect(res.statusCode).toBe(200);
    const fresh = await generateClientTypes(res.json(), consoleClientHeader('Plume console API', '/api/console/openapi.json'));
    const path = GENERATED('console.d.ts');
    if (!existsSync(path) || fresh !== readFileSync(path, 'utf8')) throw new Error('control-plane/console/src/api/generated/console.d.ts is missing or out of date: run npm run console:client');
  });
});

/**
 * The client package as an integrator gets it: `npm pack` of client/, the tarball installed into a
 * copy of examples/integrator (npm install from the cache where it can, the registry otherwise;
 * nothing from this repository but the tarball), compiled with that project's own TypeScript, and
 * run against a control plane listening on a loopback port: it imports an article, publishes it to
 * a CMS site (the CMS simulator, published by the control plane's CMS worker) and waits for the
 * batch with waitForBatch. Its webhook receiver is compiled too and fed a delivery signed by the
 * product's own signer.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CmsWorker } from '../control-plane/src/executors/web/cms.worker.js';
import { createTestApp, type TestApp } from '../control-plane/src/testing/app.js';
import { createUser, type TestUser } from '../control-plane/src/testing/openapi.js';
import { createCmsSite, fixturesOf } from '../control-plane/src/testing/publish.js';
import { signWebhook } from '../shared/src/webhooks.js';
import { CmsSimulator } from './cms-simulator/index.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const run = promisify(execFile);

/** The child's environment without the npm_* variables of an enclosing `npm test` (they would steer the nested npm). */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_'))), ...extra };
}

async function sh(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = cleanEnv()) {
  try {
    return await run(command, args, { cwd, env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
  }
}

let t: TestApp;
let base: string;
let sim: CmsSimulator;
let worker: CmsWorker;
let user: TestUser;
let site: number;
let scratch: string;
const timings: Record<string, number> = {};

async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings[name] = Math.round(performance.now() - started);
  }
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'plume-client-example-'));
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  sim = await new CmsSimulator().start();
  worker = new CmsWorker({ db: t.db.database.db, secretKey: undefined, concurrency: 1, timers: { pollMs: 50 } });
  worker.start();
  user = await createUser(t.app, t.adminHeaders, { quotas: { cms: 5 } });
  site = await createCmsSite(fixturesOf(t), user.id, { siteUrl: sim.url });
});
afterAll(async () => {
  await worker?.stop();
  await sim?.close();
  await t?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  console.log(`client example timings (ms): ${JSON.stringify(timings)}`);
});

describe('examples/integrator on the packed @plume/client', () => {
  it('packs, installs, compiles, publishes to a CMS site and waits for the batch; verifies a signed webhook', async () => {
    // The package as published: npm pack (its prepack builds dist).
    const packed = await timed('pack', () => sh('npm', ['pack', '--json', '--pack-destination', scratch], join(ROOT, 'client')));
    const [info] = JSON.parse(packed.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
    const files = info!.files.map((f) => f.path).sort();
    expect(files).toContain('dist/index.js');
    expect(files).toContain('dist/index.d.ts');
    expect(files).toContain('dist/openapi-v1.d.ts');
    expect(files).toContain('README.md');
    expect(files.filter((f) => f.startsWith('src/') || f.endsWith('.tsbuildinfo') || f.includes('test'))).toEqual([]);
    const tarball = join(scratch, info!.filename);

    // A copy of the example that depends on the tarball and nothing else of this repository.
    const project = join(scratch, 'integrator');
    cpSync(join(ROOT, 'examples/integrator'), project, { recursive: true, filter: (src) => !/[/\\](node_modules|dist)$/.test(src) });
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
    manifest.dependencies['@plume/client'] = `file:${tarball}`;
    writeFileSync(join(project, 'package.json'), JSON.stringify(manifest, null, 2));

    await timed('install', () => sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], project));
    const installed = JSON.parse(readFileSync(join(project, 'node_modules/@plume/client/package.json'), 'utf8'));
    expect(installed.name).toBe('@plume/client');
    await timed('tsc', () => sh(process.execPath, [join(project, 'node_modules/typescript/bin/tsc'), '-p', project], project));

    // The program against the control plane.
    const result = await timed('publish', () =>
      sh(process.execPath, [join(project, 'dist/publish.js')], project, cleanEnv({ PLUME_URL: base, PLUME_API_KEY: user.key, PLUME_SITE_ID: String(site) })),
    );
    const steps = result.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, any>);
    expect(steps.map((s) => s.step).filter((s) => s !== 'poll')).toEqual(['me', 'imported', 'published', 'done']);
    const done = steps.at(-1)!;
    expect(done.state).toBe('succeeded');
    expect(done.platform_url).toMatch(new RegExp(`^${sim.url}/`));
    expect(sim.posts.map((p) => p.title)).toEqual(['Hello from the example']);

    // The compiled webhook receiver takes a delivery the product signed, and refuses a forged one.
    const { receiver } = (await import(pathToFileURL(join(project, 'dist/webhooks.js')).href)) as typeof import('../examples/integrator/src/webhooks.js');
    const events: string[] = [];
    const { createServer } = await import('node:http');
    const server = createServer(receiver('whsec_example', (e) => events.push(`${e.type} ${e.id}`)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const body = JSON.stringify({ id: 'evt_ex1', type: 'publish.batch.updated', created_at: new Date().toISOString(), data: { batch_id: 'bat_1', state: 'succeeded', request_id: 'r' } });
      const ts = Math.floor(Date.now() / 1000);
      const post = (signature: string) =>
        fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', 'plume-webhook-id': 'evt_ex1', 'plume-webhook-timestamp': String(ts), 'plume-webhook-signature': signature } });
      expect((await post(signWebhook('whsec_example', ts, 'evt_ex1', body))).status).toBe(204);
      expect((await post(signWebhook('whsec_other', ts, 'evt_ex1', body))).status).toBe(400);
      expect(events).toEqual(['publish.batch.updated evt_ex1']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 180_000);
});

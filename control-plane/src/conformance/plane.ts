/**
 * The conformance control plane: the shipped app (buildApp, the real hub and
 * dispatcher) on a scratch database with short dispatch timers, the proxy in
 * front of it, and the platform simulator the executor under test publishes
 * to. It creates the integrator user the scenarios publish for and what the
 * executor joins with: an enrollment token for an edge node, or for a
 * desktop (Plume Desktop) an activation code generated for that user, as an
 * operator generates desktop codes. Admin and Open API calls go
 * through the app's own routes (inject), as any client's would.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { openPglite, openPostgres, type Database } from '../db/client.js';
import { committedMigrationCount, prepareDatabase } from '../db/bootstrap.js';
import type { DispatchTimers } from '../nodes/timers.js';
import { ConformanceProxy } from './proxy.js';

/**
 * Short enough that a run takes minutes, long enough for a loaded machine: three heartbeats make
 * the online window; a lease is six of them (a node that went silent mid-job is given up after
 * 20 s); a hand-back is offered again half a second later; an unknown outcome is
 * looked up every 2 s; no grace period (nothing was connected before the kit started).
 */
export const CONFORMANCE_TIMERS: Partial<DispatchTimers> = {
  heartbeatMs: 3000,
  pingMs: 5000,
  leaseMs: 20_000,
  offerDeadlineMs: 15_000,
  pollMs: 1000,
  sweepMs: 1000,
  startupGraceMs: 0,
  verifyIntervalMs: 2000,
  verifyChecks: 2,
  rejectBackoffMs: 500,
  maxAttempts: 5,
};

/** What the platform simulator offers the kit (test/platform-simulator). */
export interface SimulatorHandle {
  url: string;
  baseUrl(platform: string): string;
  publishes(platform?: string): Array<{ platform: string; account: string; postId: string; url: string; title?: string; at: string }>;
  setLoggedIn(platform: string, account: string, loggedIn: boolean, displayName?: string): void;
  sessionCookie(platform: string, account: string): { name: string; value: string; url: string };
  close(): Promise<void>;
}

export interface PlaneOptions {
  /** postgres:// of an empty (or Plume) database; unset: PGlite in a temp dir. */
  databaseUrl?: string | undefined;
  host: string;
  /** Port of the proxy the executor connects to (0: a free one). */
  port: number;
  platform: string;
  account: string;
  kind: 'edge' | 'desktop';
  logLevel: string;
}

export interface Plane {
  app: FastifyInstance;
  proxy: ConformanceProxy;
  sim: SimulatorHandle;
  /** The URL the executor enrolls and connects with (the proxy). */
  controlUrl: string;
  /** Edge: the single-use enrollment token (null for a desktop). */
  enrollmentToken: string | null;
  /** Desktop: the activation code generated for the user, in the `default` license project (null for an edge node). */
  activationCode: string | null;
  userId: number;
  adminHeaders: Record<string, string>;
  userHeaders: Record<string, string>;
  /** A Playwright storage state holding the simulator session of the account. */
  storageStateFile: string;
  workDir: string;
  close(): Promise<void>;
}

/** The simulator is TypeScript in the checkout's test/ tree: loaded through tsx, as scripts/platform-simulator.mjs does. */
async function startSimulator(): Promise<SimulatorHandle> {
  const entry = fileURLToPath(new URL('../../../test/platform-simulator/index.ts', import.meta.url));
  const { register } = (await import('tsx/esm/api')) as { register: () => void };
  register();
  const mod = (await import(pathToFileURL(entry).href)) as { startSimulator: (o?: { port?: number }) => Promise<SimulatorHandle> };
  return mod.startSimulator();
}

export async function startPlane(o: PlaneOptions): Promise<Plane> {
  const workDir = mkdtempSync(join(tmpdir(), 'plume-conformance-'));
  const cleanups: Array<() => Promise<void> | void> = [() => rmSync(workDir, { recursive: true, force: true })];
  const close = async () => {
    for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => {});
  };
  try {
    const database: Database = o.databaseUrl ? openPostgres(o.databaseUrl, 5) : await openPglite(join(workDir, 'db'));
    cleanups.push(() => database.close());
    await prepareDatabase(database);
    const adminToken = randomBytes(24).toString('base64url');
    const app = await buildApp({
      config: { adminToken, trustProxy: false, logLevel: o.logLevel as 'info', secretKey: undefined, generation: null },
      database,
      expectedMigrations: committedMigrationCount(),
      dispatchTimers: CONFORMANCE_TIMERS,
      logger: o.logLevel === 'silent' ? false : { level: o.logLevel },
    });
    cleanups.push(() => app.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const upstream = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const proxy = new ConformanceProxy(upstream);
    cleanups.push(() => proxy.close());
    const controlUrl = await proxy.listen(o.port, o.host);
    const sim = await startSimulator();
    cleanups.push(() => sim.close());

    const adminHeaders = { authorization: `Bearer ${adminToken}` };
    const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, headers = adminHeaders) => {
      const res = await app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: HTTP ${res.statusCode} ${res.body}`);
      return res.json() as Record<string, any>;
    };
    const user = await call('POST', '/api/admin/users', {
      name: 'Conformance integrator',
      plan: { name: 'conformance', permissions: ['publish', 'accounts:read', 'articles:write'], perMinuteLimit: 10_000, dailyLimit: 1_000_000, cmsEnabled: false },
      quotas: { web: 100, desktop: 100, edge: 100, cms: 0 },
    });
    const userId = user.user.id as number;
    const key = await call('POST', `/api/admin/users/${userId}/api-keys`, { name: 'conformance' });
    // An edge node enrolls with a token; a desktop activates with a license code tied to the user
    // (TIME, a day: the run's publishes cost no uses it could run out of).
    const token = o.kind === 'edge' ? await call('POST', '/api/admin/nodes/enrollment-tokens', { kind: 'edge', userIds: [userId], name: 'executor under test' }) : null;
    const code =
      o.kind === 'desktop'
        ? await call('POST', '/api/admin/codes/generate', { licenseMode: 'TIME', quantity: 1, expiresAt: new Date(Date.now() + 86_400_000).toISOString(), userId })
        : null;

    sim.setLoggedIn(o.platform, o.account, true, 'Conformance account');
    const cookie = sim.sessionCookie(o.platform, o.account);
    const storageStateFile = join(workDir, 'storage-state.json');
    writeFileSync(
      storageStateFile,
      JSON.stringify({ cookies: [{ name: cookie.name, value: cookie.value, domain: new URL(sim.url).hostname, path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }], origins: [] }),
    );
    return {
      app,
      proxy,
      sim,
      controlUrl,
      enrollmentToken: token ? (token.token as string) : null,
      activationCode: code ? (code.codes[0].code as string) : null,
      userId,
      adminHeaders,
      userHeaders: { authorization: `Bearer ${key.apiKey.key as string}` },
      storageStateFile,
      workDir,
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}

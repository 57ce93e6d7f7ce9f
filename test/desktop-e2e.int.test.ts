/**
 * Plume Desktop end to end on Linux, with nothing stubbed: the in-process
 * control plane on loopback, the compiled `plume-desktop` program (its state
 * in a temp HOME), Debian's Chromium, the platform simulator.
 *
 * A COUNT code of two uses is generated through the admin API for a user;
 * `plume-desktop activate` enrolls this machine (its real /etc/machine-id)
 * and the desktop node comes online for that user; the local UI is read in
 * real Chromium; two articles are published through the Open API with
 * `executor=desktop`, each one use deducted exactly once (a use journaled
 * again, as after a crash, is answered idempotent and costs nothing; the
 * second publish survives a kill -9 between its commit and its result: it is
 * verified on the platform, not published again, and costs one use); once
 * the uses are spent the desktop and the control plane both refuse. The
 * page activates another computer state and chooses folders in Chromium.
 * Then the bad inputs: a wrong code, a code already bound elsewhere, a banned
 * version, a tampered offline snapshot while the server is unreachable, and
 * the device revoked by the operator — each with its plain message.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { LicenseClient, MemoryKeyStore } from '@plume/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../edge-node/src/adapters/browser.js';
import { eventually } from '../control-plane/src/testing/eventually.js';
import { sql } from 'drizzle-orm';
import { rows } from '../control-plane/src/db/client.js';
import { nodeOnlineSql } from '../control-plane/src/nodes/nodes.repository.js';
import { type TestApp } from '../control-plane/src/testing/app.js';
import { type TestUser, v1 } from '../control-plane/src/testing/openapi.js';
import { startSimulator, type Simulator } from './platform-simulator/index.js';
import { accountOf, waitForBatch } from './support/edge-world.js';
import { type DesktopWorld, desktopWorld, importSimAccount } from './support/desktop-world.js';
import { startListeningApp } from './support/listening-app.js';

const JIANSHU = '30457188';
let t: TestApp;
let url: string;
let user: TestUser;
let sim: Simulator;
let desk: DesktopWorld;
let browser: Browser;
let uiUrl = '';
let code = '';
const jobIds: string[] = [];

const admin = async (method: 'GET' | 'POST', path: string, payload?: unknown) => {
  const res = await t.app.inject({ method, url: path, headers: t.adminHeaders, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() };
};
const api = (method: Parameters<typeof v1>[2], path: string, body?: unknown) => v1(t.app, user, method, path, body);
const account = async () => accountOf((await api('GET', '/accounts')).body, 'jianshu');
/** The consumption log of one requestId, newest first (the last day: the query needs a range). */
const uses = async (requestId: string) => {
  const range = `from=${new Date(Date.now() - 86_400_000).toISOString()}&to=${new Date(Date.now() + 60_000).toISOString()}`;
  const res = await admin('GET', `/api/admin/logs?keyword=${requestId}&${range}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items as Array<{ requestId: string; outcome: string }>;
};
const remaining = async () => (await admin('GET', `/api/admin/codes?keyword=${code}`)).body.items[0].remainingCount as number;
const newCode = async (spec: Record<string, unknown> = {}) => {
  const res = await admin('POST', '/api/admin/codes/generate', { quantity: 1, licenseMode: 'COUNT', remainingCount: 2, userId: user.id, ...spec });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.codes[0].code as string;
};

/** This computer's desktop node as the control plane sees it: online (a replica holds its socket) and its session epoch. */
async function nodeSession(): Promise<{ online: boolean; epoch: number }> {
  const { nodeId } = JSON.parse(readFileSync(join(desk.stateDir, 'device.json'), 'utf8')) as { nodeId: string };
  const [row] = await rows<{ online: boolean; epoch: number }>(t.db.database.db, sql`select ${nodeOnlineSql()} as online, session_epoch::int as epoch from execution_nodes where id = ${nodeId}`);
  return { online: row!.online, epoch: Number(row!.epoch) };
}

/** The UI's text in real Chromium (a new page each time: it is server-rendered). */
async function uiText(selector = 'body'): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(uiUrl);
    return await page.locator(selector).innerText();
  } finally {
    await context.close();
  }
}

async function publishArticle(title: string) {
  const created = await api('POST', '/articles', { title, content: `# ${title}\n\nPublished from a desktop.`, contentProvenance: 'human' });
  expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  const request = { articleId: created.body.article_id, executor: 'desktop', accountIds: [(await account())!.id], platformSettings: { jianshu: { notebook: '随笔' } } };
  const pre = await api('POST', '/publish/preflight', { ...request, contentType: 'article' });
  return { request, pre };
}

beforeAll(async () => {
  const [cp, s] = await Promise.all([startListeningApp({ quotas: { desktop: 10 } }, 'desktop-e2e'), startSimulator()]);
  ({ t, url, user } = cp);
  sim = s;
  desk = desktopWorld({ name: 'desktop-e2e', sim, platforms: ['jianshu'] });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  // PLUME_DESKTOP_TEST_DUMP=<file>: the app's log is written there, to read after a failure.
  if (process.env.PLUME_DESKTOP_TEST_DUMP) writeFileSync(process.env.PLUME_DESKTOP_TEST_DUMP, desk?.output() ?? '');
  await browser?.close();
  await desk?.close();
  await Promise.all([t?.close(), sim?.close()]);
});

describe('happy path', () => {
  it('activates with a COUNT code generated for the user: this machine’s id, a 0600 device key, a desktop node of that user', async () => {
    code = await newCode();
    const res = await desk.cli(['activate', '--server', url, '--code', code]);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toContain('2 publishes left');
    const nodeId = /executor: (node_[\w-]+)/.exec(res.out)?.[1];
    expect(nodeId).toBeDefined();
    expect(statSync(join(desk.stateDir, 'device.json')).mode & 0o777).toBe(0o600);
    const machineId = readFileSync('/etc/machine-id', 'utf8').trim();
    const device = JSON.parse(readFileSync(join(desk.stateDir, 'device.json'), 'utf8'));
    expect(device).toMatchObject({ machineId, nodeId, projectKey: 'default' });
    const codes = (await admin('GET', `/api/admin/codes?keyword=${code}`)).body.items[0];
    expect(codes).toMatchObject({ userId: user.id, nodeId });
    expect((await desk.cli(['browser', '--path', '/usr/bin/chromium'])).code).toBe(0);
    const imported = await importSimAccount(desk, sim, { platform: 'jianshu', ref: JIANSHU, name: 'Desk jianshu' });
    expect(imported.code, imported.out).toBe(0);
  }, 60_000);

  it('runs as the user’s desktop executor: online, its account publishable for executor=desktop, its UI on loopback in real Chromium', async () => {
    uiUrl = await desk.start();
    await eventually(async () => (await account())?.publishable, { message: desk.output() }).toBe(true);
    expect(await account()).toMatchObject({ executor: 'desktop', executor_online: true });
    await eventually(async () => uiText('#connection')).toContain('connected: this computer takes publish jobs');
    const body = await uiText();
    expect(body).toContain('Licensed: 2 publishes left on this code.');
    expect(body).toContain(join(desk.home, 'Videos'));
    expect(body).toContain(JIANSHU);
  }, 120_000);

  it('one article with executor=desktop is published once and costs one use, recorded with the job id', async () => {
    const { request, pre } = await publishArticle('Desktop one');
    expect(pre.body.valid, JSON.stringify(pre.body)).toBe(true);
    const res = await api('POST', '/publish', { ...request, preflightHash: pre.body.preflight_hash, settingsContractVersion: pre.body.settings_contract_version });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const batch = await waitForBatch(async (id) => (await api('GET', `/publish/${id}`)).body, res.body.batch_id, 120_000, () => desk.output());
    expect(batch.state, `${JSON.stringify(batch)}\n${desk.output()}`).toBe('succeeded');
    expect(sim.publishes('jianshu')).toHaveLength(1);
    const jobId = batch.jobs[0].job_id as string;
    jobIds.push(jobId);
    await eventually(() => uses(jobId)).toEqual([expect.objectContaining({ requestId: jobId, outcome: 'deducted' })]);
    expect(await remaining()).toBe(1);
    await eventually(() => uiText('#jobs')).toMatch(/Desktop one\s+published/);
  }, 200_000);

  it('a use journaled again, as after a crash before the answer, is answered idempotent: no second deduction', async () => {
    const before = await nodeSession();
    expect(await desk.stop()).toBe(0);
    const file = join(desk.stateDir, 'license-uses.json');
    writeFileSync(file, JSON.stringify([jobIds[0]]), { mode: 0o600 });
    uiUrl = await desk.start();
    await eventually(() => uses(jobIds[0]!)).toEqual([expect.objectContaining({ outcome: 'idempotent' }), expect.objectContaining({ outcome: 'deducted' })]);
    expect(await remaining()).toBe(1);
    await eventually(() => JSON.parse(readFileSync(file, 'utf8'))).toEqual([]);
    // The restarted app's own handshake (a later epoch) holds the socket again before the next publish.
    await eventually(async () => {
      const now = await nodeSession();
      return now.online && now.epoch > before.epoch;
    }).toBe(true);
    await eventually(async () => (await account())?.publishable, { message: desk.output() }).toBe(true);
  }, 120_000);

  it('the last use: killed with -9 between the commit and its result, the publish is verified and costs one use; then the desktop and the control plane refuse license_exhausted', async () => {
    // The platform records the post and holds its answer: the app dies after the click, before the result.
    sim.configure('jianshu', { publishDelayMs: 60_000 });
    const { request, pre } = await publishArticle('Desktop two');
    const res = await api('POST', '/publish', { ...request, preflightHash: pre.body.preflight_hash, settingsContractVersion: pre.body.settings_contract_version });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await eventually(() => sim.publishes('jianshu').length).toBe(2);
    await desk.kill();
    sim.configure('jianshu', { publishDelayMs: 150 });
    uiUrl = await desk.start();
    const batch = await waitForBatch(async (id) => (await api('GET', `/publish/${id}`)).body, res.body.batch_id, 150_000, () => desk.output());
    expect(batch.state, desk.output()).toBe('succeeded');
    jobIds.push(batch.jobs[0].job_id as string);
    await eventually(() => uses(jobIds[1]!)).toEqual([expect.objectContaining({ outcome: 'deducted' })]);
    expect(await remaining()).toBe(0);
    expect(sim.publishes('jianshu')).toHaveLength(2);

    await eventually(() => uiText('#license-message')).toContain('All uses of this activation code are spent');
    await eventually(async () => (await account())?.unpublishable_reasons).toContain('license_exhausted');
    expect(await uiText('#jobs')).toMatch(/Desktop two\s+published/);
    const third = await publishArticle('Desktop three');
    expect(third.pre.body.valid).toBe(false);
    expect(third.pre.body.problems).toEqual([expect.objectContaining({ code: 'account_not_publishable', message: expect.stringContaining('has no uses left') })]);
    expect(third.pre.body.targets[0].unpublishable_reasons).toContain('license_exhausted');
    const status = await desk.cli(['status']);
    expect(status.code).toBe(1);
    expect(status.out).toContain('All uses of this activation code are spent');
    expect(sim.publishes('jianshu')).toHaveLength(2);
  }, 240_000);
});

describe('local UI', () => {
  it('a person activates from the page in real Chromium and chooses the folders there', async () => {
    const other = desktopWorld({ name: 'desktop-ui', sim, platforms: [] });
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(await other.start());
      await expect.poll(() => page.locator('#license-message').innerText()).toContain('not activated');
      await page.fill('input[name=server]', url);
      await page.fill('input[name=code]', await newCode());
      await page.getByRole('button', { name: 'Activate' }).click();
      await expect.poll(() => page.locator('#note').innerText()).toContain('Activated. Licensed: 2 publishes left on this code.');
      await eventually(async () => {
        await page.reload();
        return page.locator('#connection').innerText();
      }).toContain('connected: this computer takes publish jobs');

      const clips = join(other.home, 'Clips');
      await page.getByRole('textbox', { name: 'Folder' }).fill(clips);
      await page.getByRole('button', { name: 'Allow this folder' }).click();
      await expect.poll(() => page.locator('#folders').innerText()).toContain(clips);
      await page.locator('#folders li', { hasText: join(other.home, 'Pictures') }).getByRole('button', { name: 'Remove' }).click();
      await expect.poll(() => page.locator('#folders').innerText()).not.toContain(join(other.home, 'Pictures'));
      expect(JSON.parse(readFileSync(join(other.stateDir, 'settings.json'), 'utf8')).allowedFolders).toEqual([join(other.home, 'Videos'), clips]);
      await page.getByRole('textbox', { name: 'Folder' }).fill('Clips');
      await page.getByRole('button', { name: 'Allow this folder' }).click();
      await expect.poll(() => page.locator('#note').innerText()).toContain('Refused (folder_not_absolute)');
    } finally {
      await context.close();
      await other.close();
    }
  }, 120_000);
});

describe('errors', () => {
  it('a wrong code is refused with a plain message and activates nothing', async () => {
    const other = desktopWorld({ name: 'desktop-wrong', sim, platforms: [] });
    try {
      const res = await other.cli(['activate', '--server', url, '--code', 'NO-SUCH-CODE-1234']);
      expect(res.code).toBe(1);
      expect(res.out).toContain('This activation code is not known to the server');
      expect(res.out).toContain('CODE_INVALID');
      const status = await other.cli(['status']);
      expect(status.out).toContain('not activated');
    } finally {
      await other.close();
    }
  });

  it('a code already bound to another computer is refused: each code activates one computer', async () => {
    const spent = await newCode();
    const elsewhere = new LicenseClient({ baseUrl: url, machineId: 'another-computer-1', fingerprintHash: 'fp-another', appVersion: '0.1.0', keyStore: new MemoryKeyStore() });
    await elsewhere.enroll(spent);
    const other = desktopWorld({ name: 'desktop-bound', sim, platforms: [] });
    try {
      const res = await other.cli(['activate', '--server', url, '--code', spent]);
      expect(res.code).toBe(1);
      expect(res.out).toMatch(/already in use on another computer|not known/);
    } finally {
      await other.close();
    }
  });

  it('a banned version is refused at activation with what to do', async () => {
    const project = 'desktop-ban';
    expect((await admin('POST', '/api/admin/projects', { projectKey: project, name: 'Desktop ban' })).status).toBeLessThan(300);
    const version = JSON.parse(readFileSync(new URL('../edge-node/package.json', import.meta.url), 'utf8')).version as string;
    expect((await admin('POST', `/api/admin/projects/${project}/version-bans`, { appVersion: version, reason: 'test' })).status).toBeLessThan(300);
    const banned = await newCode({ projectKey: project });
    const other = desktopWorld({ name: 'desktop-ban', sim, platforms: [] });
    try {
      const res = await other.cli(['activate', '--server', url, '--code', banned, '--project', project]);
      expect(res.code).toBe(1);
      expect(res.out).toContain('This version of Plume Desktop is not allowed by the server. Install the current version');
    } finally {
      await other.close();
    }
  });

  it('offline, the signed snapshot vouches for the license; a tampered one is refused with what to do', async () => {
    const other = desktopWorld({ name: 'desktop-offline', sim, platforms: [] });
    try {
      expect((await other.cli(['activate', '--server', url, '--code', await newCode({ licenseMode: 'TIME', remainingCount: undefined, expiresAt: new Date(Date.now() + 86_400_000).toISOString() })])).code).toBe(0);
      // The server moves out of reach: the settings name a closed port.
      const settingsFile = join(other.stateDir, 'settings.json');
      writeFileSync(settingsFile, JSON.stringify({ ...JSON.parse(readFileSync(settingsFile, 'utf8')), serverUrl: 'http://127.0.0.1:1' }), { mode: 0o600 });
      const offline = await other.cli(['status']);
      expect(offline.out).toContain('The server cannot be reached. The offline license, signed by your server, says this computer is licensed until');
      expect(offline.out).toContain('state: offline');

      const deviceFile = join(other.stateDir, 'device.json');
      const device = JSON.parse(readFileSync(deviceFile, 'utf8'));
      const [prefix, payload, signature] = (device.offlineLicense as string).split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
      const forged = Buffer.from(JSON.stringify({ ...claims, notAfter: '2099-01-01T00:00:00.000Z' })).toString('base64url');
      writeFileSync(deviceFile, JSON.stringify({ ...device, offlineLicense: `${prefix}.${forged}.${signature}` }), { mode: 0o600 });
      const tampered = await other.cli(['status']);
      expect(tampered.code).toBe(1);
      expect(tampered.out).toContain('The saved offline license failed its check');
      expect(tampered.out).toContain('SIGNATURE_INVALID');
    } finally {
      await other.close();
    }
  });

  it('the operator revokes the device: the executor is disconnected and the desktop says what happened', async () => {
    const device = JSON.parse(readFileSync(join(desk.stateDir, 'device.json'), 'utf8'));
    const res = await admin('POST', `/api/admin/devices/${device.deviceId}/revoke`, {});
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    await eventually(async () => (await account())?.executor_online).toBe(false);
    await eventually(() => uiText('#executor-error')).toContain('license was revoked by the operator');
    const status = await desk.cli(['status']);
    expect(status.code).toBe(1);
    expect(status.out).toContain('This computer’s license was revoked by the operator');
  }, 120_000);
});

describe('auth', () => {
  it('the local UI needs this start’s token, its own Host and the form token; it listens on loopback only', async () => {
    const base = new URL(uiUrl);
    const plain = await fetch(`${base.origin}/`);
    expect(plain.status).toBe(401);
    const wrongToken = await fetch(`${base.origin}/?token=not-the-token`);
    expect(wrongToken.status).toBe(401);
    // A name rebound to 127.0.0.1 arrives with its own Host header (fetch cannot set one: node:http can).
    const rebound = await new Promise<number>((resolve, reject) =>
      request({ host: '127.0.0.1', port: Number(base.port), path: `${base.pathname}${base.search}`, headers: { host: `evil.example:${base.port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      })
        .on('error', reject)
        .end(),
    );
    expect(rebound).toBe(421);
    const entered = await fetch(uiUrl, { redirect: 'manual' });
    expect(entered.status).toBe(303);
    const cookie = entered.headers.get('set-cookie')!.split(';')[0]!;
    const noFormToken = await fetch(`${base.origin}/folders/add`, { method: 'POST', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: 'folder=/' });
    expect(noFormToken.status).toBe(403);
    const folders = readFileSync(join(desk.stateDir, 'settings.json'), 'utf8');
    expect(folders).not.toContain('"/"');
    const { networkInterfaces } = await import('node:os');
    const external = Object.values(networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal);
    if (external) await expect(fetch(`http://${external.address}:${base.port}/`)).rejects.toThrow();
  });
});

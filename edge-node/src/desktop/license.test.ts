/**
 * DesktopLicense against the shared in-process license server (the same
 * checks as the real one): what each answer makes of the computer's
 * standing and whether offers are taken, and the journal of uses.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { FakeLicenseServer } from '../../../shared/src/license/fake-license-server.js';
import { ActivationRefused, DesktopLicense } from './license.js';

const root = mkdtempSync(join(tmpdir(), 'plume-desktop-license-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

async function setup(remainingCount = 5) {
  const server = await FakeLicenseServer.create({ now: () => Date.now(), remainingCount });
  const dir = join(root, String(++n));
  const license = new DesktopLicense({
    serverUrl: 'https://license.test',
    projectKey: 'default',
    machineId: 'machine-1',
    fingerprintHash: 'fp-1',
    appVersion: '0.1.0',
    keyFile: join(dir, 'device.json'),
    usesFile: join(dir, 'license-uses.json'),
    log: pino({ level: 'silent' }),
    fetch: server.fetch as never,
  });
  return { server, license, dir, pending: () => JSON.parse(readFileSync(join(dir, 'license-uses.json'), 'utf8')) as string[] };
}

describe('happy path', () => {
  it('activation binds the device; a code not tied to a user takes no jobs, and says why', async () => {
    const { license } = await setup();
    expect(license.current.standing).toBe('not_activated');
    expect(license.refusal()).toBe('license_not_activated');
    const state = await license.activate('CODE-COUNT-1');
    expect(state).toMatchObject({ standing: 'not_a_node', canPublish: false, licenseMode: 'COUNT', remainingCount: 5 });
    expect(state.message).toContain('not tied to a Plume user');
    expect(license.refusal()).toBe('license_not_a_node');
  });

  it('a use is journaled before it is sent, kept while the server cannot be reached, and recorded once per job id', async () => {
    const { server, license, pending } = await setup();
    await license.activate('CODE-COUNT-1');
    server.faults.set('/api/license/v2/consume', 'network');
    license.recordUse('job_a');
    license.recordUse('job_a');
    expect(pending()).toEqual(['job_a']);
    await license.flushUses();
    expect(pending()).toEqual(['job_a']);
    expect(server.consumedRequestIds.size).toBe(0);
    await license.flushUses();
    expect(pending()).toEqual([]);
    expect([...server.consumedRequestIds]).toEqual(['job_a']);
    expect(server.remainingCount).toBe(4);
    expect(license.current.remainingCount).toBe(4);
  });
});

describe('errors', () => {
  it('the last use spent: exhausted, offers refused license_exhausted', async () => {
    const { license } = await setup(1);
    await license.activate('CODE-COUNT-1');
    license.recordUse('job_last');
    await license.flushUses();
    expect(license.current).toMatchObject({ standing: 'exhausted', canPublish: false, remainingCount: 0 });
    expect(license.refusal()).toBe('license_exhausted');
  });

  it('revoked and banned answers stop the jobs with their own words', async () => {
    const { server, license } = await setup();
    await license.activate('CODE-COUNT-1');
    server.faults.set('/api/license/v2/status', { status: 403, code: 'DEVICE_REVOKED' });
    expect(await license.refresh()).toMatchObject({ standing: 'revoked', canPublish: false, message: expect.stringContaining('revoked by the operator') });
    expect(license.refusal()).toBe('license_revoked');
    server.faults.set('/api/license/v2/status', { status: 403, code: 'VERSION_BANNED' });
    expect(await license.refresh()).toMatchObject({ standing: 'version_banned', message: expect.stringContaining('Install the current version') });
    expect(license.refusal()).toBe('license_version_banned');
  });

  it('offline: the pinned key vouches for the snapshot; an altered one is refused', async () => {
    const { server, license, dir } = await setup();
    await license.activate('CODE-COUNT-1');
    await license.refresh();
    server.faults.set('/api/license/v2/status', 'network');
    expect(await license.refresh()).toMatchObject({ standing: 'offline', canPublish: false, message: expect.stringContaining('licensed until') });

    const file = join(dir, 'device.json');
    const device = JSON.parse(readFileSync(file, 'utf8'));
    const [prefix, payload, signature] = (device.offlineLicense as string).split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), remainingCount: 999 })).toString('base64url');
    writeFileSync(file, JSON.stringify({ ...device, offlineLicense: `${prefix}.${forged}.${signature}` }), { mode: 0o600 });
    const reread = await setupReader(dir, server);
    server.faults.set('/api/license/v2/status', 'network');
    expect(await reread.refresh()).toMatchObject({ standing: 'snapshot_invalid', message: expect.stringContaining('SIGNATURE_INVALID') });
  });

  it('activation refusals are said plainly', async () => {
    const { license } = await setup();
    const refused = await license.activate('NO-SUCH-CODE').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ActivationRefused);
    expect(refused).toMatchObject({ code: expect.any(String), message: expect.stringMatching(/activation code|server/) });
  });
});

/** A second app start on the same state (it reads the device file afresh). */
function setupReader(dir: string, server: FakeLicenseServer): Promise<DesktopLicense> {
  return Promise.resolve(
    new DesktopLicense({
      serverUrl: 'https://license.test',
      projectKey: 'default',
      machineId: 'machine-1',
      fingerprintHash: 'fp-1',
      appVersion: '0.1.0',
      keyFile: join(dir, 'device.json'),
      usesFile: join(dir, 'license-uses.json'),
      log: pino({ level: 'silent' }),
      fetch: server.fetch as never,
    }),
  );
}

/**
 * plume-admin as operators run it: the compiled dist/cli/plume-admin.js in a
 * child process, against this test's control plane listening on a real port.
 * `npm test` compiles first (tsc -b); run `npx tsc -b` before running this
 * file alone.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, uniqueKey } from '../testing/admin-client.js';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../testing/app.js';
import { TestDevice } from '../testing/license-device.js';

const CLI = fileURLToPath(new URL('../../dist/cli/plume-admin.js', import.meta.url));

let t: TestApp;
let url: string;
let dir: string;

beforeAll(async () => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npx tsc -b\` first (npm test does)`);
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  dir = await mkdtemp(join(tmpdir(), 'plume-admin-'));
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { PATH: process.env.PATH ?? '', PLUME_ADMIN_URL: url, PLUME_ADMIN_TOKEN: TEST_ADMIN_TOKEN, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

async function projectWithDevice(appVersion = '5.0.0') {
  const projectKey = uniqueKey('cli');
  expect((await cli(['projects', 'create', projectKey, '--name', 'CLI project'])).code).toBe(0);
  const file = join(dir, `${projectKey}.csv`);
  expect((await cli(['codes', 'generate', '--project', projectKey, '--mode', 'COUNT', '--quantity', '3', '--count', '5', '--out', file])).code).toBe(0);
  const codes = parseCsv(await readFile(file, 'utf8')).slice(1);
  const device = new TestDevice(t.app);
  Object.assign(device, { projectKey, appVersion });
  expect((await device.enroll(codes[0]![0]!)).body.success).toBe(true);
  return { projectKey, device, codes };
}

describe('happy path', () => {
  it('creates a project and shows it with its offline key', async () => {
    const projectKey = uniqueKey('cli');
    const created = await cli(['projects', 'create', projectKey, '--name', 'Desktop editor', '--offline-ttl', '7200']);
    expect(created).toMatchObject({ code: 0, stderr: '' });
    expect(created.stdout).toMatch(new RegExp(`Created project ${projectKey}  Desktop editor  \\(enabled\\)`));
    expect(created.stdout).toMatch(/offline key k_[0-9a-f]{16}  [A-Za-z0-9_-]{43}/);
    expect(created.stdout).toContain('offlineTtlSeconds=7200');
    const json = await cli(['projects', 'show', projectKey, '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ success: true, project: { projectKey, name: 'Desktop editor' } });
  });

  it('generates codes into a CSV file that enrolls', async () => {
    const projectKey = uniqueKey('cli');
    await cli(['projects', 'create', projectKey, '--name', 'codes']);
    const file = join(dir, 'time-codes.csv');
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const res = await cli(['codes', 'generate', '--project', projectKey, '--mode', 'TIME', '--quantity', '250', '--expires-at', expiresAt, '--out', file]);
    expect(res).toMatchObject({ code: 0 });
    expect(res.stdout).toBe(`Wrote 250 TIME codes for ${projectKey} to ${file}\n`);
    const table = parseCsv(await readFile(file, 'utf8'));
    expect(table[0]).toEqual(['code', 'projectKey', 'licenseMode', 'remainingCount', 'expiresAt']);
    expect(table).toHaveLength(251);
    expect(table[1]).toEqual([expect.stringMatching(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/), projectKey, 'TIME', '', expiresAt]);
    const device = new TestDevice(t.app);
    device.projectKey = projectKey;
    expect((await device.enroll(table[7]![0]!)).body).toMatchObject({ success: true, licenseMode: 'TIME' });
  });

  it('lists and revokes devices', async () => {
    const { projectKey, device } = await projectWithDevice();
    const list = await cli(['devices', 'list', '--project', projectKey]);
    expect(list.code).toBe(0);
    expect(list.stdout.split('\n')[0]).toMatch(/^deviceId\s+project\s+machineId\s+version\s+status\s+sessions\s+lastSeen$/);
    expect(list.stdout).toContain(device.machineId);
    expect(list.stdout).toMatch(/Rows 1-1 of 1/);
    const revoked = await cli(['devices', 'revoke', String(device.deviceId)]);
    expect(revoked).toMatchObject({ code: 0, stdout: `Revoked device ${device.deviceId} and 1 active session\n` });
    expect((await device.status()).body.code).toBe('DEVICE_REVOKED');
    const onlyRevoked = await cli(['devices', 'list', '--project', projectKey, '--status', 'revoked', '--json']);
    expect(JSON.parse(onlyRevoked.stdout).items).toEqual([expect.objectContaining({ deviceId: device.deviceId, status: 'revoked' })]);
  });

  it('bans, lists and unbans a client version', async () => {
    const { projectKey, device } = await projectWithDevice('6.6.6');
    expect(await cli(['versions', 'ban', projectKey, '6.6.6', '--reason', 'leaked build'])).toMatchObject({ code: 0, stdout: `Banned version 6.6.6 in ${projectKey}\n` });
    expect((await device.status()).body.code).toBe('VERSION_BANNED');
    const list = await cli(['versions', 'list', projectKey]);
    expect(list.stdout).toMatch(/6\.6\.6\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}\s+leaked build/);
    expect((await cli(['versions', 'unban', projectKey, '6.6.6'])).code).toBe(0);
    expect((await device.status()).body.success).toBe(true);
  });

  it('exports logs to CSV with progress', async () => {
    const { projectKey, device } = await projectWithDevice();
    for (const id of ['a', 'b', 'c']) await device.consume(`cli-${id}`);
    const file = join(dir, 'logs.csv');
    const res = await cli(['logs', 'export', '--project', projectKey, '--days', '1', '--out', file]);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(new RegExp(`^Exported 3 rows \\(0\\.0 MB\\) to ${file.replaceAll('.', '\\.')}\\n$`));
    expect(res.stderr).toMatch(/3 \/ 3 \(100\.0 %\) rows/);
    const table = parseCsv(await readFile(file, 'utf8'));
    expect(table.slice(1).map((r) => r[7])).toEqual(['cli-a', 'cli-b', 'cli-c']);
    expect(existsSync(`${file}.part`)).toBe(false);
  });

  it('shows the trend as a small table', async () => {
    const { projectKey, device } = await projectWithDevice();
    await device.consume('t-1');
    await device.consume('t-2');
    const res = await cli(['trend', '--days', '3', '--project', projectKey]);
    expect(res.code).toBe(0);
    const lines = res.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`Consumptions, last 3 days by day (UTC), project ${projectKey}`);
    expect(lines[1]).toMatch(/^day\s+total\s+deducted\s+time\s+repeat\s+refused$/);
    expect(lines).toHaveLength(6);
    expect(lines[4]).toMatch(/^\d{4}-\d{2}-\d{2}\s+2\s+2\s+0\s+0\s+0\s+█+$/);
    expect(lines[5]).toMatch(/^all\s+2\s+2/);
  });
});

describe('errors', () => {
  it('says clearly when the server is unreachable (exit 3)', async () => {
    const res = await cli(['stats'], { PLUME_ADMIN_URL: `http://127.0.0.1:${await closedPort()}` });
    expect(res.code).toBe(3);
    expect(res.stderr).toMatch(/^plume-admin: Cannot reach the control plane at http:\/\/127\.0\.0\.1:\d+: connection refused \(ECONNREFUSED\)/);
  });

  it('says clearly when the token is wrong, missing or read-only (exit 4)', async () => {
    const wrong = await cli(['devices', 'list'], { PLUME_ADMIN_TOKEN: 'not-the-token' });
    expect(wrong.code).toBe(4);
    expect(wrong.stderr).toBe('plume-admin: The control plane refused the admin token (ADMIN_UNAUTHORIZED): Unknown or revoked admin token. Check --token or PLUME_ADMIN_TOKEN.\n');
    const missing = await cli(['devices', 'list'], { PLUME_ADMIN_TOKEN: '' });
    expect(missing).toMatchObject({ code: 4, stderr: 'plume-admin: No admin token: pass --token or set PLUME_ADMIN_TOKEN\n' });
    const created = JSON.parse((await cli(['tokens', 'create', '--name', 'viewer', '--scope', 'read', '--json'])).stdout);
    const readOnly = await cli(['devices', 'revoke', '1', '--token', created.secret]);
    expect(readOnly.code).toBe(4);
    expect(readOnly.stderr).toMatch(/read-only.*write scope/);
    expect((await cli(['devices', 'list', '--token', created.secret])).code).toBe(0);
  });

  it('reports what the server refused (exit 1) and bad command lines (exit 2)', async () => {
    const unknown = await cli(['trend', '--project', 'no-such-project']);
    expect(unknown).toMatchObject({ code: 1, stderr: 'plume-admin: Unknown projectKey no-such-project (PROJECT_NOT_FOUND, HTTP 404)\n' });
    expect((await cli(['trend', '--days', '91'])).code).toBe(2);
    expect((await cli(['logs', 'export', '--out', join(dir, 'x.csv'), '--from', '2024-01-01T00:00:00Z'])).code).toBe(2);
    const inverted = await cli(['logs', 'export', '--out', join(dir, 'x.csv'), '--from', '2024-02-01T00:00:00Z', '--to', '2024-01-01T00:00:00Z']);
    expect(inverted.code).toBe(1);
    expect(inverted.stderr).toMatch(/INVALID_RANGE/);
    expect(existsSync(join(dir, 'x.csv'))).toBe(false);
    expect((await cli(['devices', 'revoke'])).code).toBe(2);
    expect((await cli(['devices', 'revoke', 'twelve'])).code).toBe(2);
    expect((await cli(['codes', 'generate', '--project', 'default', '--mode', 'COUNT'])).code).toBe(2);
    expect((await cli(['frobnicate'])).code).toBe(2);
    expect((await cli(['--help'])).stdout).toMatch(/^plume-admin: the Plume license back office/);
  });
});

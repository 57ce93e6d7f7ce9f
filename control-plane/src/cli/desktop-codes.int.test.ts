/**
 * plume-admin (the compiled dist/cli/plume-admin.js in a child process) with
 * codes that serve a user: `codes generate --user`, the code list naming the user
 * and the desktop node (the device list's JSON too), and revoking such a device. Run
 * `npx tsc -b` before running this file alone (npm test does).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../testing/admin-client.js';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../testing/app.js';
import { TestDevice } from '../testing/license-device.js';
import { createUser, type TestUser } from '../testing/openapi.js';

const CLI = fileURLToPath(new URL('../../dist/cli/plume-admin.js', import.meta.url));

let t: TestApp;
let url: string;
let user: TestUser;

beforeAll(async () => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npx tsc -b\` first (npm test does)`);
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  user = await createUser(t.app, t.adminHeaders);
});
afterAll(async () => t?.close());

function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { PATH: process.env.PATH ?? '', PLUME_ADMIN_URL: url, PLUME_ADMIN_TOKEN: TEST_ADMIN_TOKEN } },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('happy path', () => {
  it('generates codes for a user, lists the user and the node, and revokes the device with its node', async () => {
    const made = await cli(['codes', 'generate', '--project', 'default', '--mode', 'COUNT', '--count', '3', '--quantity', '2', '--user', String(user.id)]);
    expect(made).toMatchObject({ code: 0, stderr: '' });
    const csv = parseCsv(made.stdout);
    expect(csv[0]).toEqual(['code', 'projectKey', 'licenseMode', 'remainingCount', 'expiresAt', 'userId']);
    expect(csv.slice(1).map((r) => r[5])).toEqual([String(user.id), String(user.id)]);

    const device = new TestDevice(t.app);
    const { nodeId, deviceId } = (await device.enroll(csv[1]![0]!)).body;
    const codes = await cli(['codes', 'list', '--keyword', csv[1]![0]!]);
    expect(codes.stdout).toMatch(/\buser\b.*\bnode\b/);
    expect(codes.stdout).toContain(nodeId);
    const devices = await cli(['devices', 'list', '--keyword', device.machineId, '--json']);
    expect(JSON.parse(devices.stdout).items[0]).toMatchObject({ deviceId, nodeId });

    const revoked = await cli(['devices', 'revoke', String(deviceId)]);
    expect(revoked).toMatchObject({ code: 0 });
    expect(revoked.stdout).toContain(`and its node ${nodeId}`);
  });
});

describe('errors', () => {
  it('an unknown user is refused by the server with USER_NOT_FOUND; a malformed one before any request', async () => {
    const unknown = await cli(['codes', 'generate', '--project', 'default', '--mode', 'COUNT', '--count', '1', '--quantity', '1', '--user', '999999']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('USER_NOT_FOUND');
    const malformed = await cli(['codes', 'generate', '--project', 'default', '--mode', 'COUNT', '--count', '1', '--quantity', '1', '--user', 'alice']);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('--user must be a whole number');
  });
});

/**
 * The first admin: `plume-admin console-users create-admin` (the compiled
 * CLI in a child process, against this test's control plane on a real port)
 * prints a single-use invite path; accepting it makes an admin who can log
 * in and invite others. Run `npx tsc -b` before running this file alone.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.js';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../testing/app.js';
import { adminClient } from '../testing/admin-client.js';
import { ConsoleClient, PASSWORD, uniqueEmail } from '../testing/console.js';

const CLI = fileURLToPath(new URL('../../dist/cli/plume-admin.js', import.meta.url));

let t: TestApp;
let url: string;

beforeAll(async () => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npx tsc -b\` first (npm test does)`);
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

function cli(args: string[], token = TEST_ADMIN_TOKEN): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { PATH: process.env.PATH ?? '', PLUME_ADMIN_URL: url, PLUME_ADMIN_TOKEN: token }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('plume-admin console-users create-admin', () => {
  it('prints a one-time invite path; accepting it makes an admin who logs in and invites', async () => {
    const email = uniqueEmail('first-admin');
    const run = await cli(['console-users', 'create-admin', '--email', email, '--name', 'First Admin']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const path = /^\s+(\/invite\/pci_[A-Za-z0-9_-]{43})$/m.exec(run.stdout)?.[1];
    expect(path, run.stdout).toBeDefined();
    expect(run.stdout).toContain(email);
    const token = path!.slice('/invite/'.length);

    const browser = new ConsoleClient(t.app);
    expect((await browser.get(`/api/console/invites/${token}`)).body).toEqual({ email, role: 'admin', name: 'First Admin', setup: false });
    const accepted = await browser.post(`/api/console/invites/${token}/accept`, { name: 'First Admin', password: PASSWORD });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user).toMatchObject({ email, role: 'admin' });
    expect((await browser.post('/api/console/invites', { email: uniqueEmail(), role: 'viewer' })).status).toBe(201);
    expect((await new ConsoleClient(t.app).login(email, PASSWORD)).status).toBe(200);
    // The bootstrap write is audited with the token that made it.
    const [audited] = await rows<{ actor: string }>(t.db.database.db, sql`select actor from admin_audit_log where path = '/api/admin/console-invites' order by id limit 1`);
    expect(audited!.actor).toBe('bootstrap');
  });

  it('--json prints the API answer; a bad email is a usage error; a read-only token is refused', async () => {
    const json = await cli(['console-users', 'create-admin', '--email', uniqueEmail(), '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ success: true, invite: { role: 'admin', url: expect.stringMatching(/^\/invite\//) } });
    const bad = await cli(['console-users', 'create-admin', '--email', 'not-an-email']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--email/);
    const missing = await cli(['console-users', 'create-admin']);
    expect(missing.code).toBe(2);
    const read = (await adminClient(t).post('/api/admin/tokens', { name: 'reader', scope: 'read' })).body.secret as string;
    const refused = await cli(['console-users', 'create-admin', '--email', uniqueEmail()], read);
    expect(refused.code).toBe(4);
  });
});

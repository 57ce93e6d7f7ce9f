/**
 * plume-admin as operators run it: the compiled dist/cli/plume-admin.js in a
 * child process, against this test's control plane listening on a real port.
 * `npm test` compiles first (tsc -b); run `npx tsc -b` before running this
 * file alone.
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeEnrollMessage, sha256Hex } from '@plume/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateEd25519, signEd25519 } from '../crypto/ed25519.js';
import { rows } from '../db/client.js';
import { FakeNode, type FakeNodeIdentity } from '../nodes/testing/fake-node.js';
import { eventually } from '../testing/eventually.js';
import { parseCsv, uniqueKey } from '../testing/admin-client.js';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../testing/app.js';
import { TestDevice } from '../testing/license-device.js';
import { createUser, v1 } from '../testing/openapi.js';

const CLI = fileURLToPath(new URL('../../dist/cli/plume-admin.js', import.meta.url));

/**
 * A case runs the CLI up to twenty times, each a new Node process: 0.3 s of CPU on an idle
 * machine, 2–3.5 s of wall time with both cores busy. The bound is a case's calls at that pace,
 * not the 30 s a case in one process gets.
 */
vi.setConfig({ testTimeout: 90_000 });

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

function cli(args: string[], env: Record<string, string> = {}, input?: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      { env: { PATH: process.env.PATH ?? '', PLUME_ADMIN_URL: url, PLUME_ADMIN_TOKEN: TEST_ADMIN_TOKEN, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(input ?? '');
  });
}

/** Runs plume-admin and calls `onErr` with everything it wrote to stderr so far, each time it writes. */
function cliWatching(args: string[], onErr: (stderr: string) => void): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH ?? '', PLUME_ADMIN_URL: url, PLUME_ADMIN_TOKEN: TEST_ADMIN_TOKEN } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      onErr(stderr);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

const json = (run: Run) => JSON.parse(run.stdout) as Record<string, any>;
const db = () => t.db.database.db;

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

/** A node enrolled with a token made by `plume-admin enrollment create`, as `plume-edge enroll` does it. */
async function enrolledNode(userId: number, name = 'edge-cli'): Promise<FakeNodeIdentity & { tokenId: string }> {
  const made = await cli(['enrollment', 'create', '--kind', 'edge', '--user', String(userId), '--name', name, '--json']);
  expect(made.code, made.stderr).toBe(0);
  const { id: tokenId, token } = json(made);
  const key = generateEd25519();
  const machineId = `m-${randomBytes(4).toString('hex')}`;
  const proof = signEd25519(key.privateKey, nodeEnrollMessage({ tokenSha256: sha256Hex(token), publicKey: key.publicKey, machineId }));
  const res = await t.app.inject({ method: 'POST', url: '/api/nodes/v1/enroll', payload: { token, publicKey: key.publicKey, machineId, fingerprint: 'fp-cli', proof } });
  expect(res.statusCode, res.body).toBe(201);
  return { nodeId: res.json().nodeId as string, secretKey: key.privateKey, tokenId };
}

/** A batch with one job per state on `nodeId`, as dispatch leaves them (one edge quota unit taken per job). */
async function jobsIn(userId: number, nodeId: string, states: string[]): Promise<string[]> {
  const batchId = `bat_${randomBytes(6).toString('hex')}`;
  const jobIds = states.map(() => `job_${randomBytes(6).toString('hex')}`);
  await db().transaction(async (tx) => {
    await tx.execute(sql`update quota_buckets set used = used + ${states.length} where user_id = ${userId} and bucket = 'edge'`);
    await tx.execute(sql`insert into publish_batches (id, user_id, content_type, executor, state, request_id) values (${batchId}, ${userId}, 'video', 'edge', 'running', 'req-cli')`);
    for (const [i, state] of states.entries()) {
      const attention = state === 'needs_attention';
      await tx.execute(sql`insert into publish_jobs (id, batch_id, user_id, account_id, platform, content_type, executor, node_id, quota_bucket, state,
                             attempt, attempt_id, payload, settings_snapshot, settings_hash, settings_contract_version, error_code, error_message)
                           values (${jobIds[i]!}, ${batchId}, ${userId}, 1, 'douyin', 'video', 'edge', ${nodeId}, 'edge', ${state},
                             1, 'att_1', '{"title":"Stuck video"}'::jsonb, '{"tags":["cli"]}'::jsonb, 'sha', '2026-01',
                             ${attention ? 'ambiguous_verification' : null}, ${attention ? '2 posts match' : null})`);
    }
  });
  return jobIds;
}

describe('integrators', () => {
  it('creates a user with a plan and quotas, lists, shows, and changes plan, quotas and disabled state', async () => {
    const created = await cli([
      'users', 'create', '--name', 'Acme media', '--email', `ops-${randomBytes(3).toString('hex')}@acme.example`, '--plan', 'starter',
      '--permissions', 'publish,accounts:read', '--per-minute', '60', '--daily', '5000', '--quota', 'edge=10', '--quota', 'cms=2',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const id = Number(/^Created user (\d+)  Acme media/.exec(created.stdout)?.[1]);
    expect(id).toBeGreaterThan(0);
    expect(created.stdout).toContain('plan starter: publish, accounts:read; 60/min, 5,000/day; CMS no');
    expect(created.stdout).toMatch(/edge\s+0\s+10\s+10/);

    const list = await cli(['users', 'list', '--page-size', '500']);
    expect(list.stdout.split('\n')[0]).toMatch(/^id\s+name\s+plan\s+permissions\s+per min\s+per day\s+quota used\/granted\s+status$/);
    expect(list.stdout).toMatch(new RegExp(`\\n\\s*${id}\\s+Acme media\\s+starter\\s+publish,accounts:read\\s+60\\s+5,000\\s+edge 0/10, cms 0/2\\s+enabled`));

    const plan = await cli(['users', 'set-plan', String(id), '--daily', '9000', '--cms']);
    expect(plan.code, plan.stderr).toBe(0);
    // The fields not given are kept.
    expect(json(await cli(['users', 'show', String(id), '--json'])).user.plan).toEqual({
      name: 'starter', permissions: ['publish', 'accounts:read'], perMinuteLimit: 60, dailyLimit: 9000, cmsEnabled: true,
    });
    const quota = await cli(['users', 'set-quota', String(id), '--quota', 'edge=25']);
    expect(quota.stdout).toMatch(/edge\s+0\s+25\s+25/);
    expect(quota.stdout).toMatch(/cms\s+0\s+2\s+2/);

    expect(await cli(['users', 'disable', String(id)])).toMatchObject({ code: 0, stdout: `Disabled user ${id} (Acme media)\n` });
    expect((await cli(['users', 'show', String(id)])).stdout).toMatch(/\(DISABLED\)/);
    expect((await cli(['users', 'enable', String(id)])).code).toBe(0);
  });

  it('creates an API key shown once that the Open API accepts, lists it without the key, and revokes it', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const made = await cli(['keys', 'create', String(user.id), '--name', 'ci', '--permissions', 'accounts:read']);
    expect(made.code, made.stderr).toBe(0);
    const key = made.stdout.trimEnd().split('\n').at(-1)!;
    expect(key).toMatch(/^plm_/);
    const keyId = /Created API key (key_\S+) \(accounts:read\)/.exec(made.stdout)?.[1];
    expect(keyId).toBeTruthy();
    const caller = { id: user.id, key, headers: { authorization: `Bearer ${key}` } };
    expect((await v1(t.app, caller, 'GET', '/me')).status).toBe(200);

    const list = await cli(['keys', 'list', String(user.id)]);
    expect(list.stdout).toMatch(new RegExp(`${keyId}\\s+ci\\s+${key.slice(0, 12)}\\s+accounts:read`));
    expect(list.stdout).not.toContain(key);
    expect(await cli(['keys', 'revoke', keyId!])).toMatchObject({ code: 0, stdout: `Revoked: ${keyId}\n` });
    expect((await v1(t.app, caller, 'GET', '/me')).status).toBe(401);
  });

  it('adds WordPress and MetaWeblog sites with the password from a file or stdin, lists them without credentials, removes one', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const passwordFile = join(dir, 'wp-password');
    await writeFile(passwordFile, 'abcd efgh ijkl mnop\n');
    const wp = await cli(['sites', 'add', String(user.id), '--type', 'wordpress', '--name', 'Blog', '--site-url', 'https://blog.example', '--username', 'editor', '--password-file', passwordFile]);
    expect(wp.code, wp.stderr).toBe(0);
    const wpId = Number(/^Added wordpress site (\d+) \(Blog\) for user/.exec(wp.stdout)?.[1]);
    const mw = await cli(
      ['sites', 'add', String(user.id), '--type', 'metaweblog', '--name', 'Typecho', '--site-url', 'https://typecho.example/action/xmlrpc', '--username', 'admin', '--password-file', '-', '--json'],
      {},
      'stdin-secret-9\n',
    );
    expect(mw.code, mw.stderr).toBe(0);
    expect(json(mw).account).toMatchObject({ platform: 'metaweblog', category: 'cms', displayName: 'Typecho' });

    const list = await cli(['sites', 'list', String(user.id)]);
    expect(list.stdout).toMatch(new RegExp(`${wpId}\\s+wordpress\\s+Blog`));
    expect(list.stdout).toMatch(/metaweblog\s+Typecho/);
    const listed = list.stdout + (await cli(['sites', 'list', String(user.id), '--json'])).stdout + wp.stdout + mw.stdout;
    for (const secret of ['abcd efgh', 'stdin-secret', 'blog.example', 'editor']) expect(listed).not.toContain(secret);

    expect(await cli(['sites', 'remove', String(wpId)])).toMatchObject({ code: 0, stdout: `Removed wordpress site ${wpId} (Blog)\n` });
    expect((await cli(['sites', 'list', String(user.id)])).stdout).not.toMatch(/\bBlog\b/);
    expect((await cli(['sites', 'list', String(user.id), '--all'])).stdout).toMatch(/wordpress\s+Blog\s+\S+ \S+\s+\d{4}-/);
  });
});

describe('nodes and enrollment tokens', () => {
  it('creates an enrollment token shown once, lists it by state, and revokes an unused one', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const made = await cli(['enrollment', 'create', '--kind', 'edge', '--user', String(user.id), '--name', 'edge-paris']);
    expect(made.code, made.stderr).toBe(0);
    const tokenId = /^Created enrollment token (net_\S+) for a edge node serving user \d+/.exec(made.stdout)?.[1];
    const token = made.stdout.split('\n')[1]!;
    expect(token).toMatch(/^plmnode_/);

    const pending = await cli(['enrollment', 'list', '--state', 'pending', '--page-size', '500']);
    expect(pending.stdout).toMatch(new RegExp(`${tokenId}\\s+edge-paris\\s+edge\\s+${user.id}\\s+pending`));
    expect(pending.stdout).not.toContain(token);

    expect(await cli(['enrollment', 'revoke', tokenId!])).toMatchObject({ code: 0, stdout: `Revoked: ${tokenId} (edge-paris)\n` });
    expect((await cli(['enrollment', 'revoke', tokenId!])).stdout).toBe(`Already revoked: ${tokenId} (edge-paris)\n`);
    expect((await cli(['enrollment', 'list', '--state', 'revoked', '--json'])).stdout).toContain(tokenId);
    // The node that brings it is refused.
    const key = generateEd25519();
    const proof = signEd25519(key.privateKey, nodeEnrollMessage({ tokenSha256: sha256Hex(token), publicKey: key.publicKey, machineId: 'm-revoked' }));
    const refused = await t.app.inject({ method: 'POST', url: '/api/nodes/v1/enroll', payload: { token, publicKey: key.publicKey, machineId: 'm-revoked', fingerprint: 'fp', proof } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('token_revoked');
  });

  it('authorizes an enrolled node for more users or all users, and takes them back (nodes users add|remove|list)', async () => {
    const [one, two] = [await createUser(t.app, t.adminHeaders), await createUser(t.app, t.adminHeaders)];
    const node = await enrolledNode(one.id, 'edge-users');
    expect(await cli(['nodes', 'users', 'list', node.nodeId])).toMatchObject({ code: 0, stdout: `${node.nodeId} (edge) serves users ${one.id}\n` });
    const added = await cli(['nodes', 'users', 'add', node.nodeId, '--user', String(two.id), '--user', String(one.id)]);
    expect(added).toMatchObject({ code: 0, stdout: `Added users ${two.id}. ${node.nodeId} (edge) serves users ${one.id}, ${two.id}\n` });
    expect(json(await cli(['nodes', 'users', 'list', node.nodeId, '--json'])).node).toMatchObject({ allUsers: false, userIds: [one.id, two.id] });
    expect((await cli(['nodes', 'show', node.nodeId])).stdout).toContain(`users ${one.id}, ${two.id};`);
    expect(await cli(['nodes', 'users', 'remove', node.nodeId, '--user', String(one.id)])).toMatchObject({ code: 0, stdout: `Removed users ${one.id}. ${node.nodeId} (edge) serves users ${two.id}\n` });
    // All users is the operator's web pool: web nodes only.
    expect(await cli(['nodes', 'users', 'add', node.nodeId, '--all-users'])).toMatchObject({ code: 1, stderr: expect.stringContaining('NODE_KIND_NOT_WEB, HTTP 409') });
    const [row] = await rows<{ detail: Record<string, unknown> }>(db(), sql`select detail from admin_audit_log where path = ${`/api/admin/nodes/${node.nodeId}/users/remove`} order by id desc limit 1`);
    expect(row!.detail).toMatchObject({ removed: [one.id], added: [] });

    const made = await cli(['enrollment', 'create', '--kind', 'web', '--all-users', '--name', 'web-pool-1']);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/^Created enrollment token net_\S+ for a web node serving all users, valid until /);
    const token = made.stdout.split('\n')[1]!;
    const key = generateEd25519();
    const proof = signEd25519(key.privateKey, nodeEnrollMessage({ tokenSha256: sha256Hex(token), publicKey: key.publicKey, machineId: 'm-web' }));
    const enrolled = await t.app.inject({ method: 'POST', url: '/api/nodes/v1/enroll', payload: { token, publicKey: key.publicKey, machineId: 'm-web', fingerprint: 'fp', proof } });
    const web = enrolled.json().nodeId as string;
    expect(await cli(['nodes', 'users', 'list', web])).toMatchObject({ code: 0, stdout: `${web} (web) serves all users\n` });
    expect((await cli(['nodes', 'list'])).stdout).toMatch(new RegExp(`${web}\\s+web-pool-1\\s+web\\s+\\S+(\\s+\\d+){3}\\s+all\\s`));
    expect(await cli(['nodes', 'users', 'remove', web, '--all-users'])).toMatchObject({ code: 0, stdout: `Removed no user it served (and all users). ${web} (web) serves no user\n` });
    expect(await cli(['nodes', 'users', 'add', web, '--all-users', '--user', String(two.id)])).toMatchObject({ code: 0, stdout: `Added users ${two.id} (all users). ${web} (web) serves all users; named: ${two.id}\n` });
  });

  it('lists nodes with live state and shows capabilities, adapters, site checks and accounts', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const node = await enrolledNode(user.id, 'edge-lyon');
    const fake = await FakeNode.connect(url, node);
    try {
      await fake.hello(node.nodeId, {
        capabilities: {
          localVideoFile: 1,
          publishSettingsSnapshot: 1,
          chromiumVersion: '131.0.6778.85',
          concurrency: 3,
          platforms: ['douyin', 'bilibili'],
          adapters: [
            { platform: 'douyin', contentTypes: ['video', 'dynamic'], settings: ['tags', 'creationDeclaration'] },
            { platform: 'bilibili', contentTypes: ['video'], settings: ['partitionName'] },
          ],
          siteChecks: [
            { platform: 'douyin', contentType: 'video', status: 'passed', checkedAt: '2026-01-05T08:00:00Z' },
            { platform: 'bilibili', contentType: 'video', status: 'failed', checkedAt: '2026-01-05T08:01:00Z', step: 'upload', code: 'selector_missing', message: 'no upload input' },
          ],
          videoDir: '/srv/videos',
        },
        accounts: [{ externalRef: 'dy-main', platform: 'douyin', displayName: 'Douyin main', loginState: 'logged_in', userId: user.id }],
      });
      // The hello is recorded asynchronously (batched with other hellos).
      await eventually(async () => json(await cli(['nodes', 'show', node.nodeId, '--json'])).node.accountList.length).toBeGreaterThan(0);

      const list = await cli(['nodes', 'list', '--status', 'active']);
      expect(list.stdout.split('\n')[0]).toMatch(/^id\s+name\s+kind\s+state\s+in flight\s+queued\s+accounts\s+users\s+adapters\s+heartbeat$/);
      expect(list.stdout).toMatch(new RegExp(`${node.nodeId}\\s+edge-lyon\\s+edge\\s+online\\s+0\\s+0\\s+1\\s+${user.id}\\s+2\\s+\\d{4}-`));

      const show = await cli(['nodes', 'show', node.nodeId]);
      expect(show.code, show.stderr).toBe(0);
      expect(show.stdout).toMatch(new RegExp(`^${node.nodeId}  edge-lyon  edge  online\\n`));
      expect(show.stdout).toContain('chromium 131.0.6778.85; concurrency 3; settings snapshot 1; local video 1; video dir /srv/videos');
      expect(show.stdout).toMatch(/Adapters \(2\)\nplatform\s+content types\s+settings applied\ndouyin\s+video,dynamic\s+tags,creationDeclaration\nbilibili\s+video\s+partitionName/);
      expect(show.stdout).toMatch(/Site checks \(2\)\n[^\n]+\ndouyin\s+video\s+passed\s+2026-01-05 08:00\s+-\s+-\s+-\n/);
      expect(show.stdout).toMatch(/bilibili\s+video\s+failed\s+2026-01-05 08:01\s+upload\s+selector_missing\s+no upload input/);
      expect(show.stdout).toMatch(new RegExp(`Accounts \\(1\\)\\n[^\\n]+\\n\\s*\\d+\\s+${user.id}\\s+douyin\\s+Douyin main\\s+dy-main\\s+logged_in`));
      expect((await cli(['enrollment', 'list', '--state', 'used', '--json'])).stdout).toContain(node.nodeId);
      expect((await cli(['enrollment', 'revoke', node.tokenId])).stderr).toMatch(/ENROLLMENT_TOKEN_USED, HTTP 409/);
    } finally {
      await fake.close();
    }
  });

  it('drains a node and waits, with progress, until its last job in flight ends; resumes and revokes it', async () => {
    const user = await createUser(t.app, t.adminHeaders, { quotas: { edge: 10 } });
    const node = await enrolledNode(user.id, 'edge-drain');
    const [running] = await jobsIn(user.id, node.nodeId, ['running']);
    let finished = false;
    const drained = await cliWatching(['nodes', 'drain', node.nodeId, '--wait', '--timeout', '20'], (stderr) => {
      if (!finished && /1 job in flight/.test(stderr)) {
        finished = true;
        // The job ends while the command waits (rows() runs the statement; drizzle's execute() is lazy).
        void rows(db(), sql`update publish_jobs set state = 'succeeded' where id = ${running!}`);
      }
    });
    expect(drained.code, drained.stderr).toBe(0);
    expect(drained.stderr).toMatch(/^ {2}1 job in flight {2}\d+ s\n(?: {2}1 job in flight {2}\d+ s\n)* {2}0 jobs in flight {2}\d+ s\n$/);
    expect(drained.stdout).toBe(`Drained ${node.nodeId} (edge-drain): no job in flight; 0 queued for it until it is resumed\n`);
    expect((await cli(['nodes', 'list', '--status', 'draining'])).stdout).toContain(node.nodeId);

    await jobsIn(user.id, node.nodeId, ['running']);
    const timedOut = await cli(['nodes', 'drain', node.nodeId, '--wait', '--timeout', '1']);
    expect(timedOut).toMatchObject({ code: 1, stderr: expect.stringContaining(`Node ${node.nodeId} still has 1 jobs in flight after 1 s`) });

    expect((await cli(['nodes', 'resume', node.nodeId])).stdout).toMatch(new RegExp(`^Resumed ${node.nodeId} \\(edge-drain\\): offline, 1 jobs in flight, 0 queued\\n$`));
    expect((await cli(['nodes', 'revoke', node.nodeId])).stdout).toMatch(/^Revoked .*: revoked, 0 jobs in flight/);
    expect(await cli(['nodes', 'resume', node.nodeId])).toMatchObject({ code: 1, stderr: expect.stringContaining('NODE_REVOKED, HTTP 409') });
  }, 60_000);
});

describe('jobs and webhooks', () => {
  it('lists the jobs that need a person, shows one, and resolves them as published, failed or queued again', async () => {
    const user = await createUser(t.app, t.adminHeaders, { quotas: { edge: 10 } });
    const node = await enrolledNode(user.id, 'edge-jobs');
    const [published, failed, requeued] = await jobsIn(user.id, node.nodeId, ['needs_attention', 'needs_attention', 'needs_attention']);

    const list = await cli(['jobs', 'list', '--state', 'needs_attention', '--user', String(user.id), '--order', 'asc']);
    expect(list.stdout.split('\n')[0]).toMatch(/^id\s+state\s+platform\s+type\s+user\s+node\s+attempts\s+error\s+changed$/);
    expect(list.stdout).toMatch(new RegExp(`${published}\\s+needs_attention\\s+douyin\\s+video\\s+${user.id}\\s+${node.nodeId}\\s+1\\s+ambiguous_verification`));
    expect(list.stdout).toMatch(/Rows 1-3 of 3/);

    const show = await cli(['jobs', 'show', published!]);
    expect(show.stdout).toMatch(new RegExp(`^${published}  needs_attention  douyin video via edge on ${node.nodeId}\\n`));
    expect(show.stdout).toContain('error ambiguous_verification: 2 posts match');
    expect(show.stdout).toContain('"title": "Stuck video"');
    expect(show.stdout).toMatch(/Settings \(frozen\)\n\{\n {2}"tags": \[\n {4}"cli"/);

    const done = await cli(['jobs', 'resolve', published!, 'succeeded', '--post-url', 'https://www.douyin.com/video/7300000000000000001', '--post-id', '7300000000000000001', '--note', 'found by hand']);
    expect(done).toMatchObject({ code: 0, stdout: expect.stringMatching(new RegExp(`^Resolved ${published}: succeeded at https://www\\.douyin\\.com/video/7300000000000000001; batch bat_\\S+ is running\\n$`)) });
    expect((await cli(['jobs', 'resolve', failed!, 'failed', '--note', 'not on the platform'])).stdout).toMatch(/: failed; batch/);
    const again = await cli(['jobs', 'resolve', requeued!, 'requeue', '--json']);
    expect(json(again).job).toMatchObject({ id: requeued, state: 'queued' });
    expect(await cli(['jobs', 'resolve', failed!, 'failed'])).toMatchObject({ code: 1, stderr: expect.stringContaining('JOB_NOT_RESOLVABLE, HTTP 409') });
    expect((await cli(['jobs', 'resolve', published!, 'succeeded'])).code).toBe(2);
    expect((await cli(['jobs', 'resolve', published!, 'maybe'])).code).toBe(2);
    expect((await cli(['jobs', 'resolve', failed!, 'failed', '--post-url', 'https://x.example/'])).code).toBe(2);
  });

  it("writes a job's failure evidence to files", async () => {
    const user = await createUser(t.app, t.adminHeaders, { quotas: { edge: 10 } });
    const node = await enrolledNode(user.id, 'edge-evidence');
    const [job] = await jobsIn(user.id, node.nodeId, ['failed']);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await db().execute(sql`insert into job_evidence (job_id, attempt_id, node_id, step, error_code, screenshot_png, html)
                           values (${job!}, 'att_1', ${node.nodeId}, 'upload', 'upload_failed', ${png.toString('base64')}, '<p>boom</p>')`);
    const out = join(dir, 'evidence');
    const res = await cli(['jobs', 'evidence', job!, '--out', out]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(new RegExp(`\\d+\\s+att_1\\s+${node.nodeId}\\s+upload\\s+upload_failed\\s+yes\\s+yes`));
    expect(res.stdout).toMatch(/Wrote 2 files to /);
    const files = (await readdir(out)).sort();
    expect(files).toEqual([expect.stringMatching(new RegExp(`^${job}-\\d+-upload\\.html$`)), expect.stringMatching(new RegExp(`^${job}-\\d+-upload\\.png$`))]);
    expect(await readFile(join(out, files[1]!))).toEqual(png);
    expect(await readFile(join(out, files[0]!), 'utf8')).toBe('<p>boom</p>');
  });

  it('sets a webhook (secret shown once), lists its deliveries and retries a failed one', async () => {
    const user = await createUser(t.app, t.adminHeaders, { quotas: { edge: 10 } });
    const set = await cli(['webhooks', 'set', String(user.id), '--endpoint', 'https://hooks.acme.example/plume']);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toMatch(/^Webhook of user \d+: https:\/\/hooks\.acme\.example\/plume\. Its signing secret, shown this once:\nwhsec_\S+\n$/);
    const node = await enrolledNode(user.id, 'edge-hooks');
    const [job] = await jobsIn(user.id, node.nodeId, ['needs_attention']);
    expect((await cli(['jobs', 'resolve', job!, 'failed'])).code).toBe(0);

    const list = await cli(['webhooks', 'list', '--user', String(user.id)]);
    expect(list.stdout.split('\n')[0]).toMatch(/^id\s+user\s+event\s+status\s+attempts\s+last answer\s+next attempt\s+created$/);
    expect(list.stdout).toMatch(new RegExp(`evt_\\S+\\s+${user.id}\\s+\\S+\\s+pending\\s+0`));
    const [delivery] = await rows<{ id: string }>(db(), sql`select id from webhook_deliveries where user_id = ${user.id} order by created_at, id limit 1`);
    await db().execute(sql`update webhook_deliveries set status = 'failed', attempts = 8, last_status_code = 500 where id = ${delivery!.id}`);
    expect((await cli(['webhooks', 'list', '--user', String(user.id), '--status', 'failed'])).stdout).toMatch(new RegExp(`${delivery!.id}\\s+${user.id}\\s+\\S+\\s+failed\\s+8\\s+HTTP 500`));

    const retried = await cli(['webhooks', 'retry', delivery!.id]);
    expect(retried.stdout).toMatch(new RegExp(`^Retrying ${delivery!.id} \\(\\S+ to user ${user.id}\\): next attempt \\d{4}-`));
    expect(json(await cli(['webhooks', 'list', '--user', String(user.id), '--status', 'failed', '--json'])).total).toBe(0);
    await db().execute(sql`update webhook_deliveries set status = 'delivered' where id = ${delivery!.id}`);
    expect(await cli(['webhooks', 'retry', delivery!.id])).toMatchObject({ code: 1, stderr: expect.stringContaining('WEBHOOK_ALREADY_DELIVERED, HTTP 409') });

    expect(await cli(['webhooks', 'clear', String(user.id)])).toMatchObject({ code: 0, stdout: `Webhook of user ${user.id} removed\n` });
    expect(json(await cli(['users', 'show', String(user.id), '--json'])).user.webhookUrl).toBeNull();
    // Twelve CLI processes and a node's enrollment: each process start is ~1 s on an idle core.
  }, 90_000);
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
    expect((await cli(['--help'])).stdout).toMatch(/^plume-admin: the Plume back office/);
  });

  it('every command group answers the same exit codes: 1 refused, 2 bad command line, 3 unreachable, 4 token refused', async () => {
    const reader = JSON.parse((await cli(['tokens', 'create', '--name', 'viewer-2', '--scope', 'read', '--json'])).stdout).secret as string;
    const user = await createUser(t.app, t.adminHeaders);
    // Refused by the server. Independent runs go in parallel, so the file stays quick.
    const [noUser, noNode, noJob, noTokenUser, noDelivery] = await Promise.all([
      cli(['users', 'show', '999999']),
      cli(['nodes', 'show', 'node_missing']),
      cli(['jobs', 'show', 'job_missing']),
      cli(['enrollment', 'create', '--kind', 'edge', '--user', '999999', '--name', 'x']),
      cli(['webhooks', 'retry', 'evt_missing']),
    ]);
    expect(noUser).toMatchObject({ code: 1, stderr: 'plume-admin: No user 999999 (NOT_FOUND, HTTP 404)\n' });
    expect(noNode).toMatchObject({ code: 1, stderr: expect.stringContaining('NODE_NOT_FOUND, HTTP 404') });
    expect(noJob).toMatchObject({ code: 1, stderr: expect.stringContaining('JOB_NOT_FOUND, HTTP 404') });
    expect(noTokenUser).toMatchObject({ code: 1, stderr: expect.stringContaining('USER_NOT_FOUND') });
    expect(noDelivery).toMatchObject({ code: 1, stderr: expect.stringContaining('WEBHOOK_DELIVERY_NOT_FOUND') });
    // Bad command lines never reach the server.
    const badLines = [
      ['users', 'show', 'seven'],
      ['users', 'create', '--name', 'x', '--plan', 'p', '--permissions', 'publish,teleport', '--per-minute', '1', '--daily', '1'],
      ['users', 'create', '--name', 'x', '--plan', 'p', '--permissions', 'publish', '--per-minute', '1'],
      ['users', 'set-quota', String(user.id), '--quota', 'moon=5'],
      ['users', 'set-plan', String(user.id)],
      ['users', 'set-plan', String(user.id), '--cms', '--no-cms'],
      ['keys', 'create', String(user.id)],
      ['sites', 'add', String(user.id), '--type', 'ghost', '--name', 'x', '--site-url', 'https://x.example', '--username', 'u', '--password-file', '-'],
      ['sites', 'add', String(user.id), '--type', 'wordpress', '--name', 'x', '--site-url', 'https://x.example', '--username', 'u', '--password-file', join(dir, 'no-such-file')],
      ['nodes', 'show', 'edge-1'],
      ['nodes', 'list', '--status', 'asleep'],
      ['nodes', 'drain', 'node_x', '--timeout', '5'],
      ['enrollment', 'create', '--kind', 'edge', '--name', 'x'],
      ['enrollment', 'create', '--kind', 'edge', '--all-users', '--name', 'x'],
      ['enrollment', 'create', '--kind', 'web', '--all-users', '--user', '1', '--name', 'x'],
      ['enrollment', 'revoke', 'plmnode_secret_token'],
      ['nodes', 'users', 'add', 'node_x'],
      ['nodes', 'users', 'remove', 'node_x', '--user', 'one'],
      ['nodes', 'users', 'list', 'web-1'],
      ['jobs', 'list', '--state', 'stuck'],
      ['webhooks', 'list', '--user', '0'],
      ['nodes', 'frobnicate'],
    ];
    for (const [i, res] of (await Promise.all(badLines.map((args) => cli(args)))).entries()) {
      expect(res.code, `${badLines[i]!.join(' ')}: ${res.stderr}`).toBe(2);
      expect(res.stderr).toMatch(/^plume-admin: /);
    }
    expect((await cli(['enrollment', 'revoke', 'plmnode_secret_token'])).stderr).not.toContain('secret_token');
    // Unreachable, and a token that may not write.
    expect((await cli(['nodes', 'list'], { PLUME_ADMIN_URL: `http://127.0.0.1:${await closedPort()}` })).code).toBe(3);
    const writes = [['keys', 'create', String(user.id), '--name', 'k'], ['nodes', 'drain', 'node_x'], ['jobs', 'resolve', 'job_x', 'failed'], ['users', 'disable', String(user.id)]];
    for (const [i, res] of (await Promise.all(writes.map((args) => cli([...args, '--token', reader])))).entries()) {
      expect(res.code, writes[i]!.join(' ')).toBe(4);
      expect(res.stderr).toMatch(/read-only.*write scope/);
    }
    expect((await cli(['users', 'list', '--token', reader])).code).toBe(0);
  });

  it('takes the global options before the command as --help lists them (--url URL <command>)', async () => {
    const unreachable = `http://127.0.0.1:${await closedPort()}`;
    // The environment points nowhere: only a --url written before the command reaches the server.
    const env = { PLUME_ADMIN_URL: unreachable, PLUME_ADMIN_TOKEN: '' };
    const before = await cli(['--url', url, '--token', TEST_ADMIN_TOKEN, '--json', 'users', 'list'], env);
    expect(before.code, before.stderr).toBe(0);
    expect(json(before)).toHaveProperty('items');
    const joined = await cli([`--url=${url}`, 'users', 'list', '--token', TEST_ADMIN_TOKEN], env);
    expect(joined.code, joined.stderr).toBe(0);
    expect(joined.stdout).toMatch(/^id\s+name/);
    expect((await cli(['--url', unreachable, 'users', 'list'])).code).toBe(3);
    expect((await cli(['--url', url, '--help'])).stdout).toMatch(/^plume-admin: the Plume back office/);
    expect((await cli(['--url', url, 'nodes', '--help'])).stdout).toContain('  nodes list');
    const noValue = await cli(['--url', '--json', 'users', 'list']);
    expect(noValue).toMatchObject({ code: 2, stderr: expect.stringMatching(/^plume-admin: --url needs a value/) });
    const noCommand = await cli(['--url', url]);
    expect(noCommand).toMatchObject({ code: 2, stderr: expect.stringMatching(/^plume-admin: No command after the global options/) });
    const dangling = await cli(['users', 'list', '--url']);
    expect(dangling.code).toBe(2);
  });

  it('prints the commands of a group on its own, and every command in --help', async () => {
    const nodes = await cli(['nodes', '--help']);
    expect(nodes.code).toBe(0);
    expect(nodes.stdout.split('\n').filter((l) => l.startsWith('  nodes '))).toHaveLength(8);
    const users = await cli(['nodes', 'users', '--help']);
    expect(users.stdout.split('\n').filter((l) => l.startsWith('  nodes users '))).toHaveLength(3);
    expect(users.stdout.split('\n').filter((l) => l.startsWith('  nodes ') && !l.startsWith('  nodes users '))).toHaveLength(0);
    const help = (await cli(['--help'])).stdout;
    for (const command of ['users create', 'users set-plan', 'users set-quota', 'keys create', 'keys revoke', 'sites add', 'sites remove', 'nodes drain', 'nodes users add', 'nodes users remove', 'enrollment create', 'enrollment revoke', 'jobs resolve', 'jobs evidence', 'webhooks list', 'webhooks retry']) {
      expect(help).toContain(`\n  ${command} `);
    }
  });
});

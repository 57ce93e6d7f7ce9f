/** plume-admin commands over projects, codes, devices, version bans and admin tokens. */
import { rename, writeFile } from 'node:fs/promises';
import { csvRow } from '../http/csv.js';
import {
  type Command,
  type Context,
  ID_RANGE,
  int,
  need,
  oneOf,
  pageFooter,
  pageOptions,
  pageQuery,
  printJson,
  required,
  str,
  usageError,
  when,
} from './command.js';
import { num, table } from './format.js';

const PROJECT = { project: { type: 'string' as const, short: 'p' } };

function projectSummary(ctx: Context, p: Record<string, any>): void {
  ctx.io.out(
    `${p.projectKey}  ${p.name}  (${p.enabled ? 'enabled' : 'DISABLED'})\n` +
      `  offline key ${p.offlineKeyId}  ${p.offlinePublicKey}\n` +
      `  policy ${Object.entries(p.effectivePolicy as Record<string, number>)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}\n`,
  );
  if (p.keys?.length > 1) {
    ctx.io.out(table(['kid', 'status', 'verifyUntil', 'publicKey'], p.keys.map((k: any) => [k.kid, k.status, when(k.verifyUntil), k.publicKey])));
  }
}

/** Writes a file whole or not at all: a half-written code list must never look complete. */
async function writeAtomically(path: string, text: string): Promise<void> {
  await writeFile(`${path}.part`, text);
  await rename(`${path}.part`, path);
}

export const licenseCommands: Command[] = [
  {
    name: 'projects create',
    usage: '<projectKey> --name NAME [--description TEXT] [--disabled] [--token-ttl SECONDS] [--offline-ttl SECONDS]',
    summary: 'Create a project (it gets its own offline signing key)',
    args: 1,
    options: { name: { type: 'string' }, description: { type: 'string' }, disabled: { type: 'boolean' }, 'token-ttl': { type: 'string' }, 'offline-ttl': { type: 'string' } },
    async run(ctx) {
      const policy: Record<string, number> = {};
      const tokenTtl = int(ctx.opts, 'token-ttl', { min: 60, max: 86_400 });
      const offlineTtl = int(ctx.opts, 'offline-ttl', { min: 300, max: 30 * 86_400 });
      if (tokenTtl !== undefined) policy.tokenTtlSeconds = tokenTtl;
      if (offlineTtl !== undefined) policy.offlineTtlSeconds = offlineTtl;
      const body = await ctx.http.json('POST', '/api/admin/projects', {
        body: {
          projectKey: ctx.args[0],
          name: required(ctx.opts, 'name'),
          ...(str(ctx.opts, 'description') !== undefined ? { description: str(ctx.opts, 'description') } : {}),
          ...(ctx.opts.disabled ? { enabled: false } : {}),
          ...(Object.keys(policy).length ? { policy } : {}),
        },
      });
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out('Created project ');
      projectSummary(ctx, body.project);
    },
  },
  {
    name: 'projects list',
    usage: '[--keyword TEXT] [--page N] [--page-size N]',
    summary: 'List projects',
    options: { keyword: { type: 'string' }, ...pageOptions },
    async run(ctx) {
      const body = await ctx.http.json('GET', '/api/admin/projects', { query: { keyword: str(ctx.opts, 'keyword'), ...pageQuery(ctx.opts) } });
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(table(['projectKey', 'name', 'enabled', 'offlineKeyId'], body.items.map((p: any) => [p.projectKey, p.name, p.enabled ? 'yes' : 'no', p.offlineKeyId])));
      pageFooter(ctx, body as any);
    },
  },
  {
    name: 'projects show',
    usage: '<projectKey>',
    summary: 'A project with its policy and live offline keys',
    args: 1,
    async run(ctx) {
      const body = await ctx.http.json('GET', `/api/admin/projects/${encodeURIComponent(ctx.args[0]!)}`);
      if (ctx.json) return printJson(ctx, body);
      projectSummary(ctx, body.project);
    },
  },
  {
    name: 'projects update',
    usage: '<projectKey> [--name NAME] [--description TEXT] [--enable | --disable]',
    summary: 'Rename, describe, enable or disable a project',
    args: 1,
    options: { name: { type: 'string' }, description: { type: 'string' }, enable: { type: 'boolean' }, disable: { type: 'boolean' } },
    async run(ctx) {
      if (ctx.opts.enable && ctx.opts.disable) throw usageError('Give --enable or --disable, not both');
      const patch = {
        ...(str(ctx.opts, 'name') !== undefined ? { name: str(ctx.opts, 'name') } : {}),
        ...(str(ctx.opts, 'description') !== undefined ? { description: str(ctx.opts, 'description') } : {}),
        ...(ctx.opts.enable ? { enabled: true } : ctx.opts.disable ? { enabled: false } : {}),
      };
      if (!Object.keys(patch).length) throw usageError('Nothing to change: give --name, --description, --enable or --disable');
      const body = await ctx.http.json('PATCH', `/api/admin/projects/${encodeURIComponent(ctx.args[0]!)}`, { body: patch });
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out('Updated ');
      projectSummary(ctx, body.project);
    },
  },
  {
    name: 'projects rotate-key',
    usage: '<projectKey>',
    summary: 'Rotate the offline signing key (the old public key stays valid until its snapshots expire)',
    args: 1,
    async run(ctx) {
      const body = await ctx.http.json('POST', `/api/admin/projects/${encodeURIComponent(ctx.args[0]!)}/keys/rotate`);
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(`New active key ${body.activeKeyId}; ${body.retiredKeyId ?? 'no key'} retired, listed until ${body.retiredVerifyUntil ?? '-'}\n`);
      projectSummary(ctx, body.project);
    },
  },
  {
    name: 'codes generate',
    usage: '--project KEY --mode TIME|COUNT --quantity N (--expires-at ISO | --count N) [--user ID] [--out FILE.csv]',
    summary: 'Generate up to 100,000 codes and write them as CSV (to --out, or stdout); with --user, each enrolled device becomes that user\'s desktop executor',
    options: {
      ...PROJECT,
      mode: { type: 'string' },
      quantity: { type: 'string' },
      'expires-at': { type: 'string' },
      count: { type: 'string' },
      user: { type: 'string' },
      out: { type: 'string', short: 'o' },
    },
    async run(ctx) {
      const mode = need(oneOf(ctx.opts, 'mode', ['TIME', 'COUNT'] as const), '--mode TIME or --mode COUNT is required');
      const quantity = need(int(ctx.opts, 'quantity', { min: 1, max: 100_000 }), '--quantity is required (1 to 100,000)');
      const body = await ctx.http.json('POST', '/api/admin/codes/generate', {
        body: {
          projectKey: required(ctx.opts, 'project'),
          licenseMode: mode,
          quantity,
          ...(mode === 'TIME' ? { expiresAt: required(ctx.opts, 'expires-at', 'TIME codes end then') } : {}),
          ...(mode === 'COUNT' ? { remainingCount: need(int(ctx.opts, 'count', { min: 1, max: 1_000_000_000 }), '--count is required for COUNT codes') } : {}),
          ...(ctx.opts.user !== undefined ? { userId: int(ctx.opts, 'user', ID_RANGE) } : {}),
        },
      });
      const codes = body.codes as Array<Record<string, string | number | null>>;
      // Codes serving a user say which; pure licenses keep the five columns.
      const forUser = ctx.opts.user !== undefined;
      let csv = csvRow(['code', 'projectKey', 'licenseMode', 'remainingCount', 'expiresAt', ...(forUser ? ['userId'] : [])]);
      for (const c of codes) csv += csvRow([c.code, c.projectKey, c.licenseMode, c.remainingCount, c.expiresAt, ...(forUser ? [c.userId] : [])]);
      const out = str(ctx.opts, 'out');
      if (!out) return ctx.io.out(csv);
      await writeAtomically(out, csv);
      ctx.io.out(`Wrote ${num(codes.length)} ${mode} codes for ${body.codes[0]?.projectKey ?? ctx.opts.project} to ${out}\n`);
    },
  },
  {
    name: 'codes list',
    usage: '[--project KEY] [--mode TIME|COUNT] [--state unused|active|expired|exhausted|disabled] [--keyword TEXT] [--page N] [--page-size N]',
    summary: 'List codes with bound device, remaining count and validity',
    options: { ...PROJECT, mode: { type: 'string' }, state: { type: 'string' }, keyword: { type: 'string' }, ...pageOptions },
    async run(ctx) {
      const body = await ctx.http.json('GET', '/api/admin/codes', {
        query: { projectKey: str(ctx.opts, 'project'), licenseMode: str(ctx.opts, 'mode'), state: str(ctx.opts, 'state'), keyword: str(ctx.opts, 'keyword'), ...pageQuery(ctx.opts) },
      });
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(
        table(
          ['code', 'project', 'mode', 'state', 'remaining', 'expires', 'device', 'user', 'node'],
          body.items.map((c: any) => [
            c.code,
            c.projectKey,
            c.licenseMode,
            c.state,
            c.remainingCount,
            when(c.expiresAt),
            c.device ? `${c.device.deviceId} ${c.device.machineId}` : null,
            c.userId,
            c.nodeId,
          ]),
        ),
      );
      pageFooter(ctx, body as any);
    },
  },
  {
    name: 'codes disable',
    usage: '<code> --project KEY',
    summary: 'Disable a code',
    args: 1,
    options: PROJECT,
    async run(ctx) {
      const body = await ctx.http.json('POST', '/api/admin/codes/disable', { body: { projectKey: required(ctx.opts, 'project'), code: ctx.args[0] } });
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(`${body.alreadyDisabled ? 'Already disabled' : 'Disabled'}: ${body.code.code}\n`);
    },
  },
  {
    name: 'devices list',
    usage: '[--project KEY] [--status active|revoked] [--version V] [--keyword TEXT] [--page N] [--page-size N]',
    summary: 'List devices',
    options: { ...PROJECT, status: { type: 'string' }, version: { type: 'string' }, keyword: { type: 'string' }, ...pageOptions },
    async run(ctx) {
      const body = await ctx.http.json('GET', '/api/admin/devices', {
        query: { projectKey: str(ctx.opts, 'project'), status: str(ctx.opts, 'status'), appVersion: str(ctx.opts, 'version'), keyword: str(ctx.opts, 'keyword'), ...pageQuery(ctx.opts) },
      });
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(
        table(
          ['deviceId', 'project', 'machineId', 'version', 'status', 'sessions', 'lastSeen'],
          body.items.map((d: any) => [d.deviceId, d.projectKey, d.machineId, d.appVersion || null, d.status, d.activeSessions, when(d.lastSeenAt)]),
        ),
      );
      pageFooter(ctx, body as any);
    },
  },
  {
    name: 'devices revoke',
    usage: '<deviceId>',
    summary: 'Revoke a device, all its active sessions and the desktop execution node it is',
    args: 1,
    async run(ctx) {
      if (!/^\d+$/.test(ctx.args[0]!)) throw usageError(`deviceId must be a number, not "${ctx.args[0]}"`);
      const body = await ctx.http.json('POST', `/api/admin/devices/${ctx.args[0]}/revoke`);
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(
        body.alreadyRevoked
          ? `Device ${body.deviceId} was already revoked\n`
          : `Revoked device ${body.deviceId} and ${body.sessionsRevoked} active session${body.sessionsRevoked === 1 ? '' : 's'}${body.nodeId ? `, and its node ${body.nodeId}` : ''}\n`,
      );
    },
  },
  {
    name: 'versions ban',
    usage: '<projectKey> <appVersion> [--reason TEXT]',
    summary: 'Ban a client version in a project',
    args: 2,
    options: { reason: { type: 'string' } },
    async run(ctx) {
      const body = await ctx.http.json('POST', `/api/admin/projects/${encodeURIComponent(ctx.args[0]!)}/version-bans`, {
        body: { appVersion: ctx.args[1], ...(str(ctx.opts, 'reason') ? { reason: str(ctx.opts, 'reason') } : {}) },
      });
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(`Banned version ${body.ban.appVersion} in ${body.ban.projectKey}\n`);
    },
  },
  {
    name: 'versions list',
    usage: '<projectKey> [--page N] [--page-size N]',
    summary: "List a project's banned client versions",
    args: 1,
    options: pageOptions,
    async run(ctx) {
      const body = await ctx.http.json('GET', `/api/admin/projects/${encodeURIComponent(ctx.args[0]!)}/version-bans`, { query: pageQuery(ctx.opts) });
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(table(['appVersion', 'since', 'reason'], body.items.map((b: any) => [b.appVersion, when(b.createdAt), b.reason || null])));
      pageFooter(ctx, body as any);
    },
  },
  {
    name: 'versions unban',
    usage: '<projectKey> <appVersion>',
    summary: 'Lift a version ban',
    args: 2,
    async run(ctx) {
      const body = await ctx.http.json('DELETE', `/api/admin/projects/${encodeURIComponent(ctx.args[0]!)}/version-bans/${encodeURIComponent(ctx.args[1]!)}`);
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(`Lifted the ban on ${body.appVersion} in ${body.projectKey}\n`);
    },
  },
  {
    name: 'tokens create',
    usage: '--name NAME --scope read|write',
    summary: 'Create an admin token (its secret is printed once)',
    options: { name: { type: 'string' }, scope: { type: 'string' } },
    async run(ctx) {
      const scope = need(oneOf(ctx.opts, 'scope', ['read', 'write'] as const), '--scope read or --scope write is required');
      const body = await ctx.http.json('POST', '/api/admin/tokens', { body: { name: required(ctx.opts, 'name'), scope } });
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(`Created ${scope} token ${body.token.id}. Its secret, shown this once:\n${body.secret}\n`);
    },
  },
  {
    name: 'tokens list',
    usage: '[--all] [--page N] [--page-size N]',
    summary: 'List admin tokens (--all includes revoked ones)',
    options: { all: { type: 'boolean' }, ...pageOptions },
    async run(ctx) {
      const body = await ctx.http.json('GET', '/api/admin/tokens', { query: { includeRevoked: ctx.opts.all ? true : undefined, ...pageQuery(ctx.opts) } });
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(table(['id', 'name', 'scope', 'created', 'lastUsed', 'revoked'], body.items.map((k: any) => [k.id, k.name, k.scope, when(k.createdAt), when(k.lastUsedAt), when(k.revokedAt)])));
      pageFooter(ctx, body as any);
    },
  },
  {
    name: 'tokens revoke',
    usage: '<tokenId>',
    summary: 'Revoke an admin token',
    args: 1,
    async run(ctx) {
      const body = await ctx.http.json('POST', `/api/admin/tokens/${encodeURIComponent(ctx.args[0]!)}/revoke`);
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(`${body.alreadyRevoked ? 'Already revoked' : 'Revoked'}: ${body.tokenId}\n`);
    },
  },
];

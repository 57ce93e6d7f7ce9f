/** plume-admin commands over integrator users, their plans and quotas, API keys and CMS sites. */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
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
  strings,
  usageError,
  when,
  wholeNumber,
  wordList,
} from './command.js';
import { num, table } from './format.js';
import { PERMISSIONS, QUOTA_BUCKETS } from './vocabulary.js';


const LIMITS = { perMinute: { min: 1, max: 1_000_000 }, daily: { min: 1, max: 100_000_000 } };
const planOptions = {
  plan: { type: 'string' as const },
  permissions: { type: 'string' as const },
  'per-minute': { type: 'string' as const },
  daily: { type: 'string' as const },
  cms: { type: 'boolean' as const },
};
const quotaOption = { quota: { type: 'string' as const, multiple: true } };

export const userId = (ctx: Context, i = 0) => wholeNumber(ctx.args[i]!, 'userId', ID_RANGE);

/** `--quota edge=100 --quota cms=5` → `{ edge: 100, cms: 5 }`. */
function quotas(ctx: Context): Record<string, number> | undefined {
  const given = strings(ctx.opts, 'quota');
  if (!given.length) return undefined;
  const out: Record<string, number> = {};
  for (const q of given) {
    const m = /^([a-z]+)=(.*)$/.exec(q);
    if (!m || !(QUOTA_BUCKETS as readonly string[]).includes(m[1]!)) throw usageError(`--quota takes BUCKET=N with BUCKET one of ${QUOTA_BUCKETS.join(', ')}, not "${q}"`);
    out[m[1]!] = wholeNumber(m[2]!, `--quota ${m[1]}`, { min: 0, max: 1_000_000_000 });
  }
  return out;
}

const quotaText = (q: Record<string, { granted: number; used: number }>) =>
  QUOTA_BUCKETS.filter((b) => q[b]!.granted > 0 || q[b]!.used > 0)
    .map((b) => `${b} ${num(q[b]!.used)}/${num(q[b]!.granted)}`)
    .join(', ') || '-';

function userSummary(ctx: Context, u: Record<string, any>): void {
  ctx.io.out(
    `${u.id}  ${u.name}${u.email ? ` <${u.email}>` : ''}  (${u.disabled ? 'DISABLED' : 'enabled'})\n` +
      `  plan ${u.plan.name}: ${u.plan.permissions.join(', ') || 'no permissions'}; ${num(u.plan.perMinuteLimit)}/min, ${num(u.plan.dailyLimit)}/day; CMS ${u.plan.cmsEnabled ? 'yes' : 'no'}\n` +
      `  webhook ${u.webhookUrl ?? '-'}\n`,
  );
  ctx.io.out(table(['bucket', 'used', 'granted', 'left'], QUOTA_BUCKETS.map((b) => [b, u.quotas[b].used, u.quotas[b].granted, u.quotas[b].granted - u.quotas[b].used])));
}

/** The password of a CMS site: from a file, or stdin with `-`; never from the command line, where `ps` shows it. */
async function readSecret(path: string): Promise<string> {
  let text: string;
  try {
    text = path === '-' ? readFileSync(0, 'utf8') : await readFile(path, 'utf8');
  } catch (error) {
    throw usageError(`Cannot read --password-file ${path}: ${(error as Error).message}`);
  }
  const secret = text.replace(/\r?\n$/, '');
  if (!secret) throw usageError(`--password-file ${path} is empty`);
  return secret;
}

export const integratorCommands: Command[] = [
  {
    name: 'users list',
    usage: '[--page N] [--page-size N]',
    summary: 'List integrator users with plan, limits and quota (used/granted per bucket)',
    options: pageOptions,
    async run(ctx) {
      const body = await ctx.http.json('GET', '/api/admin/users', { query: pageQuery(ctx.opts) });
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(
        table(
          ['id', 'name', 'plan', 'permissions', 'per min', 'per day', 'quota used/granted', 'status'],
          body.items.map((u: any) => [u.id, u.name, u.plan.name, u.plan.permissions.join(','), u.plan.perMinuteLimit, u.plan.dailyLimit, quotaText(u.quotas), u.disabled ? 'disabled' : 'enabled']),
        ),
      );
      pageFooter(ctx, body as any);
    },
  },
  {
    name: 'users create',
    usage: '--name NAME --plan PLAN --permissions LIST --per-minute N --daily N [--cms] [--email EMAIL] [--quota BUCKET=N]...',
    summary: `Create an integrator user (permissions: ${PERMISSIONS.join(', ')}; buckets: ${QUOTA_BUCKETS.join(', ')})`,
    options: { name: { type: 'string' }, email: { type: 'string' }, ...planOptions, ...quotaOption },
    async run(ctx) {
      const body = await ctx.http.json('POST', '/api/admin/users', {
        body: {
          name: required(ctx.opts, 'name'),
          ...(str(ctx.opts, 'email') !== undefined ? { email: str(ctx.opts, 'email') } : {}),
          plan: {
            name: required(ctx.opts, 'plan', 'the plan name'),
            permissions: need(wordList(ctx.opts, 'permissions', PERMISSIONS), `--permissions is required (comma-separated: ${PERMISSIONS.join(',')})`),
            perMinuteLimit: need(int(ctx.opts, 'per-minute', LIMITS.perMinute), '--per-minute is required (requests per minute, all keys together)'),
            dailyLimit: need(int(ctx.opts, 'daily', LIMITS.daily), '--daily is required (requests per UTC day, all keys together)'),
            cmsEnabled: ctx.opts.cms === true,
          },
          ...(quotas(ctx) ? { quotas: quotas(ctx) } : {}),
        },
      });
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out('Created user ');
      userSummary(ctx, body.user);
    },
  },
  {
    name: 'users show',
    usage: '<userId>',
    summary: 'A user: plan, limits, quota balances, webhook URL',
    args: 1,
    async run(ctx) {
      const body = await ctx.http.json('GET', `/api/admin/users/${userId(ctx)}`);
      if (ctx.json) return printJson(ctx, body);
      userSummary(ctx, body.user);
    },
  },
  {
    name: 'users set-plan',
    usage: '<userId> [--plan NAME] [--permissions LIST] [--per-minute N] [--daily N] [--cms | --no-cms]',
    summary: "Change a user's plan: the fields given replace the current ones, the rest stay",
    args: 1,
    options: { ...planOptions, 'no-cms': { type: 'boolean' } },
    async run(ctx) {
      if (ctx.opts.cms && ctx.opts['no-cms']) throw usageError('Give --cms or --no-cms, not both');
      const change = {
        ...(str(ctx.opts, 'plan') !== undefined ? { name: str(ctx.opts, 'plan') } : {}),
        ...(wordList(ctx.opts, 'permissions', PERMISSIONS) ? { permissions: wordList(ctx.opts, 'permissions', PERMISSIONS) } : {}),
        ...(int(ctx.opts, 'per-minute', LIMITS.perMinute) !== undefined ? { perMinuteLimit: int(ctx.opts, 'per-minute', LIMITS.perMinute) } : {}),
        ...(int(ctx.opts, 'daily', LIMITS.daily) !== undefined ? { dailyLimit: int(ctx.opts, 'daily', LIMITS.daily) } : {}),
        ...(ctx.opts.cms ? { cmsEnabled: true } : ctx.opts['no-cms'] ? { cmsEnabled: false } : {}),
      };
      if (!Object.keys(change).length) throw usageError('Nothing to change: give --plan, --permissions, --per-minute, --daily, --cms or --no-cms');
      const id = userId(ctx);
      // The API takes a whole plan: the current one with the given fields replaced.
      const current = await ctx.http.json('GET', `/api/admin/users/${id}`);
      const body = await ctx.http.json('PATCH', `/api/admin/users/${id}`, { body: { plan: { ...current.user.plan, ...change } } });
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out('Updated ');
      userSummary(ctx, body.user);
    },
  },
  {
    name: 'users set-quota',
    usage: '<userId> --quota BUCKET=N [--quota BUCKET=N]...',
    summary: `Set quota grants per bucket (${QUOTA_BUCKETS.join(', ')}); a grant below what is used is raised to it`,
    args: 1,
    options: quotaOption,
    async run(ctx) {
      const grants = need(quotas(ctx), '--quota BUCKET=N is required (at least one)');
      const body = await ctx.http.json('PATCH', `/api/admin/users/${userId(ctx)}`, { body: { quotas: grants } });
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out('Updated ');
      userSummary(ctx, body.user);
    },
  },
  {
    name: 'users disable',
    usage: '<userId>',
    summary: "Disable a user: every API key of theirs is refused (403) on every replica",
    args: 1,
    async run(ctx) {
      const body = await ctx.http.json('PATCH', `/api/admin/users/${userId(ctx)}`, { body: { disabled: true } });
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(`Disabled user ${body.user.id} (${body.user.name})\n`);
    },
  },
  {
    name: 'users enable',
    usage: '<userId>',
    summary: 'Enable a disabled user again',
    args: 1,
    async run(ctx) {
      const body = await ctx.http.json('PATCH', `/api/admin/users/${userId(ctx)}`, { body: { disabled: false } });
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(`Enabled user ${body.user.id} (${body.user.name})\n`);
    },
  },
  {
    name: 'keys list',
    usage: '<userId>',
    summary: "A user's API keys, revoked ones included (never the keys themselves)",
    args: 1,
    async run(ctx) {
      const body = await ctx.http.json('GET', `/api/admin/users/${userId(ctx)}/api-keys`);
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(
        table(
          ['id', 'name', 'prefix', 'permissions', 'created', 'lastUsed', 'revoked'],
          body.items.map((k: any) => [k.id, k.name, k.keyPrefix, k.permissions.join(','), when(k.createdAt), when(k.lastUsedAt), when(k.revokedAt)]),
        ),
      );
    },
  },
  {
    name: 'keys create',
    usage: '<userId> --name NAME [--permissions LIST]',
    summary: "Create an API key (the plan's permissions unless --permissions); the key is printed once",
    args: 1,
    options: { name: { type: 'string' }, permissions: { type: 'string' } },
    async run(ctx) {
      const permissions = wordList(ctx.opts, 'permissions', PERMISSIONS);
      const body = await ctx.http.json('POST', `/api/admin/users/${userId(ctx)}/api-keys`, {
        body: { name: required(ctx.opts, 'name'), ...(permissions ? { permissions } : {}) },
      });
      if (ctx.json) return printJson(ctx, body);
      const k = body.apiKey;
      ctx.io.out(`Created API key ${k.id} (${k.permissions.join(', ')}). The key, shown this once:\n${k.key}\n`);
    },
  },
  {
    name: 'keys revoke',
    usage: '<keyId>',
    summary: 'Revoke an API key; every replica refuses it within milliseconds',
    args: 1,
    async run(ctx) {
      const body = await ctx.http.json('POST', `/api/admin/api-keys/${encodeURIComponent(ctx.args[0]!)}/revoke`);
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(`Revoked: ${body.id}\n`);
    },
  },
  {
    name: 'sites list',
    usage: '<userId> [--all]',
    summary: "A user's CMS sites (--all: removed ones too); their credentials are never shown",
    args: 1,
    options: { all: { type: 'boolean' } },
    async run(ctx) {
      const body = await ctx.http.json('GET', `/api/admin/users/${userId(ctx)}/accounts`);
      const sites = (body.items as any[]).filter((a) => a.category === 'cms' && (ctx.opts.all || !a.removedAt));
      if (ctx.json) return printJson(ctx, { success: true, items: sites });
      ctx.io.out(table(['id', 'type', 'name', 'added', 'removed'], sites.map((a) => [a.id, a.platform, a.displayName, when(a.createdAt), when(a.removedAt)])));
    },
  },
  {
    name: 'sites add',
    usage: '<userId> --type wordpress|metaweblog --name NAME --site-url URL --username USER --password-file FILE|-',
    summary: 'Add a CMS site (WordPress: site URL and application password; MetaWeblog: XML-RPC endpoint); credentials are sealed',
    args: 1,
    options: { type: { type: 'string' }, name: { type: 'string' }, 'site-url': { type: 'string' }, username: { type: 'string' }, 'password-file': { type: 'string' } },
    async run(ctx) {
      const id = userId(ctx);
      const type = need(oneOf(ctx.opts, 'type', ['wordpress', 'metaweblog'] as const), '--type wordpress or --type metaweblog is required');
      const password = await readSecret(required(ctx.opts, 'password-file', 'a file holding the password, or - for stdin'));
      // --url is also the global option naming the control plane: the site's is --site-url.
      const body = await ctx.http.json('POST', `/api/admin/users/${id}/cms-sites`, {
        body: { type, displayName: required(ctx.opts, 'name'), siteUrl: required(ctx.opts, 'site-url'), username: required(ctx.opts, 'username'), password },
      });
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(`Added ${type} site ${body.account.id} (${body.account.displayName}) for user ${id}\n`);
    },
  },
  {
    name: 'sites remove',
    usage: '<accountId>',
    summary: 'Remove a CMS site: it is no longer listed to the integrator nor published to',
    args: 1,
    async run(ctx) {
      const body = await ctx.http.json('DELETE', `/api/admin/accounts/${wholeNumber(ctx.args[0]!, 'accountId', ID_RANGE)}`);
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(`Removed ${body.account.platform} site ${body.account.id} (${body.account.displayName})\n`);
    },
  },
];

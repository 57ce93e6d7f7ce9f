/** plume-admin commands over execution nodes and their enrollment tokens. */
import { ID_PATTERNS } from '@plume/shared';
import { CliError, EXIT } from './admin-http.js';
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
  strings,
  usageError,
  when,
  wholeNumber,
} from './command.js';
import { table } from './format.js';

const KINDS = ['edge', 'desktop', 'web'] as const;
const NODE_ID = ID_PATTERNS.node;
const TOKEN_ID = ID_PATTERNS.enrollmentTokenId;

function nodeId(ctx: Context): string {
  const id = ctx.args[0]!;
  if (!NODE_ID.test(id)) throw usageError(`nodeId looks like node_…, not "${id}"`);
  return id;
}

/** `all` for a node serving every user (and the users it also names), else the list. */
const servedUsers = (n: Record<string, any>) => (n.allUsers ? `all${n.userIds.length ? ` (named: ${n.userIds.join(', ')})` : ''}` : n.userIds.join(', ') || '-');

const state = (n: Record<string, any>) => (n.status === 'active' ? (n.online ? 'online' : 'offline') : n.status);

function nodeSummary(ctx: Context, n: Record<string, any>): void {
  const c = n.capabilities ?? {};
  ctx.io.out(
    `${n.id}  ${n.name}  ${n.kind}  ${state(n)}${n.status !== 'active' && n.online ? ' (connected)' : ''}\n` +
      `  users ${servedUsers(n)}; ${n.accounts} accounts; jobs ${n.jobsInFlight} in flight, ${n.jobsQueued} queued\n` +
      `  last heartbeat ${when(n.lastHeartbeatAt) ?? '-'} (replica ${n.connectedReplica ?? '-'}); machine ${n.machineId ?? '-'}; enrolled ${when(n.createdAt)}\n` +
      `  chromium ${c.chromiumVersion ?? '-'}; concurrency ${c.concurrency ?? '-'}; settings snapshot ${c.publishSettingsSnapshot ?? 0}; local video ${c.localVideoFile ?? 0}; video dir ${c.videoDir ?? '-'}\n`,
  );
}

function nodeDetail(ctx: Context, n: Record<string, any>): void {
  nodeSummary(ctx, n);
  const c = n.capabilities ?? {};
  const adapters = (c.adapters ?? []) as Array<{ platform: string; contentTypes: string[]; settings: string[] }>;
  ctx.io.out(`\nAdapters (${adapters.length})\n`);
  if (adapters.length) ctx.io.out(table(['platform', 'content types', 'settings applied'], adapters.map((a) => [a.platform, a.contentTypes.join(','), a.settings.join(',') || null])));
  const checks = (c.siteChecks ?? []) as Array<Record<string, string | undefined>>;
  ctx.io.out(`\nSite checks (${checks.length})\n`);
  if (checks.length) {
    ctx.io.out(
      table(
        ['platform', 'type', 'status', 'checked', 'failed step', 'code', 'message'],
        checks.map((k) => [k.platform, k.contentType, k.status, when(k.checkedAt), k.step, k.code, k.message]),
      ),
    );
  }
  const accounts = (n.accountList ?? []) as Array<Record<string, any>>;
  ctx.io.out(`\nAccounts (${accounts.length})\n`);
  if (accounts.length) ctx.io.out(table(['id', 'user', 'platform', 'name', 'ref', 'login'], accounts.map((a) => [a.id, a.userId, a.platform, a.displayName, a.externalRef, a.loginState])));
  ctx.io.out(`\nVideo inventory: ${n.inventory ? `${n.inventory.files} files${n.inventory.truncated ? ' (truncated)' : ''}, reported ${when(n.inventory.updatedAt)}` : 'not reported'}\n`);
}

/**
 * Waits for a draining node's jobs in flight to end, polling its state. On a
 * terminal the count is redrawn in place; otherwise a line is written when it
 * changes (and every 30 s).
 */
async function waitForDrain(ctx: Context, id: string, timeoutS: number, pollMs = 1000): Promise<Record<string, any>> {
  const started = Date.now();
  let lastShown = -1;
  let lastLine = 0;
  for (;;) {
    const { node } = await ctx.http.json('GET', `/api/admin/nodes/${id}`);
    const seconds = (Date.now() - started) / 1000;
    const line = `  ${node.jobsInFlight} job${node.jobsInFlight === 1 ? '' : 's'} in flight  ${seconds.toFixed(0)} s`;
    if (ctx.io.errIsTty) ctx.io.err(`\r${line}\x1b[K`);
    else if (node.jobsInFlight !== lastShown || Date.now() - lastLine >= 30_000) {
      ctx.io.err(`${line}\n`);
      lastLine = Date.now();
    }
    lastShown = node.jobsInFlight;
    if (node.status !== 'draining') {
      if (ctx.io.errIsTty) ctx.io.err('\n');
      throw new CliError(EXIT.refused, `Node ${id} is ${node.status} now, no longer draining; stopped waiting`);
    }
    if (node.jobsInFlight === 0) {
      if (ctx.io.errIsTty) ctx.io.err('\n');
      return node;
    }
    if (seconds >= timeoutS) {
      if (ctx.io.errIsTty) ctx.io.err('\n');
      throw new CliError(EXIT.refused, `Node ${id} still has ${node.jobsInFlight} jobs in flight after ${timeoutS} s; it keeps draining (run again to keep waiting)`);
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

function setStatus(verb: 'drain' | 'resume' | 'revoke', done: string, summary: string): Command {
  return {
    name: `nodes ${verb}`,
    usage: '<nodeId>',
    summary,
    args: 1,
    async run(ctx) {
      const body = await ctx.http.json('POST', `/api/admin/nodes/${nodeId(ctx)}/${verb}`);
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(`${done} ${body.node.id} (${body.node.name}): ${state(body.node)}, ${body.node.jobsInFlight} jobs in flight, ${body.node.jobsQueued} queued\n`);
    },
  };
}

export const nodeCommands: Command[] = [
  {
    name: 'nodes list',
    usage: '[--status active|draining|revoked]',
    summary: 'List execution nodes with live state: online, jobs in flight and queued, last heartbeat',
    options: { status: { type: 'string' } },
    async run(ctx) {
      const body = await ctx.http.json('GET', '/api/admin/nodes', { query: { status: oneOf(ctx.opts, 'status', ['active', 'draining', 'revoked'] as const) } });
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(
        table(
          ['id', 'name', 'kind', 'state', 'in flight', 'queued', 'accounts', 'users', 'adapters', 'heartbeat'],
          body.items.map((n: any) => [n.id, n.name, n.kind, state(n), n.jobsInFlight, n.jobsQueued, n.accounts, n.allUsers ? 'all' : n.userIds.join(',') || null, n.capabilities?.adapters?.length ?? null, when(n.lastHeartbeatAt)]),
        ),
      );
      ctx.io.out(`${body.items.length} node${body.items.length === 1 ? '' : 's'}\n`);
    },
  },
  {
    name: 'nodes show',
    usage: '<nodeId>',
    summary: 'One node: live state, capabilities, adapters, site check results, accounts, video inventory',
    args: 1,
    async run(ctx) {
      const body = await ctx.http.json('GET', `/api/admin/nodes/${nodeId(ctx)}`);
      if (ctx.json) return printJson(ctx, body);
      nodeDetail(ctx, body.node);
    },
  },
  {
    ...setStatus('drain', 'Draining', 'Drain a node: it finishes its jobs and gets no new ones (--wait: until none is in flight, with progress)'),
    usage: '<nodeId> [--wait] [--timeout SECONDS]',
    options: { wait: { type: 'boolean' }, timeout: { type: 'string' } },
    async run(ctx) {
      const timeout = int(ctx.opts, 'timeout', { min: 1, max: 86_400 });
      if (timeout !== undefined && !ctx.opts.wait) throw usageError('--timeout goes with --wait');
      const body = await ctx.http.json('POST', `/api/admin/nodes/${nodeId(ctx)}/drain`);
      if (!ctx.opts.wait) {
        if (ctx.json) return printJson(ctx, body);
        ctx.io.out(`Draining ${body.node.id} (${body.node.name}): ${body.node.jobsInFlight} jobs in flight, ${body.node.jobsQueued} queued\n`);
        return;
      }
      const node = await waitForDrain(ctx, body.node.id, timeout ?? 600);
      if (ctx.json) return printJson(ctx, { success: true, node });
      ctx.io.out(`Drained ${node.id} (${node.name}): no job in flight; ${node.jobsQueued} queued for it until it is resumed\n`);
    },
  },
  setStatus('resume', 'Resumed', 'Resume a drained node: it is offered jobs again'),
  ...nodeUsersCommands(),
  setStatus('revoke', 'Revoked', 'Revoke a node for good: its handshakes are refused, its socket closed; its uncommitted jobs fail, committed ones need a person'),
  {
    name: 'enrollment create',
    usage: '--kind edge|desktop|web (--user ID [--user ID]... | --all-users) --name NAME',
    summary: 'Create a single-use enrollment token for a node (valid 15 minutes); the token is printed once. --all-users: a web node serving every user',
    options: { kind: { type: 'string' }, user: { type: 'string', multiple: true }, 'all-users': { type: 'boolean' }, name: { type: 'string' } },
    async run(ctx) {
      const kind = need(oneOf(ctx.opts, 'kind', KINDS), `--kind is required (${KINDS.join(', ')})`);
      const users = strings(ctx.opts, 'user').map((u) => wholeNumber(u, '--user', ID_RANGE));
      const allUsers = ctx.opts['all-users'] === true;
      if (allUsers && users.length) throw usageError('--all-users and --user do not go together: a node serving all users needs no list');
      if (allUsers && kind !== 'web') throw usageError('--all-users is for --kind web (the operator\'s web pool)');
      if (!allUsers && !users.length) throw usageError('--user ID is required (the users the node serves; repeat it for several), or --all-users for a web node');
      const body = await ctx.http.json('POST', '/api/admin/nodes/enrollment-tokens', {
        body: { kind, ...(allUsers ? { allUsers: true } : { userIds: users }), name: required(ctx.opts, 'name') },
      });
      if (ctx.json) return printJson(ctx, body);
      const serving = body.allUsers ? 'all users' : `user${body.userIds.length === 1 ? '' : 's'} ${body.userIds.join(', ')}`;
      ctx.io.out(
        `Created enrollment token ${body.id} for a ${body.kind} node serving ${serving}, valid until ${body.expiresAt}. The token, shown this once:\n${body.token}\n` +
          `On the node: plume-edge enroll --url <control plane URL> --token <the token>\n`,
      );
    },
  },
  {
    name: 'enrollment list',
    usage: '[--state pending|used|expired|revoked] [--page N] [--page-size N]',
    summary: 'List enrollment tokens, newest first (never the tokens themselves)',
    options: { state: { type: 'string' }, ...pageOptions },
    async run(ctx) {
      const body = await ctx.http.json('GET', '/api/admin/nodes/enrollment-tokens', {
        query: { state: oneOf(ctx.opts, 'state', ['pending', 'used', 'expired', 'revoked'] as const), ...pageQuery(ctx.opts) },
      });
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(
        table(
          ['id', 'name', 'kind', 'users', 'state', 'created', 'expires', 'node'],
          body.items.map((k: any) => [k.id, k.name, k.kind, k.allUsers ? 'all' : k.userIds.join(','), k.state, when(k.createdAt), when(k.expiresAt), k.nodeId]),
        ),
      );
      pageFooter(ctx, body as any);
    },
  },
  {
    name: 'enrollment revoke',
    usage: '<tokenId>',
    summary: 'Revoke an enrollment token not used yet (a used one made a node: revoke the node instead)',
    args: 1,
    async run(ctx) {
      const id = ctx.args[0]!;
      if (!TOKEN_ID.test(id)) throw usageError(`tokenId is the token's id (net_…), not "${id.slice(0, 12)}…"`);
      const body = await ctx.http.json('POST', `/api/admin/nodes/enrollment-tokens/${id}/revoke`);
      if (ctx.json) return printJson(ctx, body);
      ctx.io.out(`${body.alreadyRevoked ? 'Already revoked' : 'Revoked'}: ${body.token.id} (${body.token.name})\n`);
    },
  },
];

/** What `nodes users add|remove` send: the users named, and --all-users. */
function usersChange(ctx: Context): { userIds?: number[]; allUsers?: true } {
  const users = strings(ctx.opts, 'user').map((u) => wholeNumber(u, '--user', ID_RANGE));
  const allUsers = ctx.opts['all-users'] === true;
  if (!users.length && !allUsers) throw usageError('name the users (--user ID, repeated for several) or --all-users');
  return { ...(users.length ? { userIds: users } : {}), ...(allUsers ? { allUsers: true as const } : {}) };
}

function usersLine(n: Record<string, any>): string {
  return `${n.id} (${n.kind}) serves ${n.allUsers ? `all users${n.userIds.length ? `; named: ${n.userIds.join(', ')}` : ''}` : n.userIds.length ? `users ${n.userIds.join(', ')}` : 'no user'}`;
}

function nodeUsersCommands(): Command[] {
  const options = { user: { type: 'string' as const, multiple: true }, 'all-users': { type: 'boolean' as const } };
  return [
    {
      name: 'nodes users list',
      usage: '<nodeId>',
      summary: 'The users a node serves (all users: a web node of the operator\'s pool)',
      args: 1,
      async run(ctx) {
        const body = await ctx.http.json('GET', `/api/admin/nodes/${nodeId(ctx)}/users`);
        if (ctx.json) return printJson(ctx, body);
        ctx.io.out(`${usersLine(body.node)}\n`);
      },
    },
    {
      name: 'nodes users add',
      usage: '<nodeId> (--user ID [--user ID]... | --all-users)',
      summary: 'Authorize an enrolled node for more users; --all-users: a web node serves every user (recorded in the audit log)',
      options,
      args: 1,
      async run(ctx) {
        const body = await ctx.http.json('POST', `/api/admin/nodes/${nodeId(ctx)}/users/add`, { body: usersChange(ctx) });
        if (ctx.json) return printJson(ctx, body);
        ctx.io.out(`Added ${body.added.length ? `users ${body.added.join(', ')}` : 'no new user'}${ctx.opts['all-users'] ? ' (all users)' : ''}. ${usersLine(body.node)}\n`);
      },
    },
    {
      name: 'nodes users remove',
      usage: '<nodeId> (--user ID [--user ID]... | --all-users)',
      summary: 'Stop a node serving users (their accounts on a web node move to another web node); --all-users: clear the all-users flag',
      options,
      args: 1,
      async run(ctx) {
        const body = await ctx.http.json('POST', `/api/admin/nodes/${nodeId(ctx)}/users/remove`, { body: usersChange(ctx) });
        if (ctx.json) return printJson(ctx, body);
        ctx.io.out(`Removed ${body.removed.length ? `users ${body.removed.join(', ')}` : 'no user it served'}${ctx.opts['all-users'] ? ' (and all users)' : ''}. ${usersLine(body.node)}\n`);
      },
    },
  ];
}

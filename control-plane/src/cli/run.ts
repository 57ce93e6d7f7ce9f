/**
 * plume-admin's composition root: picks the command, parses its options
 * (strictly: an unknown option is a usage error, not ignored), builds the
 * HTTP client from --url/--token or the environment, runs, and maps every
 * failure to a message and an exit code.
 */
import { parseArgs } from 'node:util';
import { AdminHttp, CliError, EXIT } from './admin-http.js';
import { type Command, type OptionSpec, usageError } from './command.js';
import { consoleCommands } from './console-commands.js';
import type { Output } from './format.js';
import { integratorCommands } from './integrator-commands.js';
import { jobCommands } from './job-commands.js';
import { licenseCommands } from './license-commands.js';
import { nodeCommands } from './node-commands.js';
import { reportCommands } from './report-commands.js';

/** The commands by what they administer, in the order --help shows them. */
const SECTIONS: Array<{ title: string; commands: Command[] }> = [
  { title: 'Licenses and admin tokens', commands: licenseCommands },
  { title: 'License consumption', commands: reportCommands },
  { title: 'Integrators: users, plans, quotas, API keys, CMS sites', commands: integratorCommands },
  { title: 'Execution nodes and enrollment tokens', commands: nodeCommands },
  { title: 'Publish jobs and webhooks', commands: jobCommands },
  { title: 'Console people', commands: consoleCommands },
];

export const COMMANDS: Command[] = SECTIONS.flatMap((s) => s.commands);

const GLOBAL_OPTIONS: OptionSpec = {
  url: { type: 'string' },
  token: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

export const DEFAULT_URL = 'http://127.0.0.1:8080';

export function helpText(): string {
  const lines = [
    'plume-admin: the Plume back office from the command line',
    '',
    'Usage: plume-admin [global options] <command> [arguments] [options]',
    '',
    'Global options (before or after the command):',
    `  --url URL      control plane base URL (env PLUME_ADMIN_URL, default ${DEFAULT_URL})`,
    '  --token TOKEN  admin token (env PLUME_ADMIN_TOKEN)',
    '  --json         print the API answer as JSON',
    '',
    ...SECTIONS.flatMap((s) => [`${s.title}:`, ...s.commands.map(describe), '']),
    'Exit codes: 0 done, 1 refused by the server (or nodes drain --wait timed out), 2 bad command line, 3 server unreachable, 4 admin token refused.',
  ];
  return `${lines.join('\n')}\n`;
}

const describe = (c: Command) => `  ${c.name} ${c.usage}\n      ${c.summary}`;

/** The command whose words start argv, longest match first. */
function findCommand(argv: string[]): { command: Command; rest: string[] } | null {
  const words = argv.slice(0, 3);
  for (const n of [3, 2, 1]) {
    const name = words.slice(0, n).join(' ');
    const command = COMMANDS.find((c) => c.name === name);
    if (command) return { command, rest: argv.slice(n) };
  }
  return null;
}

export interface CliEnvironment {
  env: Record<string, string | undefined>;
  io: Output;
  fetch?: typeof fetch;
  now?: () => Date;
}

/**
 * The global options written before the command (`plume-admin --url URL nodes list`), taken off the
 * front so the command's words can be found; they are parsed with the command's own options after it.
 */
export function leadingGlobals(argv: string[]): { globals: string[]; rest: string[] } {
  const globals: string[] = [];
  let i = 0;
  for (; i < argv.length; i++) {
    const arg = argv[i]!;
    const name = /^--([a-z-]+)(=|$)/.exec(arg)?.[1] ?? (arg === '-h' ? 'help' : undefined);
    const spec = name === undefined ? undefined : GLOBAL_OPTIONS[name];
    if (!spec) break;
    globals.push(arg);
    if (spec.type === 'string' && !arg.includes('=')) {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('-')) throw usageError(`--${name} needs a value, e.g. plume-admin --${name} ${name === 'url' ? DEFAULT_URL : '…'} <command>`);
      globals.push(value);
      i++;
    }
  }
  return { globals, rest: argv.slice(i) };
}

export async function runCli(args: string[], { env, io, fetch: fetchImpl, now = () => new Date() }: CliEnvironment): Promise<number> {
  try {
    const { globals, rest: argv } = leadingGlobals(args);
    if (argv.length === 0 && globals.length > 0 && !globals.some((g) => g === '--help' || g === '-h')) {
      throw usageError('No command after the global options. Run plume-admin --help for the list.');
    }
    if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
      io.out(helpText());
      return EXIT.ok;
    }
    const found = findCommand(argv);
    if (!found) {
      // `plume-admin nodes` or `plume-admin nodes --help` (or `nodes users --help`): the commands of that group.
      const sub = argv.length > 1 ? COMMANDS.filter((c) => c.name.startsWith(`${argv[0]} ${argv[1]} `)) : [];
      if (sub.length && (argv.length === 2 || argv[2] === '--help' || argv[2] === '-h')) {
        io.out(`${sub.map(describe).join('\n')}\n`);
        return EXIT.ok;
      }
      const group = COMMANDS.filter((c) => c.name.startsWith(`${argv[0]} `));
      if (group.length && (argv.length === 1 || argv[1] === '--help' || argv[1] === '-h')) {
        io.out(`${group.map(describe).join('\n')}\n`);
        return EXIT.ok;
      }
      const hint = group.length ? `The ${argv[0]} commands: ${group.map((c) => c.name).join(', ')}.` : 'Run plume-admin --help for the list.';
      throw usageError(`Unknown command "${argv.slice(0, 2).join(' ')}". ${hint}`);
    }
    const { command } = found;
    const rest = [...globals, ...found.rest];
    let parsed;
    try {
      parsed = parseArgs({ args: rest, options: { ...GLOBAL_OPTIONS, ...command.options }, allowPositionals: true, strict: true });
    } catch (error) {
      throw usageError(`${(error as Error).message}\nUsage: plume-admin ${command.name} ${command.usage}`);
    }
    const opts = parsed.values as Record<string, string | boolean | undefined>;
    if (opts.help) {
      io.out(`Usage: plume-admin ${command.name} ${command.usage}\n${command.summary}\n`);
      return EXIT.ok;
    }
    const wanted = command.args ?? 0;
    if (parsed.positionals.length !== wanted) {
      throw usageError(`plume-admin ${command.name} takes ${wanted} argument${wanted === 1 ? '' : 's'}\nUsage: plume-admin ${command.name} ${command.usage}`);
    }
    const url = (opts.url as string | undefined) ?? env.PLUME_ADMIN_URL ?? DEFAULT_URL;
    if (!/^https?:\/\/[^/]+/.test(url)) throw usageError(`--url must be an http(s) URL, not "${url}"`);
    const token = (opts.token as string | undefined) ?? env.PLUME_ADMIN_TOKEN;
    if (!token) throw new CliError(EXIT.auth, 'No admin token: pass --token or set PLUME_ADMIN_TOKEN');
    const http = new AdminHttp({ baseUrl: url, token, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
    await command.run({ http, io, args: parsed.positionals, opts, json: opts.json === true, now });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CliError) {
      io.err(`plume-admin: ${error.message}\n`);
      return error.exitCode;
    }
    io.err(`plume-admin: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return EXIT.refused;
  }
}

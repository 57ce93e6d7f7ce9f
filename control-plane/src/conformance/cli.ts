#!/usr/bin/env node
/**
 * `plume-conformance`: the node protocol conformance kit. Starts a conformance
 * control plane, tells the operator how to point the executor under test at
 * it (an enrollment token for a node, an activation code for Plume Desktop),
 * runs every check once the executor is ready, exits 0 only if all pass.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CHECKS, EXIT } from './checks.js';
import type { ExecutorInstructions } from './run.js';

export const USAGE = `usage: plume-conformance [options]

Runs a conformance control plane (the real Plume control plane on a scratch
database, behind a recording proxy, with the platform simulator) and checks an
executor of the node protocol (docs/node-protocol.md) against it. Start it,
enroll and run the executor under test with the URL and token it prints, and
wait: one PASS or FAIL line per check follows.

With --kind desktop the executor is Plume Desktop (plume-desktop): the kit prints
an activation code generated for its user instead of a token. Activate and run
it with the printed control URL, its platform URL and account:
  plume-desktop activate --server <control URL> --code <activation code>
  PLUME_DESKTOP_PLATFORM_URLS='{"<platform>":"<platform URL>"}' plume-desktop accounts import \\
    --ref <account> --platform <platform> --name <any> --storage-state <storage state file>
  PLUME_DESKTOP_PLATFORM_URLS='{"<platform>":"<platform URL>"}' plume-desktop run

options:
  --platform <code>       platform the executor publishes to on the simulator (default: juejin)
  --account <ref>         the simulator account logged in for it (default: conformance)
  --kind <edge|desktop>   edge: a node that enrolls with an enrollment token (plume-edge, or your
                          own executor); desktop: Plume Desktop, which activates with a license
                          activation code generated for the kit's user (default: edge)
  --port <port>           port of the URL the executor connects to (default: a free one)
  --host <address>        address it listens on (default: 127.0.0.1)
  --wait <seconds>        how long to wait for the executor to enroll (a desktop: activate),
                          connect and report the account publishable (default: 300)
  --info-file <path>      also write the executor's instructions there as JSON
  --log-level <level>     the control plane's log level on stderr (default: silent)
  -h, --help              this text

environment:
  DATABASE_URL            postgres:// URL of an empty database to use (it is migrated); unset: an
                          embedded PGlite database in a temp directory, removed at exit

checks:
${CHECKS.map(([name, what]) => `  ${name}\n      ${what}`).join('\n')}

exit codes: 0 every check passed · 1 at least one check failed · 2 bad command line ·
3 the executor never became ready (enrolled or activated, connected, account publishable)`;

function instructions(i: ExecutorInstructions): string {
  const joins =
    i.kind === 'edge'
      ? [`  enrollment token   ${i.enrollmentToken}   (kind ${i.kind}, user ${i.userId}; single use, 15 min)`]
      : [
          `  activation code    ${i.activationCode}   (Plume Desktop, user ${i.userId}; license project ${i.projectKey}, TIME, one computer)`,
          `                     plume-desktop activate --server ${i.controlUrl} --code ${i.activationCode}`,
        ];
  const platformUrls = JSON.stringify({ [i.platform]: i.platformUrl });
  return [
    'conformance control plane ready',
    `  control URL        ${i.controlUrl}`,
    ...joins,
    `  platform           ${i.platform}: point the executor's ${i.platform} adapter at ${i.platformUrl}`,
    ...(i.kind === 'desktop' ? [`                     (plume-desktop: set PLUME_DESKTOP_PLATFORM_URLS='${platformUrls}' for its commands)`] : []),
    `  account            ${i.account}: its browser profile needs the cookie ${i.sessionCookie.name}=${i.sessionCookie.value} for ${i.sessionCookie.url}`,
    `                     (a Playwright storage state holding it: ${i.storageStateFile})`,
    ...(i.kind === 'desktop' ? [`                     (plume-desktop accounts import --ref ${i.account} --platform ${i.platform} --name Conformance --storage-state ${i.storageStateFile})`] : []),
    `waiting for the executor to ${i.kind === 'desktop' ? 'activate' : 'enroll'}, connect and report the account…`,
    '',
  ].join('\n');
}

export async function main(argv: string[], io: { out: (t: string) => void; err: (t: string) => void; env: Record<string, string | undefined> }): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        platform: { type: 'string', default: 'juejin' },
        account: { type: 'string', default: 'conformance' },
        kind: { type: 'string', default: 'edge' },
        port: { type: 'string', default: '0' },
        host: { type: 'string', default: '127.0.0.1' },
        wait: { type: 'string', default: '300' },
        'info-file': { type: 'string' },
        'log-level': { type: 'string', default: 'silent' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    io.err(`plume-conformance: ${(e as Error).message}\n\n${USAGE}\n`);
    return EXIT.usage;
  }
  if (values.help) {
    io.out(`${USAGE}\n`);
    return EXIT.passed;
  }
  const bad = (m: string) => {
    io.err(`plume-conformance: ${m}\n`);
    return EXIT.usage;
  };
  const port = Number(values.port);
  const wait = Number(values.wait);
  if (!Number.isInteger(port) || port < 0 || port > 65535) return bad('--port needs a TCP port number (0-65535)');
  if (!Number.isFinite(wait) || wait <= 0) return bad('--wait needs a positive number of seconds');
  if (values.kind !== 'edge' && values.kind !== 'desktop') return bad('--kind is edge or desktop');
  if (!/^[a-z_]{1,64}$/.test(values.platform)) return bad('--platform needs a platform code such as juejin');
  if (!/^[A-Za-z0-9_.@-]{1,200}$/.test(values.account)) return bad('--account: letters, digits, "_", ".", "@" and "-" only');
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(values['log-level'])) return bad('--log-level is one of fatal, error, warn, info, debug, trace, silent');
  const databaseUrl = io.env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) return bad('DATABASE_URL must be a postgres:// URL; unset it to use the embedded PGlite database');

  // The control plane, the simulator and the checks load only for a run (not for --help or a usage error).
  const { runConformance } = await import('./run.js');
  return runConformance({
    databaseUrl,
    host: values.host,
    port,
    platform: values.platform,
    account: values.account,
    kind: values.kind,
    readyTimeoutMs: wait * 1000,
    logLevel: values['log-level'],
    out: (line) => io.out(`${line}\n`),
    onReady: (info) => {
      if (values['info-file']) writeFileSync(values['info-file'], JSON.stringify(info, null, 2));
      io.out(instructions(info));
    },
  });
}

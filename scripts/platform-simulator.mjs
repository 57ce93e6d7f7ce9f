/**
 * Runs the platform simulator (test/platform-simulator) as a standalone
 * process, for manual runs, deploy/verify-under-systemd.sh and the upload
 * bench (bench/lib/simulator-process.mjs):
 *
 *   node scripts/platform-simulator.mjs [--port 9000] [--state /tmp/sim.json] [--login bilibili:30010077 ...] [--transcode-ms 500]
 *
 * Each --login creates a logged-in session for that platform account (a
 * browser profile holding the platform's session cookie naming that account —
 * `SESSDATA=<account>` for bilibili, `sim_session_<platform>=<account>` where
 * a replica has no real cookie name yet — is
 * logged in). With --state the file is rewritten every 500 ms with the
 * simulator's URL and every accepted post, so a shell script can read both
 * with jq; without it, each accepted post is printed as a line of JSON.
 * Started with an IPC channel (child_process.fork), it also serves
 * the in-process simulator's methods: `{ id, fn, args }` in, `{ id, result }`
 * or `{ id, error }` out (`fn: 'url'` answers the URL). Runs until SIGTERM or
 * SIGINT. Needs the dev dependencies (tsx).
 */
import { renameSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';

const USAGE = `usage: node scripts/platform-simulator.mjs [--port <port>] [--state <file.json>] [--login <platform>:<account> ...] [--transcode-ms <ms>]

  --port <port>            listen on 127.0.0.1:<port> (default: a free port, printed at start)
  --state <file.json>      rewrite this file every 500 ms with the URL and every accepted post
                           (without it, each accepted post is printed as a line of JSON)
  --login <platform>:<account>
                           create a logged-in session for that account; repeatable. A browser
                           profile holding the platform's session cookie for that account is
                           logged in (docs/operators.md: "A local trial")
  --transcode-ms <ms>      how long the simulated video transcoding takes
  -h, --help               this text`;

function fail(message) {
  console.error(`platform-simulator: ${message}\n${USAGE}`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      state: { type: 'string' },
      login: { type: 'string', multiple: true, default: [] },
      'transcode-ms': { type: 'string' },
      port: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (e) {
  fail(e.message);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const port = values.port === undefined ? 0 : Number(values.port);
if (!(Number.isInteger(port) && port >= 0 && port <= 65535) || values.port === '') fail('--port needs a TCP port number (0–65535)');
const logins = values.login.map((login) => {
  const m = /^([a-z_]+):([A-Za-z0-9_.@-]{1,200})$/.exec(login);
  if (!m) fail(`--login ${JSON.stringify(login)}: expected <platform>:<account>, e.g. bilibili:30010077`);
  return { platform: m[1], account: m[2] };
});
const transcodeMs = values['transcode-ms'] === undefined ? undefined : Number(values['transcode-ms']);
if (transcodeMs !== undefined && !(Number.isInteger(transcodeMs) && transcodeMs >= 0)) fail('--transcode-ms must be a whole number of milliseconds, 0 or more');

register();
const { startSimulator } = await import('../test/platform-simulator/index.ts');
const sim = await startSimulator({ port });
for (const { platform, account } of logins) {
  sim.setLoggedIn(platform, account, true);
  if (transcodeMs !== undefined) sim.configure(platform, { transcodeMs });
}

let printed = 0;
const save = () => {
  if (!values.state) {
    const posts = sim.publishes();
    for (; printed < posts.length; printed++) console.log(JSON.stringify(posts[printed]));
    return;
  }
  const tmp = `${values.state}.tmp`;
  writeFileSync(tmp, JSON.stringify({ url: sim.url, publishes: sim.publishes() }));
  renameSync(tmp, values.state); // readers never see half a file
};
save();
const timer = setInterval(save, 500);
const stop = async () => {
  clearInterval(timer);
  save();
  await sim.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

if (process.send) {
  process.on('message', async ({ id, fn, args }) => {
    try {
      if (fn === 'close') return await stop();
      const result = fn === 'url' ? sim.url : await sim[fn](...args);
      process.send({ id, result: result ?? null });
    } catch (e) {
      process.send({ id, error: e.message });
    }
  });
  process.on('disconnect', stop); // the parent is gone
} else {
  console.log(`platform simulator on ${sim.url}; ${values.state ? `state in ${values.state}` : 'accepted posts are printed below'}; scan login QRs as an account at ${sim.url}/_phone`);
}

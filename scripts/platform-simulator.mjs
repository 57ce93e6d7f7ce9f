/**
 * Runs the platform simulator (test/platform-simulator) as a standalone
 * process, for manual runs and deploy/verify-under-systemd.sh:
 *
 *   node scripts/platform-simulator.mjs --state /tmp/sim.json [--login bilibili:30010077 ...] [--transcode-ms 500]
 *
 * Each --login creates a logged-in session for that platform account (a
 * browser profile holding the cookie `sim_session_<platform>=<account>` is
 * logged in). The state file is rewritten every 500 ms with the simulator's
 * URL and every accepted post, so a shell script can read both with jq. Runs
 * until SIGTERM or SIGINT. Needs the dev dependencies (tsx).
 */
import { renameSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';

const { values } = parseArgs({
  options: {
    state: { type: 'string' },
    login: { type: 'string', multiple: true, default: [] },
    'transcode-ms': { type: 'string', default: '500' },
  },
});
if (!values.state) {
  console.error('usage: node scripts/platform-simulator.mjs --state <file.json> [--login <platform>:<account> ...] [--transcode-ms <ms>]');
  process.exit(2);
}

register();
const { startSimulator } = await import('../test/platform-simulator/index.ts');
const sim = await startSimulator();
for (const login of values.login) {
  const [platform, account] = login.split(':');
  if (!platform || !account) throw new Error(`--login ${login}: expected <platform>:<account>`);
  sim.setLoggedIn(platform, account, true);
  sim.configure(platform, { transcodeMs: Number(values['transcode-ms']) });
}

const save = () => {
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
console.log(`platform simulator on ${sim.url}; state in ${values.state}`);

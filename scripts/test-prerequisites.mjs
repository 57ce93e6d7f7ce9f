#!/usr/bin/env node
/**
 * Runs before the test suite (`npm test`) so the README's test command works on
 * a fresh machine by itself: the suite drives Debian's Chromium, checks the
 * systemd units with systemd-analyze, boots them under systemd-nspawn and
 * scripts them with jq and curl, shows Plume Desktop's login windows on an
 * Xvfb display, and needs the PostgreSQL named by TEST_DATABASE_URL.
 *
 * - Missing Debian packages are installed when running as root with apt-get;
 *   otherwise it stops at once and prints the exact command to run.
 * - A local PostgreSQL that is down is started with pg_ctlcluster (as root);
 *   the database named in the URL is created when missing.
 *
 * Nothing here downloads a browser: Chromium always comes from Debian.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import postgres from 'postgres';

const isRoot = process.getuid?.() === 0;
const onPath = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

/** Debian package → how to tell it is installed. */
const PACKAGES = [
  { pkg: 'chromium', present: () => existsSync(process.env.PLUME_CHROMIUM_PATH ?? '/usr/bin/chromium') },
  { pkg: 'systemd', present: () => onPath('systemd-analyze') },
  { pkg: 'systemd-container', present: () => onPath('systemd-nspawn') },
  { pkg: 'jq', present: () => onPath('jq') },
  { pkg: 'curl', present: () => onPath('curl') },
  // Plume Desktop shows its login windows (never headless): the tests give them a virtual display.
  { pkg: 'xvfb', present: () => onPath('Xvfb') },
  // `plume-edge doctor` fails a node without a font for Chinese (pages would render boxes).
  { pkg: 'fonts-noto-cjk', present: () => spawnSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).stdout?.trim().length > 0 },
];

function stop(message) {
  process.stderr.write(`\n[test prerequisites] ${message}\n\n`);
  process.exit(1);
}

function installPackages() {
  const missing = PACKAGES.filter((p) => !p.present()).map((p) => p.pkg);
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (!isRoot || !onPath('apt-get')) stop(`missing Debian packages: ${missing.join(', ')}. Install them, then run the tests again:\n\n  sudo sh -c '${command}'`);
  process.stdout.write(`[test prerequisites] installing ${missing.join(', ')} with apt-get\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
  const still = PACKAGES.filter((p) => !p.present()).map((p) => p.pkg);
  if (still.length > 0) stop(`apt-get ran but these are still missing: ${still.join(', ')}`);
}

async function reachable(url) {
  const sql = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/** Starts the machine's own PostgreSQL cluster (Debian's layout) when it is local and down. */
function startLocalCluster(url) {
  const host = url.hostname;
  const local = host === '127.0.0.1' || host === 'localhost' || host === '::1' || host === '';
  const versions = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql').sort() : [];
  const start = versions.length > 0 ? `pg_ctlcluster --skip-systemctl-redirect ${versions.at(-1)} main start` : null;
  if (!local || !start || !isRoot || !onPath('pg_ctlcluster')) {
    stop(`PostgreSQL at ${url.host} does not answer. Start it${start ? ` (e.g. \`sudo ${start}\`)` : ''} or point TEST_DATABASE_URL at one that runs.`);
  }
  process.stdout.write(`[test prerequisites] starting PostgreSQL: ${start}\n`);
  spawnSync('sh', ['-c', start], { stdio: 'inherit' });
}

async function ensureDatabase(raw) {
  const url = new URL(raw);
  const serverUrl = new URL(url);
  serverUrl.pathname = '/postgres';
  if (!(await reachable(serverUrl.toString()))) {
    startLocalCluster(url);
    // PostgreSQL may take a few seconds to accept connections after start.
    for (let i = 0; i < 30 && !(await reachable(serverUrl.toString())); i++) await new Promise((r) => setTimeout(r, 1000));
    if (!(await reachable(serverUrl.toString()))) stop(`PostgreSQL at ${url.host} still does not answer after 30 s`);
  }
  const name = decodeURIComponent(url.pathname.slice(1)) || 'postgres';
  if (!/^[A-Za-z0-9_]+$/.test(name)) stop(`refusing the odd database name ${JSON.stringify(name)} in TEST_DATABASE_URL`);
  const sql = postgres(serverUrl.toString(), { max: 1, onnotice: () => {} });
  try {
    const [exists] = await sql`select 1 from pg_database where datname = ${name}`;
    if (!exists) await sql.unsafe(`create database "${name}"`);
  } finally {
    await sql.end();
  }
}

installPackages();
if (process.env.TEST_DATABASE_URL) await ensureDatabase(process.env.TEST_DATABASE_URL);
else if (process.env.CI === 'true') stop('CI needs TEST_DATABASE_URL: the replica and fault tests must not skip');
else process.stdout.write('[test prerequisites] TEST_DATABASE_URL is unset: tests use PGlite and skip those needing several processes on one PostgreSQL\n');

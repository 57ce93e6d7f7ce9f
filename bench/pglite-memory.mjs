/**
 * Resident memory of an idle control plane on the embedded database (PGlite)
 * against the same control plane on PostgreSQL, measured in the same run, and
 * how long the quick start takes to answer /readyz on a new data directory
 * (the cluster is created and migrated) and on an existing one.
 *
 * Target: idle RSS on PGlite ≤ 250 MB. The ratio printed is PGlite / PostgreSQL.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from './lib/database.mjs';
import { freePort } from './lib/processes.mjs';
import { fmt, machineLine, ratioLine } from './lib/report.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const IDLE_MS = 10_000;
const TARGET_MB = 250;

const rssMb = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** Starts the control plane with `env`, waits for /readyz, idles, and reads its RSS. */
async function measure(env) {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, [`${ROOT}control-plane/dist/main.js`], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`control plane exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() - started > 300_000) throw new Error('not ready after 300 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const readyMs = Date.now() - started;
    await new Promise((r) => setTimeout(r, IDLE_MS));
    return { readyMs, rss: rssMb(child.pid) };
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}

console.log(machineLine());
const scratch = await createScratchDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'plume-pglite-bench-'));
try {
  const pg = await measure({ DATABASE_URL: scratch.url });
  const fresh = await measure({ PLUME_DATA_DIR: dataDir });
  const reopened = await measure({ PLUME_DATA_DIR: dataDir });
  const worst = Math.max(fresh.rss, reopened.rss);
  console.log(`idle RSS: PostgreSQL ${fmt.fixed(pg.rss, 0)} MB; PGlite new data directory ${fmt.fixed(fresh.rss, 0)} MB, existing ${fmt.fixed(reopened.rss, 0)} MB (target ≤ ${TARGET_MB} MB, ${worst <= TARGET_MB ? 'met' : 'MISSED'})`);
  console.log(ratioLine('PGlite idle RSS vs PostgreSQL', worst / pg.rss, { op: '<=', value: TARGET_MB / pg.rss }, `${fmt.fixed(worst, 0)} MB vs ${fmt.fixed(pg.rss, 0)} MB after ${IDLE_MS / 1000} s idle`));
  console.log(`time to /readyz: PostgreSQL ${fmt.int(pg.readyMs)} ms; PGlite new data directory ${fmt.int(fresh.readyMs)} ms, existing ${fmt.int(reopened.readyMs)} ms`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  await scratch.drop();
}

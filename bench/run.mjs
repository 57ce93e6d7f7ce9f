/**
 * Runs every bench/*.mjs except this file, one after another, each in its own
 * Node process with its output streamed as it comes. Exits non-zero if any
 * benchmark crashed (non-zero exit or killed by a signal); a missed target is
 * only reported by the benchmark itself, never a failure here.
 *
 * `npm run bench` builds first (tsc -b): benchmarks import compiled code from
 * control-plane/dist, edge-node/dist and shared/dist, and the edge benchmarks
 * run the compiled plume-edge. Optional arguments filter by file name:
 * `node bench/run.mjs license` runs only files whose name contains "license".
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const self = basename(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);

const files = readdirSync(here, { withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.mjs') && e.name !== self)
  .map((e) => e.name)
  .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
  .sort();

if (files.length === 0) {
  console.error(`no benchmarks${filters.length ? ` matching ${filters.join(', ')}` : ''} in ${here}`);
  process.exit(1);
}

const outcomes = [];
for (const file of files) {
  console.log(`\n=== ${file}`);
  const started = Date.now();
  const child = spawn(process.execPath, [join(here, file)], { stdio: 'inherit' });
  const [code, signal] = await Promise.race([
    once(child, 'exit'),
    once(child, 'error').then(([error]) => [null, `spawn error: ${error.message}`]),
  ]);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const crashed = code !== 0;
  outcomes.push({ file, crashed, seconds, how: signal ? `killed by ${signal}` : `exit ${code}` });
  if (crashed) console.log(`=== ${file} CRASHED (${signal ? `killed by ${signal}` : `exit ${code}`}) after ${seconds} s`);
}

console.log('\n=== summary');
for (const o of outcomes) console.log(`${o.crashed ? 'CRASHED' : 'ok     '} ${o.file} (${o.seconds} s${o.crashed ? `, ${o.how}` : ''})`);
const crashed = outcomes.filter((o) => o.crashed).length;
if (crashed) {
  console.log(`${crashed} of ${outcomes.length} benchmarks crashed`);
  process.exitCode = 1;
}

#!/usr/bin/env node
/**
 * Test-only entry point of the edge daemon: the compiled plume-edge program
 * (edge-node/dist/cli/program.js, the same code the shipped CLI runs) started
 * with the scripted adapters of scripted-douyin-adapter.mjs instead of the
 * platform registry. Tests spawn it as a real child process with the command
 * line plume-edge takes (`node test/support/edge-daemon-entry.mjs run`). The
 * shipped entry (edge-node/dist/cli.js) has no way to do this.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = (path) => fileURLToPath(new URL(`../../edge-node/dist/${path}`, import.meta.url));
if (!existsSync(dist('cli/program.js'))) {
  process.stderr.write('edge-daemon-entry: edge-node/dist is missing; run `npx tsc -b` first\n');
  process.exit(78);
}
const { adapterSet } = await import(dist('adapters/adapter-set.js'));
const { runProgram } = await import(dist('cli/program.js'));
const { adapters } = await import('./scripted-douyin-adapter.mjs');

runProgram(process.argv.slice(2), { adapters: adapterSet(adapters) });

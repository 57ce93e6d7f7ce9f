#!/usr/bin/env node
/** The plume-conformance executable: real process, real environment. */
import { main } from './cli.js';

const code = await main(process.argv.slice(2), {
  out: (t) => void process.stdout.write(t),
  err: (t) => void process.stderr.write(t),
  env: process.env,
});
// The plane is closed; a stray handle (a socket in TIME_WAIT, a PGlite worker) must not keep the run alive.
process.stdout.write('', () => process.exit(code));

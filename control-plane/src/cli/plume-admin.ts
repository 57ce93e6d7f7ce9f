#!/usr/bin/env node
/** The plume-admin executable: real process, real environment, real terminal. */
import { runCli } from './run.js';

const exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  io: {
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
    errIsTty: process.stderr.isTTY === true,
  },
});
// exitCode, not exit(): pending stdout writes to a pipe still flush.
process.exitCode = exitCode;

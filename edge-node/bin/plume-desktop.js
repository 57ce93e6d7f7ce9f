#!/usr/bin/env node
// The installed `plume-desktop` command. It exists before the first build, so
// `npm ci` can link it on a fresh checkout; it runs the compiled program, or
// says how to build it when the checkout was never built.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../dist/cli-desktop.js', import.meta.url));
if (!existsSync(cli)) {
  process.stderr.write(`plume-desktop: not built yet (${cli} is missing). Run \`npm run build\` in the checkout first.\n`);
  process.exit(78);
}
await import(cli);

#!/usr/bin/env node
/**
 * The last step of `npm test`: runs vitest once (arguments pass through, e.g.
 * a file to run alone), and when files failed, runs just those files once
 * more to tell a test that fails every time from one that fails only
 * sometimes. The verdict is the first run's: a test that passed only on the
 * second run still fails the suite (vitest's own retry stays 0), but it is
 * named as flaky, so a timing race is seen the first time it shows.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const VITEST = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const SUMMARY = fileURLToPath(new URL('../test/support/summary-reporter.ts', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'plume-test-report-'));

/** One vitest run; answers the files' outcomes as the summary reporter wrote them (null: it never got that far). */
function vitest(args, report) {
  // Reporters named on the command line replace the configured ones: keep the summary among them.
  const withSummary = args.some((a) => a.startsWith('--reporter')) ? [...args, `--reporter=${SUMMARY}`] : args;
  const run = spawnSync(process.execPath, [VITEST, 'run', ...withSummary], { stdio: 'inherit', env: { ...process.env, PLUME_TEST_REPORT: report } });
  let outcomes = null;
  try {
    outcomes = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    // vitest stopped before its reporters ran (a bad option, a global setup that threw).
  }
  return { status: run.status ?? 1, outcomes };
}

/** The first run's options (`--reporter=dot`, `-t name`) without its file filters: the second run names its files. */
function optionsOf(args) {
  const kept = [];
  for (let i = 0; i < args.length; i++) {
    if (!args[i].startsWith('-')) continue;
    kept.push(args[i]);
    // An option's value, when it is not written with `=`.
    if (!args[i].includes('=') && i + 1 < args.length && !args[i + 1].startsWith('-')) kept.push(args[++i]);
  }
  return kept;
}

function main() {
  const first = vitest(process.argv.slice(2), join(scratch, 'first.json'));
  if (first.outcomes === null) return first.status || 1;
  const failedFiles = first.outcomes.filter((o) => o.failed.length > 0);
  if (failedFiles.length === 0) return first.status;

  process.stdout.write(`\n[tests] ${failedFiles.length} file(s) failed; running them once more to tell a broken test from a flaky one (the suite fails either way)\n\n`);
  const second = vitest([...optionsOf(process.argv.slice(2)), ...failedFiles.map((o) => o.file)], join(scratch, 'second.json'));
  const again = new Map((second.outcomes ?? []).map((o) => [o.file, new Set(o.failed)]));

  const flaky = [];
  const broken = [];
  for (const o of failedFiles) {
    const stillFailing = again.get(o.file);
    for (const test of o.failed) {
      // A file the second run did not report (it crashed) counts as failing again.
      if (stillFailing && !stillFailing.has(test) && !stillFailing.has('(file)')) flaky.push(`${o.file} > ${test}`);
      else broken.push(`${o.file} > ${test}`);
    }
  }
  const lines = ['', '[tests] the suite FAILED.'];
  if (broken.length) lines.push(`failed in both runs (${broken.length}):`, ...broken.map((t) => `  ${t}`));
  if (flaky.length) lines.push(`FLAKY: failed, then passed when its file ran again (${flaky.length}); a timing race in the test or the product:`, ...flaky.map((t) => `  ${t}`));
  process.stdout.write(`${lines.join('\n')}\n`);
  return 1;
}

let code = 1;
try {
  code = main();
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(code);

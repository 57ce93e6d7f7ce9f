/**
 * The suite's closing lines, readable by any CI without knowing vitest's own
 * summary format:
 *
 *   slowest files: the 15 files that took longest (their tests and hooks)
 *   tests: N passed, N failed, N skipped
 *
 * With PLUME_TEST_REPORT set (scripts/run-tests.mjs sets it), it also writes
 * every file's outcome and its failed tests there as JSON, so the runner can
 * re-run the failed files once and name the tests that passed only then.
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** What scripts/run-tests.mjs reads back: one entry per test file. */
export interface FileOutcome {
  file: string;
  /** Seconds of its tests and hooks. */
  seconds: number;
  passed: number;
  skipped: number;
  /** Full names of the tests that failed; a file that failed outside any test (import, hook) has `(file)`. */
  failed: string[];
}

export const SLOWEST_SHOWN = 15;

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const outcomes = modules.map(outcomeOf);
    const passed = outcomes.reduce((n, o) => n + o.passed, 0);
    const failed = outcomes.reduce((n, o) => n + o.failed.length, 0);
    const skipped = outcomes.reduce((n, o) => n + o.skipped, 0);
    const slowest = [...outcomes].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST_SHOWN);
    const lines = ['', `slowest files (${slowest.length} of ${outcomes.length}):`, ...slowest.map((o) => `  ${o.seconds.toFixed(1).padStart(7)} s  ${o.file}`)];
    lines.push('', `tests: ${passed} passed, ${failed} failed, ${skipped} skipped`, '');
    process.stdout.write(lines.join('\n'));
    const out = process.env.PLUME_TEST_REPORT;
    if (out) writeFileSync(out, JSON.stringify(outcomes));
  }
}

function outcomeOf(m: TestModule): FileOutcome {
  const outcome: FileOutcome = { file: relative(process.cwd(), m.moduleId), seconds: m.diagnostic().duration / 1000, passed: 0, skipped: 0, failed: [] };
  for (const test of m.children.allTests()) {
    const state = test.result().state;
    if (state === 'passed') outcome.passed++;
    else if (state === 'failed') outcome.failed.push(test.fullName);
    else outcome.skipped++;
  }
  // A file that failed before or around its tests (an import, a beforeAll) counts once.
  if (m.state() === 'failed' && outcome.failed.length === 0) outcome.failed.push('(file)');
  return outcome;
}

/** Lints an OpenAPI document with @redocly/cli, offline, and answers its problems as lines. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const REDOCLY = join(REPO_ROOT, 'node_modules/@redocly/cli/bin/cli.js');

export interface LintReport {
  problems: string[];
  totals: { errors: number; warnings: number };
}

/** `config` is a file name under the repository root (redocly.yaml, redocly-admin.yaml). */
export async function redoclyLint(doc: unknown, config: string): Promise<LintReport> {
  const dir = mkdtempSync(join(tmpdir(), 'plume-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const run = await promisify(execFile)(process.execPath, [REDOCLY, 'lint', file, '--config', join(REPO_ROOT, config), '--format=json'], {
      cwd: dir,
      // No network here: no telemetry, no update check.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }));
    let report: { totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }> };
    try {
      report = JSON.parse(run.stdout);
    } catch {
      throw new Error(`redocly printed no JSON report:\n${run.stdout}\n${run.stderr}`);
    }
    return { problems: report.problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`), totals: report.totals };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The conformance kit (`plume-conformance`) as an implementer runs it, for
 * the kit's own tests: the compiled command in a child process on a fresh
 * test database, its instructions read from --info-file, its PASS/FAIL lines
 * from its output.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '../../control-plane/src/testing/db.js';
import { CHECKS, type ExecutorInstructions } from '../../control-plane/src/conformance/run.js';
import { untilReady } from './until-ready.js';

export const KIT = fileURLToPath(new URL('../../control-plane/bin/plume-conformance.js', import.meta.url));
export const ALL_CHECKS = CHECKS.map(([name]) => name);

export interface KitRun<K extends ExecutorInstructions['kind']> {
  info: Extract<ExecutorInstructions, { kind: K }>;
  exited: Promise<{ code: number | null; out: string }>;
  output: () => string;
  kill: () => void;
}

export type Cleanups = Array<() => Promise<void> | void>;

/** Starts the kit for `account` and resolves once it wrote its instructions; what it leaves is undone by `cleanups`. */
export async function startKit<K extends ExecutorInstructions['kind'] = 'edge'>(
  cleanups: Cleanups,
  account: string,
  o: { kind?: K; waitSeconds?: number } = {},
): Promise<KitRun<K>> {
  const db: TestDatabase = await createTestDatabase();
  cleanups.push(() => db.close());
  const dir = mkdtempSync(join(tmpdir(), 'plume-conformance-test-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const infoFile = join(dir, 'info.json');
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, ...(db.url ? { DATABASE_URL: db.url } : {}) };
  const args = [KIT, '--account', account, '--kind', o.kind ?? 'edge', '--wait', String(o.waitSeconds ?? 180), '--info-file', infoFile];
  const child: ChildProcess = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; out: string }>((resolve) => child.once('exit', (code) => resolve({ code, out })));
  cleanups.push(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  await untilReady(child, () => existsSync(infoFile) && readFileSync(infoFile, 'utf8').endsWith('}'), { what: 'the kit ready', output: () => out, intervalMs: 200 });
  const info = JSON.parse(readFileSync(infoFile, 'utf8')) as ExecutorInstructions;
  if (info.kind !== (o.kind ?? 'edge')) throw new Error(`the kit wrote instructions for ${info.kind}, not ${o.kind ?? 'edge'}`);
  return { info: info as Extract<ExecutorInstructions, { kind: K }>, exited, output: () => out, kill: () => child.kill('SIGKILL') };
}

/** The check lines of a finished run: name → PASS/FAIL. */
export function verdicts(out: string): Map<string, 'PASS' | 'FAIL'> {
  const found = new Map<string, 'PASS' | 'FAIL'>();
  for (const m of out.matchAll(/^(PASS|FAIL) (\S+) — /gm)) found.set(m[2]!, m[1] as 'PASS' | 'FAIL');
  return found;
}

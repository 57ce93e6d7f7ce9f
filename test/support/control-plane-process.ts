/**
 * Runs the compiled control plane (control-plane/dist/main.js) as a real child
 * process, the way operators run it, for tests that need several replicas or
 * a process to kill.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { untilReady } from './until-ready.js';

export const MAIN_JS = fileURLToPath(new URL('../../control-plane/dist/main.js', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ControlPlaneProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function startControlPlane(env: Record<string, string>): Promise<ControlPlaneProcess> {
  if (!existsSync(MAIN_JS)) throw new Error(`${MAIN_JS} missing: run \`npx tsc -b\` (npm test does) before this test`);
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN_JS], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  // No deadline here: the calling hook's timeout bounds a start that hangs (see until-ready.ts).
  await untilReady(
    child,
    async () => {
      try {
        return (await fetch(`${url}/readyz`)).ok;
      } catch {
        return false; // not listening yet
      }
    },
    { what: 'control plane ready', output: () => output },
  );
  return {
    url,
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

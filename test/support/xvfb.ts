/**
 * A virtual X display (Debian's Xvfb) for tests of windows a person sees:
 * Plume Desktop's login windows are never headless. Xvfb picks a free display
 * number itself and writes it once the server accepts connections
 * (`-displayfd`), so nothing waits on a guess.
 */
import { spawn } from 'node:child_process';

export interface VirtualDisplay {
  /** The DISPLAY value, e.g. `:99`. */
  display: string;
  close(): Promise<void>;
}

export async function startXvfb(): Promise<VirtualDisplay> {
  const child = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1280x900x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const display = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const n = /^(\d+)\n/.exec(out)?.[1];
      if (n !== undefined) resolve(`:${n}`);
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`Xvfb exited ${code} before its display was ready:\n${err}`)));
  });
  return {
    display,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

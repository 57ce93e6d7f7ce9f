/**
 * Waiting for a child process to become ready (listening, connected, past
 * its handshake) without a deadline of its own.
 *
 * A start only gets slower on a loaded machine; it never becomes a different
 * outcome. So the wait ends when the condition holds or when the process
 * exits (an error carrying its output), and the enclosing hook's or test's
 * timeout is the only bound: the guard against a process that hangs. Once
 * `noteAfterMs` has passed the process's output so far is written to stderr
 * (once), so a hang that the timeout ends still shows what the process said.
 */
import type { ChildProcess } from 'node:child_process';

export interface UntilReadyOptions {
  /** What is being waited for, for the messages ("control plane ready"). */
  what: string;
  /** The process's output so far (stdout and stderr). */
  output: () => string;
  /** How often the condition is evaluated. */
  intervalMs?: number;
  /** When the output so far is written to stderr if still waiting. */
  noteAfterMs?: number;
}

export async function untilReady(child: ChildProcess, ready: () => boolean | Promise<boolean>, o: UntilReadyOptions): Promise<void> {
  const started = Date.now();
  let noted = false;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${o.what}: the process exited (${child.exitCode ?? child.signalCode}) first:\n${o.output()}`);
    }
    if (await ready()) return;
    if (!noted && Date.now() - started > (o.noteAfterMs ?? 30_000)) {
      noted = true;
      process.stderr.write(`still waiting for ${o.what} after ${Date.now() - started} ms; output so far:\n${o.output()}\n`);
    }
    await new Promise((r) => setTimeout(r, o.intervalMs ?? 100));
  }
}

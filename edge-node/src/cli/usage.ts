import { ConfigError } from '../config.js';

/** A command line plume-edge cannot run as written: exit 64 with the usage text (program.ts). */
export class UsageError extends Error {}

/**
 * Exits the process with a command's outcome, as `plume-edge` and `plume-desktop` both do: its exit
 * code, or 64 with the usage text for a command line that cannot run, 78 for a configuration that
 * cannot, 1 for anything else, each failure said in one line under the program's name. `failure`
 * words an error the program knows better (answers null to leave it to the rules above).
 */
export function exitWithOutcome(program: string, usage: string, outcome: Promise<number>, failure: (error: unknown) => string | null = () => null): void {
  outcome.then(
    (code) => {
      process.exitCode = code;
      // Chromium children, chokidar and sockets are closed by now; do not wait on stray handles.
      setTimeout(() => process.exit(code), 200).unref();
    },
    (error: unknown) => {
      if (error instanceof UsageError) {
        process.stderr.write(`${program}: ${error.message}\n\n${usage}`);
        process.exit(64);
      }
      if (error instanceof ConfigError) {
        process.stderr.write(`${program}: ${error.message}\n`);
        process.exit(78);
      }
      process.stderr.write(`${program}: ${failure(error) ?? (error instanceof Error ? error.message : String(error))}\n`);
      process.exit(1);
    },
  );
}

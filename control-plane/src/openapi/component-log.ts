/** The logger a background component needs; pino and Fastify's app.log satisfy it. */
export interface ComponentLog {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  child(bindings: Record<string, unknown>): ComponentLog;
}

/** For tests and callers that want silence. */
export const silentLog: ComponentLog = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  child: () => silentLog,
};

/** Resolves after `ms`, or at once when `signal` aborts (so stop() never waits out a poll interval). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

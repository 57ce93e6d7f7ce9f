/**
 * The daemon's configuration: parsed once from the environment by
 * loadConfig() in cli.ts and passed down typed. Nothing else reads
 * process.env. Every message says what to fix.
 */
import { isAbsolute } from 'node:path';
import { listenAddressSchema } from '@plume/shared';
import { z } from 'zod';

const absolute = (name: string) =>
  z.string().min(1, `${name} must not be empty`).refine((p) => isAbsolute(p), `${name} must be an absolute path`);

/**
 * A JSON object of platform code → origin in an environment variable (a staging site or the
 * platform simulator instead of the real sites): `plume-edge` and `plume-desktop` read it alike.
 */
export function platformUrlsSchema(name: string) {
  return z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text) return {};
      try {
        const value = JSON.parse(text) as unknown;
        if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.values(value).some((v) => typeof v !== 'string')) throw new Error();
        return value as Record<string, string>;
      } catch {
        ctx.addIssue({ code: 'custom', message: `${name} must be a JSON object of platform code to URL, e.g. {"weibo":"http://127.0.0.1:9000"}` });
        return z.NEVER;
      }
    });
}

export const configSchema = z
  .object({
    PLUME_CONTROL_URL: z.url({ protocol: /^https?$/, error: 'PLUME_CONTROL_URL must be the control plane\'s http(s):// base URL, e.g. https://plume.example.com' }).optional(),
    PLUME_EDGE_VIDEO_DIR: absolute('PLUME_EDGE_VIDEO_DIR').optional(),
    // systemd's StateDirectory= exports STATE_DIRECTORY; an explicit PLUME_EDGE_STATE_DIR wins.
    PLUME_EDGE_STATE_DIR: absolute('PLUME_EDGE_STATE_DIR').optional(),
    STATE_DIRECTORY: z.string().optional(),
    PLUME_CHROMIUM_PATH: absolute('PLUME_CHROMIUM_PATH').default('/usr/bin/chromium'),
    PLUME_EDGE_CONCURRENCY: z.coerce
      .number({ error: 'PLUME_EDGE_CONCURRENCY must be a whole number' })
      .int('PLUME_EDGE_CONCURRENCY must be a whole number')
      .min(1, 'PLUME_EDGE_CONCURRENCY must be at least 1')
      .max(16, 'PLUME_EDGE_CONCURRENCY above 16 is more Chromium than one host runs well')
      .default(2),
    PLUME_EDGE_DRAIN_SECONDS: z.coerce
      .number({ error: 'PLUME_EDGE_DRAIN_SECONDS must be a number of seconds' })
      .int()
      .min(1, 'PLUME_EDGE_DRAIN_SECONDS must be at least 1')
      .max(3600, 'PLUME_EDGE_DRAIN_SECONDS above an hour outlasts any stop timeout')
      .default(60),
    /**
     * Site checks on a schedule (`plume-edge check` for every logged-in account and content
     * type), in minutes; 0 (the default) = only when an operator runs them. Off by default:
     * each check drives the live site with a real account and uploads the node's check media,
     * which a platform's risk controls may count against the account.
     */
    PLUME_EDGE_CHECK_INTERVAL_MINUTES: z.coerce
      .number({ error: 'PLUME_EDGE_CHECK_INTERVAL_MINUTES must be a number of minutes (0 = off)' })
      .min(0, 'PLUME_EDGE_CHECK_INTERVAL_MINUTES must be 0 (off) or more')
      .max(7 * 24 * 60, 'PLUME_EDGE_CHECK_INTERVAL_MINUTES above a week: run checks by hand instead')
      .default(0),
    /**
     * How often each account's login is checked while running, in minutes (± 20 % jitter per
     * account; never two checks of one platform at once, never while the account runs a job);
     * 0 = only when a job or an operator checks. A check is one page load on the platform as
     * the account: often enough to notice an expired session before the next job, rarely
     * enough to look like a person.
     */
    PLUME_EDGE_LOGIN_CHECK_MINUTES: z.coerce
      .number({ error: 'PLUME_EDGE_LOGIN_CHECK_MINUTES must be a number of minutes (0 = off)' })
      .min(0, 'PLUME_EDGE_LOGIN_CHECK_MINUTES must be 0 (off) or more')
      .max(7 * 24 * 60, 'PLUME_EDGE_LOGIN_CHECK_MINUTES above a week lets sessions lapse unnoticed: use 0 to turn the checks off')
      .default(45),
    PLUME_EDGE_HEADLESS: z.enum(['true', 'false'], { error: 'PLUME_EDGE_HEADLESS must be true or false' }).default('true'),
    /** JSON object platform code → origin, to point adapters at a staging site or the test simulator. */
    PLUME_EDGE_PLATFORM_URLS: platformUrlsSchema('PLUME_EDGE_PLATFORM_URLS'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** host:port where `run` serves Prometheus metrics (metrics.ts); unset: none. */
    PLUME_EDGE_METRICS_ADDR: listenAddressSchema('PLUME_EDGE_METRICS_ADDR'),
    NOTIFY_SOCKET: z.string().optional(),
    /** Set by systemd/plume-sd-notify-exec: an inherited datagram socket already connected to NOTIFY_SOCKET. */
    PLUME_NOTIFY_FD: z.coerce.number().int().min(3).optional(),
    WATCHDOG_USEC: z.coerce.number().int().positive().optional(),
    WATCHDOG_PID: z.coerce.number().int().positive().optional(),
  })
  .transform((e) => ({
    controlUrl: e.PLUME_CONTROL_URL?.replace(/\/+$/, ''),
    videoDir: e.PLUME_EDGE_VIDEO_DIR,
    stateDir: e.PLUME_EDGE_STATE_DIR ?? (e.STATE_DIRECTORY && isAbsolute(e.STATE_DIRECTORY.split(':')[0]!) ? e.STATE_DIRECTORY.split(':')[0]! : '/var/lib/plume-edge'),
    chromiumPath: e.PLUME_CHROMIUM_PATH,
    concurrency: e.PLUME_EDGE_CONCURRENCY,
    drainSeconds: e.PLUME_EDGE_DRAIN_SECONDS,
    checkIntervalMs: Math.round(e.PLUME_EDGE_CHECK_INTERVAL_MINUTES * 60_000),
    loginCheckIntervalMs: Math.round(e.PLUME_EDGE_LOGIN_CHECK_MINUTES * 60_000),
    headless: e.PLUME_EDGE_HEADLESS === 'true',
    platformUrls: e.PLUME_EDGE_PLATFORM_URLS,
    logLevel: e.LOG_LEVEL,
    metricsAddress: e.PLUME_EDGE_METRICS_ADDR,
    notify: { socket: e.NOTIFY_SOCKET, fd: e.PLUME_NOTIFY_FD, watchdogUsec: e.WATCHDOG_USEC, watchdogPid: e.WATCHDOG_PID },
  }));

export type EdgeConfig = z.output<typeof configSchema>;
/** What `run` needs beyond the rest: the video tree. */
export type RunConfig = EdgeConfig & { videoDir: string };

export class ConfigError extends Error {}

/**
 * Variables plume-edge refuses to start with. PLUME_EDGE_TEST_ADAPTER would
 * name a module whose adapters replace the platform adapters: code loaded
 * from the environment into a daemon that holds logged-in accounts. Adapters
 * come only from the program that starts the daemon (cli.ts: the registry),
 * and a node whose environment asks for other adapters stops rather than
 * publish for real where someone expected a fake.
 */
const REFUSED: Record<string, string> = {
  PLUME_EDGE_TEST_ADAPTER:
    'PLUME_EDGE_TEST_ADAPTER is not accepted: plume-edge runs only the platform adapters it is built with and loads no adapter module from the environment; remove the variable',
};

export function loadConfig(env: Record<string, string | undefined>): EdgeConfig {
  const refused = Object.keys(REFUSED).filter((name) => env[name] !== undefined && env[name] !== '');
  if (refused.length) throw new ConfigError(`Invalid configuration:\n${refused.map((name) => `  ${REFUSED[name]}`).join('\n')}`);
  // An empty variable (VAR= in a unit or shell) means unset.
  const parsed = configSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export function requireRunConfig(config: EdgeConfig): RunConfig {
  if (!config.videoDir) {
    throw new ConfigError(
      'PLUME_EDGE_VIDEO_DIR is not set: set it to the absolute directory that holds one folder per user (<dir>/<userId>/…); the daemon reads videos and covers only from there',
    );
  }
  return { ...config, videoDir: config.videoDir };
}

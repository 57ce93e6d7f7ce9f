/**
 * The control plane's configuration: parsed once from the environment by
 * loadConfig() in main.ts and passed down typed. Nothing else reads process.env.
 */
import { listenAddressSchema } from '@plume/shared';
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);

export const configSchema = z
  .object({
    PORT: port.default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL; leave it unset to use the embedded PGlite database')
      .optional(),
    PLUME_DATA_DIR: z.string().min(1).default('./.plume-data'),
    PLUME_DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    /** Connections for the license signed-request statements (db/client.ts, Database.signedRequests). */
    PLUME_DB_SIGNED_POOL_MAX: z.coerce.number().int().min(1).max(200).default(2),
    /** How long opening a connection, or waiting for one while PostgreSQL answers nothing, may take (db/unavailable.ts). */
    PLUME_DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(3000),
    PLUME_ADMIN_TOKEN: z
      .string()
      .min(24, 'PLUME_ADMIN_TOKEN must be at least 24 characters; generate one with `openssl rand -base64 32`')
      .optional(),
    PLUME_LICENSE_OFFLINE_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'PLUME_LICENSE_OFFLINE_PRIVATE_KEY must be a base64url 32-byte Ed25519 seed')
      .optional(),
    PLUME_TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PLUME_SECRET_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'PLUME_SECRET_KEY must be 32 random bytes in base64url (openssl rand 32 | basenc --base64url | tr -d =)')
      .optional(),
    PLUME_GENERATION_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    PLUME_GENERATION_MODEL: z.string().min(1).max(200).optional(),
    PLUME_GENERATION_API_KEY: z.string().min(1).max(500).optional(),
    // systemd (Type=notify, through systemd/plume-sd-notify-exec).
    NOTIFY_SOCKET: z.string().optional(),
    PLUME_NOTIFY_FD: z.coerce.number().int().min(3).optional(),
    WATCHDOG_USEC: z.coerce.number().int().positive().optional(),
    WATCHDOG_PID: z.coerce.number().int().positive().optional(),
    PLUME_GENERATION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(120_000),
    PLUME_CMS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
    PLUME_CMS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    /** host:port of a Prometheus listener of its own (metrics/); unset: none (GET /metrics with an admin token still answers). */
    PLUME_METRICS_ADDR: listenAddressSchema('PLUME_METRICS_ADDR'),
  })
  .refine((e) => !e.PLUME_GENERATION_BASE_URL || e.PLUME_GENERATION_MODEL, {
    message: 'PLUME_GENERATION_MODEL is required when PLUME_GENERATION_BASE_URL is set',
    path: ['PLUME_GENERATION_MODEL'],
  })
  .transform((e) => ({
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? ({
          kind: 'postgres',
          url: e.DATABASE_URL,
          poolMax: e.PLUME_DB_POOL_MAX,
          signedPoolMax: e.PLUME_DB_SIGNED_POOL_MAX,
          connectTimeoutMs: e.PLUME_DB_CONNECT_TIMEOUT_MS,
        } as const)
      : ({ kind: 'pglite', dataDir: e.PLUME_DATA_DIR } as const),
    adminToken: e.PLUME_ADMIN_TOKEN,
    licenseFallbackOfflineKey: e.PLUME_LICENSE_OFFLINE_PRIVATE_KEY,
    trustProxy: e.PLUME_TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    notify: { socket: e.NOTIFY_SOCKET, fd: e.PLUME_NOTIFY_FD, watchdogUsec: e.WATCHDOG_USEC, watchdogPid: e.WATCHDOG_PID },
    /** Seals CMS credentials; when unset a key generated once is kept in the database (server_secrets). */
    secretKey: e.PLUME_SECRET_KEY,
    /** Any OpenAI-compatible chat-completions endpoint; null leaves article generation unconfigured. */
    generation: e.PLUME_GENERATION_BASE_URL
      ? { baseUrl: e.PLUME_GENERATION_BASE_URL, model: e.PLUME_GENERATION_MODEL!, apiKey: e.PLUME_GENERATION_API_KEY ?? null, timeoutMs: e.PLUME_GENERATION_TIMEOUT_MS }
      : null,
    /** The in-process web executor for CMS sites: each HTTP call's timeout, jobs run at once per replica. */
    cms: { timeoutMs: e.PLUME_CMS_TIMEOUT_MS, concurrency: e.PLUME_CMS_CONCURRENCY },
    /** Where GET /metrics is served without authentication; null: nowhere but the admin-token route. */
    metricsAddress: e.PLUME_METRICS_ADDR,
  }));

export type Config = z.output<typeof configSchema>;
export type DatabaseConfig = Config['database'];
export type GenerationConfig = NonNullable<Config['generation']>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

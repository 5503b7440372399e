/**
 * Configuration, read from the environment once and validated. A bad value stops the process
 * with a message naming the variable; everything has a default that works on a developer machine.
 */
import { z } from 'zod';
import { parseTrustedProxies, type TrustedProxies } from './http/client-address';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /**
   * The reverse proxies in front of the app, whose forwarding header names the client: a number
   * of hops or a list of addresses and CIDR ranges. Unset: none, the socket's peer is the client.
   */
  TRUST_PROXY: z.string().optional().transform((value, check): TrustedProxies => {
    const parsed = parseTrustedProxies(value);
    if (typeof parsed === 'string') {
      check.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }
    return parsed;
  }),
  /** The header the trusted proxies write; the other one is a client's to forge and never read. */
  TRUST_PROXY_HEADER: z.preprocess(emptyAsUndefined, z.enum(['x-forwarded-for', 'forwarded']).default('x-forwarded-for')),
  APP_URL: optionalUrl,
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  /** Unset: the installation's own prefix, `gw:<installation id>` (see installation.ts). */
  REDIS_PREFIX: z.preprocess(emptyAsUndefined, z.string().regex(/^[A-Za-z0-9_:-]+$/, 'letters, digits, _ : - only').optional()),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(5),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Grantwork <no-reply@grantwork.local>'),
  MAIL_DIR: z.string().min(1).default('.data/mail'),
  DATA_DIR: z.string().min(1).default('.data'),
  /** Folder of the built client (default dist/client). */
  CLIENT_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(10).max(128).optional()),
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** How long one draft may take before it is given up (and retried). */
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(120_000),
  /** How long a draft may wait, from when it was asked for, for a model's rate limit (its Retry-After) before it fails. */
  AI_WAIT_MAX_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
  /** Drafts a company, and a user across all their companies, may ask for per hour. */
  AI_DRAFTS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(60),
  /** How long review notifications to one person are gathered into one e-mail. */
  NOTIFICATION_WINDOW_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  // The longest a live stream runs before the browser renews it (and its access is checked anew).
  LIVE_STREAM_MAX_MS: z.coerce.number().int().min(1000).max(3_600_000).default(300_000),
  /** How long a new live connection may take to send its session's token before it is closed. */
  LIVE_TOKEN_WAIT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Calls one user may make in 10 s, however they arrive (`call-limits.ts`); a load test of one user raises it. */
  CALLS_PER_USER_LIMIT: z.coerce.number().int().min(10).max(10_000_000).default(600),
  /**
   * How long a process told to stop (SIGTERM) may take: the web server's requests and live
   * connections, the worker's running jobs (handed back to the queue when the time is up).
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  /** With it, `/metrics` answers only requests carrying it as a Bearer token; without it (and without METRICS_PORT), not at all. */
  METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16, 'at least 16 characters').optional()),
  /** A port of its own for the web server's `/metrics` (not on the public port then). */
  METRICS_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  /** The worker's `/metrics` port; unset, the worker serves no figures. */
  WORKER_METRICS_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  /** How many web processes `npm start` runs on one port (`cluster.ts`); unset: the machine's cores, at most 4. */
  WEB_CONCURRENCY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(64).optional()),
  /** Where `npm run backup` and scheduled backups write (default <DATA_DIR>/backups). */
  BACKUP_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** A cron pattern (e.g. `0 3 * * *`): the worker then makes a backup on that schedule. */
  BACKUP_SCHEDULE: z.preprocess(emptyAsUndefined, z.string().regex(/^\S+( \S+){4,5}$/, 'a cron pattern such as "0 3 * * *"').optional()),
  /** How many scheduled backups of the installation are kept (the oldest go first). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  REGISTRY: z.enum(['cvrapi', 'fixture']).default('cvrapi'),
  REGISTRY_URL: z.url().default('https://cvrapi.dk/api'),
  /** Norway's Enhetsregisteret (Brønnøysund): `<BRREG_URL>/enhetsregisteret/api/enheter/<orgnr>`. */
  BRREG_URL: z.url().default('https://data.brreg.no'),
  /** Finland's YTJ open data (PRH): `<PRH_URL>/opendata-ytj-api/v3/companies?businessId=<id>`. */
  PRH_URL: z.url().default('https://avoindata.prh.fi'),
});

export type Env = z.infer<typeof envSchema>;

/**
 * The configuration a server or worker runs with: the installation (database) it serves and the
 * Redis key prefix resolved from it (`resolveInstallation`).
 */
export type InstallationEnv = Env & { REDIS_PREFIX: string; installationId: string };

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

let cached: Env | undefined;

/** The validated configuration of this process; exits with the offending variable named. */
export function env(): Env {
  if (!cached) {
    try {
      cached = parseEnv(process.env);
    } catch (error) {
      if (error instanceof EnvError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }
  return cached;
}

/** How many web processes to run: `WEB_CONCURRENCY`, else the cores there are, at most 4. */
export function webConcurrency(config: Pick<Env, 'WEB_CONCURRENCY'>, cores: number): number {
  return config.WEB_CONCURRENCY ?? Math.max(1, Math.min(4, cores));
}

/** Public base URL used in e-mail links. */
export function appUrl(config: Env = env()): string {
  return (config.APP_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}

import pino from 'pino';

/** One structured logger per process; `LOG_LEVEL` sets its level. */
export const log = pino({
  level: process.env.LOG_LEVEL ?? 'info',
  base: { service: process.env.SERVICE_NAME ?? 'app' },
  redact: { paths: ['req.headers.authorization', '*.password', '*.token'], remove: true },
});

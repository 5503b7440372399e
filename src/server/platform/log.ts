import pino from 'pino';
import { traceMixin } from '../http/trace-context';

/** One structured logger per process; `LOG_LEVEL` sets its level. Lines written for a request or job carry its `requestId`. */
export const log = pino({
  level: process.env.LOG_LEVEL ?? 'info',
  base: { service: process.env.SERVICE_NAME ?? 'app' },
  mixin: traceMixin,
  redact: { paths: ['req.headers.authorization', '*.password', '*.token'], remove: true },
});

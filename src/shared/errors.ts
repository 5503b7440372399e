import type { MessageKey } from './i18n';

/**
 * The one error vocabulary of the product. The server throws `AppError(code)`; the tRPC error
 * formatter sends the code and its message key; the client shows the key in the user's language.
 */
export const appErrors = {
  UNAUTHORIZED: { status: 'UNAUTHORIZED', message: 'error.unauthorized' },
  FORBIDDEN: { status: 'FORBIDDEN', message: 'error.forbidden' },
  NOT_FOUND: { status: 'NOT_FOUND', message: 'error.notFound' },
  VALIDATION: { status: 'BAD_REQUEST', message: 'error.validation' },
  CONFLICT: { status: 'CONFLICT', message: 'error.conflict' },
  RATE_LIMITED: { status: 'TOO_MANY_REQUESTS', message: 'error.rateLimited' },
  UNAVAILABLE: { status: 'SERVICE_UNAVAILABLE', message: 'error.unavailable' },
  INTERNAL: { status: 'INTERNAL_SERVER_ERROR', message: 'error.internal' },
} as const satisfies Record<string, { status: string; message: MessageKey }>;

export type AppErrorCode = keyof typeof appErrors;

/** Field errors as sent to the client: a message key per field path (`address.city`). */
export type FieldErrors = Record<string, MessageKey>;

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly messageKey: MessageKey;
  /** Values for the message, e.g. `{ minutes: 5 }` for a rate limit. */
  readonly values: Record<string, string | number> | undefined;
  readonly fieldErrors: FieldErrors | undefined;

  constructor(
    code: AppErrorCode,
    options: { message?: MessageKey; values?: Record<string, string | number>; fieldErrors?: FieldErrors } = {},
  ) {
    const messageKey = options.message ?? appErrors[code].message;
    super(messageKey);
    this.name = 'AppError';
    this.code = code;
    this.messageKey = messageKey;
    this.values = options.values;
    this.fieldErrors = options.fieldErrors;
  }
}

/** What every tRPC error carries in `error.data` besides tRPC's own fields. */
export interface AppErrorData {
  appCode: AppErrorCode;
  messageKey: MessageKey;
  values?: Record<string, string | number>;
  fieldErrors?: FieldErrors;
}

/**
 * Shows a failed mutation on its form: field errors from the server land on their fields, and
 * anything else becomes one message for the whole form, in the user's language. Every form puts
 * server errors on its fields this way; the form's own check is its zodResolver.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { MessageKey } from '../../shared/i18n';
import { appErrorOf } from './trpc';

export interface FormMessage {
  key: MessageKey;
  values?: Record<string, string | number>;
}

/** `fields`: the fields the form shows; without it, every field error (`path.to.field`) is set. */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields?: readonly Path<T>[]): FormMessage | null {
  const data = appErrorOf(error);
  if (!data) return { key: 'error.network' };
  const fieldErrors = Object.entries(data.fieldErrors ?? {});
  const own = fields ? fieldErrors.filter(([field]) => (fields as readonly string[]).includes(field)) : fieldErrors;
  for (const [field, key] of own) setError(field as Path<T>, { type: 'server', message: key });
  if (own.length > 0 && own.length === fieldErrors.length) return null;
  return { key: data.messageKey, values: data.values };
}

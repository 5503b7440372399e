import type { FieldErrors } from '../../shared/errors';

/** A form's own zod check as field errors (`path.to.field` → message key), like the server's. */
export function fieldErrorsOf(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) fields[issue.path.map(String).join('.') || '_'] ??= issue.message as FieldErrors[string];
  return fields;
}

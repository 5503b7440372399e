import { useState } from 'react';
import type { ZodType } from 'zod';
import type { FieldErrors } from '../../../shared/errors';
import type { MessageKey } from '../../../shared/i18n';
import { fieldErrorsOf } from '../../lib/field-errors';
import { useT } from '../../lib/intl';
import { appErrorOf } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/form-field';
import { toast } from '../../ui/toast';

/**
 * The save of an admin editor: checks the draft with the shared schema, sends it, and keeps the
 * field errors, the form message and whether the save was refused because someone else saved
 * first (CONFLICT: the editor offers to reload instead of overwriting).
 */
export function useVersionedSave<T>(options: { schema: ZodType<T>; send: (input: T) => Promise<unknown>; saved: MessageKey; onSaved: () => Promise<unknown> | void }) {
  const t = useT();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);

  async function save(candidate: unknown) {
    const parsed = options.schema.safeParse(candidate);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      setFormError(t('error.validation'));
      return;
    }
    setErrors({});
    setFormError(null);
    try {
      await options.send(parsed.data);
      toast.success(t(options.saved));
      await options.onSaved();
    } catch (error) {
      const data = appErrorOf(error);
      if (data?.appCode === 'CONFLICT') setConflict(true);
      if (data?.fieldErrors) setErrors(data.fieldErrors);
      setFormError(data ? t(data.messageKey, data.values) : t('error.network'));
    }
  }

  return { errors, formError, conflict, save };
}

/** The end of an admin editor: its message, the save button, and "reload" after a conflict. */
export function SaveBar({ label, pending, formError, conflict, onReload }: { label: string; pending: boolean; formError: string | null; conflict: boolean; onReload: () => void }) {
  const t = useT();
  return (
    <>
      {formError && <FormError>{formError}</FormError>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="md" disabled={pending}>
          {pending ? t('common.loading') : label}
        </Button>
        {conflict && (
          <Button variant="secondary" size="md" onClick={onReload}>
            {t('grants.admin.reload')}
          </Button>
        )}
      </div>
    </>
  );
}

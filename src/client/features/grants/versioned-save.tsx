import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { MessageKey } from '../../../shared/i18n';
import { applyServerErrors } from '../../lib/forms';
import { useT } from '../../lib/intl';
import { appErrorOf } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/form-field';
import { toast } from '../../ui/toast';

/**
 * The submit of an admin editor's form: the form's zodResolver checks the values, they are sent,
 * and a refusal lands on the fields and the form message. A save refused because someone else
 * saved first (CONFLICT) makes the editor offer to reload instead of overwriting.
 */
export function useVersionedSave<In extends FieldValues, Out>(
  form: UseFormReturn<In, unknown, Out>,
  options: { send: (values: Out) => Promise<unknown>; saved: MessageKey; onSaved: () => Promise<unknown> | void },
) {
  const t = useT();
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFormError(null);
      try {
        await options.send(values);
        toast.success(t(options.saved));
        await options.onSaved();
      } catch (error) {
        if (appErrorOf(error)?.appCode === 'CONFLICT') setConflict(true);
        const message = applyServerErrors(error, form.setError) ?? { key: 'error.validation' };
        setFormError(t(message.key, message.values));
      }
    },
    () => setFormError(t('error.validation')),
  );

  return { formError, conflict, onSubmit };
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

import { useState } from 'react';
import { useBlocker } from '@tanstack/react-router';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { MessageKey } from '../../../shared/i18n';
import { applyServerErrors } from '../../lib/forms';
import { useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { appErrorOf } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormError } from '../../ui/form-field';

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

  // While a save is under way the changes are on their way, not lost.
  const dirty = form.formState.isDirty && !form.formState.isSubmitting;
  return { formError, conflict, onSubmit, dirty };
}

/**
 * Unsaved changes are not lost by accident: following a link within the app asks first, and
 * closing or reloading the tab makes the browser ask.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const t = useT();
  const blocker = useBlocker({ shouldBlockFn: () => dirty, enableBeforeUnload: () => dirty, withResolver: true });
  if (blocker.status !== 'blocked') return null;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) blocker.reset();
      }}
      title={t('grants.admin.unsavedTitle')}
      description={t('grants.admin.unsavedBody')}
      confirmLabel={t('grants.admin.leave')}
      cancelLabel={t('grants.admin.stay')}
      variant="danger"
      onConfirm={() => blocker.proceed()}
    />
  );
}

/**
 * The end of an admin editor: its message, the save button, and "reload" after a conflict. While
 * there are unsaved changes it stays in view at the bottom of the window, saying so.
 */
export function SaveBar({
  label,
  pending,
  formError,
  conflict,
  onReload,
  dirty = false,
}: {
  label: string;
  pending: boolean;
  formError: string | null;
  conflict: boolean;
  onReload: () => void;
  dirty?: boolean;
}) {
  const t = useT();
  return (
    <div className={dirty ? 'sticky bottom-0 z-20 -mx-2 space-y-2 rounded-t-lg border-t border-gray-200 bg-white/95 p-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur' : 'space-y-2'}>
      {formError && <FormError>{formError}</FormError>}
      <div className="flex flex-wrap items-center gap-2">
        {dirty && (
          <p role="status" className="me-auto text-sm text-gray-700">
            {t('grants.admin.unsavedChanges')}
          </p>
        )}
        <Button type="submit" size="md" disabled={pending}>
          {pending ? t('common.loading') : label}
        </Button>
        {conflict && (
          <Button variant="secondary" size="md" onClick={onReload}>
            {t('grants.admin.reload')}
          </Button>
        )}
      </div>
    </div>
  );
}

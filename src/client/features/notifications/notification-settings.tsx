/** The profile's choice of review e-mails: each kind can be turned off. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { notificationSettingsInput, type NotificationSettings } from '../../../shared/schemas/notifications';
import { applyServerErrors, type FormMessage } from '../../lib/forms';
import { useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/form-field';
import { QueryState } from '../../ui/query-view';

const kinds = ['reviewRequests', 'mentions', 'reviewResults'] as const;

export function NotificationSettingsPanel() {
  const t = useT();
  const settings = trpc.notifications.settings.useQuery();
  return (
    <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200" aria-labelledby="notification-settings-heading">
      <h2 id="notification-settings-heading" className="text-base font-semibold text-gray-900">
        {t('notifications.settings.title')}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{t('notifications.settings.intro')}</p>
      <div className="mt-4">{settings.status !== 'success' ? <QueryState query={settings} /> : <SettingsForm initial={settings.data} />}</div>
    </section>
  );
}

function SettingsForm({ initial }: { initial: NotificationSettings }) {
  const t = useT();
  const utils = trpc.useUtils();
  const [formError, setFormError] = useState<FormMessage | null>(null);
  const form = useForm({ resolver: zodResolver(notificationSettingsInput), defaultValues: initial });
  const update = trpc.notifications.updateSettings.useMutation({ meta: { handlesError: true } });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await update.mutateAsync(values);
      form.reset(values);
      await utils.notifications.settings.invalidate();
      toast.success(t('notifications.settings.saved'));
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, []));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormError>{formError && t(formError.key, formError.values)}</FormError>
      <fieldset className="space-y-3">
        <legend className="sr-only">{t('notifications.settings.title')}</legend>
        {kinds.map((kind) => (
          <label key={kind} className="flex items-start gap-3 text-sm text-gray-800">
            <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-primary-700" {...form.register(kind)} />
            <span>{t(`notifications.settings.${kind}`)}</span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" disabled={form.formState.isSubmitting || !form.formState.isDirty}>
        {t('notifications.settings.save')}
      </Button>
    </form>
  );
}

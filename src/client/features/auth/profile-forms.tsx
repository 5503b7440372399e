import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordInput, updateProfileInput } from '../../../shared/schemas/auth';
import { locales, type Locale } from '../../../shared/i18n/locales';
import { applyServerErrors, type FormMessage } from '../../lib/forms';
import { useLocale, useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { FormError, SelectField, TextField } from '../../ui/form-field';
import { QueryState } from '../../ui/query-view';

function Panel({ title, intro, children }: { title: string; intro?: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200" aria-labelledby={title}>
      <h2 id={title} className="text-base font-semibold text-gray-900">
        {title}
      </h2>
      {intro && <p className="mt-1 text-sm text-gray-600">{intro}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function ProfileDetailsForm({ user }: { user: { email: string; firstname: string; lastname: string; locale: Locale } }) {
  const t = useT();
  const utils = trpc.useUtils();
  const [formError, setFormError] = useState<FormMessage | null>(null);
  const form = useForm({ resolver: zodResolver(updateProfileInput), defaultValues: { firstname: user.firstname, lastname: user.lastname, locale: user.locale } });
  const update = trpc.auth.updateProfile.useMutation({ meta: { handlesError: true } });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await update.mutateAsync(values);
      await utils.auth.me.invalidate();
      form.reset(values);
      toast.success(t('auth.profile.saved'));
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['firstname', 'lastname', 'locale']));
    }
  });

  return (
    <Panel title={t('auth.profile.details')}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormError>{formError && t(formError.key, formError.values)}</FormError>
        <TextField label={t('auth.field.email')} value={user.email} readOnly disabled />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('auth.field.firstname')} autoComplete="given-name" error={form.formState.errors.firstname?.message} {...form.register('firstname')} />
          <TextField label={t('auth.field.lastname')} autoComplete="family-name" error={form.formState.errors.lastname?.message} {...form.register('lastname')} />
        </div>
        {/* The account's language writes its e-mails and reminders; the header's switch is this screen's language. */}
        <SelectField label={t('auth.profile.emailLanguage')} hint={t('auth.profile.emailLanguageHint')} {...form.register('locale')}>
          {locales.map((code) => (
            <option key={code} value={code} lang={code}>
              {t(`language.${code}`)}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={form.formState.isSubmitting || !form.formState.isDirty}>
          {t('auth.profile.save')}
        </Button>
      </form>
    </Panel>
  );
}

export function ChangePasswordForm() {
  const t = useT();
  const utils = trpc.useUtils();
  const [formError, setFormError] = useState<FormMessage | null>(null);
  const form = useForm({ resolver: zodResolver(changePasswordInput), defaultValues: { currentPassword: '', newPassword: '' } });
  const change = trpc.auth.changePassword.useMutation({ meta: { handlesError: true } });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await change.mutateAsync(values);
      form.reset();
      await utils.auth.sessions.invalidate();
      toast.success(t('auth.profile.passwordChanged'));
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['currentPassword', 'newPassword']));
    }
  });

  return (
    <Panel title={t('auth.profile.password')}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormError>{formError && t(formError.key, formError.values)}</FormError>
        <TextField
          label={t('auth.profile.currentPassword')}
          type="password"
          autoComplete="current-password"
          error={form.formState.errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <TextField
          label={t('auth.profile.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('auth.passwordHint')}
          error={form.formState.errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('auth.profile.changePassword')}
        </Button>
      </form>
    </Panel>
  );
}

/** A readable device name from a user-agent string. */
function deviceOf(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrome\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : null;
  const system = /Windows/.test(userAgent) ? 'Windows' : /Android/.test(userAgent) ? 'Android' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Mac OS X/.test(userAgent) ? 'macOS' : /Linux/.test(userAgent) ? 'Linux' : null;
  return [browser, system].filter(Boolean).join(', ') || null;
}

export function SessionsList() {
  const t = useT();
  const { locale } = useLocale();
  const utils = trpc.useUtils();
  const sessions = trpc.auth.sessions.useQuery();
  const end = trpc.auth.endSession.useMutation({
    onSuccess: async () => {
      await utils.auth.sessions.invalidate();
      toast.success(t('auth.profile.sessionEnded'));
    },
  });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const ago = (date: string) => {
    const minutes = Math.round((Date.parse(date) - now) / 60_000);
    if (Math.abs(minutes) < 60) return relative.format(minutes, 'minute');
    const hours = Math.round(minutes / 60);
    if (Math.abs(hours) < 24) return relative.format(hours, 'hour');
    return relative.format(Math.round(hours / 24), 'day');
  };

  return (
    <Panel title={t('auth.profile.sessions')} intro={t('auth.profile.sessionsIntro')}>
      {sessions.status !== 'success' ? (
        <QueryState query={sessions} />
      ) : (
        <ul className="divide-y divide-gray-100">
          {sessions.data.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
              <div className="min-w-0">
                <p className="text-sm font-medium text-gray-900">
                  {deviceOf(session.userAgent) ?? t('auth.profile.unknownDevice')}
                  {session.current && <span className="ms-2 rounded bg-primary-100 px-1.5 py-0.5 text-xs font-medium text-primary-800">{t('auth.profile.thisSession')}</span>}
                </p>
                <p className="text-xs text-gray-500">
                  {/* The session in use is active as it is read; its stored time is only refreshed now and then. */}
                  {session.current ? t('auth.profile.activeNow') : t('auth.profile.lastSeen', { time: ago(session.lastSeenAt) })}
                  {session.ip ? ` · ${session.ip}` : ''}
                </p>
              </div>
              {!session.current && (
                <Button variant="secondary" disabled={end.isPending} onClick={() => end.mutate({ sessionId: session.id })}>
                  {t('auth.profile.endSession')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

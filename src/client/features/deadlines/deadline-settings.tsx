/**
 * The profile's deadline settings: e-mail reminders on or off (the inbox item always comes), and
 * the private calendar address, with copy and renew (which ends the old address at once).
 */
import { useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { inputClass } from '../../ui/input-class';
import { QueryState } from '../../ui/query-view';

export function DeadlineSettingsPanel() {
  const t = useT();
  const utils = trpc.useUtils();
  const settings = trpc.deadlines.reminderSettings.useQuery();
  const calendar = trpc.deadlines.calendar.useQuery();
  const update = trpc.deadlines.updateReminderSettings.useMutation({
    onSuccess: (data) => {
      utils.deadlines.reminderSettings.setData(undefined, data);
      toast.add({ title: t('deadlines.settings.saved'), variant: 'success' });
    },
  });
  const make = trpc.deadlines.makeCalendar.useMutation({ onSuccess: (data) => utils.deadlines.calendar.setData(undefined, data) });

  return (
    <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200" aria-labelledby="deadline-settings-heading">
      <h2 id="deadline-settings-heading" className="text-base font-semibold text-gray-900">
        {t('deadlines.settings.heading')}
      </h2>
      {settings.status !== 'success' ? (
        <QueryState query={settings} />
      ) : (
        <label className="mt-3 flex items-start gap-3 text-sm text-gray-800">
          <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-primary-700" checked={settings.data.emails} disabled={update.isPending} onChange={(event) => update.mutate({ emails: event.target.checked })} />
          <span>
            {t('deadlines.settings.emails')}
            <span className="block text-xs text-gray-600">{t('deadlines.settings.emailsHint')}</span>
          </span>
        </label>
      )}

      <h3 className="mt-5 text-sm font-semibold text-gray-900">{t('deadlines.feed.heading')}</h3>
      <p className="mt-1 text-sm text-gray-600">{t('deadlines.feed.intro')}</p>
      {calendar.status !== 'success' ? (
        <QueryState query={calendar} />
      ) : calendar.data.url === null ? (
        <Button className="mt-3" disabled={make.isPending} onClick={() => make.mutate({ renew: false })}>
          {t('deadlines.feed.make')}
        </Button>
      ) : (
        <div className="mt-3">
          <CalendarAddress
            id="calendar-address"
            label={t('deadlines.feed.address')}
            url={calendar.data.url}
            onRenew={async () => {
              await make.mutateAsync({ renew: true });
              toast.add({ title: t('deadlines.feed.renewed'), variant: 'success' });
            }}
          />
        </div>
      )}
      <CompanyCalendars />
    </section>
  );
}

/** Owners keep a calendar per company: every application's deadlines and every given section, with its writer. */
function CompanyCalendars() {
  const t = useT();
  const utils = trpc.useUtils();
  const companies = trpc.deadlines.companyCalendars.useQuery();
  const make = trpc.deadlines.makeCompanyCalendar.useMutation({ onSuccess: () => utils.deadlines.companyCalendars.invalidate() });
  if (!companies.data?.length) return null;
  return (
    <>
      <p className="mt-5 text-sm text-gray-600">{t('deadlines.feed.companyIntro')}</p>
      {companies.data.map((company) => (
        <div key={company.companyId} className="mt-3">
          {company.url === null ? (
            <Button variant="secondary" disabled={make.isPending} onClick={() => make.mutate({ companyId: company.companyId, renew: false })}>
              {t('deadlines.feed.makeCompany', { company: company.name })}
            </Button>
          ) : (
            <CalendarAddress
              id={`company-calendar-${company.companyId}`}
              label={t('deadlines.feed.company', { company: company.name })}
              url={company.url}
              onRenew={async () => {
                await make.mutateAsync({ companyId: company.companyId, renew: true });
                toast.add({ title: t('deadlines.feed.renewed'), variant: 'success' });
              }}
            />
          )}
        </div>
      ))}
    </>
  );
}

/** A calendar address to copy, and to renew (the old one stops answering at once). */
function CalendarAddress({ id, label, url, onRenew }: { id: string; label: string; url: string; onRenew: () => Promise<void> }) {
  const t = useT();
  const copy = async () => {
    await navigator.clipboard.writeText(url);
    toast.add({ title: t('deadlines.feed.copied'), variant: 'success' });
  };
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input id={id} readOnly value={url} className={`${inputClass} min-w-0 flex-1 font-mono text-xs`} onFocus={(event) => event.currentTarget.select()} />
        <Button variant="secondary" onClick={() => void copy()}>
          {t('deadlines.feed.copy')}
        </Button>
      </div>
      <ConfirmDialog
        title={t('deadlines.feed.renewTitle')}
        description={t('deadlines.feed.renewBody')}
        confirmLabel={t('deadlines.feed.renew')}
        onConfirm={onRenew}
        trigger={<Button variant="secondary">{t('deadlines.feed.renew')}</Button>}
      />
    </div>
  );
}

/**
 * A person's data rights on the profile — their data as a ZIP, deleting the account — and an
 * owner's archive of the company's applications on the company page. Archives are built by the
 * worker; the panel follows the newest one's progress until it is ready or failed.
 */
import { useState } from 'react';
import { DownloadError, downloadFile } from '../../lib/download';
import { useFormats, useT } from '../../lib/intl';
import { errorMessageOf, trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { FormDialog } from '../../ui/form-dialog';
import { FormError, TextField } from '../../ui/form-field';
import { deletingAccountHere } from '../../lib/session-end';
import { toast } from '../../lib/toast-store';

type ArchiveRow = { id: string; status: string; progress: number; bytes: number | null; readyAt: string | null; expiresAt: string | null };

const following = (rows: ArchiveRow[] | undefined) => (rows?.[0] && (rows[0].status === 'pending' || rows[0].status === 'running') ? 1000 : false);

function Panel({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200" aria-labelledby={id}>
      <h2 id={id} className="text-base font-semibold text-gray-900">
        {title}
      </h2>
      <div className="mt-2 space-y-3 text-sm text-gray-700">{children}</div>
    </section>
  );
}

/** The newest archive's state, and its download while the link works. */
function ArchiveState({ row }: { row: ArchiveRow }) {
  const t = useT();
  const formats = useFormats();
  const [downloading, setDownloading] = useState(false);
  if (row.status === 'pending') return <p role="status">{t('dataRights.export.pending')}</p>;
  if (row.status === 'running') {
    const progress = t('dataRights.export.running', { progress: formats.percent(row.progress, { digits: 0 }) });
    return (
      <div role="status" className="space-y-1">
        <p>{progress}</p>
        <progress className="h-2 w-full" max={100} value={row.progress} aria-label={progress} />
      </div>
    );
  }
  if (row.status === 'failed') return <FormError>{t('dataRights.export.failed')}</FormError>;
  if (!row.readyAt || !row.expiresAt || Date.parse(row.expiresAt) <= Date.now()) return null;
  // The archive comes with the session's token (a link cannot carry it), then is saved as a file.
  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(`/api/my-data-exports/${encodeURIComponent(row.id)}`, 'grantwork.zip');
    } catch (error) {
      // An ended session is signing in again already.
      if (!(error instanceof DownloadError && error.status === 401)) toast.error(t('dataRights.download.gone'));
    } finally {
      setDownloading(false);
    }
  };
  const size = row.bytes === null ? '' : `${Math.max(1, Math.round(row.bytes / 1024))} KB`;
  return (
    <div role="status" className="space-y-2">
      <p>
        {t('dataRights.export.ready', { time: formats.shortDateTime(row.readyAt), size })} · {t('dataRights.export.expires', { time: formats.shortDateTime(row.expiresAt) })}
      </p>
      <Button variant="secondary" onClick={() => void download()} disabled={downloading}>
        {t('dataRights.export.download')}
      </Button>
    </div>
  );
}

/** `exportGone`: the page was opened from an archive's download link that no longer works (`/profile?export=gone`). */
export function MyDataPanel({ emailVerified, exportGone }: { emailVerified: boolean; exportGone: boolean }) {
  const t = useT();
  const utils = trpc.useUtils();
  const exports = trpc.dataRights.exports.useQuery(undefined, { refetchInterval: (query) => following(query.state.data) });
  const request = trpc.dataRights.requestExport.useMutation({ onSuccess: () => utils.dataRights.exports.invalidate() });
  const newest = exports.data?.[0];
  const busy = newest?.status === 'pending' || newest?.status === 'running';
  return (
    <Panel id="my-data" title={t('dataRights.export.heading')}>
      <p>{t('dataRights.export.body')}</p>
      {exportGone && <FormError>{t('dataRights.download.gone')}</FormError>}
      {newest && <ArchiveState row={newest} />}
      {emailVerified ? (
        <Button onClick={() => request.mutate()} disabled={request.isPending || busy}>
          {t('dataRights.export.action')}
        </Button>
      ) : (
        <p className="text-amber-900">{t('dataRights.export.needsVerified')}</p>
      )}
    </Panel>
  );
}

export function CompanyDataPanel({ companyId }: { companyId: string }) {
  const t = useT();
  const utils = trpc.useUtils();
  const exports = trpc.dataRights.companyExports.useQuery({ companyId }, { refetchInterval: (query) => following(query.state.data) });
  const request = trpc.dataRights.requestCompanyExport.useMutation({ onSuccess: () => utils.dataRights.companyExports.invalidate({ companyId }) });
  const newest = exports.data?.[0];
  const busy = newest?.status === 'pending' || newest?.status === 'running';
  return (
    <Panel id="company-data" title={t('dataRights.company.heading')}>
      <p>{t('dataRights.company.body')}</p>
      {newest && <ArchiveState row={newest} />}
      <Button onClick={() => request.mutate({ companyId })} disabled={request.isPending || busy}>
        {t('dataRights.company.action')}
      </Button>
    </Panel>
  );
}

/** `onDeleted`: the account is gone; the route signs the browser out and leaves. */
export function DeleteAccountPanel({ onDeleted }: { onDeleted: () => Promise<void> }) {
  const t = useT();
  const check = trpc.dataRights.deletionCheck.useQuery();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const remove = trpc.dataRights.deleteAccount.useMutation({
    meta: { handlesError: true },
    onSuccess: async () => {
      toast.success(t('dataRights.delete.done'));
      await onDeleted();
    },
  });
  const names = (companies: { name: string }[]) => companies.map((company) => company.name).join(', ');
  const blocking = check.data?.blocking ?? [];
  const goingWith = check.data?.goingWith ?? [];
  return (
    <Panel id="delete-account" title={t('dataRights.delete.heading')}>
      <p>{t('dataRights.delete.body')}</p>
      {blocking.length > 0 && <p className="font-medium text-amber-900">{t('dataRights.delete.blocking', { companies: names(blocking) })}</p>}
      {goingWith.length > 0 && <p className="font-medium text-red-800">{t('dataRights.delete.goingWith', { companies: names(goingWith) })}</p>}
      {/* Shown once the check has answered, as it will stay: a button turning from disabled to enabled
          would change colour before the reader's eyes. */}
      {check.isSuccess ? (
        <Button variant="danger" onClick={() => setOpen(true)} disabled={blocking.length > 0}>
          {t('dataRights.delete.action')}
        </Button>
      ) : (
        <div className="h-8" aria-hidden="true" />
      )}
      <FormDialog
        title={t('dataRights.delete.confirmTitle')}
        description={t('dataRights.delete.confirmBody')}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setPassword('');
            remove.reset();
          }
        }}
      >
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            // This window says it itself when the answer comes; its live connection, closed by the
            // deletion perhaps a moment before, must not leave the page first (session-end.ts).
            deletingAccountHere();
            remove.mutate({ password });
          }}
        >
          {goingWith.length > 0 && <p className="text-sm font-medium text-red-800">{t('dataRights.delete.goingWith', { companies: names(goingWith) })}</p>}
          <TextField
            label={t('dataRights.delete.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={remove.isError ? errorMessageOf(remove.error) : undefined}
            required
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              {t('dataRights.delete.cancel')}
            </Button>
            <Button type="submit" variant="danger" disabled={remove.isPending || password.length === 0}>
              {t('dataRights.delete.confirm')}
            </Button>
          </div>
        </form>
      </FormDialog>
    </Panel>
  );
}

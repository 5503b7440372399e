/**
 * The final document's Word and Excel downloads (docs/decisions/0045, 0055). The files are made on
 * the server, so no page carries the libraries; each is a download from its address
 * (`/api/applications/<id>/document.docx`, `.xlsx`) with the session's token, through the same
 * membership check as the screen, saved under the name the server gives in the application's language.
 */
import { useState } from 'react';
import { documentFilePath, documentFiles, type DocumentFileKind } from '../../../shared/schemas/document-export';
import { DownloadError, downloadFile } from '../../lib/download';
import { useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { Button } from '../../ui/button';

export function DocumentDownloads({ applicationId }: { applicationId: string }) {
  const t = useT();
  const [busy, setBusy] = useState<DocumentFileKind | null>(null);
  const download = async (kind: DocumentFileKind) => {
    setBusy(kind);
    try {
      // Always made anew: the document changes with every save.
      await downloadFile(documentFilePath(applicationId, kind), `document.${documentFiles[kind].extension}`);
    } catch (error) {
      const status = error instanceof DownloadError ? error.status : undefined;
      // An ended session is signing in again already.
      if (status === 401) return;
      if (status === 429) toast.error(t('error.tooManyCalls', { seconds: (error as DownloadError).retryAfter ?? 10 }));
      else if (status === null) toast.error(t('error.network'));
      else toast.error(t('documentExport.failed'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => void download('word')} disabled={busy !== null} aria-busy={busy === 'word'}>
        {busy === 'word' ? t('documentExport.preparing') : t('documentExport.word')}
      </Button>
      <Button variant="secondary" onClick={() => void download('excel')} disabled={busy !== null} aria-busy={busy === 'excel'}>
        {busy === 'excel' ? t('documentExport.preparing') : t('documentExport.excel')}
      </Button>
    </>
  );
}

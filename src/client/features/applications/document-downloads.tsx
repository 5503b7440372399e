/**
 * The final document's Word and Excel downloads (docs/decisions/0045). The files are made on the
 * server (`documentExport.word`, `documentExport.excel`), so no page carries the libraries; the
 * answer goes through the signed-in API like every read, and is handed to the browser as a file.
 */
import { useState } from 'react';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';

type Kind = 'word' | 'excel';

function saveFile({ base64, fileName, contentType }: { base64: string; fileName: string; contentType: string }) {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function DocumentDownloads({ applicationId }: { applicationId: string }) {
  const t = useT();
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState<Kind | null>(null);
  const download = async (kind: Kind) => {
    setBusy(kind);
    try {
      // Always made anew: the document changes with every save.
      const file = kind === 'word' ? await utils.documentExport.word.fetch({ applicationId }, { staleTime: 0, gcTime: 0 }) : await utils.documentExport.excel.fetch({ applicationId }, { staleTime: 0, gcTime: 0 });
      saveFile(file);
    } catch {
      toast.error(t('documentExport.failed'));
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

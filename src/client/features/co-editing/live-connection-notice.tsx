import { useLiveConnection } from '../../lib/live-connection';
import { useT } from '../../lib/intl';

/** Says so while the window's live connection is broken; it goes once the connection is back and has caught up. */
export function LiveConnectionNotice() {
  const t = useT();
  if (useLiveConnection() !== 'lost') return null;
  return (
    <p role="status" data-live-connection="lost" className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
      {t('applications.live.lost')}
    </p>
  );
}

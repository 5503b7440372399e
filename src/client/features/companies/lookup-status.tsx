import type { LookupState } from '../../../shared/schemas/companies';
import { useT } from '../../lib/intl';

/** One line saying where the lookup stands, announced to screen readers as it changes. */
export function LookupStatus({ state }: { state: LookupState | null }) {
  const t = useT();
  let text: string | null = null;
  let tone = 'text-gray-600';
  switch (state?.status) {
    case 'queued':
      text = t('companies.lookup.queued');
      break;
    case 'running':
      text = t('companies.lookup.running');
      break;
    case 'retrying':
      text = t('companies.lookup.retrying', { attempt: state.attempt + 1 });
      tone = 'text-amber-800';
      break;
    case 'found':
      text = t('companies.lookup.found');
      tone = 'text-primary-800';
      break;
    case 'not_found':
      // Said once, as the error of the number's field, where it belongs.
      text = null;
      break;
    case 'failed':
      text = t('companies.lookup.failed');
      tone = 'text-amber-800';
      break;
    default:
      text = null;
  }
  const busy = state?.status === 'queued' || state?.status === 'running' || state?.status === 'retrying';
  return (
    <p role="status" aria-live="polite" aria-busy={busy} className={`min-h-5 text-sm ${tone}`}>
      {busy && <span aria-hidden="true" className="me-2 inline-block size-3 animate-spin rounded-full border-2 border-current border-t-transparent align-[-1px]" />}
      {text}
    </p>
  );
}

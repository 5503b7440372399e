import type { LookupState } from '../../../shared/schemas/companies';
import { useT } from '../../lib/intl';

/** One line saying where the lookup stands, announced to screen readers as it changes. */
export function LookupStatus({ state }: { state: LookupState | null }) {
  const t = useT();
  /** Each failure in its own words, naming the registry: too many calls, an error, no answer in time, no connection, an unreadable answer. */
  const reasonText = (current: LookupState): string => {
    const registry = t(`companies.registry.${current.country}`);
    const reason = current.reason && current.reason !== 'not_found' ? current.reason : 'server_error';
    const sentence = t(`companies.lookup.reason.${reason}`, { registry });
    return sentence.charAt(0).toUpperCase() + sentence.slice(1);
  };
  let text: string | null = null;
  let tone = 'text-gray-600';
  switch (state?.status) {
    case 'queued':
      text = t('companies.lookup.queued');
      break;
    case 'running':
      // Waiting for our turn under the registry's limit shared by all its users (PRH: about 300 calls a minute).
      text =
        state.reason === 'rate_limited'
          ? t('companies.lookup.waitingTurn', { registry: t(`companies.registry.${state.country}`) })
          : t('companies.lookup.runningIn', { registry: t(`companies.registry.${state.country}`) });
      break;
    case 'retrying':
      text = t('companies.lookup.retryingIn', { reason: reasonText(state), attempt: state.attempt + 1 });
      tone = 'text-amber-800';
      break;
    case 'found':
      text = t('companies.lookup.foundIn', { registry: t(`companies.registry.${state.country}`) });
      tone = 'text-primary-800';
      break;
    case 'not_found':
      // Said once, as the error of the number's field, where it belongs.
      text = null;
      break;
    case 'failed':
      text = t('companies.lookup.failedIn', { reason: reasonText(state) });
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

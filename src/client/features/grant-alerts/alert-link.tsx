/**
 * Follows a link from a grant-alert e-mail (`?alerts=confirm|unsubscribe&token=…`): the token is
 * taken out of the address bar at once, then the confirmation or unsubscription is made and its
 * outcome shown. Run by script rather than on page load, so mail scanners that fetch links do
 * not confirm or unsubscribe anyone.
 */
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/intl';
import { appErrorOf, trpc } from '../../lib/trpc';

type Outcome = 'working' | 'confirmed' | 'unsubscribed' | 'invalid' | 'failed';

function readLink(): { action: 'confirm' | 'unsubscribe'; token: string } | null {
  const params = new URLSearchParams(window.location.search);
  const action = params.get('alerts');
  const token = params.get('token');
  if ((action !== 'confirm' && action !== 'unsubscribe') || !token) return null;
  return { action, token };
}

export function AlertLinkHandler() {
  const t = useT();
  const [link] = useState(readLink);
  const [outcome, setOutcome] = useState<Outcome>('working');
  const started = useRef(false);
  const confirm = trpc.grantAlerts.confirm.useMutation({ meta: { handlesError: true } });
  const unsubscribe = trpc.grantAlerts.unsubscribe.useMutation({ meta: { handlesError: true } });

  useEffect(() => {
    if (!link || started.current) return;
    started.current = true;
    const url = new URL(window.location.href);
    url.searchParams.delete('alerts');
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    const onError = (error: unknown) => setOutcome(appErrorOf(error)?.appCode === 'NOT_FOUND' ? 'invalid' : 'failed');
    if (link.action === 'confirm') confirm.mutate({ token: link.token }, { onSuccess: () => setOutcome('confirmed'), onError });
    else unsubscribe.mutate({ token: link.token }, { onSuccess: () => setOutcome('unsubscribed'), onError });
  }, [link, confirm, unsubscribe]);

  if (!link) return null;
  const message = {
    working: t('common.loading'),
    confirmed: t('grant-alerts.link.confirmed'),
    unsubscribed: t('grant-alerts.link.unsubscribed'),
    invalid: t('grant-alerts.link.invalid'),
    failed: t('error.internal'),
  }[outcome];
  const good = outcome === 'confirmed' || outcome === 'unsubscribed';
  return (
    <div
      role={outcome === 'invalid' || outcome === 'failed' ? 'alert' : 'status'}
      className={`mx-auto mt-4 max-w-5xl rounded-lg px-4 py-3 text-sm ring-1 ${good ? 'bg-primary-50 text-primary-900 ring-primary-200' : outcome === 'working' ? 'bg-gray-50 text-gray-700 ring-gray-200' : 'bg-amber-50 text-amber-900 ring-amber-200'}`}
    >
      {message}
    </div>
  );
}

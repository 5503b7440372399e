/**
 * Follows a link from a grant-alert e-mail (`?alerts=confirm|unsubscribe&token=…`, read by the home
 * page's route and handed in as `link`): the token is taken out of the address bar at once, then the confirmation or unsubscription is made and its
 * outcome shown. Run by script rather than on page load, so mail scanners that fetch links do
 * not confirm or unsubscribe anyone.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useT } from '../../lib/intl';
import { appErrorOf, trpc } from '../../lib/trpc';

type Outcome = 'working' | 'confirmed' | 'unsubscribed' | 'invalid' | 'failed';

interface AlertLink {
  alerts?: 'confirm' | 'unsubscribe';
  token?: string;
}

function readLink({ alerts: action, token }: AlertLink): { action: 'confirm' | 'unsubscribe'; token: string } | null {
  return action && token ? { action, token } : null;
}

export function AlertLinkHandler({ link: search }: { link: AlertLink }) {
  const t = useT();
  const navigate = useNavigate();
  // Read once: the address bar loses the link at once, the outcome stays.
  const [link] = useState(() => readLink(search));
  const [outcome, setOutcome] = useState<Outcome>('working');
  const started = useRef(false);
  const confirm = trpc.grantAlerts.confirm.useMutation({ meta: { handlesError: true } });
  const unsubscribe = trpc.grantAlerts.unsubscribe.useMutation({ meta: { handlesError: true } });

  useEffect(() => {
    if (!link || started.current) return;
    started.current = true;
    void navigate({ to: '/', search: (previous) => ({ ...previous, alerts: undefined, token: undefined }), hash: true, replace: true, resetScroll: false });
    const onError = (error: unknown) => setOutcome(appErrorOf(error)?.appCode === 'NOT_FOUND' ? 'invalid' : 'failed');
    if (link.action === 'confirm') confirm.mutate({ token: link.token }, { onSuccess: () => setOutcome('confirmed'), onError });
    else unsubscribe.mutate({ token: link.token }, { onSuccess: () => setOutcome('unsubscribed'), onError });
  }, [link, confirm, unsubscribe, navigate]);

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

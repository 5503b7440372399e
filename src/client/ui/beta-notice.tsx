import { Link, useLocation } from '@tanstack/react-router';
import { useT } from '../lib/intl';

/** The beta notice, above every screen a signed-in user sees (`Shell` in app/layouts.tsx). */
export default function BetaNotice() {
  const t = useT();
  const location = useLocation();
  return (
    <p role="note" className="bg-primary-50 px-4 print:hidden py-1.5 text-center text-xs text-primary-900">
      <span className="me-2 rounded bg-primary-700 px-1.5 py-0.5 text-[10px] font-semibold tracking-wide text-white uppercase">Beta</span>
      {t('beta.notice')}{' '}
      <Link to="/feedback" search={{ from: location.pathname }} className="font-medium underline">
        {t('feedback.link')}
      </Link>
    </p>
  );
}

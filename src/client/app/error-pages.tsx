import { Link } from '@tanstack/react-router';
import { isBot } from '../../shared/bots';
import { useNoIndex, usePageTitle } from '../lib/page-meta';
import { useT } from '../lib/intl';
import { buttonClass } from '../ui/button';

function ErrorScreen({ status, title, message }: { status: number; title: string; message: string }) {
  const t = useT();
  usePageTitle(title);
  useNoIndex();
  // A bot that runs scripts (Googlebot) would take the error screen for the page's content.
  if (isBot(navigator.userAgent)) return null;
  return (
    <main id="main" className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="text-sm font-semibold text-primary-700">{status}</p>
      <h1 className="text-2xl font-semibold text-gray-900">{title}</h1>
      <p className="break-all text-gray-600" data-testid="error-message">
        {message}
      </p>
      <Link to="/" className={buttonClass('primary', 'md')}>
        {t('common.backHome')}
      </Link>
    </main>
  );
}

/** Status 404: `Page not found: {path}`. */
export function NotFoundPage({ path }: { path: string }) {
  const t = useT();
  return <ErrorScreen status={404} title={t('error.notFound.title')} message={t('error.notFound.path', { path })} />;
}

/** Any other failure: status 500 unless a status is known. */
export function ServerErrorPage({ status = 500 }: { status?: number }) {
  const t = useT();
  return <ErrorScreen status={status} title={t('error.server.title')} message={t('error.server.body')} />;
}

/**
 * Starts an application: a signed-in user goes on to the application's onboarding; a visitor
 * signs up or logs in first and comes back here.
 */
import { Link, useLocation, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import { getAuthToken } from '../../lib/auth-token';
import { useT } from '../../lib/intl';
import { usePageMeta } from '../../lib/page-meta';
import { trpc } from '../../lib/trpc';
import { buttonClass } from '../../ui/button';
import { NotFoundPage } from '../error-pages';
import { Loading, QueryState } from '../../ui/query-view';

export default function StartApplicationScreen() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const { grant_slug: slug } = useParams({ from: '/public/grants/$grant_slug/start' });
  const grant = trpc.grants.bySlug.useQuery({ slug });
  const signedIn = getAuthToken() !== null;
  usePageMeta({ title: grant.data ? t('grants.start.title', { title: grant.data.title }) : t('route.grants-grant_slug-start'), description: t('grants.start.description') });

  useEffect(() => {
    if (signedIn && grant.data) void navigate({ to: '/onboarding/$grant_id', params: { grant_id: grant.data.id }, replace: true });
  }, [signedIn, grant.data, navigate]);

  if (grant.status !== 'success') return <QueryState query={grant} notFound={<NotFoundPage path={location.pathname} />} className="mx-auto mt-12 max-w-xl px-4" />;
  const back = `/grants/${encodeURIComponent(slug)}/start`;
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-12">
      <h1 className="text-2xl font-semibold text-gray-900">{t('route.grants-grant_slug-start')}</h1>
      {signedIn ? (
        // On its way to the application's onboarding.
        <Loading className="mt-3" />
      ) : (
        <div className="mt-4 space-y-4 rounded-lg bg-white p-5 ring-1 ring-gray-200">
          <p className="text-sm text-gray-700">{t('grants.start.signedOut', { title: grant.data.title })}</p>
          <div className="flex flex-wrap gap-2">
            <Link to="/signup" search={{ redirect: back }} className={buttonClass('primary', 'md')}>
              {t('grants.start.signup')}
            </Link>
            <Link to="/login" search={{ redirect: back }} className={buttonClass('secondary', 'md')}>
              {t('grants.start.login')}
            </Link>
          </div>
          <p className="text-sm">
            <Link to="/grants/$grant_slug" params={{ grant_slug: slug }} className="text-primary-700 hover:underline">
              {t('grants.start.back', { title: grant.data.title })}
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}

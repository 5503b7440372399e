/**
 * The Danish landing page. Opening it switches the interface to Danish, so the header, the body
 * and `<html lang>` agree; a visitor who then picks another language reads the page in that one.
 */
import { Link, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AlertSignupCard } from '../../features/grant-alerts/alert-signup-card';
import { OpenGrantsSection } from '../../features/grants/open-grants';
import { useLocale, useT } from '../../lib/intl';
import { usePageMeta } from '../../lib/page-meta';
import { buttonClass } from '../../ui/button';

function DanishLanding() {
  const t = useT();
  usePageMeta({ title: t('route.dk'), description: t('grants.dk.description') });
  return (
    <div className="pb-12">
      <section className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h1 className="text-3xl font-semibold tracking-tight text-gray-900">{t('route.dk')}</h1>
          <p className="mt-4 max-w-2xl text-base text-gray-700">{t('grants.dk.lead')}</p>
          <ul className="mt-4 max-w-2xl list-disc space-y-1 ps-5 text-sm text-gray-700">
            <li>{t('grants.dk.point1')}</li>
            <li>{t('grants.dk.point2')}</li>
            <li>{t('grants.dk.point3')}</li>
          </ul>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/grants" className={buttonClass('primary', 'md')}>
              {t('grants.home.findGrant')}
            </Link>
            <Link to="/funds" className={buttonClass('secondary', 'md')}>
              {t('grants.dk.seeFunds')}
            </Link>
          </div>
        </div>
      </section>
      <OpenGrantsSection headingId="dk-open" className="py-8" />
      <section aria-labelledby="dk-alerts" className="mx-auto max-w-6xl px-4 py-6">
        <AlertSignupCard headingId="dk-alerts" />
      </section>
    </div>
  );
}

export default function DkScreen() {
  const { locale, setLocale } = useLocale();
  const { lang } = useSearch({ from: '/default/dk' });
  // Once, on arrival: the page is Danish unless the visitor picks another language here.
  useEffect(() => {
    if (locale !== 'da' && !lang) setLocale('da');
  }, []);
  return <DanishLanding />;
}

import { useMatches } from '@tanstack/react-router';
import { useT } from '../../lib/intl';
import { usePageTitle } from '../../lib/page-meta';

/** A screen whose feature has not arrived yet: its layout and its heading. */
export default function PlaceholderScreen() {
  const t = useT();
  const matches = useMatches();
  const name = matches.at(-1)?.staticData.name;
  const title = name ? t(`route.${name}`) : t('app.name');
  usePageTitle(title);
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-semibold text-gray-900">{title}</h1>
      <p className="mt-2 text-gray-600">{t('common.comingSoon')}</p>
    </section>
  );
}

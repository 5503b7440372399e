import type { MessageKey } from '../../../shared/i18n';
import { useT } from '../../lib/intl';
import { usePageMeta } from '../../lib/page-meta';

/** The privacy policy: each part a heading and its paragraphs, in the interface language. */
const parts: Array<{ heading: MessageKey; paragraphs: MessageKey[] }> = [
  { heading: 'legal.privacy.who.heading', paragraphs: ['legal.privacy.who.body'] },
  { heading: 'legal.privacy.what.heading', paragraphs: ['legal.privacy.what.account', 'legal.privacy.what.company', 'legal.privacy.what.applications', 'legal.privacy.what.alerts', 'legal.privacy.what.technical'] },
  { heading: 'legal.privacy.why.heading', paragraphs: ['legal.privacy.why.body', 'legal.privacy.why.ai'] },
  { heading: 'legal.privacy.howLong.heading', paragraphs: ['legal.privacy.howLong.account', 'legal.privacy.howLong.alerts', 'legal.privacy.howLong.technical'] },
  { heading: 'legal.privacy.sharing.heading', paragraphs: ['legal.privacy.sharing.body'] },
  { heading: 'legal.privacy.rights.heading', paragraphs: ['legal.privacy.rights.body', 'legal.privacy.rights.delete', 'legal.privacy.rights.complaint'] },
  { heading: 'legal.privacy.security.heading', paragraphs: ['legal.privacy.security.body'] },
  { heading: 'legal.privacy.changes.heading', paragraphs: ['legal.privacy.changes.body'] },
];

export default function PrivacyPolicyScreen() {
  const t = useT();
  usePageMeta({ title: t('route.legal-privacy-policy'), description: t('legal.privacy.description') });
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-semibold text-gray-900">{t('route.legal-privacy-policy')}</h1>
      <p className="mt-1 text-sm text-gray-600">{t('legal.privacy.updated')}</p>
      <p className="mt-4 text-sm leading-6 text-gray-800">{t('legal.privacy.intro')}</p>
      {parts.map((part) => (
        <section key={part.heading} className="mt-8">
          <h2 className="text-lg font-semibold text-gray-900">{t(part.heading)}</h2>
          {part.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-2 text-sm leading-6 text-gray-800">
              {t(paragraph)}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}

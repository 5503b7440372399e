import { useId } from 'react';
import { locales, type Locale } from '../../shared/i18n/locales';
import { useLocale, useT } from '../lib/intl';

export function LanguageSwitcher() {
  const t = useT();
  const { locale, setLocale } = useLocale();
  const id = useId();
  return (
    <div className="flex items-center gap-1.5">
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(event) => setLocale(event.target.value as Locale)}
        className="h-8 rounded-md border border-gray-300 bg-white px-2 text-sm text-gray-800"
      >
        {locales.map((code) => (
          <option key={code} value={code} lang={code}>
            {t(`language.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A catalogue text written in Danish (required) and, optionally, English and Norwegian: one
 * group under the field's label, one control per language, each marked with its `lang` so a
 * screen reader and the spell checker read it in that language. An empty English or Norwegian
 * text falls back to the Danish one for visitors.
 */
import { useId, type ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { locales, type Locale } from '../../shared/i18n/locales';
import { useIsMessageKey, useT } from '../lib/intl';
import { inputClass } from './input-class';

type LocaleErrors = Partial<Record<Locale, FieldError | undefined>> | undefined;

interface LocalizedFieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** `form.register` of the language's part, e.g. `(locale) => form.register(\`title.${locale}\`)`. */
  register: (locale: Locale) => UseFormRegisterReturn;
  errors?: LocaleErrors | FieldError | undefined;
  multiline?: boolean;
  rows?: number;
  required?: boolean;
}

export function LocalizedField({ label, hint, register, errors, multiline = false, rows = 3, required = false }: LocalizedFieldProps) {
  const t = useT();
  const isMessageKey = useIsMessageKey();
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <fieldset className="@container space-y-1.5" aria-describedby={hintId}>
      <legend id={`${id}-legend`} className="text-sm font-medium text-gray-800">
        {label}
      </legend>
      {hint && (
        <p id={hintId} className="text-xs text-gray-500">
          {hint}
        </p>
      )}
      <div className={multiline ? 'space-y-2' : 'grid gap-2 @xl:grid-cols-3'}>
        {locales.map((locale) => {
          const error = (errors as LocaleErrors)?.[locale]?.message;
          const message = error ? (isMessageKey(error) ? t(error) : error) : null;
          const controlId = `${id}-${locale}`;
          const errorId = message ? `${controlId}-error` : undefined;
          const control = {
            id: controlId,
            // Named by the field and the language ("Title Dansk · required"), so each control says both.
            'aria-labelledby': `${id}-legend ${controlId}-label`,
            lang: locale,
            'aria-invalid': Boolean(message),
            'aria-describedby': errorId,
            className: inputClass,
            ...register(locale),
          };
          return (
            <div key={locale} className="space-y-0.5">
              <label id={`${controlId}-label`} htmlFor={controlId} className="block text-xs text-gray-600">
                {t(`language.${locale}`)}
                {locale === 'da' && required ? ` · ${t('content.required')}` : locale === 'da' ? '' : ` · ${t('content.optional')}`}
              </label>
              {multiline ? <textarea rows={rows} {...control} /> : <input {...control} />}
              {message && (
                <p id={errorId} className="text-xs text-red-700" role="alert">
                  {message}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

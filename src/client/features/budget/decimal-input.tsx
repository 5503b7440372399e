/**
 * A text field for money or hours: the writer types as they are used to ("250.000", "250 000",
 * "1250,5"), the value is kept in hundredths (øre) so no sum ever passes through binary fractions.
 * Out of focus it reads in the document's language: grouped, money to the øre ("250.000,00").
 * Until the text is a valid, non-negative number the last valid value stays in the document and,
 * once the writer has left the field, the field says why.
 */
import { useEffect, useState } from 'react';
import { decimalInputText, parseDecimalInput } from '../../../shared/domain/budget';
import { useFormats, useT } from '../../lib/intl';
import { inputClass } from '../../ui/input-class';

export function useFormatMoney(currency: string) {
  const formats = useFormats();
  return (minor: number) => formats.minorMoney(minor, currency);
}

export function DecimalInput({
  id,
  hundredths,
  locale,
  kind = 'money',
  disabled,
  invalid,
  describedBy,
  onChange,
  className = '',
}: {
  id: string;
  hundredths: number | null;
  /** The language the document's numbers are written in (the application's). */
  locale: string;
  kind?: 'money' | 'number';
  disabled: boolean;
  invalid?: boolean;
  describedBy?: string | undefined;
  onChange: (hundredths: number | null) => void;
  className?: string;
}) {
  const t = useT();
  const [text, setText] = useState(() => decimalInputText(hundredths, locale, kind));
  // Like the other forms, what is typed is judged once the writer leaves the field.
  const [left, setLeft] = useState(false);
  const parsed = parseDecimalInput(text);
  // The document changed from elsewhere (a colleague's version taken): show its value. Only a
  // change of the value rewrites the text, so an unfinished entry ("12,") is left as typed.
  useEffect(() => {
    setText((current) => {
      const typed = parseDecimalInput(current);
      return typed.ok && typed.hundredths === hundredths ? current : decimalInputText(hundredths, locale, kind);
    });
  }, [hundredths, locale, kind]);
  const error = parsed.ok || !left ? null : parsed.reason === 'negative' ? t('budget.negative') : t('budget.editor.invalidNumber');
  const errorId = `${id}-error`;
  return (
    <>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        readOnly={disabled}
        aria-invalid={invalid || error !== null}
        aria-describedby={[error ? errorId : null, describedBy].filter(Boolean).join(' ') || undefined}
        onBlur={() => {
          setLeft(true);
          if (parsed.ok) setText(decimalInputText(parsed.hundredths, locale, kind));
        }}
        onChange={(event) => {
          setText(event.target.value);
          const next = parseDecimalInput(event.target.value);
          if (next.ok) onChange(next.hundredths);
        }}
        className={`${inputClass} text-end tabular-nums ${className}`}
      />
      {error && (
        <p id={errorId} className="text-xs text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

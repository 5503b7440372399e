/**
 * A text field for money or hours: the writer types as they are used to ("1.250,50"), the value
 * is kept in hundredths (øre) so no sum ever passes through binary fractions. Until the text is a
 * valid, non-negative number the last valid value stays in the document and the field says why.
 */
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { parseDecimalInput } from '../../../shared/domain/budget';
import { useFormats, useT } from '../../lib/intl';
import { inputClass } from '../../ui/input-class';

export function useFormatMoney(currency: string) {
  const formats = useFormats();
  return (minor: number) => formats.minorMoney(minor, currency);
}

function textOf(hundredths: number | null, locale: string): string {
  if (hundredths === null) return '';
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 2, useGrouping: false }).format(hundredths / 100);
}

export function DecimalInput({
  id,
  hundredths,
  disabled,
  invalid,
  describedBy,
  onChange,
  className = '',
}: {
  id: string;
  hundredths: number | null;
  disabled: boolean;
  invalid?: boolean;
  describedBy?: string | undefined;
  onChange: (hundredths: number | null) => void;
  className?: string;
}) {
  const t = useT();
  const intl = useIntl();
  const [text, setText] = useState(() => textOf(hundredths, intl.locale));
  const parsed = parseDecimalInput(text);
  // The document changed from elsewhere (a colleague's version taken): show its value. Only a
  // change of the value rewrites the text, so an unfinished entry ("12,") is left as typed.
  useEffect(() => {
    setText((current) => {
      const typed = parseDecimalInput(current);
      return typed.ok && typed.hundredths === hundredths ? current : textOf(hundredths, intl.locale);
    });
  }, [hundredths, intl.locale]);
  const error = parsed.ok ? null : parsed.reason === 'negative' ? t('budget.negative') : t('budget.editor.invalidNumber');
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

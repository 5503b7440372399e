/**
 * A labelled form control with its hint and error, wired for screen readers
 * (`aria-invalid`, `aria-describedby`). Errors are message keys, shown in the user's language.
 */
import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { formatDateInput, formatTimeInput, parseDateInput, parseTimeInput } from '../../shared/i18n/date-input';
import type { Locale } from '../../shared/i18n/locales';
import { useFormats, useIsMessageKey, useLocale, useT } from '../lib/intl';
import { inputClass } from './input-class';

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** A message key (from a zod schema or the server's field errors) or an already translated text. */
  error?: string | undefined;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}


export function Field({ label, hint, error, children }: FieldProps) {
  const t = useT();
  const isMessageKey = useIsMessageKey();
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const message = error ? (isMessageKey(error) ? t(error) : error) : null;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-gray-500">
          {hint}
        </p>
      )}
      {message && (
        <p id={errorId} className="text-xs text-red-700" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { label: ReactNode; hint?: ReactNode; error?: string | undefined };

export function TextField({ label, hint, error, className = '', ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(aria) => <input {...aria} {...input} className={`${inputClass} ${className}`} />}
    </Field>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { label: ReactNode; hint?: ReactNode; error?: string | undefined };

export function TextAreaField({ label, hint, error, className = '', ...textarea }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(aria) => <textarea {...aria} {...textarea} className={`${inputClass} ${className}`} />}
    </Field>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { label: ReactNode; hint?: ReactNode; error?: string | undefined };

export function SelectField({ label, hint, error, className = '', children, ...select }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(aria) => (
        <select {...aria} {...select} className={`${inputClass} ${className}`}>
          {children}
        </select>
      )}
    </Field>
  );
}

/** `value`: an ISO timestamp, `null` for none, or `''` for what could not be read. */
type DateTimeFieldProps = { label: ReactNode; hint?: ReactNode; error?: string | undefined; value: string | null; onChange: (value: string | null) => void };

const sameInstant = (a: string | null, b: string | null) => a === b || (a !== null && b !== null && Date.parse(a) === Date.parse(b));

/**
 * The text of a typed field: `value` as the interface language writes it, written anew when the
 * value changes from outside (a reset after saving, a colleague's version) or the language
 * changes; what the user types stays as typed. `typed(text, value)` records a keystroke and the
 * value it gave (the last one read, or the same one while the text cannot be read).
 */
function useTypedText<V, T>(value: V, textOf: (value: V, locale: Locale) => T, same: (a: V, b: V) => boolean) {
  const { locale } = useLocale();
  const [text, setText] = useState(() => textOf(value, locale));
  const shown = useRef({ value, locale });
  useEffect(() => {
    if (same(value, shown.current.value) && locale === shown.current.locale) return;
    shown.current = { value, locale };
    setText(textOf(value, locale));
  }, [value, locale, textOf, same]);
  const typed = (next: T, result: V) => {
    setText(next);
    shown.current = { value: result, locale };
  };
  /** The value the field last showed or gave: keystrokes faster than the page renders compare with it, not with a stale `value`. */
  const last = () => shown.current.value;
  return { text, typed, last, locale };
}

const textsOf = (value: string | null, locale: Locale) => {
  const moment = value ? new Date(value) : null;
  return moment && !Number.isNaN(moment.getTime())
    ? {
        date: formatDateInput({ year: moment.getFullYear(), month: moment.getMonth() + 1, day: moment.getDate() }, locale),
        time: formatTimeInput({ hours: moment.getHours(), minutes: moment.getMinutes() }, locale),
      }
    : { date: '', time: '' };
};

/**
 * A date and time typed in the interface language's order (`shared/i18n/date-input.ts`), in the
 * browser's time zone, given as an ISO timestamp; empty is `null`, and what cannot be read is `''`
 * for the schema to refuse. The date as it was understood is written out beside it. For a form's `Controller`.
 */
export function DateTimeField({ label, hint, error, value, onChange }: DateTimeFieldProps) {
  const t = useT();
  const formats = useFormats();
  const { text: texts, typed, locale } = useTypedText(value, textsOf, sameInstant);
  const timeId = useId();

  const change = (next: { date: string; time: string }) => {
    let result: string | null = null;
    if (next.date.trim() || next.time.trim()) {
      const date = parseDateInput(next.date, locale);
      const time = next.time.trim() ? parseTimeInput(next.time) : { hours: 0, minutes: 0 };
      result = date && time ? new Date(date.year, date.month - 1, date.day, time.hours, time.minutes).toISOString() : '';
    }
    typed(next, result);
    onChange(result);
  };
  const understood = value && !Number.isNaN(Date.parse(value)) ? formats.fullDateTime(value) : null;
  return (
    <Field
      label={label}
      hint={
        hint || understood ? (
          <>
            {hint} {understood && t('forms.date.understood', { date: understood })}
          </>
        ) : undefined
      }
      error={error}
    >
      {(aria) => (
        <div className="flex items-end gap-2">
          <div className="w-36">
            <input
              {...aria}
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('forms.date.pattern')}
              value={texts.date}
              onChange={(event) => change({ ...texts, date: event.target.value })}
              className={inputClass}
            />
          </div>
          <div className="w-24">
            <label htmlFor={timeId} className="mb-0.5 block text-xs text-gray-600">
              {t('forms.time.label')}
            </label>
            <input
              id={timeId}
              // "Frist – Klokkeslæt": each time field is named by its date's label as well.
              aria-label={typeof label === 'string' ? `${label} – ${t('forms.time.label')}` : undefined}
              aria-invalid={aria['aria-invalid']}
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('forms.time.placeholder')}
              title={t('forms.time.hint')}
              value={texts.time}
              onChange={(event) => change({ ...texts, time: event.target.value })}
              className={inputClass}
            />
          </div>
        </div>
      )}
    </Field>
  );
}

const isoOf = ({ year, month, day }: { year: number; month: number; day: number }) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

const sameText = (a: string, b: string) => a === b;

const textOfIso = (iso: string, locale: Locale) => {
  const date = parseDateInput(iso, locale);
  return date ? formatDateInput(date, locale) : '';
};

type DateInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & { value: string; onChange: (iso: string) => void };

/**
 * A date without a time, typed in the interface language's order; its value is ISO `YYYY-MM-DD`
 * or empty. What cannot be read stays in the field with a note of the expected form, and the value
 * is empty meanwhile: a field showing "28.02.202029" as invalid must not keep 2020-02-28, read a
 * keystroke earlier, for an autosave to store (docs/decisions/0024).
 */
export function DateInput({ value, onChange, className = '', ...input }: DateInputProps) {
  const t = useT();
  const { text, typed, last, locale } = useTypedText(value, textOfIso, sameText);
  const noteId = useId();
  const parsed = text.trim() === '' ? '' : parseDateInput(text, locale);
  const unreadable = parsed === null;
  return (
    <>
      <input
        {...input}
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('forms.date.pattern')}
        value={text}
        aria-invalid={unreadable || input['aria-invalid'] === true}
        aria-describedby={[input['aria-describedby'], unreadable ? noteId : undefined].filter(Boolean).join(' ') || undefined}
        onChange={(event) => {
          const next = event.target.value.trim() === '' ? '' : parseDateInput(event.target.value, locale);
          const iso = next === null || next === '' ? '' : isoOf(next);
          const before = last();
          typed(event.target.value, iso);
          if (iso !== before) onChange(iso);
        }}
        className={`${inputClass} ${className}`}
      />
      {unreadable && (
        <p id={noteId} className="text-xs text-red-700">
          {t('forms.date.invalid', { pattern: t('forms.date.pattern') })}
        </p>
      )}
    </>
  );
}

/**
 * `register` options for a number typed as text (`inputMode="decimal"`): spaces and a decimal
 * comma are accepted, empty is `null`, and anything else is `NaN` for the schema to refuse.
 */
export const optionalNumber = {
  setValueAs: (value: unknown): number | null => {
    if (typeof value === 'number' || value === null) return value;
    const text = String(value ?? '').replace(/\s/g, '').replace(',', '.');
    return text === '' ? null : Number(text);
  },
};

/** A form-level error (e.g. wrong password), announced to screen readers. */
export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
      {children}
    </p>
  );
}

/**
 * A labelled form control with its hint and error, wired for screen readers
 * (`aria-invalid`, `aria-describedby`). Errors are message keys, shown in the user's language.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useIsMessageKey, useT } from '../lib/intl';

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** A message key (from a zod schema or the server's field errors) or an already translated text. */
  error?: string | undefined;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}

export const inputClass =
  'block w-full rounded-md border border-gray-300 bg-white px-2.5 py-1.5 text-sm text-gray-900 shadow-xs placeholder:text-gray-400 focus:border-primary-600 focus:ring-1 focus:ring-primary-600 focus:outline-none aria-invalid:border-red-600 disabled:bg-gray-100';

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

const pad = (n: number) => String(n).padStart(2, '0');
/** A date as the value of a `datetime-local` input, in the browser's time zone. */
function toLocalInput(date: Date | null): string {
  if (!date || Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

type DateTimeFieldProps = Omit<TextFieldProps, 'type' | 'value' | 'onChange'> & { value: Date | null; onChange: (value: Date | null) => void };

/** A date and time in the browser's time zone; empty is `null`. For a form's `Controller`. */
export function DateTimeField({ value, onChange, ...props }: DateTimeFieldProps) {
  return <TextField {...props} type="datetime-local" value={toLocalInput(value)} onChange={(event) => onChange(event.target.value ? new Date(event.target.value) : null)} />;
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

import { useFormats, useIntl } from '../../lib/intl';

type Unit = 'millisecond' | 'second' | 'minute' | 'hour' | 'day';

/** Localized dates, times and durations for the job monitor. */
export function useJobFormat() {
  const intl = useIntl();
  const formats = useFormats();
  const unit = (value: number, unit: Unit, digits = 0) =>
    intl.formatNumber(value, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: digits });
  return {
    dateTime: (date: Date | string | null) => (date ? intl.formatDate(date, { dateStyle: 'short', timeStyle: 'medium' }) : '–'),
    time: (date: Date | string) => formats.time(date),
    /** 850 ms, 4.2 s, 3.5 min, 2.1 h. */
    duration(ms: number | null) {
      if (ms === null) return '–';
      if (ms < 1000) return unit(ms, 'millisecond');
      if (ms < 60_000) return unit(ms / 1000, 'second', 1);
      if (ms < 3_600_000) return unit(ms / 60_000, 'minute', 1);
      return unit(ms / 3_600_000, 'hour', 1);
    },
    /** 45 s, 12 min, 3 h, 2 d (whole units). */
    age(seconds: number) {
      if (seconds < 60) return unit(seconds, 'second');
      if (seconds < 3600) return unit(Math.floor(seconds / 60), 'minute');
      if (seconds < 86_400) return unit(Math.floor(seconds / 3600), 'hour');
      return unit(Math.floor(seconds / 86_400), 'day');
    },
    number: (value: number) => formats.number(value),
  };
}

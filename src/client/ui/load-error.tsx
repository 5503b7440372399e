import { useT } from '../lib/intl';
import { appErrorOf, errorMessageOf } from '../lib/trpc';
import { Button } from './button';

/**
 * A query that could not be loaded, in plain words: "not found" for something that does not
 * exist (or an id that cannot exist), otherwise the error's message and a way to try again.
 * `error` null means the caller found the data does not belong here: shown as not found.
 */
export function LoadError({ error, onRetry, className = '' }: { error: unknown; onRetry: () => void; className?: string }) {
  const t = useT();
  const data = error === null ? null : appErrorOf(error);
  const notFound = error === null || data?.appCode === 'NOT_FOUND' || data?.appCode === 'VALIDATION';
  return (
    <div role="alert" className={`rounded-lg bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200 ${className}`}>
      <p>{notFound ? t('error.notFound') : errorMessageOf(error)}</p>
      {!notFound && (
        <Button variant="secondary" className="mt-2" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}

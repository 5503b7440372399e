import { useId, useState, type FormEvent } from 'react';
import type { QueueName } from '../../../shared/jobs';
import { useT } from '../../lib/intl';
import { Button } from '../../ui/button';
import { inputClass } from '../../ui/input-class';
import { QueryState } from '../../ui/query-view';
import { useJobFormat } from './job-format';
import { useJobSearch } from './use-jobs';

/** Finds a queue's jobs by id, name or anything in their data (an application's or a draft's id); each found job opens in the job's details. */
export function JobSearch({ queue, onOpen }: { queue: QueueName; onOpen: (id: string) => void }) {
  const t = useT();
  const format = useJobFormat();
  const id = useId();
  const [text, setText] = useState('');
  const [asked, setAsked] = useState('');
  const search = useJobSearch(queue, asked);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAsked(text.trim());
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <div className="space-y-1">
        <h3 id={`${id}-title`} className="text-sm font-medium text-gray-900">
          {t('jobs.search.title')}
        </h3>
      </div>
      <form role="search" onSubmit={submit} className="space-y-1">
        <label htmlFor={`${id}-text`} className="block text-sm text-gray-800">
          {t('jobs.search.label')}
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-text`}
            type="search"
            className={inputClass}
            value={text}
            maxLength={200}
            aria-describedby={`${id}-hint`}
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit" variant="secondary" disabled={text.trim().length === 0}>
            {t('jobs.search.submit')}
          </Button>
        </div>
        <p id={`${id}-hint`} className="text-xs text-gray-600">
          {t('jobs.search.hint')}
        </p>
      </form>
      {asked !== '' && (
        <div aria-live="polite">
          {search.status !== 'success' ? (
            <QueryState query={search} className="py-2" />
          ) : search.data.jobs.length === 0 ? (
            <p className="text-sm text-gray-700">{t('jobs.search.none', { text: asked })}</p>
          ) : (
            <div className="space-y-2">
              <p className="text-sm text-gray-700">{t('jobs.search.found', { count: search.data.jobs.length, text: asked })}</p>
              <ul className="divide-y divide-gray-100 rounded-md ring-1 ring-gray-200" aria-label={t('jobs.search.results')}>
                {search.data.jobs.map((job) => (
                  <li key={job.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm" data-job-id={job.id}>
                    <span className="min-w-0">
                      <span className="block font-mono text-xs break-all text-gray-900">{job.id}</span>
                      <span className="block text-xs text-gray-600">
                        {job.name} · {t(`jobs.state.${job.state}`)} · {format.dateTime(job.createdAt)}
                      </span>
                    </span>
                    <Button variant="secondary" onClick={() => onOpen(job.id)} aria-label={t('jobs.action.detailsOf', { id: job.id })}>
                      {t('jobs.action.details')}
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </section>
  );
}

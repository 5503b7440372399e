/**
 * A grant's assessment criteria beside its sections, for platform admins: each with a name in da,
 * en and nb, a weight, the sections it reads and the signals a strong answer shows. Each criterion
 * saves at the version loaded (someone else's save in between is refused); a change never
 * rewrites a stored check.
 */
import { useId, useState } from 'react';
import { signalKinds, type SignalKind } from '../../../shared/domain/assessment';
import { locales, type Locale } from '../../../shared/i18n/locales';
import type { MessageKey } from '../../../shared/i18n';
import { useLocalized, useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { appErrorOf, errorMessageOf, trpc, type RouterOutputs } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { EditorCard } from '../../ui/editor-card';
import { inputClass } from '../../ui/input-class';

type Data = RouterOutputs['assessment']['criteria']['list'];
type Criterion = Data['criteria'][number];

interface Draft {
  id?: string;
  version?: number;
  name: Record<Locale, string>;
  weight: number;
  grantSectionIds: string[];
  signals: SignalKind[];
}

const emptyDraft = (): Draft => ({ name: { da: '', en: '', nb: '' }, weight: 1, grantSectionIds: [], signals: [] });

export function CriteriaEditor({ grantId }: { grantId: string }) {
  const t = useT();
  const query = trpc.assessment.criteria.list.useQuery({ grantId });
  const [adding, setAdding] = useState(false);
  return (
    <EditorCard id="criteria-heading" heading={t('assessment.criteria.heading')} hint={t('assessment.criteria.hint')}>
      {query.isPending ? (
        <p className="text-sm text-gray-500">…</p>
      ) : query.isError ? (
        <p className="text-sm text-red-700">{errorMessageOf(query.error)}</p>
      ) : (
        <>
          {query.data.criteria.length === 0 && <p className="text-sm text-gray-600">{t('assessment.criteria.empty')}</p>}
          <ul className="space-y-3">
            {query.data.criteria.map((criterion) => (
              <li key={`${criterion.id}:${criterion.version}`}>
                <CriterionForm grantId={grantId} sections={query.data.sections} initial={fromCriterion(criterion)} />
              </li>
            ))}
          </ul>
          {adding ? (
            <CriterionForm grantId={grantId} sections={query.data.sections} initial={emptyDraft()} onDone={() => setAdding(false)} />
          ) : (
            <Button variant="secondary" onClick={() => setAdding(true)}>
              {t('assessment.criteria.add')}
            </Button>
          )}
        </>
      )}
    </EditorCard>
  );
}

function fromCriterion(criterion: Criterion): Draft {
  return { id: criterion.id, version: criterion.version, name: { da: criterion.name.da, en: criterion.name.en ?? '', nb: criterion.name.nb ?? '' }, weight: criterion.weight, grantSectionIds: criterion.grantSectionIds, signals: criterion.signals };
}

function CriterionForm({ grantId, sections, initial, onDone }: { grantId: string; sections: Data['sections']; initial: Draft; onDone?: () => void }) {
  const t = useT();
  const pick = useLocalized();
  const id = useId();
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState<Draft>(initial);
  const refresh = () => utils.assessment.criteria.list.invalidate({ grantId });
  const save = trpc.assessment.criteria.save.useMutation({
    onSuccess: async () => {
      toast.add({ title: t('assessment.criteria.saved'), variant: 'success' });
      await refresh();
      onDone?.();
    },
    onError: (error) => toast.add({ title: appErrorOf(error)?.appCode === 'CONFLICT' ? t('assessment.criteria.conflict') : errorMessageOf(error), variant: 'error' }),
  });
  const remove = trpc.assessment.criteria.remove.useMutation({ onSuccess: refresh, onError: (error) => toast.add({ title: errorMessageOf(error), variant: 'error' }) });
  const toggle = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value]);
  return (
    <form
      className="space-y-3 rounded-md border border-gray-200 p-3"
      aria-label={draft.name.da || t('assessment.criteria.add')}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ grantId, ...(draft.id ? { id: draft.id, version: draft.version } : {}), name: draft.name, weight: draft.weight, grantSectionIds: draft.grantSectionIds, signals: draft.signals });
      }}
    >
      <fieldset className="grid gap-2 sm:grid-cols-3">
        <legend className="text-sm font-medium text-gray-800">{t('assessment.criteria.name')}</legend>
        {locales.map((locale) => (
          <label key={locale} className="block text-xs text-gray-600">
            {locale.toUpperCase()}
            <input
              lang={locale}
              className={inputClass}
              value={draft.name[locale]}
              required={locale === 'da'}
              maxLength={120}
              onChange={(event) => setDraft({ ...draft, name: { ...draft.name, [locale]: event.target.value } })}
            />
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-weight`} className="block text-sm font-medium text-gray-800">
        {t('assessment.criteria.weight')}
      </label>
      <input id={`${id}-weight`} type="number" min={1} max={100} className={`${inputClass} max-w-28`} value={draft.weight} onChange={(event) => setDraft({ ...draft, weight: Number(event.target.value) || 1 })} />
      <fieldset>
        <legend className="text-sm font-medium text-gray-800">{t('assessment.criteria.sections')}</legend>
        <div className="mt-1 grid gap-1 sm:grid-cols-2">
          {sections.map((section) => (
            <label key={section.id} className="flex items-center gap-2 text-sm text-gray-700">
              <input type="checkbox" checked={draft.grantSectionIds.includes(section.id)} onChange={() => setDraft({ ...draft, grantSectionIds: toggle(draft.grantSectionIds, section.id) })} />
              {pick({ da: section.title })}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-gray-800">{t('assessment.criteria.signals')}</legend>
        <div className="mt-1 grid gap-1 sm:grid-cols-2">
          {signalKinds.map((signal) => (
            <label key={signal} className="flex items-center gap-2 text-sm text-gray-700">
              <input type="checkbox" checked={draft.signals.includes(signal)} onChange={() => setDraft({ ...draft, signals: toggle(draft.signals, signal) })} />
              {t(`assessment.signal.${signal}` as MessageKey)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {t('assessment.criteria.save')}
        </Button>
        {draft.id && (
          <Button variant="danger" onClick={() => remove.mutate({ id: draft.id! })} disabled={remove.isPending}>
            {t('assessment.criteria.remove')}
          </Button>
        )}
        {!draft.id && onDone && (
          <Button variant="ghost" onClick={onDone}>
            {t('common.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}

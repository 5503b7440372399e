/**
 * The company's earlier answers beside a section (docs/decisions/0045): its best texts from other
 * applications, the closest sections and the final versions first, each saying where it came
 * from, searchable by words in any of the three languages, and put into the text with one action.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { languageName } from '../../../shared/i18n/language-names';
import { ANSWER_SEARCH_MAX } from '../../../shared/domain/answer-library';
import { useFormats, useLocale, useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { inputClass } from '../../ui/input-class';
import { QueryState } from '../../ui/query-view';

type EarlierAnswer = RouterOutputs['answerLibrary']['forSection'][number];

/** The marks the server puts around searched words (answer-library.queries.ts). */
const HIT_START = '\u0002';
const HIT_END = '\u0003';
const PREVIEW_CHARS = 280;

export function EarlierAnswers({
  applicationId,
  sectionId,
  language,
  editable,
  textIsEmpty,
  onInsert,
}: {
  applicationId: string;
  sectionId: string;
  /** The application's language: an answer in another one says so. */
  language: string;
  editable: boolean;
  textIsEmpty: boolean;
  onInsert: (passage: string, source: string) => boolean;
}) {
  const t = useT();
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const answers = trpc.answerLibrary.forSection.useQuery(
    { applicationId, sectionId, search: search || undefined },
    { retry: false, staleTime: 60_000, placeholderData: (previous) => previous },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
  };
  const insert = (passage: string, answer: EarlierAnswer) => {
    if (!onInsert(passage, answer.applicationTitle)) toast.error(t('answerLibrary.notReady'));
  };

  return (
    <section aria-labelledby={`${searchId}-heading`} className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200" data-testid="earlier-answers">
      <div>
        <h2 id={`${searchId}-heading`} className="text-sm font-semibold text-gray-900">
          {t('answerLibrary.heading')}
        </h2>
        <p className="mt-1 text-xs text-gray-600">{t('answerLibrary.intro')}</p>
      </div>
      <form role="search" onSubmit={submit} className="flex gap-2">
        <label htmlFor={searchId} className="sr-only">
          {t('answerLibrary.search')}
        </label>
        <input
          id={searchId}
          type="search"
          value={typed}
          maxLength={ANSWER_SEARCH_MAX}
          onChange={(event) => {
            setTyped(event.target.value);
            // Clearing the field shows the best answers again.
            if (event.target.value === '') setSearch('');
          }}
          placeholder={t('answerLibrary.search')}
          className={`${inputClass} min-w-0 flex-1`}
        />
        <Button type="submit" variant="secondary">
          {t('answerLibrary.searchButton')}
        </Button>
      </form>
      {answers.status !== 'success' ? (
        <QueryState query={answers} />
      ) : answers.data.length === 0 ? (
        <p className="text-sm text-gray-600">{search ? t('answerLibrary.noneFound', { search }) : t('answerLibrary.none')}</p>
      ) : (
        <ol className="space-y-3" aria-busy={answers.isFetching}>
          {answers.data.map((answer) => (
            // A new search shows each answer anew, as its snippet.
            <AnswerItem key={`${search}\u0000${answer.sectionId}`} answer={answer} language={language} editable={editable} textIsEmpty={textIsEmpty} onInsert={insert} />
          ))}
        </ol>
      )}
    </section>
  );
}

function AnswerItem({
  answer,
  language,
  editable,
  textIsEmpty,
  onInsert,
}: {
  answer: EarlierAnswer;
  language: string;
  editable: boolean;
  textIsEmpty: boolean;
  onInsert: (passage: string, answer: EarlierAnswer) => void;
}) {
  const t = useT();
  const formats = useFormats();
  const { locale } = useLocale();
  const [open, setOpen] = useState(false);
  const textId = useId();
  const paragraphs = answer.content.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== '');
  return (
    <li className="space-y-2 rounded-md p-3 ring-1 ring-gray-200" lang={answer.language} data-testid="earlier-answer">
      <div lang={locale} className="space-y-1">
        <p className="text-sm font-medium break-words text-gray-900">{t('answerLibrary.from', { section: answer.sectionTitle, application: answer.applicationTitle })}</p>
        <p className="flex flex-wrap gap-1.5 text-xs">
          {answer.locked ? <Tag tone="final">{t('answerLibrary.locked')}</Tag> : <Tag tone={answer.status === 'done' || answer.status === 'approved' ? 'final' : 'plain'}>{t(`applications.sectionStatus.${answer.status}`)}</Tag>}
          {answer.closeness === 2 && <Tag tone="plain">{t('answerLibrary.sameSection')}</Tag>}
          {answer.closeness === 1 && <Tag tone="plain">{t('answerLibrary.sameFund')}</Tag>}
          {answer.language !== language && <Tag tone="plain">{t('answerLibrary.inLanguage', { language: languageName(answer.language, locale) })}</Tag>}
        </p>
        <p className="text-xs text-gray-600">{t('answerLibrary.updated', { date: formats.date(answer.updatedAt) })}</p>
      </div>
      {open ? (
        <div id={textId} className="max-h-96 space-y-2 overflow-y-auto rounded-md bg-gray-50 p-3 text-sm leading-relaxed text-gray-900 ring-1 ring-gray-200" tabIndex={0} role="region" aria-label={t('answerLibrary.from', { section: answer.sectionTitle, application: answer.applicationTitle })}>
          {paragraphs.map((paragraph, index) => (
            <div key={index} className="group">
              <p className="whitespace-pre-line break-words">{paragraph}</p>
              {editable && paragraphs.length > 1 && (
                <Button variant="ghost" className="mt-1 text-primary-700" onClick={() => onInsert(paragraph, answer)}>
                  + {t('answerLibrary.insertParagraph')}
                </Button>
              )}
            </div>
          ))}
        </div>
      ) : (
        <p className="text-sm leading-relaxed break-words text-gray-800">{answer.snippet ? <Hits text={answer.snippet} /> : preview(answer.content)}</p>
      )}
      <div className="flex flex-wrap gap-2" lang={locale}>
        {editable && <Button onClick={() => onInsert(answer.content, answer)}>{textIsEmpty ? t('answerLibrary.use') : t('answerLibrary.insert')}</Button>}
        <Button variant="secondary" aria-expanded={open} aria-controls={open ? textId : undefined} onClick={() => setOpen(!open)}>
          {open ? t('answerLibrary.hide') : t('answerLibrary.show')}
        </Button>
      </div>
    </li>
  );
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= PREVIEW_CHARS ? flat : `${flat.slice(0, PREVIEW_CHARS).replace(/\s+\S*$/, '')} …`;
}

/** A snippet with the searched words marked; the text stays text (never markup). */
function Hits({ text }: { text: string }): ReactNode {
  const [first = '', ...marked] = text.split(HIT_START);
  return (
    <>
      {first}
      {marked.map((piece, index) => {
        const [hit = '', ...rest] = piece.split(HIT_END);
        return (
          <span key={index}>
            <mark className="rounded-sm bg-amber-100 px-0.5 text-gray-900">{hit}</mark>
            {rest.join('')}
          </span>
        );
      })}
    </>
  );
}

function Tag({ tone, children }: { tone: 'final' | 'plain'; children: ReactNode }) {
  return <span className={`inline-flex rounded-full px-2 py-0.5 ring-1 ${tone === 'final' ? 'bg-primary-50 text-primary-900 ring-primary-200' : 'bg-gray-50 text-gray-700 ring-gray-200'}`}>{children}</span>;
}

import { Link } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { missingForDone, type AnswerValue } from '../../../shared/domain/application-sections';
import { may } from '../../../shared/domain/company-roles';
import { orgIdCoverKey } from '../../../shared/domain/org-id';
import { mayPublish } from '../../../shared/domain/review';
import { languageName } from '../../../shared/i18n/language-names';
import { InLanguage, useFormats, useLocale, useRichT, useT } from '../../lib/intl';
import { usePageMeta } from '../../lib/page-meta';
import { safeHref } from '../../lib/safe-url';
import { toast } from '../../lib/toast-store';
import { errorMessageOf, trpc, type RouterOutputs } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Loading, QueryState } from '../../ui/query-view';
import { FinalStructured, useDataProblemText, useLeftoverText } from '../budget';
import { DocumentDownloads } from '../document-export';
import { CopyApplication } from './copy-application';

type Final = RouterOutputs['reviews']['final'];
type Section = Final['sections'][number];

/**
 * `/applications/{id}/final`: the whole application as one document, readable on screen and
 * printable, with what is still missing before it can be locked as the final version, where the
 * fund takes applications, and the lock and copy actions. The actions speak the interface
 * language; the document speaks the application's, with that language's numbers and dates, since
 * it is what the company hands in. Printed, sections follow on one another and a heading, a table
 * row or a chart is never split from what follows it (styles.css).
 */
/** `checklist` is the deadlines feature's part (the internal deadline, sections overdue), given by the route. */
export function FinalDocument({ applicationId, checklist }: { applicationId: string; checklist?: ReactNode }) {
  const t = useT();
  const { locale } = useLocale();
  const final = trpc.reviews.final.useQuery({ applicationId }, { retry: false });
  usePageMeta({ title: final.data?.title ?? t('route.applications-application_id-final') });
  usePrintedAs(final.data ? { title: final.data.title, language: final.data.language } : null);
  if (final.status !== 'success') return <QueryState query={final} className="mx-auto mt-8 max-w-4xl px-4" />;
  const data = final.data;
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:py-8 print:max-w-none print:p-0">
      <div className="space-y-4 print:hidden">
        <Link to="/applications/$application_id" params={{ application_id: data.id }} className="inline-block text-sm text-primary-700 hover:underline">
          ← {t('reviews.final.back')}
        </Link>
        <Actions final={data} />
        <WhereToApply final={data} checklist={checklist} />
        {!data.published && <Checklist final={data} />}
        {data.language !== locale && <p className="text-sm text-gray-600">{t('reviews.final.inLanguage', { language: languageName(data.language, locale) })}</p>}
      </div>
      <InLanguage locale={data.language} fallback={<Loading className="mt-6" />}>
        <Document final={data} />
      </InLanguage>
    </div>
  );
}

function Actions({ final }: { final: Final }) {
  const t = useT();
  const formats = useFormats();
  const utils = trpc.useUtils();
  const publish = trpc.reviews.publish.useMutation({ meta: { handlesError: true } });
  const publishable = mayPublish({ role: final.role, published: final.published, sections: final.sections });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" onClick={() => window.print()}>
        {t('reviews.final.print')}
      </Button>
      <DocumentDownloads applicationId={final.id} />
      {publishable && (
        <ConfirmDialog
          title={t('reviews.final.publishTitle', { title: final.title })}
          description={t('reviews.final.publishBody', { fund: final.fundName, deadline: final.deadlineAt ? formats.deadline(final.deadlineAt) : t('applications.deadline.none') })}
          confirmLabel={t('reviews.final.publish')}
          onConfirm={async () => {
            try {
              await publish.mutateAsync({ applicationId: final.id });
              toast.success(t('reviews.final.publishDone'));
            } catch (error) {
              toast.error(errorMessageOf(error));
            }
            await Promise.all([utils.reviews.final.invalidate({ applicationId: final.id }), utils.applications.get.invalidate({ applicationId: final.id }), utils.applications.list.invalidate()]);
          }}
          trigger={<Button>{t('reviews.final.publish')}</Button>}
        />
      )}
      {may(final.role, 'applications.edit') && final.published && <CopyApplication application={final} />}
      {!final.published && !may(final.role, 'publish') && <p className="w-full text-sm text-gray-600">{t('reviews.final.publishRight')}</p>}
    </div>
  );
}

/**
 * Where and by when the company applies: locking does not send the application anywhere. Once
 * locked, this is the page's statement of what happened.
 */
function WhereToApply({ final, checklist }: { final: Final; checklist?: ReactNode }) {
  const t = useT();
  const richT = useRichT();
  const formats = useFormats();
  const { locale } = useLocale();
  const href = safeHref(final.grantUrl);
  // The fund's and the grant's names come in the application's language, as the document prints them.
  const fund = <span lang={final.language}>{final.fundName}</span>;
  const locked = final.published && final.publishedAt;
  return (
    <section
      aria-labelledby="where-to-apply-heading"
      className={`space-y-1.5 rounded-lg p-4 text-sm ring-1 ${locked ? 'bg-primary-50 text-primary-900 ring-primary-200' : 'bg-white text-gray-800 shadow-sm ring-gray-200'}`}
    >
      <h2 id="where-to-apply-heading" className="font-semibold text-gray-900">
        {locked ? t('reviews.final.locked') : t('reviews.final.whereToApply')}
      </h2>
      {locked ? (
        <>
          <p>{t('reviews.final.publishedOn', { date: formats.date(final.publishedAt!) })}</p>
          <p className="font-medium">{richT('reviews.final.notSent', { fund })}</p>
        </>
      ) : (
        <p>{t('reviews.final.whereToApplyBody')}</p>
      )}
      <ul className="space-y-0.5">
        {href && (
          <li>
            <a href={href} target="_blank" rel="noopener noreferrer" className="break-words text-primary-700 underline">
              {richT('reviews.final.applyLink', { grant: <span lang={final.language}>{final.grantTitle}</span> })}
            </a>{' '}
            <span className="text-gray-600">({fund})</span>
            {final.grantUrlLanguage && final.grantUrlLanguage !== locale && (
              <span className="text-gray-600"> {t('reviews.final.pageInLanguage', { language: languageName(final.grantUrlLanguage, locale) })}</span>
            )}
          </li>
        )}
        <li>{t('reviews.final.deadline', { deadline: final.deadlineAt ? formats.deadline(final.deadlineAt) : t('applications.deadline.none') })}</li>
        {!final.published && checklist}
      </ul>
    </section>
  );
}

/** What stands between the application and publishing, each item a link to the section to fix. */
function Checklist({ final }: { final: Final }) {
  const dataText = useDataProblemText(final.currency);
  const leftoverText = useLeftoverText();
  const t = useT();
  const richT = useRichT();
  // Section titles and requirements are the document's own words, in the application's language.
  const named = (text: string) => <span lang={final.language}>{text}</span>;
  const items: Array<{ key: string; sectionId: string; text: ReactNode }> = [];
  for (const section of final.sections) {
    const title = named(section.title);
    // A done section is checked only for text nobody has written (it may have been marked done before that rule).
    const missing = section.status === 'done' ? missingForDone(section, section).filter((item) => item.kind === 'leftover') : missingForDone(section, section);
    if (section.status !== 'done' && missing.length === 0) {
      items.push({ key: section.id, sectionId: section.id, text: richT('reviews.final.notDone', { section: title, status: t(`applications.sectionStatus.${section.status}`) }) });
    }
    for (const item of missing) {
      const text =
        item.kind === 'content'
          ? richT('reviews.final.missingContent', { section: title })
          : item.kind === 'requirement'
            ? richT('reviews.final.missingRequirement', { section: title, text: named(item.text) })
            : item.kind === 'input'
              ? item.problem === 'startAfterEnd'
                ? <>{title}: {richT('applications.editor.missing.startAfterEnd', { label: named(item.label) })}</>
                : richT('reviews.final.missingInput', { section: title, label: named(item.label) })
              : item.kind === 'leftover'
                ? <>{title}: {leftoverText(item.leftover)}</>
                : item.kind === 'tooLong'
                  ? <>{title}: {t('applications.editor.missing.textTooLong', { limit: item.limit, count: item.count })}</>
                : <>{title}: {dataText(item)}</>;
      const key = `${section.id}-${item.kind}-${'id' in item ? item.id : item.kind === 'leftover' ? item.leftover.kind : item.kind === 'data' ? `${item.field}:${item.message}` : ''}`;
      items.push({ key, sectionId: section.id, text });
    }
  }
  return (
    <section aria-labelledby="checklist-heading" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h2 id="checklist-heading" className="text-sm font-semibold text-gray-900">
        {t('reviews.final.checklist')}
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-primary-800">{t('reviews.final.ready')}</p>
      ) : (
        <ul className="mt-2 list-disc space-y-1 ps-5 text-sm">
          {items.map((item) => (
            <li key={item.key}>
              <Link to="/applications/$application_id/$section_id" params={{ application_id: final.id, section_id: item.sectionId }} className="text-primary-700 underline">
                {item.text}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Document({ final }: { final: Final }) {
  const t = useT();
  const formats = useFormats();
  const structured = final.sections.some((section) => section.kind === 'activity_plan');
  const members = trpc.companies.members.useQuery({ companyId: final.companyId }, { enabled: structured, retry: false, staleTime: 60_000 });
  const names = (members.data ?? []).map((member) => ({ userId: member.userId, name: `${member.firstname} ${member.lastname}`.trim() || member.email }));
  // A locked document is dated the day it was locked; a draft the day it is read or printed.
  const date = formats.date(final.publishedAt ?? new Date());
  return (
    <article lang={final.language} className="mt-6 rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-8 print:mt-0 print:p-0 print:shadow-none print:ring-0">
      <div className="border-b border-gray-300 pb-4" data-testid="final-cover">
        <p className="text-sm font-medium text-gray-600">{t('reviews.final.cover.kind', { grant: final.grantTitle })}</p>
        <h1 className="mt-1 text-3xl font-semibold break-words text-gray-900">{final.title}</h1>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium text-gray-600">{t('reviews.final.company')}</dt>
          <dd className="break-words text-gray-900">
            {final.companyName} · {t(orgIdCoverKey(final.country), { orgId: final.orgId })}
          </dd>
          <dt className="font-medium text-gray-600">{t('reviews.final.cover.fund')}</dt>
          <dd className="break-words text-gray-900">{final.fundName}</dd>
          <dt className="font-medium text-gray-600">{t('reviews.final.grant')}</dt>
          <dd className="break-words text-gray-900">{final.grantTitle}</dd>
          <dt className="font-medium text-gray-600">{t('reviews.final.cover.date')}</dt>
          <dd className="text-gray-900">{date}</dd>
          {/* The status in words a fund's officer reads; the internal revision stays on the element, for support. */}
          <dt className="font-medium text-gray-600">{t('documentExport.cover.status')}</dt>
          <dd className="text-gray-900" data-revision={final.revision}>
            {final.published ? t('documentExport.cover.locked', { date }) : t('documentExport.cover.draft')}
          </dd>
        </dl>
      </div>
      <section className="mt-6">
        <h2 className="text-xl font-semibold text-gray-900">{t('reviews.final.description')}</h2>
        <p className="mt-2 text-sm leading-relaxed whitespace-pre-line break-words text-gray-800">{final.description || t('applications.overview.noDescription')}</p>
      </section>
      {final.sections.map((section, index) => (
        <DocumentSection key={section.id} section={section} number={index + 1}>
          <FinalStructured section={section} sections={final.sections} members={names} />
        </DocumentSection>
      ))}
    </article>
  );
}

/**
 * While the page is printed, the document is the page: the PDF a browser makes is titled with the
 * application's title alone and declared in the application's language (the interface's own
 * language and the "· Grantwork" title come back after printing).
 */
function usePrintedAs(document: { title: string; language: string } | null) {
  const title = document?.title;
  const language = document?.language;
  useEffect(() => {
    if (title === undefined || language === undefined) return;
    const root = window.document.documentElement;
    let kept: { title: string; language: string } | null = null;
    const before = () => {
      kept ??= { title: window.document.title, language: root.lang };
      window.document.title = title;
      root.lang = language;
    };
    const after = () => {
      if (!kept) return;
      window.document.title = kept.title;
      root.lang = kept.language;
      kept = null;
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      after();
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, [title, language]);
}

/** An input's answer as the document states it: numbers and dates in the document's language, a list one item to a line. */
function Answer({ type, value }: { type: Section['inputs'][number]['type']; value: AnswerValue | undefined }) {
  const t = useT();
  const formats = useFormats();
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return <>{t('reviews.final.noAnswer')}</>;
  if (typeof value === 'number') return <>{formats.number(value)}</>;
  if (Array.isArray(value)) {
    return (
      <ul className="list-disc ps-5">
        {value.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    );
  }
  if (type === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return <>{formats.calendarDate(value)}</>;
  return <>{value}</>;
}

function DocumentSection({ section, number, children }: { section: Section; number: number; children: React.ReactNode }) {
  const t = useT();
  return (
    <section className="mt-8 border-t border-gray-200 pt-6 print:mt-6 print:pt-4" aria-labelledby={`final-${section.id}`}>
      <h2 id={`final-${section.id}`} className="text-xl font-semibold break-words text-gray-900">
        {number}. {section.title}
      </h2>
      {(section.content || section.kind === 'text') && (
        <p className="mt-2 text-sm leading-relaxed whitespace-pre-line break-words text-gray-800">{section.content || t('reviews.final.noContent')}</p>
      )}
      {children}
      {section.inputs.length > 0 && (
        <dl className="mt-4 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[14rem_1fr] print:break-before-avoid print:grid-cols-[14rem_1fr]">
          {section.inputs.map((input) => (
            <div key={input.id} className="contents">
              <dt className="font-medium text-gray-600">{input.label}</dt>
              <dd className="break-words text-gray-900">
                <Answer type={input.type} value={section.answers[input.id]} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

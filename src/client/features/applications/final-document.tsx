import { Link } from '@tanstack/react-router';
import { missingForDone, type AnswerValue } from '../../../shared/domain/application-sections';
import { may } from '../../../shared/domain/company-roles';
import { mayPublish } from '../../../shared/domain/review';
import { useFormats, useT } from '../../lib/intl';
import { usePageMeta } from '../../lib/page-meta';
import { appErrorOf, trpc, type RouterOutputs } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { LoadError } from '../../ui/load-error';
import { toast } from '../../ui/toast';
import { CopyApplication } from './copy-application';
import { useDataProblemText, useLeftoverText } from './data-problems';
import { FinalStructured } from './final-structured';

type Final = RouterOutputs['reviews']['final'];
type Section = Final['sections'][number];

/**
 * `/applications/{id}/final`: the whole application as one document, readable on screen and
 * printable (the print stylesheet drops the navigation and starts each section on a new page),
 * with what is still missing before it can be published and the publish and copy actions.
 */
export function FinalDocument({ applicationId }: { applicationId: string }) {
  const t = useT();
  const final = trpc.reviews.final.useQuery({ applicationId }, { retry: false });
  usePageMeta({ title: final.data?.title ?? t('route.applications-application_id-final') });
  if (final.isPending) {
    return (
      <p role="status" className="mx-auto max-w-4xl px-4 py-8 text-sm text-gray-600">
        {t('common.loading')}
      </p>
    );
  }
  if (final.isError) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-8">
        <LoadError error={final.error} onRetry={() => void final.refetch()} />
      </div>
    );
  }
  const data = final.data;
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:py-8 print:max-w-none print:p-0">
      <div className="space-y-4 print:hidden">
        <Link to="/applications/$application_id" params={{ application_id: data.id }} className="inline-block text-sm text-primary-700 hover:underline">
          ← {t('reviews.final.back')}
        </Link>
        <Actions final={data} />
        {!data.published && <Checklist final={data} />}
      </div>
      <Document final={data} />
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
      {publishable && (
        <ConfirmDialog
          title={t('reviews.final.publishTitle', { title: final.title })}
          description={t('reviews.final.publishBody')}
          confirmLabel={t('reviews.final.publish')}
          onConfirm={async () => {
            try {
              await publish.mutateAsync({ applicationId: final.id });
              toast.success(t('reviews.final.publishDone'));
            } catch (error) {
              const data = appErrorOf(error);
              toast.error(t(data?.messageKey ?? 'error.network', data?.values));
            }
            await Promise.all([utils.reviews.final.invalidate({ applicationId: final.id }), utils.applications.get.invalidate({ applicationId: final.id }), utils.applications.list.invalidate()]);
          }}
          trigger={<Button>{t('reviews.final.publish')}</Button>}
        />
      )}
      {may(final.role, 'applications.edit') && final.published && <CopyApplication application={final} />}
      {final.published && final.publishedAt && (
        <p className="w-full rounded-md bg-primary-50 p-3 text-sm text-primary-900 ring-1 ring-primary-200">
          {t('reviews.final.publishedOn', { date: formats.date(final.publishedAt) })}
        </p>
      )}
      {!final.published && !may(final.role, 'publish') && <p className="w-full text-sm text-gray-600">{t('reviews.final.publishRight')}</p>}
    </div>
  );
}

/** What stands between the application and publishing, each item a link to the section to fix. */
function Checklist({ final }: { final: Final }) {
  const dataText = useDataProblemText(final.currency);
  const leftoverText = useLeftoverText();
  const t = useT();
  const items: Array<{ key: string; sectionId: string; text: string }> = [];
  for (const section of final.sections) {
    // A done section is checked only for text nobody has written (it may have been marked done before that rule).
    const missing = section.status === 'done' ? missingForDone(section, section).filter((item) => item.kind === 'leftover') : missingForDone(section, section);
    if (section.status !== 'done' && missing.length === 0) {
      items.push({ key: section.id, sectionId: section.id, text: t('reviews.final.notDone', { section: section.title, status: t(`applications.sectionStatus.${section.status}`) }) });
    }
    for (const item of missing) {
      const text =
        item.kind === 'content'
          ? t('reviews.final.missingContent', { section: section.title })
          : item.kind === 'requirement'
            ? t('reviews.final.missingRequirement', { section: section.title, text: item.text })
            : item.kind === 'input'
              ? item.problem === 'startAfterEnd'
                ? `${section.title}: ${t('applications.editor.missing.startAfterEnd', { label: item.label })}`
                : t('reviews.final.missingInput', { section: section.title, label: item.label })
              : item.kind === 'leftover'
                ? `${section.title}: ${leftoverText(item.leftover)}`
                : `${section.title}: ${dataText(item)}`;
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
  const structured = final.sections.some((section) => section.kind === 'activity_plan');
  const members = trpc.companies.members.useQuery({ companyId: final.companyId }, { enabled: structured, retry: false, staleTime: 60_000 });
  const names = (members.data ?? []).map((member) => ({ userId: member.userId, name: `${member.firstname} ${member.lastname}`.trim() || member.email }));
  return (
    <article className="mt-6 rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-8 print:mt-0 print:p-0 print:shadow-none print:ring-0">
      <h1 className="text-3xl font-semibold break-words text-gray-900">{final.title}</h1>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium text-gray-600">{t('reviews.final.company')}</dt>
        <dd className="text-gray-900">{final.companyName}</dd>
        <dt className="font-medium text-gray-600">{t('reviews.final.grant')}</dt>
        <dd className="text-gray-900">
          {final.fundName} › {final.grantTitle}
        </dd>
      </dl>
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

function DocumentSection({ section, number, children }: { section: Section; number: number; children: React.ReactNode }) {
  const t = useT();
  const formats = useFormats();
  const shown = (value: AnswerValue | undefined) => {
    if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return t('reviews.final.noAnswer');
    if (typeof value === 'number') return formats.number(value);
    if (Array.isArray(value)) return value.join(', ');
    return value;
  };
  return (
    <section className="mt-8 border-t border-gray-200 pt-6 print:break-before-page print:border-0 print:pt-0" aria-labelledby={`final-${section.id}`}>
      <h2 id={`final-${section.id}`} className="text-xl font-semibold break-words text-gray-900">
        {number}. {section.title}
      </h2>
      {(section.content || section.kind === 'text') && (
        <p className="mt-2 text-sm leading-relaxed whitespace-pre-line break-words text-gray-800">{section.content || t('reviews.final.noContent')}</p>
      )}
      {children}
      {section.inputs.length > 0 && (
        <dl className="mt-4 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[14rem_1fr]">
          {section.inputs.map((input) => (
            <div key={input.id} className="contents">
              <dt className="font-medium text-gray-600">{input.label}</dt>
              <dd className="whitespace-pre-line break-words text-gray-900">{shown(section.answers[input.id])}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

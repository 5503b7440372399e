/**
 * The section editor's history panel: the section's versions (who, when, what it was restored
 * from), each opened in a dialog with its differences from the text being written and, for an
 * editor, a way to restore it; the status changes below (decision 0036).
 */
import { useEffect, useState } from 'react';
import { Dialog } from 'radix-ui';
import { isStructuredKind } from '../../../shared/schemas/section-data';
import { useFormats, useT } from '../../lib/intl';
import { toast } from '../../lib/toast-store';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { QueryState } from '../../ui/query-view';
import { ApplicationHistory } from '../reviews';
import { FinalStructured } from '../budget';
import type { useSectionDraft } from '../co-editing';
import { WordDiffView } from './word-diff-view';

type Section = RouterOutputs['applications']['section'];
type VersionItem = RouterOutputs['versions']['list']['versions'][number];
/**
 * What the panel needs of the editor: the text as it stands, storing what is typed, taking the
 * fields a save made on the server (the restored text arrives through the live text itself).
 */
interface Editor extends Pick<ReturnType<typeof useSectionDraft>, 'adopt'> {
  content: string;
  flush: () => Promise<boolean>;
  savedAt: Date | null;
}

export function SectionVersions({ applicationId, companyId, section, editable, editor }: { applicationId: string; companyId: string; section: Section; editable: boolean; editor: Editor }) {
  const t = useT();
  const formats = useFormats();
  const utils = trpc.useUtils();
  const input = { applicationId, sectionId: section.id };
  const list = trpc.versions.list.useInfiniteQuery(input, { getNextPageParam: (page) => page.nextCursor ?? undefined });
  const [open, setOpen] = useState<VersionItem | null>(null);

  // Each save of the editor may have made or changed a version.
  const { savedAt } = editor;
  useEffect(() => {
    if (savedAt) void utils.versions.list.invalidate({ applicationId, sectionId: section.id });
  }, [savedAt, utils, applicationId, section.id]);

  const versions = list.data?.pages.flatMap((page) => page.versions) ?? [];
  const latestId = versions[0]?.id;
  return (
    <div className="space-y-4">
      <section aria-labelledby="versions-heading" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
        <h2 id="versions-heading" className="text-sm font-semibold text-gray-900">
          {t('versions.heading')}
        </h2>
        {list.status !== 'success' ? (
          <QueryState query={list} className="mt-2" />
        ) : versions.length === 0 ? (
          <p className="mt-2 text-sm text-gray-600">{t('versions.empty')}</p>
        ) : (
          <>
            <ol className="mt-2 space-y-1" data-testid="version-list">
              {versions.map((version) => (
                <li key={version.id}>
                  <button
                    type="button"
                    onClick={() => setOpen(version)}
                    className="w-full rounded-md px-2 py-1.5 text-start text-sm hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-primary-700"
                  >
                    <span className="flex flex-wrap items-center gap-x-2">
                      <time dateTime={new Date(version.savedAt).toISOString()} className="font-medium text-primary-700 underline-offset-2 hover:underline">
                        {formats.shortDateTime(version.savedAt)}
                      </time>
                      {version.id === latestId && <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-700 ring-1 ring-gray-200">{t('versions.latest')}</span>}
                    </span>
                    <span className="block break-words text-gray-700">{version.authorName ?? t('versions.formerUser')}</span>
                    {version.restoredFrom !== null && <RestoredFrom savedAt={version.restoredFromSavedAt} />}
                    {version.fromSuggestion && <span className="block text-xs text-gray-600" data-testid="version-from-suggestion">{t('versions.fromSuggestion')}</span>}
                  </button>
                </li>
              ))}
            </ol>
            {list.hasNextPage && (
              <Button variant="ghost" className="mt-2" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {t('versions.more')}
              </Button>
            )}
          </>
        )}
      </section>
      <ApplicationHistory applicationId={applicationId} sectionId={section.id} />
      {open && <VersionDialog key={open.id} item={open} applicationId={applicationId} companyId={companyId} section={section} editable={editable} editor={editor} onClose={() => setOpen(null)} />}
    </div>
  );
}

function RestoredFrom({ savedAt }: { savedAt: string | Date | null }) {
  const t = useT();
  const formats = useFormats();
  return <span className="block text-xs text-gray-600">{savedAt ? t('versions.restoredFrom', { time: formats.shortDateTime(savedAt) }) : t('versions.restoredFromGone')}</span>;
}

function VersionDialog({
  item,
  applicationId,
  companyId,
  section,
  editable,
  editor,
  onClose,
}: {
  item: VersionItem;
  applicationId: string;
  companyId: string;
  section: Section;
  editable: boolean;
  editor: Editor;
  onClose: () => void;
}) {
  const t = useT();
  const formats = useFormats();
  const utils = trpc.useUtils();
  const version = trpc.versions.get.useQuery({ applicationId, sectionId: section.id, versionId: item.id }, { staleTime: 60_000 });
  const restore = trpc.versions.restore.useMutation();
  const structured = isStructuredKind(section.kind);
  const when = formats.shortDateTime(item.savedAt);
  const author = item.authorName ?? t('versions.formerUser');

  async function onRestore() {
    if (!(await editor.flush())) {
      toast.error(t('versions.saveFirst'));
      return;
    }
    const result = await restore.mutateAsync({ applicationId, sectionId: section.id, versionId: item.id });
    // The editor takes the fields as the restore saved them, on the version the restore made.
    const saved = await utils.applications.section.fetch({ applicationId, sectionId: section.id }, { staleTime: 0 });
    editor.adopt(saved.fieldsVersion, () => ({ answers: saved.answers, fulfilled: [...saved.fulfilled], data: saved.data ?? null }));
    utils.applications.get.setData({ applicationId }, (old) => (old ? { ...old, sections: old.sections.map((other) => (other.id === section.id ? { ...other, status: result.status } : other)) } : old));
    void utils.versions.list.invalidate({ applicationId, sectionId: section.id });
    void utils.reviews.history.invalidate({ applicationId });
    void utils.reviews.section.invalidate({ applicationId, sectionId: section.id });
    toast.success(t('versions.restored'));
    onClose();
  }

  return (
    <Dialog.Root open onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-900/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white shadow-xl ring-1 ring-gray-200 focus:outline-none"
        >
          <div className="flex items-start justify-between gap-4 border-b border-gray-200 p-4 sm:px-5">
            <div className="min-w-0">
              <Dialog.Title className="text-base font-semibold text-gray-900">{t('versions.dialogTitle', { time: when })}</Dialog.Title>
              <p className="mt-0.5 text-sm break-words text-gray-600">
                {formats.shortDateTime(item.startedAt) === when
                  ? t('versions.byOnce', { author, time: when })
                  : t('versions.by', { author, start: formats.shortDateTime(item.startedAt), end: formats.time(item.savedAt) })}
              </p>
              {item.restoredFrom !== null && <RestoredFrom savedAt={item.restoredFromSavedAt} />}
              {item.fromSuggestion && <span className="block text-xs text-gray-600">{t('versions.fromSuggestion')}</span>}
            </div>
            <Dialog.Close aria-label={t('common.close')} className="rounded px-1 text-xl leading-none text-gray-500 hover:bg-gray-100 hover:text-gray-800">
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 space-y-5 overflow-y-auto p-4 sm:px-5">
            {version.status !== 'success' ? (
              <QueryState query={version} />
            ) : (
              <>
                {structured && (
                  <section aria-labelledby="version-rows-heading">
                    <h3 id="version-rows-heading" className="text-sm font-semibold text-gray-900">
                      {t('versions.rows')}
                    </h3>
                    <VersionRows section={section} companyId={companyId} data={version.data.data} />
                  </section>
                )}
                {(!structured || version.data.content !== '' || editor.content !== '') && (
                  <section aria-labelledby="version-diff-heading" className="space-y-2">
                    <h3 id="version-diff-heading" className="text-sm font-semibold text-gray-900">
                      {t('versions.differences')}
                    </h3>
                    <WordDiffView before={version.data.content} after={editor.content} />
                    <details className="text-sm">
                      <summary className="cursor-pointer text-primary-700 hover:underline">{t('versions.text')}</summary>
                      {version.data.content ? (
                        <p className="mt-2 break-words whitespace-pre-wrap text-gray-900">{version.data.content}</p>
                      ) : (
                        <p className="mt-2 text-gray-600">{t('versions.noText')}</p>
                      )}
                    </details>
                  </section>
                )}
              </>
            )}
          </div>
          <div className="flex flex-wrap justify-end gap-2 border-t border-gray-200 p-4 sm:px-5">
            <Dialog.Close asChild>
              <Button variant="secondary">{t('common.close')}</Button>
            </Dialog.Close>
            {editable && (
              <ConfirmDialog
                title={t('versions.confirmTitle', { time: when })}
                description={t('versions.confirmBody')}
                confirmLabel={t('versions.confirm')}
                onConfirm={onRestore}
                trigger={<Button disabled={version.status !== 'success' || restore.isPending}>{t('versions.restore')}</Button>}
              />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A structured version's rows, read-only, as the final document shows them. */
function VersionRows({ section, companyId, data }: { section: Section; companyId: string; data: unknown }) {
  const members = trpc.companies.members.useQuery({ companyId }, { enabled: section.kind === 'activity_plan', retry: false, staleTime: 60_000 });
  const names = (members.data ?? []).map((member) => ({ userId: member.userId, name: `${member.firstname} ${member.lastname}`.trim() || member.email }));
  const related = [
    { kind: 'budget' as const, data: section.related.budget, terms: section.terms },
    { kind: 'activity_plan' as const, data: section.related.activityPlan, terms: section.terms },
  ];
  return <FinalStructured section={{ kind: section.kind, data, terms: section.terms }} sections={related} members={names} />;
}

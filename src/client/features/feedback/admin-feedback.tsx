/** What users wrote through the feedback form, newest first, for the platform admin. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useFormats, useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { QueryState } from '../../ui/query-view';

export function AdminFeedback() {
  const t = useT();
  const formats = useFormats();
  const utils = trpc.useUtils();
  const pages = useInfiniteQuery({
    queryKey: ['feedback.list'],
    queryFn: ({ pageParam }) => utils.client.feedback.list.query({ before: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.more ? last.items.at(-1)?.createdAt : undefined),
  });
  if (pages.status !== 'success') return <QueryState query={pages} />;
  const items = pages.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-sm text-gray-700">{t('feedback.admin.empty')}</p>;
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-gray-200 rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
        {items.map((item) => {
          const name = `${item.firstname ?? ''} ${item.lastname ?? ''}`.trim();
          const who = [name, item.email].filter(Boolean).join(' · ') || t('feedback.admin.anonymous');
          return (
            <li key={item.id} className="space-y-1 p-4" data-testid="feedback-item">
              <p className="text-xs text-gray-600">{t('feedback.admin.from', { who, date: formats.shortDateTime(item.createdAt), page: item.page ?? '–' })}</p>
              <p className="text-sm break-words whitespace-pre-line text-gray-900" lang={item.locale}>
                {item.message}
              </p>
            </li>
          );
        })}
      </ul>
      {pages.hasNextPage && (
        <Button variant="secondary" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          {t('feedback.admin.more')}
        </Button>
      )}
    </div>
  );
}

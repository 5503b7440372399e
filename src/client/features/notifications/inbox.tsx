/**
 * The bell in the signed-in header: the unread count, kept live by a subscription (the server
 * sends it at once and on every change), and a popover listing the inbox newest first, a page at
 * a time. Opening an item marks it read and goes to its place.
 */
import { useState } from 'react';
import { Popover } from 'radix-ui';
import { Link } from '@tanstack/react-router';
import type { MessageKey } from '../../../shared/i18n';
import type { InboxKind } from '../../../shared/schemas/notifications';
import { useFormats, useIntl, useT } from '../../lib/intl';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { QueryState } from '../../ui/query-view';

type InboxItem = RouterOutputs['notifications']['inbox']['items'][number];

export function InboxBell() {
  const t = useT();
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const count = trpc.notifications.unreadCount.useQuery();
  trpc.notifications.watchUnread.useSubscription(undefined, {
    onData: (value) => {
      const shown = utils.notifications.unreadCount.getData();
      utils.notifications.unreadCount.setData(undefined, value);
      if (shown === value) return;
      // Something arrived or was read elsewhere: the list no longer shows what is there, nor may
      // the menu's count of waiting invitations (one was sent, or answered in another window).
      void utils.notifications.inbox.invalidate();
      if (shown !== undefined) void utils.invitations.mine.invalidate();
    },
  });
  const unread = count.data ?? 0;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className="relative rounded-full p-1.5 text-gray-700 hover:bg-gray-100 data-[state=open]:bg-gray-100" aria-label={unread > 0 ? `${t('inbox.title')}, ${t('inbox.unreadCount', { count: unread })}` : t('inbox.title')} data-testid="inbox-bell">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
          <path d="M10 2a5 5 0 0 0-5 5v2.6c0 .5-.2 1-.5 1.4L3.3 12.6A1 1 0 0 0 4 14.2h12a1 1 0 0 0 .8-1.6l-1.3-1.6c-.3-.4-.5-.9-.5-1.4V7a5 5 0 0 0-5-5Zm-2.2 13.4a2.3 2.3 0 0 0 4.4 0H7.8Z" />
        </svg>
        {unread > 0 && (
          <span aria-hidden="true" data-testid="inbox-count" className="absolute -end-0.5 -top-0.5 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] leading-4 font-semibold text-white">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-label={t('inbox.title')}
          className="z-50 flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-md bg-white text-sm shadow-lg ring-1 ring-gray-200"
        >
          <InboxPanel unread={unread} onOpened={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function InboxPanel({ unread, onOpened }: { unread: number; onOpened: () => void }) {
  const t = useT();
  const utils = trpc.useUtils();
  const pages = trpc.notifications.inbox.useInfiniteQuery({}, { getNextPageParam: (page) => page.nextCursor });
  const refresh = () => Promise.all([utils.notifications.inbox.invalidate(), utils.notifications.unreadCount.invalidate()]);
  const markRead = trpc.notifications.markRead.useMutation({ onSuccess: refresh });
  const markAllRead = trpc.notifications.markAllRead.useMutation({ onSuccess: refresh });
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b border-gray-200 px-3 py-2">
        <h2 className="font-semibold text-gray-900">{t('inbox.title')}</h2>
        <button
          type="button"
          className="rounded px-2 py-1 text-primary-700 hover:bg-gray-100 disabled:text-gray-400 disabled:hover:bg-transparent"
          disabled={unread === 0 || markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
        >
          {t('inbox.markAllRead')}
        </button>
      </div>
      <div className="overflow-y-auto">
        {pages.status !== 'success' ? (
          <QueryState query={pages} className="p-3" />
        ) : items.length === 0 ? (
          <p className="p-3 text-gray-600">{t('inbox.empty')}</p>
        ) : (
          <ul className="divide-y divide-gray-100">
            {items.map((item) => (
              <li key={item.id}>
                <InboxEntry
                  item={item}
                  onOpen={() => {
                    if (!item.readAt) markRead.mutate({ ids: [item.id] });
                    onOpened();
                  }}
                />
              </li>
            ))}
          </ul>
        )}
        {pages.hasNextPage && (
          <div className="border-t border-gray-100 p-2 text-center">
            <button type="button" className="rounded px-2 py-1 text-primary-700 hover:bg-gray-100" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
              {t('inbox.more')}
            </button>
          </div>
        )}
      </div>
    </>
  );
}

const headlineKey: Record<InboxKind, MessageKey> = {
  mention: 'inbox.item.mention',
  reply: 'inbox.item.reply',
  review_request: 'inbox.item.reviewRequest',
  approved: 'inbox.item.approved',
  not_approved: 'inbox.item.notApproved',
  join_request: 'inbox.item.joinRequest',
  invitation: 'inbox.item.invitation',
  assigned: 'deadlines.inbox.assigned',
  deadline: 'deadlines.inbox.deadline',
  overdue: 'deadlines.inbox.overdue',
};

const entryClass = 'flex gap-2 px-3 py-2.5 outline-none hover:bg-gray-50 focus-visible:bg-gray-100 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:ring-inset';

function InboxEntry({ item, onOpen }: { item: InboxItem; onOpen: () => void }) {
  const t = useT();
  const values = { actor: item.actorName || t('notifications.someone'), section: item.sectionTitle ?? '', company: item.companyName };
  const body = (
    <>
      <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${item.readAt ? 'bg-transparent' : 'bg-primary-600'}`} />
      <span className="min-w-0 flex-1">
        {!item.readAt && <span className="sr-only">{t('inbox.unread')}: </span>}
        <span className={`block break-words ${item.readAt ? 'text-gray-700' : 'font-medium text-gray-900'}`}>{t(headlineKey[item.kind], values)}</span>
        {item.applicationTitle && <span className="block truncate text-xs text-gray-600">{t('inbox.where', { application: item.applicationTitle, company: item.companyName })}</span>}
        {item.excerpt && <span className="mt-0.5 line-clamp-2 block text-xs break-words text-gray-600">{t('inbox.excerpt', { excerpt: item.excerpt })}</span>}
        <When at={item.createdAt} />
      </span>
    </>
  );
  if (item.applicationId && item.sectionId) {
    return (
      <Link to="/applications/$application_id/$section_id" params={{ application_id: item.applicationId, section_id: item.sectionId }} className={entryClass} onClick={onOpen}>
        {body}
      </Link>
    );
  }
  // A deadline reminder is about the whole application.
  if (item.applicationId) {
    return (
      <Link to="/applications/$application_id" params={{ application_id: item.applicationId }} className={entryClass} onClick={onOpen}>
        {body}
      </Link>
    );
  }
  if (item.kind === 'join_request') {
    return (
      <Link to="/companies/$company_id/users" params={{ company_id: item.companyId }} className={entryClass} onClick={onOpen}>
        {body}
      </Link>
    );
  }
  return (
    <Link to="/invitations" className={entryClass} onClick={onOpen}>
      {body}
    </Link>
  );
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** When it happened: "5 minutes ago", "yesterday", or the date and time after a week. */
function When({ at }: { at: string }) {
  const intl = useIntl();
  const formats = useFormats();
  const ago = Date.now() - Date.parse(at);
  const text =
    ago < MINUTE
      ? intl.formatRelativeTime(0, 'second', { numeric: 'auto' })
      : ago < HOUR
        ? intl.formatRelativeTime(-Math.floor(ago / MINUTE), 'minute')
        : ago < DAY
          ? intl.formatRelativeTime(-Math.floor(ago / HOUR), 'hour')
          : ago < 7 * DAY
            ? intl.formatRelativeTime(-Math.floor(ago / DAY), 'day', { numeric: 'auto' })
            : formats.shortDateTime(at);
  return (
    <time dateTime={at} title={formats.dateTime(at)} className="mt-0.5 block text-xs text-gray-500">
      {text}
    </time>
  );
}

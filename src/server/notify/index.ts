/**
 * The inbox's public face: notifying people, reading and marking their items, the live unread
 * count, the digests the worker sends, forgetting and expiring items. Everything outside `notify/`
 * imports these from here, never the files inside (tests/unit/server-import-graph.test.ts).
 */
export {
  countUnread,
  dropForFormerMembers,
  findRecipient,
  findSettings,
  forgetInInbox,
  listInbox,
  lockUnsent,
  markCarried,
  removeInboxItemsBefore,
  unsentDigests,
} from './notifications.queries';
export { changeInbox, notify, notifyInvitation, notifyJoinRequest, notifyReviewResult, readAllItems, readItems, settleInvitationItems, watchUnread, writeInboxItems, writeReminderItem } from './notifications.service';

import { inboxInput, markReadInput, notificationSettingsInput } from '../../../shared/schemas/notifications';
import { openLiveStream } from '../../live/live-stream';
import { router, userProcedure } from '../../trpc/trpc';
import { updateNotificationSettings } from '../../auth';
import { countUnread, findSettings, listInbox, readAllItems, readItems, watchUnread } from '../../notify';

/** The signed-in user's own choice of review e-mails, and their inbox: rows belong to the user. */
export const notificationsRouter = router({
  settings: userProcedure.query(({ ctx }) => findSettings(ctx.services.db, ctx.user.id)),

  updateSettings: userProcedure.input(notificationSettingsInput).mutation(async ({ ctx, input }) => {
    await updateNotificationSettings(ctx.services.db, ctx.user.id, input);
    return input;
  }),

  /** A page of the inbox, newest first: `{ items, nextCursor }`. */
  inbox: userProcedure.input(inboxInput).query(({ ctx, input }) => listInbox(ctx.services.db, ctx.user.id, ctx.locale, input.cursor ?? null)),

  unreadCount: userProcedure.query(({ ctx }) => countUnread(ctx.services.db, ctx.user.id)),

  /** The unread count now, then on every change (SSE), from whichever web process made it. */
  watchUnread: userProcedure.subscription(({ ctx, signal }) => openLiveStream(ctx, { companyId: null, signal }, (ended) => watchUnread(ctx.services, ctx.user.id, ended))),

  /** Items opened in the app: read, so no digest e-mails them. Another user's ids match nothing. */
  markRead: userProcedure
    .meta({ access: 'self' })
    .input(markReadInput)
    .mutation(async ({ ctx, input }) => ({ marked: await readItems(ctx.services, ctx.user.id, input.ids) })),

  markAllRead: userProcedure.mutation(async ({ ctx }) => ({ marked: await readAllItems(ctx.services, ctx.user.id) })),
});

import { notificationSettingsInput } from '../../../shared/schemas/notifications';
import { router, userProcedure } from '../../trpc/trpc';
import { findSettings, updateSettings } from './notifications.queries';

/** The signed-in user's own choice of review e-mails. */
export const notificationsRouter = router({
  settings: userProcedure.query(({ ctx }) => findSettings(ctx.db, ctx.user.id)),

  updateSettings: userProcedure.input(notificationSettingsInput).mutation(async ({ ctx, input }) => {
    await updateSettings(ctx.db, ctx.user.id, input);
    return input;
  }),
});

import { alertSignupInput, alertTokenInput } from '../../../shared/schemas/grant-alerts';
import { publicProcedure, router } from '../../trpc/trpc';
import { confirmAlert, signUpForAlerts, unsubscribeAlert } from './grant-alerts.service';

export const grantAlertsRouter = router({
  /** Always answers the same: a confirmation e-mail is on its way. */
  signUp: publicProcedure.meta({ access: 'anyone' }).input(alertSignupInput).mutation(async ({ ctx, input }) => {
    await signUpForAlerts({ ...ctx.services, ip: ctx.ip, user: ctx.user }, input);
    return { ok: true as const };
  }),
  confirm: publicProcedure.meta({ access: 'token' }).input(alertTokenInput).mutation(async ({ ctx, input }) => {
    await confirmAlert(ctx.services, input.token);
    return { ok: true as const };
  }),
  unsubscribe: publicProcedure.meta({ access: 'token' }).input(alertTokenInput).mutation(({ ctx, input }) => unsubscribeAlert(ctx.services, input.token)),
});

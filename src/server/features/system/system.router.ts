import { randomUUID } from 'node:crypto';
import { sendTestEmailInput } from '../../../shared/schemas/system';
import { queueEmail } from '../../mail';
import { adminProcedure, router } from '../../trpc/trpc';

export const systemRouter = router({
  /** Sends a test e-mail through the queue, so an operator can check the whole mail path. */
  sendTestEmail: adminProcedure.input(sendTestEmailInput).mutation(async ({ ctx, input }) => {
    const reference = randomUUID().slice(0, 8);
    const emailId = await queueEmail(ctx.services, {
      to: input.to,
      template: 'test',
      locale: input.locale ?? ctx.locale,
      params: { name: ctx.user.firstname || ctx.user.email, reference },
    });
    return { emailId, reference };
  }),
});

import { randomBytes } from 'node:crypto';
import { danishDate } from '../../../shared/domain/deadlines';
import { may } from '../../../shared/domain/company-roles';
import { assignSectionInput, makeCalendarInput, makeCompanyCalendarInput, reminderSettingsInput, setInternalDeadlineInput } from '../../../shared/schemas/deadlines';
import { findCalendarToken, insertCalendarTokenIfMissing, updateCalendarToken, updateDeadlineEmails } from '../../auth';
import { appUrl } from '../../env';
import { applicationProcedure, draftApplicationProcedureFor } from '../../trpc/application-procedure';
import { companyProcedureFor } from '../../trpc/company-procedure';
import { router, userProcedure } from '../../trpc/trpc';
import {
  findPlan,
  findReminderSettings,
  listMySections,
  listOwnedCompanyCalendars,
  listPlanOfUser,
} from './deadlines.queries';
import { assignSection } from './deadlines.service';
import { updateInternalDeadline } from '../applications';
import { updateCompanyCalendarToken } from '../companies';

/** 192 random bits, URL-safe: the calendar address is its own credential. */
const newCalendarToken = () => randomBytes(24).toString('base64url');
const calendarUrl = (base: string, token: string) => `${base}/api/calendar/${token}.ics`;

/** The team's plan (decision 0044): deadlines, writers and due days, reminders and the calendar feed. */
export const deadlinesRouter = router({
  /** Both deadlines, each section's writer and due day, and the members who may write. */
  plan: applicationProcedure.query(async ({ ctx }) => ({
    ...(await findPlan(ctx.services.db, ctx.application.id, ctx.locale)),
    mayPlan: may(ctx.membership.role, 'applications.edit') && !ctx.application.published,
  })),

  setInternalDeadline: draftApplicationProcedureFor('applications.edit')
    .input(setInternalDeadlineInput)
    .mutation(async ({ ctx, input }) => {
      await updateInternalDeadline(ctx.services.db, ctx.application.id, input.internalDeadline);
      return { internalDeadline: input.internalDeadline };
    }),

  /** Gives a section to a member who may write it; a writer outside that circle is refused. */
  assign: draftApplicationProcedureFor('applications.edit')
    .input(assignSectionInput)
    .mutation(async ({ ctx, input }) => {
      await assignSection({ db: ctx.services.db, queues: ctx.services.queues, bus: ctx.services.bus, notificationWindowMs: ctx.services.env.NOTIFICATION_WINDOW_MS }, ctx.user.id, { ...input, applicationId: ctx.application.id });
      return { sectionId: input.sectionId };
    }),

  /** The caller's own unfinished sections across applications, soonest due first. */
  mine: userProcedure.query(({ ctx }) => listMySections(ctx.services.db, ctx.user.id, ctx.locale)),

  /** The caller's applications being written, nearest deadline first, with progress and what is overdue. */
  dashboard: userProcedure.query(({ ctx }) => listPlanOfUser(ctx.services.db, ctx.user.id, danishDate(new Date()))),

  reminderSettings: userProcedure.query(({ ctx }) => findReminderSettings(ctx.services.db, ctx.user.id)),

  updateReminderSettings: userProcedure.input(reminderSettingsInput).mutation(async ({ ctx, input }) => {
    await updateDeadlineEmails(ctx.services.db, ctx.user.id, input.emails);
    return input;
  }),

  /** The caller's private calendar address, or null until they ask for one. */
  calendar: userProcedure.query(async ({ ctx }) => {
    const token = await findCalendarToken(ctx.services.db, ctx.user.id);
    return { url: token ? calendarUrl(appUrl(ctx.services.env), token) : null };
  }),

  /** Makes the caller's calendar address, or a new one (`renew`), which ends the old one at once. */
  makeCalendar: userProcedure.input(makeCalendarInput).mutation(async ({ ctx, input }) => {
    const fresh = newCalendarToken();
    if (input.renew) await updateCalendarToken(ctx.services.db, ctx.user.id, fresh);
    const token = input.renew ? fresh : await insertCalendarTokenIfMissing(ctx.services.db, ctx.user.id, fresh);
    return { url: calendarUrl(appUrl(ctx.services.env), token) };
  }),

  /** The companies the caller owns, each with its company-wide calendar address or null. */
  companyCalendars: userProcedure.query(async ({ ctx }) => {
    const rows = await listOwnedCompanyCalendars(ctx.services.db, ctx.user.id);
    return rows.map((row) => ({ companyId: row.id, name: row.name, url: row.token ? calendarUrl(appUrl(ctx.services.env), row.token) : null }));
  }),

  /** Makes or renews a company's calendar address: its owners keep it (`company.edit`). */
  makeCompanyCalendar: companyProcedureFor('company.edit')
    .input(makeCompanyCalendarInput)
    .mutation(async ({ ctx, input }) => {
      const token = await updateCompanyCalendarToken(ctx.services.db, ctx.company.id, newCalendarToken(), !input.renew);
      return { url: calendarUrl(appUrl(ctx.services.env), token) };
    }),
});

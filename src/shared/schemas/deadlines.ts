import { z } from 'zod';
import { danishDate } from '../domain/deadlines';
import { isIsoDate } from '../i18n/date-input';
import { applicationInput, sectionInput } from './applications';
import { companyInput } from './companies';

/** A planned day (ISO `YYYY-MM-DD`, Danish time), within reason. */
export const planDaySchema = z
  .string()
  .refine((value) => isIsoDate(value) && value >= '2000-01-01' && value <= '2100-12-31', { error: 'deadlines.validation.day' });

/** The team's internal deadline; null goes back to the default (a week before the fund's). */
export const setInternalDeadlineInput = applicationInput.extend({ internalDeadline: planDaySchema.nullable() });

/**
 * A section's due day: today or later (in Copenhagen, decision 0044), checked when it is given,
 * so no one is handed a section that is late before they begin.
 */
export const dueDaySchema = planDaySchema.refine((value) => value >= danishDate(new Date()), { error: 'deadlines.validation.duePast' });

/** Gives a section to a member who may write it (or to nobody) with a due day (null: the internal deadline). */
export const assignSectionInput = sectionInput.extend({
  writerId: z.uuid({ error: 'deadlines.validation.writer' }).nullable(),
  dueOn: dueDaySchema.nullable(),
});

/** Whether deadline reminders also come by e-mail (the inbox item always comes). */
export const reminderSettingsInput = z.object({ emails: z.boolean() });

/** Makes the person's calendar address, or replaces it (`renew`: the old address stops answering). */
export const makeCalendarInput = z.object({ renew: z.boolean() });

/** The same for a company's calendar, which its owners keep. */
export const makeCompanyCalendarInput = companyInput.extend({ renew: z.boolean() });

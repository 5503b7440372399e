/**
 * The team's plan and its reminders (decision 0044). Giving a section to someone puts an item in
 * their inbox; the reminder sweep, run by a BullMQ job scheduler in the worker, writes an item per
 * person and reminder once (`recordReminder`), however many workers run it at the same moment or
 * again after a restart. E-mail follows through the review digest (`notifications` queue), which
 * carries deadline items to those who have not turned them off.
 */
import { randomUUID } from 'node:crypto';
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { missingForDone, type Answers, type MissingItem } from '../../../shared/domain/application-sections';
import { danishDate, daysLeft, reminderKey, reminderStep } from '../../../shared/domain/deadlines';
import type { InputType } from '../../../shared/domain/grants';
import { isLocale, messagesFor, type Locale } from '../../../shared/i18n';
import { DANISH_TIME, formatsOf } from '../../../shared/i18n/format';
import { AppError } from '../../../shared/errors';
import type { LiveBus } from '../../live/live-bus';
import { log } from '../../platform/log';
import { changeInbox, writeInboxItems } from '../../notify';
import type { Producers } from '../../platform/queues';
import type { Database } from '../../db/db';
import {
  findDeadlineRecipients,
  findOverdueRecipients,
  findSectionForReminder,
  listApproachingDeadlines,
  listOverdueSections,
  listUnfinishedSections,
  mayWrite,
  recordReminder,
  wantsDeadlineEmails,
} from './deadlines.queries';
import { updateAssignment } from '../applications';

type PlanServices = { db: Database; queues: Pick<Producers, 'add'>; bus: Pick<LiveBus, 'publish'>; notificationWindowMs: number };

/** The person's digest e-mail, after the window (one per window however many items arrive). */
async function scheduleDigest(services: PlanServices, userId: string): Promise<void> {
  const window = services.notificationWindowMs;
  try {
    await services.queues.add('notifications', { userId }, { jobId: randomUUID(), delay: window, deduplication: { id: `notifications-${userId}`, ttl: window } });
  } catch (error) {
    // The item is written; it goes with this person's next digest.
    log.warn({ err: error instanceof Error ? error.message : String(error), userId }, 'could not schedule a deadline e-mail');
  }
}

/**
 * Gives a section to a member who may write it (or to nobody), with a due day. A new writer other
 * than the one giving it hears about it in their inbox, and by e-mail unless they turned it off.
 */
export async function assignSection(
  services: PlanServices,
  actorId: string,
  input: { applicationId: string; sectionId: string; writerId: string | null; dueOn: string | null },
): Promise<void> {
  const notified = await changeInbox(services, async (trx) => {
    if (input.writerId !== null && !(await mayWrite(trx, input.applicationId, input.writerId))) {
      throw new AppError('VALIDATION', { message: 'deadlines.error.notAWriter', fieldErrors: { writerId: 'deadlines.error.notAWriter' } });
    }
    const before = await updateAssignment(trx, input);
    if (!before) throw new AppError('NOT_FOUND');
    if (input.writerId === null || input.writerId === actorId || input.writerId === before.previousWriterId) return null;
    // An inbox item for the new writer (verified address, member now), when it was written.
    const written = await writeInboxItems(trx, { kind: 'assigned', applicationId: input.applicationId, sectionId: input.sectionId, actorId, recipientIds: [input.writerId], excerpt: '' });
    return written.length > 0 ? input.writerId : null;
  });
  if (notified === null) return;
  if (await wantsDeadlineEmails(services.db, notified)) await scheduleDigest(services, notified);
}

// ——— Reminders ———

/** Deadlines further away than the first step are not looked at. */
const HORIZON_DAYS = 14;
/** A due day passed longer ago than this is not reminded of any more (a first sweep does not flood). */
const OVERDUE_LOOKBACK_DAYS = 3;
/** Items named in a reminder before "and N more". */
const LISTED = 5;

const intlCache = createIntlCache();
function intlFor(locale: string): IntlShape<string> {
  const chosen: Locale = isLocale(locale) ? locale : 'da';
  return createIntl({ locale: chosen, defaultLocale: 'da', messages: messagesFor(chosen) }, intlCache);
}

/** "a, b, c and 2 more": the first few of a list in the reader's words. */
function listed(intl: IntlShape<string>, items: readonly string[]): string {
  const shown = items.slice(0, LISTED);
  const list = intl.formatList(shown, { type: 'conjunction' });
  return items.length > LISTED ? intl.formatMessage({ id: 'deadlines.reminder.andMore' }, { list, count: items.length - LISTED }) : list;
}

/** One thing the done rule still misses, in the reader's words (the editor shows it in full). */
function missingText(intl: IntlShape<string>, item: MissingItem): string {
  switch (item.kind) {
    case 'content':
      return intl.formatMessage({ id: 'deadlines.missing.content' });
    case 'tooLong':
      return intl.formatMessage({ id: 'deadlines.missing.tooLong' });
    case 'requirement':
      return intl.formatMessage({ id: 'deadlines.missing.requirement' }, { text: item.text });
    case 'input':
      return intl.formatMessage({ id: 'deadlines.missing.input' }, { label: item.label });
    case 'leftover':
      return intl.formatMessage({ id: 'deadlines.missing.leftover' });
    case 'data':
      return intl.formatMessage({ id: 'deadlines.missing.rows' });
  }
}

type Reader = { id: string; locale: string; emails: boolean };
type Sent = { userId: string; emails: boolean };

/**
 * Writes every reminder due at `now` that has not gone yet: for each application still being
 * written whose internal or fund deadline is 14, 7, 2 or 1 days away or today, an item to the
 * writers of its unfinished sections and its owners, listing the sections not done; for each
 * section whose due day has passed unfinished, an item to its writer and the owners listing what
 * the done rule still misses. Each item wakes its reader's bell as it is written (`changeInbox`);
 * who got what is returned, so the caller can e-mail them.
 */
export async function writeDueReminders(services: Pick<PlanServices, 'db' | 'bus'>, now: Date): Promise<Sent[]> {
  const { db } = services;
  const today = danishDate(now);
  const sent: Sent[] = [];

  const remind = async (readers: readonly Reader[], reminder: { key: string; kind: 'deadline' | 'overdue'; applicationId: string; sectionId: string | null }, excerptFor: (intl: IntlShape<string>, locale: string) => Promise<string>) => {
    for (const reader of readers) {
      const excerpt = await excerptFor(intlFor(reader.locale), reader.locale);
      const wrote = await changeInbox(services, (trx) => recordReminder(trx, { ...reminder, userId: reader.id, excerpt }));
      if (wrote) sent.push({ userId: reader.id, emails: reader.emails });
    }
  };

  for (const application of await listApproachingDeadlines(db, today, HORIZON_DAYS)) {
    const deadlines: { kind: 'fund' | 'internal'; day: string | null }[] = [
      { kind: 'internal', day: application.internalDay },
      { kind: 'fund', day: application.fundDay },
    ];
    for (const deadline of deadlines) {
      if (deadline.day === null) continue;
      // The fund's deadline has a time: once it has passed on its day, there is nothing to remind of.
      if (deadline.kind === 'fund' && application.fundDeadline && Date.parse(application.fundDeadline) <= now.getTime()) continue;
      // The step keys the reminder once; the text counts the days actually left at sending (in
      // Copenhagen, where the team's days are kept — decision 0044): a plan made 3 days before
      // sends the 7-day reminder, saying 3 days.
      const left = daysLeft(deadline.day, now);
      const step = reminderStep(left);
      if (step === null) continue;
      const readers = await findDeadlineRecipients(db, application.id);
      const day = deadline.day;
      await remind(readers, { key: reminderKey({ kind: deadline.kind, itemId: application.id, day, step }), kind: 'deadline', applicationId: application.id, sectionId: null }, async (intl, locale) => {
        const unfinished = await listUnfinishedSections(db, application.id, isLocale(locale) ? locale : 'da');
        return deadlineExcerpt(intl, { kind: deadline.kind, day, left, fundDeadline: application.fundDeadline, unfinished: unfinished.map((section) => section.title) });
      });
    }
  }

  for (const section of await listOverdueSections(db, today, OVERDUE_LOOKBACK_DAYS)) {
    const readers = await findOverdueRecipients(db, section.id);
    await remind(
      readers,
      { key: reminderKey({ kind: 'overdue', itemId: section.id, day: section.dueOn, step: 'overdue' }), kind: 'overdue', applicationId: section.applicationId, sectionId: section.id },
      async (intl, locale) => {
        const found = await findSectionForReminder(db, section.id, isLocale(locale) ? locale : 'da');
        if (!found) return '';
        const missing = missingForDone(
          { kind: found.kind, maxChars: found.maxChars, requirements: found.requirements, inputs: found.inputs.map((input) => ({ ...input, type: input.type as InputType })) },
          { content: found.content, answers: found.answers as Answers, fulfilled: found.fulfilled, data: found.data },
        );
        const days = -daysLeft(section.dueOn, now);
        const late = intl.formatMessage({ id: 'deadlines.reminder.overdue' }, { days });
        return missing.length === 0 ? `${late} ${intl.formatMessage({ id: 'deadlines.reminder.markDone' })}` : `${late} ${intl.formatMessage({ id: 'deadlines.reminder.missing' }, { list: listed(intl, [...new Set(missing.map((item) => missingText(intl, item)))]) })}`;
      },
    );
  }
  return sent;
}

function deadlineExcerpt(
  intl: IntlShape<string>,
  reminder: { kind: 'fund' | 'internal'; day: string; left: number; fundDeadline: string | null; unfinished: string[] },
): string {
  const formats = formatsOf(intl, { timeZone: DANISH_TIME });
  const when = reminder.kind === 'fund' && reminder.fundDeadline ? formats.deadline(reminder.fundDeadline) : formats.calendarDate(reminder.day);
  const left = reminder.left <= 0 ? intl.formatMessage({ id: 'deadlines.left.today' }) : intl.formatMessage({ id: 'deadlines.left.days' }, { days: reminder.left });
  const head = intl.formatMessage({ id: reminder.kind === 'fund' ? 'deadlines.reminder.fund' : 'deadlines.reminder.internal' }, { left, when });
  const rest = reminder.unfinished.length === 0 ? intl.formatMessage({ id: 'deadlines.reminder.allDone' }) : intl.formatMessage({ id: 'deadlines.reminder.notDone' }, { list: listed(intl, reminder.unfinished) });
  return `${head} ${rest}`;
}

/** After a sweep (whose inbox items woke their readers' bells as they were written): schedule the e-mail of those who want it. */
export async function deliverReminders(services: PlanServices, sent: readonly Sent[]): Promise<void> {
  for (const userId of new Set(sent.filter((item) => item.emails).map((item) => item.userId))) await scheduleDigest(services, userId);
}

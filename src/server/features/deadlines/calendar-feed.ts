/**
 * The private calendar feeds (`/api/calendar/<token>.ics`, decision 0044): the address is its own
 * credential, made and renewed on the profile. A person's holds, in their language, an event per
 * application deadline and internal deadline of their companies' applications still being
 * written, and one per section given to them; a company's (kept by its owners) holds every
 * application's deadlines and every section given to someone, naming the writer. Both are read
 * anew on every fetch, so they are as current as the calendar's polling.
 */
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { isLocale, messagesFor, type Locale } from '../../../shared/i18n';
import type { Executor } from '../../db/db';
import { renderCalendar, type CalendarEvent } from './calendar.ics';
import { findCalendarCompany, findCalendarOwner, listCalendarItems, listCompanyCalendarItems } from './deadlines.queries';

const cache = createIntlCache();
/** Tokens are 192 random bits in base64url (32 characters); anything else is not looked up. */
const tokenPattern = /^[A-Za-z0-9_-]{32,64}$/;

const intlFor = (locale: string | null) => {
  const chosen: Locale = isLocale(locale) ? locale : 'da';
  return { locale: chosen, intl: createIntl({ locale: chosen, defaultLocale: 'da', messages: messagesFor(chosen) }, cache) };
};

type Application = { id: string; title: string; fundName: string; fundDeadline: string | null; grantVersion: number; internalDeadline: string | null; sequence: number };

function deadlineEvents(intl: IntlShape<string>, base: string, applications: readonly Application[]): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  for (const application of applications) {
    const url = `${base}/applications/${application.id}`;
    if (application.fundDeadline) {
      events.push({
        uid: `fund-${application.id}@grantwork`,
        sequence: Number(application.grantVersion),
        summary: intl.formatMessage({ id: 'deadlines.calendar.fund' }, { application: application.title }),
        description: intl.formatMessage({ id: 'deadlines.calendar.fundDescription' }, { fund: application.fundName, url }),
        url,
        at: { instant: new Date(application.fundDeadline) },
      });
    }
    if (application.internalDeadline) {
      events.push({
        uid: `internal-${application.id}@grantwork`,
        sequence: Number(application.sequence),
        summary: intl.formatMessage({ id: 'deadlines.calendar.internal' }, { application: application.title }),
        description: intl.formatMessage({ id: 'deadlines.calendar.internalDescription' }, { url }),
        url,
        at: { day: application.internalDeadline },
      });
    }
  }
  return events;
}

/** The feed's text and the calendar's name in its reader's language, or null when the token names no one (renewed, or never made). */
export async function calendarFeed(db: Executor, token: string, base: string, now = new Date()): Promise<{ name: string; text: string } | null> {
  if (!tokenPattern.test(token)) return null;
  const owner = await findCalendarOwner(db, token);
  if (owner) {
    const { locale, intl } = intlFor(owner.locale);
    const { applications, sections } = await listCalendarItems(db, owner.id, locale);
    const events = deadlineEvents(intl, base, applications);
    for (const section of sections) {
      if (!section.dueOn) continue;
      const url = `${base}/applications/${section.applicationId}/${section.id}`;
      events.push({
        uid: `section-${section.id}@grantwork`,
        sequence: Number(section.sequence),
        summary: intl.formatMessage({ id: 'deadlines.calendar.section' }, { section: section.title, application: section.applicationTitle }),
        description: intl.formatMessage({ id: 'deadlines.calendar.sectionDescription' }, { url }),
        url,
        at: { day: section.dueOn },
      });
    }
    const name = intl.formatMessage({ id: 'deadlines.calendar.name' });
    return { name, text: renderCalendar({ name, events, now }) };
  }
  const company = await findCalendarCompany(db, token);
  if (!company) return null;
  const { locale, intl } = intlFor(company.locale);
  const { applications, sections } = await listCompanyCalendarItems(db, company.id, locale);
  const events = deadlineEvents(intl, base, applications);
  for (const section of sections) {
    if (!section.dueOn) continue;
    const url = `${base}/applications/${section.applicationId}/${section.id}`;
    events.push({
      uid: `section-${section.id}@grantwork`,
      sequence: Number(section.sequence),
      summary: intl.formatMessage({ id: 'deadlines.calendar.sectionBy' }, { section: section.title, writer: section.writerName, application: section.applicationTitle }),
      description: intl.formatMessage({ id: 'deadlines.calendar.sectionDescription' }, { url }),
      url,
      at: { day: section.dueOn },
    });
  }
  const name = intl.formatMessage({ id: 'deadlines.calendar.companyName' }, { company: company.name });
  return { name, text: renderCalendar({ name, events, now }) };
}

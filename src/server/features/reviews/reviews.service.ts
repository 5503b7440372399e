/**
 * The review transitions of a section (domain/review-transitions) and publishing an application
 * (docs/architecture.md, section statuses and roles). Publishing runs in a transaction holding the
 * sections' row locks, and writes their history rows.
 */
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { z } from 'zod';
import type { SectionStatus } from '../../../shared/domain/application-sections';
import { sectionsBlockingPublish } from '../../../shared/domain/review';
import { AppError } from '../../../shared/errors';
import { isLocale, messagesFor, type Locale } from '../../../shared/i18n';
import { DANISH_TIME, formatsOf } from '../../../shared/i18n/format';
import { languageName } from '../../../shared/i18n/language-names';
import { pickLink } from '../../../shared/i18n/localized-text';
import type { sendToReviewInput } from '../../../shared/schemas/reviews';
import type { Executor } from '../../db/db';
import { appUrl } from '../../env';
import { log } from '../../platform/log';
import type { Services } from '../../services';
import { queueEmail } from '../../mail';
import { changeApplication, copyApplication, markPublished, recordEvent } from '../applications';
import { listSectionsInFull } from './review-documents.queries';
import { moveSection, type ApplicationWriter, type ReviewActor } from './review-transitions';
import {
  countReviewersAmong,
  listLockReceiptRecipients,
  lockApplication,
  lockSectionStatuses,
  replaceSectionReviewers,
} from './reviews.queries';

export async function sendToReview(services: ApplicationWriter, actor: ReviewActor, input: z.output<typeof sendToReviewInput>) {
  const reviewerIds = [...new Set(input.reviewerIds)];
  return moveSection(services, actor, input.sectionId, 'sendToReview', {
    before: async (trx) => {
      // Only members who may review can be named; anyone else is refused without saying who exists.
      if ((await countReviewersAmong(trx, actor.application.companyId, reviewerIds)) !== reviewerIds.length) {
        throw new AppError('VALIDATION', { fieldErrors: { reviewerIds: 'reviews.reviewer.invalid' } });
      }
      // Nobody reviews what they asked for.
      if (reviewerIds.includes(actor.userId)) throw new AppError('VALIDATION', { fieldErrors: { reviewerIds: 'reviews.reviewer.self' } });
      await replaceSectionReviewers(trx, input.sectionId, reviewerIds, actor.userId);
    },
  });
}

/** Approves the section as it was at `version`, the version the reviewer read. */
export function approveSection(services: ApplicationWriter, actor: ReviewActor, sectionId: string, version: number) {
  return moveSection(services, actor, sectionId, 'approve', { version });
}

export function rejectSection(services: ApplicationWriter, actor: ReviewActor, sectionId: string, reason: string) {
  return moveSection(services, actor, sectionId, 'reject', { reason });
}

export function commentOnSection(services: ApplicationWriter, actor: ReviewActor, sectionId: string, text: string) {
  return moveSection(services, actor, sectionId, 'comment', { reason: text });
}

/** Owners and admins publish an application once every section is done; it is read-only from then on. */
export async function publishApplication(services: ApplicationWriter, actor: ReviewActor, locale: Locale = 'da') {
  return changeApplication(services, actor.application.id, async (trx) => {
    // The application row first, as reopening does, so the two never interleave.
    await lockApplication(trx, actor.application.id);
    const sections = await lockSectionStatuses(trx, actor.application.id);
    const blocking = sectionsBlockingPublish(sections.map((section) => ({ status: section.status as SectionStatus })));
    if (sections.length === 0 || blocking.length > 0) throw new AppError('CONFLICT', { message: 'reviews.refused.notDone' });
    // Every section is done; one may still hold a placeholder or an unedited draft (done before that rule).
    const unwritten = sectionsBlockingPublish(await listSectionsInFull(trx, actor.application.id, locale))[0];
    if (unwritten) throw new AppError('CONFLICT', { message: 'reviews.refused.leftovers', values: { section: unwritten.title } });
    const published = await markPublished(trx, actor.application.id);
    if (!published) throw new AppError('CONFLICT', { message: 'reviews.refused.published' });
    await recordEvent(trx, { applicationId: actor.application.id, sectionId: null, actorId: actor.userId, from: 'draft', to: 'published' });
    return { id: actor.application.id, version: published.version, publishedAt: published.publishedAt };
  });
}

const intlCache = createIntlCache();

/**
 * Where the reader applies: the grant's page, else the fund's, in the reader's language where the
 * fund has one, else another with a note of its language; with neither, our grant page, which names it.
 */
function applyLinkFor(
  recipient: { grantSlug: string; grantUrl: string | null; grantTranslations: unknown; fundUrl: string | null; fundTranslations: unknown },
  locale: Locale,
  intl: IntlShape,
  env: Services['env'],
): string {
  const page = pickLink(recipient.grantUrl, recipient.grantTranslations, locale) ?? pickLink(recipient.fundUrl, recipient.fundTranslations, locale);
  if (!page) return `${appUrl(env)}/grants/${encodeURIComponent(recipient.grantSlug)}`;
  if (page.language === locale) return page.url;
  return intl.formatMessage({ id: 'reviews.linkInLanguage' }, { link: page.url, language: languageName(page.language, locale) });
}

/**
 * Every member of the company gets a receipt of the locked version in their own language: what
 * happened (locked, not sent to the fund), where the fund takes applications and by when, and a
 * link to the locked document. The lock has happened whatever the queue says; an e-mail that
 * cannot be queued is logged.
 */
export async function sendLockReceipts(services: Pick<Services, 'db' | 'queues' | 'env'>, applicationId: string): Promise<void> {
  const recipients = await listLockReceiptRecipients(services.db, applicationId);
  const link = `${appUrl(services.env)}/applications/${applicationId}/final`;
  for (const recipient of recipients) {
    const locale: Locale = isLocale(recipient.locale) ? recipient.locale : 'da';
    const intl = createIntl({ locale, defaultLocale: 'da', messages: messagesFor(locale) }, intlCache);
    const deadline = recipient.deadlineAt ? formatsOf(intl, { timeZone: DANISH_TIME }).deadline(recipient.deadlineAt) : intl.formatMessage({ id: 'applications.deadline.none' });
    try {
      await queueEmail(services, {
        to: recipient.email,
        template: 'applicationLocked',
        locale,
        params: {
          name: recipient.name,
          title: recipient.title,
          company: recipient.company,
          fund: recipient.fund,
          grant: recipient.grant,
          applyLink: applyLinkFor(recipient, locale, intl, services.env),
          deadline,
          link,
        },
      });
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : String(error), applicationId }, 'could not queue the receipt of a locked application');
    }
  }
}

/** A new draft from the application (published or not), for the next round. */
export async function copyToDraft(db: Executor, actor: ReviewActor, title: string) {
  return db.transaction().execute(async (trx) => {
    const copy = await copyApplication(trx, actor.application.id, actor.userId, title);
    await recordEvent(trx, { applicationId: copy.id, sectionId: null, actorId: actor.userId, from: null, to: 'draft' });
    return copy;
  });
}

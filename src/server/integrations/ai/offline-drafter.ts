/**
 * The drafter used when no model is configured. It writes a structured first draft in the
 * application's language from the same material a model gets: an opening with the company, grant
 * and project, the project in the applicant's words, the company's registry facts, the section's
 * facts, and a paragraph per requirement marking clearly what the writer must supply. It labels
 * itself, claims to cover no requirement (it only leaves room for them), and streams in pieces
 * like a model so the editor behaves the same.
 */
import { formatsOf } from '../../../shared/i18n/format';
import { createIntl, createIntlCache } from '@formatjs/intl';
import { messagesFor, type MessageKey } from '../../../shared/i18n';
import type { DraftMaterial } from '../../features/drafts/draft-material';
import type { Drafter } from './drafter';

const cache = createIntlCache();
const PIECE_DELAY_MS = 15;

export function writeOfflineDraft(material: DraftMaterial): string {
  const intl = createIntl({ locale: material.language, defaultLocale: 'da', messages: messagesFor(material.language) }, cache);
  const t = (key: MessageKey, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values) as string;
  const { company, section } = material;
  const companyFacts = [
    company.industry,
    company.employees && t('drafts.offline.employees', { count: company.employees }),
    company.city,
    company.startDate && t('drafts.offline.founded', { date: formatsOf(intl).calendarDate(company.startDate) }),
    company.website,
  ].filter(Boolean);
  const paragraphs = [
    t('drafts.offline.label'),
    t('drafts.offline.intro', { company: company.name, grant: material.grant.title, fund: material.grant.fundName, title: material.application.title }),
    material.application.description ? t('drafts.offline.project', { description: material.application.description }) : t('drafts.offline.noDescription'),
    companyFacts.length ? t('drafts.offline.company', { facts: `${company.name} (CVR ${company.orgId}), ${intl.formatList(companyFacts as string[])}` }) : '',
    section.inputs.length
      ? t('drafts.offline.facts', { facts: section.inputs.map((input) => (input.value ? `${input.label}: ${input.value}` : t('drafts.offline.missingFact', { label: input.label }))).join('; ') })
      : '',
    material.instruction ? t('drafts.offline.instruction', { instruction: material.instruction }) : '',
    ...section.requirements.map((requirement) => `${requirement.text}\n${t('drafts.offline.requirement')}`),
  ].filter(Boolean);
  return paragraphs.join('\n\n');
}

export function createOfflineDrafter(): Drafter {
  return {
    model: 'offline',
    offline: true,
    async draft(material, onText, signal) {
      const text = writeOfflineDraft(material);
      const words = text.split(/(?<=\s)/);
      let written = '';
      for (let index = 0; index < words.length; index += 6) {
        signal?.throwIfAborted();
        written += words.slice(index, index + 6).join('');
        onText(written);
        await new Promise((resolve) => setTimeout(resolve, PIECE_DELAY_MS));
      }
      return { content: text, model: 'offline', offline: true, tokensIn: null, tokensOut: null, addressed: [] };
    },
  };
}

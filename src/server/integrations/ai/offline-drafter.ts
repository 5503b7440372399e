/**
 * The drafter used when no model is configured. It writes a scaffold for the one section it is
 * asked for, from that section's own guidance, requirements and facts: a paragraph per
 * requirement that starts the sentence for the writer and marks in [brackets] what only they can
 * supply (placeholders, so such a draft can never be marked done unedited), and the company's
 * registry facts only where the section's title or requirements ask about the company. It does
 * not repeat the project description, so drafts of different sections differ. It labels itself,
 * says plainly that a wish needs a model, claims to cover no requirement, and streams in pieces
 * like a model so the editor behaves the same.
 */
import { formatsOf } from '../../../shared/i18n/format';
import { createIntl, createIntlCache } from '@formatjs/intl';
import { messagesFor, type MessageKey } from '../../../shared/i18n';
import type { DraftMaterial } from './draft-material';
import type { Drafter } from './drafter';

const cache = createIntlCache();
const PIECE_DELAY_MS = 15;

/**
 * Words in a section's title or requirements that ask about the company itself (da, en, nb). Not
 * its guidance, which names "the company" in passing ("what the company gains") for most sections.
 */
const ASKS_ABOUT_COMPANY = /virksomhe|bedrift|company|firma|selskab|cvr|team|medarbejder|medarbeider|ansatte|employee|staff|organi[sz]ation|ejer|eier|owner/i;

/** A grant's text inside a placeholder: on one line and without brackets, so the rule sees one placeholder. */
const inline = (text: string) => text.replace(/[[\]]/g, '').replace(/\s+/g, ' ').trim();

export function writeOfflineDraft(material: DraftMaterial): string {
  const intl = createIntl({ locale: material.language, defaultLocale: 'da', messages: messagesFor(material.language) }, cache);
  const t = (key: MessageKey, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values) as string;
  const { company, section } = material;
  const title = material.application.title;
  const asksAboutCompany = ASKS_ABOUT_COMPANY.test([section.title, ...section.requirements.map((requirement) => requirement.text)].join(' '));
  const companyFacts = [
    `CVR ${company.orgId}`,
    company.industry,
    company.employees && t('drafts.offline.employees', { count: company.employees }),
    company.city,
    company.startDate && t('drafts.offline.founded', { date: formatsOf(intl).calendarDate(company.startDate) }),
    company.website,
  ].filter(Boolean) as string[];
  const label = material.instruction ? `${t('drafts.offline.label')} ${t('drafts.offline.wishNeedsModel', { instruction: material.instruction })}` : t('drafts.offline.label');
  const scaffolds = section.requirements.map((requirement) => t('drafts.offline.scaffold', { requirement: inline(requirement.text), title }));
  const paragraphs = [
    label,
    section.guidance.trim() ? t('drafts.offline.guidance', { guidance: inline(section.guidance) }) : '',
    asksAboutCompany ? t('drafts.offline.company', { facts: `${company.name} (${intl.formatList(companyFacts)})` }) : '',
    section.inputs.length
      ? t('drafts.offline.facts', { facts: section.inputs.map((input) => (input.value ? `${input.label}: ${input.value}` : t('drafts.offline.missingFact', { label: input.label }))).join('; ') })
      : '',
    ...(scaffolds.length || section.guidance.trim() ? scaffolds : [t('drafts.offline.open', { section: section.title, title })]),
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

import { describe, expect, it } from 'vitest';
import {
  countChars,
  DRAFTER_LABEL_LEADS,
  draftBody,
  draftLabel,
  inputProblem,
  isOpenForApplications,
  missingForDone,
  mayMarkDone,
  startAfterEnd,
  statusAfterSave,
  textLeftovers,
  type SectionRules,
} from '../../src/shared/domain/application-sections';
import { drafts } from '../../src/shared/i18n/messages/drafts';

const rules: SectionRules = {
  kind: 'text',
  requirements: [
    { id: 'r1', text: 'Beskriver det nye' },
    { id: 'r2', text: 'Sætter tal på markedet' },
  ],
  inputs: [
    { id: 'name', label: 'Navn', type: 'text', required: true, maxChars: 5 },
    { id: 'count', label: 'Antal', type: 'number', required: false, maxChars: null },
    { id: 'partners', label: 'Partnere', type: 'list', required: true, maxChars: null },
  ],
};

describe('missingForDone', () => {
  it('names the text, each unticked requirement and each unanswered required input', () => {
    expect(missingForDone(rules, { content: '  ', answers: {}, fulfilled: ['r2'] })).toEqual([
      { kind: 'content' },
      { kind: 'requirement', id: 'r1', text: 'Beskriver det nye' },
      { kind: 'input', id: 'name', label: 'Navn', problem: 'missing' },
      { kind: 'input', id: 'partners', label: 'Partnere', problem: 'missing' },
    ]);
  });

  it('is empty when everything is met; optional inputs may stay empty', () => {
    expect(missingForDone(rules, { content: 'Tekst', answers: { name: 'Motor', partners: ['DTU'] }, fulfilled: ['r1', 'r2'] })).toEqual([]);
  });
});

describe('textLeftovers', () => {
  it('finds the drafter’s label line in every language, whatever follows it', () => {
    for (const language of ['da', 'en', 'nb'] as const) {
      const label = drafts[language]['drafts.offline.label'];
      expect(DRAFTER_LABEL_LEADS.some((lead) => label.startsWith(lead)), language).toBe(true);
      const [leftover] = textLeftovers(`${label}\n\nVores tekst.`);
      expect(leftover).toMatchObject({ kind: 'drafterLabel' });
      expect(leftover?.kind === 'drafterLabel' && leftover.found.endsWith('…')).toBe(true);
    }
  });

  it('names placeholders in square brackets once each, shortened, but not the label’s own “[brackets]”, references or links', () => {
    const text = `${drafts.da['drafts.offline.label']}\nStart: [mangler]. Slut: [mangler].\n[Skriv her, hvordan projektet opfylder dette – med konkrete tal, navne og eksempler.]\nSe [1] og [rapporten](https://example.com).`;
    expect(textLeftovers(text)).toEqual([
      { kind: 'drafterLabel', found: expect.stringMatching(/^Offline-udkast: /) },
      { kind: 'placeholders', found: ['[mangler]', '[Skriv her, hvordan projektet opfylder…]'] },
    ]);
    expect(textLeftovers('Et tal [12] og en liste [a](b).')).toEqual([]);
  });

  it('finds a draft kept word for word (spacing aside), not one someone has edited', () => {
    const draft = 'Varmepumpen halverer forbruget.\n\nMarkedet er stort.';
    expect(textLeftovers(`Indledning.\n\n${draft.replace('\n\n', '\n')}`, [draft])).toEqual([{ kind: 'uneditedDraft' }]);
    expect(textLeftovers(`Indledning.\n\n${draft.replace('stort', 'meget stort')}`, [draft])).toEqual([]);
    expect(textLeftovers('Tekst', [''])).toEqual([]);
  });

  it('finds an inserted draft, which goes in without its label line, kept word for word', () => {
    const draft = `${drafts.en['drafts.offline.label']}\n\nThe heat pump halves the use.\n\nThe market is large.`;
    expect(draftBody(draft)).toBe('The heat pump halves the use.\n\nThe market is large.');
    expect(textLeftovers(draftBody(draft), [draft])).toEqual([{ kind: 'uneditedDraft' }]);
    expect(draftBody('Only text.')).toBe('Only text.');
  });

  it('tells the drafter’s label apart from the draft, to show it as a note of its own', () => {
    const draft = `${drafts.da['drafts.offline.label']} ${drafts.da['drafts.offline.wishNeedsModel'].replace('{instruction}', 'kortere')}\n\nMarkedet er stort.`;
    expect(draftLabel(draft)).toContain('Ønsker til udkastet kræver en AI-model');
    expect(draftLabel(draft)).not.toContain('Markedet');
    expect(draftLabel('Only text.')).toBe('');
  });

  it('keeps a text section from done, named after the text itself', () => {
    const missing = missingForDone(rules, { content: 'Tekst [mangler]', answers: { name: 'Motor', partners: ['DTU'] }, fulfilled: ['r1', 'r2'] });
    expect(missing).toEqual([{ kind: 'leftover', leftover: { kind: 'placeholders', found: ['[mangler]'] } }]);
  });
});

describe('paired dates', () => {
  const dated: SectionRules = {
    kind: 'text',
    requirements: [],
    inputs: [
      { id: 'start', label: 'Startdato', type: 'date', required: true, maxChars: null },
      { id: 'end', label: 'Slutdato', type: 'date', required: true, maxChars: null },
    ],
  };

  it('refuses a start after the end on the start field; the same day or an open end is fine', () => {
    expect(startAfterEnd(dated.inputs, { start: '2027-04-01', end: '2027-01-01' })).toBe('start');
    expect(startAfterEnd(dated.inputs, { start: '2027-04-01', end: '2027-04-01' })).toBeNull();
    expect(startAfterEnd(dated.inputs, { start: '2027-04-01', end: '' })).toBeNull();
    expect(missingForDone(dated, { content: 'Tekst', answers: { start: '2027-04-01', end: '2027-01-01' }, fulfilled: [] })).toEqual([
      { kind: 'input', id: 'start', label: 'Startdato', problem: 'startAfterEnd' },
    ]);
  });

  it('pairs only a section’s two dates, never one or three', () => {
    const three = [...dated.inputs, { id: 'third', label: 'Tredje', type: 'date' as const, required: false, maxChars: null }];
    expect(startAfterEnd(three, { start: '2027-04-01', end: '2027-01-01' })).toBeNull();
    expect(startAfterEnd(dated.inputs.slice(0, 1), { start: '2027-04-01' })).toBeNull();
  });
});

describe('inputProblem', () => {
  it('refuses a list with an empty value, text over its limit, and counts 0 as an answer', () => {
    expect(inputProblem(rules.inputs[2]!, ['DTU', ''])).toBe('emptyListValue');
    expect(inputProblem(rules.inputs[2]!, [])).toBe('missing');
    expect(inputProblem(rules.inputs[0]!, 'for lang')).toBe('tooLong');
    expect(inputProblem({ ...rules.inputs[1]!, required: true }, 0)).toBeNull();
  });
});

describe('character limits', () => {
  it('counts characters as a grant does: spaces and line breaks in, an emoji as one', () => {
    expect(countChars('Ab c\nd')).toBe(6);
    expect(countChars('🚀æ')).toBe(2);
    expect(inputProblem(rules.inputs[0]!, '🚀🚀🚀🚀🚀')).toBeNull();
  });

  it('keeps a section over its limit from done, with the limit and the count; at the limit is fine', () => {
    const limited: SectionRules = { ...rules, maxChars: 10 };
    const state = { answers: { name: 'Motor', partners: ['DTU'] }, fulfilled: ['r1', 'r2'] };
    expect(missingForDone(limited, { ...state, content: '0123456789' })).toEqual([]);
    expect(missingForDone(limited, { ...state, content: '0123456789!' })).toEqual([{ kind: 'tooLong', limit: 10, count: 11 }]);
    expect(missingForDone(limited, { ...state, content: 'Tekst', answers: { name: 'Motoren', partners: ['DTU'] } })).toEqual([
      { kind: 'input', id: 'name', label: 'Navn', problem: 'tooLong', limit: 5, count: 7 },
    ]);
  });
});

describe('statuses', () => {
  it('a save makes a draft or validated section, keeps a section in review, and sends an approved one back to review', () => {
    expect(statusAfterSave('not_started', false)).toBe('draft');
    expect(statusAfterSave('draft', true)).toBe('validated');
    expect(statusAfterSave('validated', false)).toBe('draft');
    expect(statusAfterSave('need_review', true)).toBe('need_review');
    expect(statusAfterSave('approved', true)).toBe('need_review');
    expect(statusAfterSave('approved', false)).toBe('need_review');
    expect(statusAfterSave('not_approved', true)).toBe('validated');
  });

  it('only draft, validated and approved sections may be marked done', () => {
    expect(['draft', 'validated', 'approved'].every((status) => mayMarkDone(status as never))).toBe(true);
    expect(['not_started', 'need_review', 'commented', 'not_approved', 'done'].some((status) => mayMarkDone(status as never))).toBe(false);
  });

  it('a grant takes applications while published, open and before its deadline', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const open = { status: 'open', publishedAt: '2026-01-01T00:00:00.000Z', deadlineAt: null };
    expect(isOpenForApplications(open, now)).toBe(true);
    expect(isOpenForApplications({ ...open, deadlineAt: '2026-06-01T11:59:59.000Z' }, now)).toBe(false);
    expect(isOpenForApplications({ ...open, status: 'upcoming' }, now)).toBe(false);
    expect(isOpenForApplications({ ...open, publishedAt: null }, now)).toBe(false);
  });
});

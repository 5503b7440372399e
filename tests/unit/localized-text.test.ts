import { describe, expect, it } from 'vitest';
import { pickLink, pickText, textOf, translatedUrlsOf, translationsOf } from '../../src/shared/i18n/localized-text';
import { localizedTextSchema } from '../../src/shared/schemas/localized-text';

describe('a catalogue text in three languages', () => {
  it('is read in the chosen language, with Danish where that language is empty', () => {
    const text = { da: 'Projektresumé', en: 'Project summary', nb: '  ' };
    expect(pickText(text, 'da')).toBe('Projektresumé');
    expect(pickText(text, 'en')).toBe('Project summary');
    expect(pickText(text, 'nb')).toBe('Projektresumé');
    expect(pickText({ da: 'Kun dansk' }, 'en')).toBe('Kun dansk');
  });

  it('requires the Danish text where asked and leaves English and Norwegian optional', () => {
    const schema = localizedTextSchema(10, { required: true });
    expect(schema.parse({ da: ' Titel ' })).toEqual({ da: 'Titel', en: '', nb: '' });
    const missing = schema.safeParse({ da: ' ', en: 'Title', nb: 'Tittel' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]).toMatchObject({ path: ['da'], message: 'validation.required' });
    const long = schema.safeParse({ da: 'Titel', nb: 'x'.repeat(11) });
    expect(long.error?.issues[0]).toMatchObject({ path: ['nb'], message: 'grants.validation.tooLong' });
    expect(localizedTextSchema(10).parse({ da: '' })).toEqual({ da: '', en: '', nb: '' });
  });

  it('is stored as the Danish column plus the other languages, and read back the same', () => {
    const fields = { title: { da: 'Titel', en: 'Title', nb: '' }, guidance: { da: 'Vejledning', en: '', nb: 'Veiledning' } };
    const stored = translationsOf(fields);
    expect(stored).toEqual({ en: { title: 'Title' }, nb: { guidance: 'Veiledning' } });
    expect(textOf('Titel', stored, 'title')).toEqual({ da: 'Titel', en: 'Title', nb: '' });
    expect(textOf('Vejledning', stored, 'guidance')).toEqual({ da: 'Vejledning', en: '', nb: 'Veiledning' });
    expect(textOf('Navn', null, 'name')).toEqual({ da: 'Navn', en: '', nb: '' });
  });
});

describe('a link per language', () => {
  const translations = { en: { name: 'Fund', url: 'https://fund.example/en' } };
  it('is the reader’s language’s page, else the Danish, else any, with the language it is in', () => {
    expect(pickLink('https://fund.example/da', translations, 'en')).toEqual({ url: 'https://fund.example/en', language: 'en' });
    expect(pickLink('https://fund.example/da', translations, 'nb')).toEqual({ url: 'https://fund.example/da', language: 'da' });
    expect(pickLink('https://fund.example/da', translations, 'da')).toEqual({ url: 'https://fund.example/da', language: 'da' });
    expect(pickLink(null, translations, 'nb')).toEqual({ url: 'https://fund.example/en', language: 'en' });
    expect(pickLink(' ', {}, 'da')).toBeNull();
    expect(translatedUrlsOf(translations)).toEqual({ en: 'https://fund.example/en', nb: '' });
  });
});


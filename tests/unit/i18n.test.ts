import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { catalogs, defaultLocale, isMessageKey, locales, messagesFor, publicMessageKeys } from '../../src/shared/i18n';
import { routeNames } from '../../src/shared/route-table';
import { appErrors } from '../../src/shared/errors';
import { emailTemplates } from '../../src/shared/emails';
import { languageName } from '../../src/shared/i18n/language-names';

const daKeys = Object.keys(catalogs.da).sort();

describe('the catalogs', () => {
  it.each(locales)('%s has exactly the keys of the Danish catalog', (locale) => {
    expect(Object.keys(catalogs[locale]).sort()).toEqual(daKeys);
  });

  it.each(locales)('every %s message parses and is not empty', (locale) => {
    for (const [key, message] of Object.entries(catalogs[locale])) {
      expect(message.trim(), `${locale} ${key}`).not.toBe('');
      expect(() => parse(message), `${locale} ${key}`).not.toThrow();
    }
  });

  it.each([
    ['da', '»', '«'],
    ['nb', '«', '»'],
    ['en', '“', '”'],
  ] as const)('quotes in %s with one style only, %s…%s', (locale, open, close) => {
    const marks = /[“”«»„]/g;
    for (const [key, message] of Object.entries(catalogs[locale])) {
      const found = message.match(marks) ?? [];
      // Opening and closing marks of the language's style, in pairs.
      expect(found.join(''), `${locale} ${key}`).toBe((open + close).repeat(found.length / 2));
    }
  });

  it.each(locales)('leaves percentages to Intl in %s: no message writes a percent sign after a number', (locale) => {
    for (const [key, message] of Object.entries(catalogs[locale])) expect(message, `${locale} ${key}`).not.toMatch(/(\d|\})\s?%/);
  });

  it.each(locales)('says one fact one way in %s: a deleted person, a grant without a deadline', (locale) => {
    const catalog = catalogs[locale];
    expect(catalog['versions.formerUser']).toBe(catalog['reviews.history.formerUser']);
    expect(catalog['deadlines.rolling']).toBe(catalog['applications.deadline.none']);
    expect(catalog['grants.deadline.none']).toBe(catalog['applications.deadline.none']);
  });

  // A button's or link's name for screen readers holds the words it shows (WCAG 2.5.3, label in
  // name): a voice-control user says what they see. Pairs of visible text and aria-label.
  it.each(locales)('every aria-label in %s holds the visible label of its button or link', (locale) => {
    const pairs = [
      ['deadlines.assign.button', 'deadlines.assign.buttonLabel'],
      ['companyClaims.mine.withdraw', 'companyClaims.mine.withdrawLabel'],
      ['companyClaims.admin.transfer', 'companyClaims.admin.transferLabel'],
      ['companies.members.remove', 'companies.members.removeLabel'],
      ['funds.admin.grants', 'funds.admin.grantsOf'],
      ['funds.admin.edit', 'funds.admin.editOf'],
      ['funds.admin.delete', 'funds.admin.deleteOf'],
      ['grants.admin.moveUp', 'grants.admin.moveUpOf'],
      ['grants.admin.moveDown', 'grants.admin.moveDownOf'],
      ['grants.admin.remove', 'grants.admin.removeOf'],
      ['grants.admin.edit', 'grants.admin.editOf'],
      ['grants.admin.duplicate', 'grants.admin.duplicateOf'],
      ['grants.admin.delete', 'grants.admin.deleteOf'],
      ['invitations.remove', 'invitations.removeLabel'],
      ['invitations.token.accept', 'invitations.mine.accept'],
      ['invitations.token.decline', 'invitations.mine.decline'],
      ['jobs.action.details', 'jobs.action.detailsOf'],
    ] as const;
    const catalog = catalogs[locale];
    const words = (text: string) => text.replace(/\{\w+\}/g, 'Navn').toLocaleLowerCase(locale);
    for (const [visible, label] of pairs) expect(words(catalog[label]), `${locale} ${label}`).toContain(words(catalog[visible]));
  });

  it('names a language inside a sentence as each language writes it', () => {
    expect(languageName('da', 'da')).toBe('dansk');
    expect(languageName('da', 'nb')).toBe('dansk');
    expect(languageName('da', 'en')).toBe('Danish');
    expect(languageName('nb', 'da')).toBe('norsk');
    expect(languageName('nb', 'en')).toBe('Norwegian');
    expect(languageName('en', 'nb')).toBe('engelsk');
  });

  it('uses the same placeholders in every language', () => {
    const placeholders = (message: string) => [...message.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();
    for (const key of daKeys) {
      const expected = placeholders(catalogs.da[key as keyof typeof catalogs.da]);
      for (const locale of locales) expect(placeholders(catalogs[locale][key as keyof typeof catalogs.da]), `${locale} ${key}`).toEqual(expected);
    }
  });

  it('has the exact English texts of the specification', () => {
    expect(catalogs.en['error.notFound.path']).toBe('Page not found: {path}');
    expect(catalogs.en['error.notFound.title']).toBe('Page Not Found');
    expect(catalogs.en['error.server.title']).toBe('Internal Server Error');
    expect(catalogs.en['validation.email']).toBe('A valid email address must be given');
  });

  it('falls back to Danish and defaults to it', () => {
    expect(defaultLocale).toBe('da');
    expect(messagesFor('en')['app.name']).toBe(catalogs.en['app.name']);
  });

  it('has a heading for every route, a message for every error and every e-mail template', () => {
    for (const name of routeNames) expect(isMessageKey(`route.${name}`), name).toBe(true);
    for (const { message } of Object.values(appErrors)) expect(isMessageKey(message)).toBe(true);
    // A public page shows any failure at least by its kind, so those messages come with its catalog.
    for (const { message } of Object.values(appErrors)) expect(publicMessageKeys.has(message), message).toBe(true);
    expect(publicMessageKeys.has('error.network')).toBe(true);
    for (const template of Object.values(emailTemplates)) {
      expect(isMessageKey(template.subject)).toBe(true);
      expect(isMessageKey(template.body)).toBe(true);
    }
  });
});

/**
 * A Norwegian or Finnish company is never called by Denmark's registry: what the company screens,
 * the requirements test and the final document say of any company names no "CVR", and what they
 * say of a company of one country names that country's registry and number, in da, en and nb.
 */
import { createIntl, createIntlCache } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import { locales, messagesFor, type MessageKey } from '../../src/shared/i18n';
import { orgIdCoverKey } from '../../src/shared/domain/org-id';

const cache = createIntlCache();
const say = (locale: (typeof locales)[number], key: MessageKey, values?: Record<string, string>) => createIntl({ locale, messages: messagesFor(locale) }, cache).formatMessage({ id: key }, values);

/** Said of a company whatever its country. */
const anyCompany: MessageKey[] = [
  'companies.verified',
  'companies.notVerified',
  'companies.notConfirmed',
  'companies.registryName',
  'companies.action.refresh',
  'companies.refresh.started',
  'companies.refresh.done',
  'companies.refresh.failed',
  'companies.lookup.idle',
  'companies.lookup.running',
  'companies.lookup.found',
  'companies.lookup.failed',
  'companies.onboarding.manualIntro',
  'companies.list.checked',
  'companyClaims.noCompany',
  'companyClaims.admin.search',
  'companyClaims.admin.orgId',
  'grants.test.prefillHint',
  'grants.test.fromProfile',
  'grants.admin.prefill',
  'auth.signupSuccess.body',
];

describe('the registry in words', () => {
  it.each(locales)('names no CVR for a company of any country in %s', (locale) => {
    for (const key of anyCompany) expect(say(locale, key, { name: 'X', date: '1.1.2026', attempt: '2' }), `${locale} ${key}`).not.toMatch(/CVR/);
  });

  it.each(locales)('names the Norwegian and Finnish registries and numbers for their companies in %s', (locale) => {
    for (const country of ['NO', 'FI'] as const) {
      const registry = say(locale, `companies.registry.${country}`);
      expect(registry).not.toMatch(/CVR/);
      expect(say(locale, 'companies.verifiedIn', { registry })).toContain(registry);
      expect(say(locale, 'companies.registryNameIn', { registry, name: 'EQUINOR ASA' })).toContain(registry);
      expect(say(locale, `companies.list.orgId${country}`, { orgId: '923609016' })).not.toMatch(/CVR/);
      expect(say(locale, orgIdCoverKey(country), { orgId: '923609016' })).toMatch(country === 'NO' ? /^Org\.? ?n/ : /^(Y-tunnus|Business ID) /);
    }
    expect(say(locale, orgIdCoverKey('DK'), { orgId: '24256790' })).toMatch(/^CVR/);
    expect(say(locale, 'companies.verifiedIn', { registry: say(locale, 'companies.registry.DK') })).toMatch(/CVR/);
  });
});

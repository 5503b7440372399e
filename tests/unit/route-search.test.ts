/**
 * The router's query-string readers keep exactly what the procedures' schemas accept, and drop
 * the rest: a link never shows an error, and a kept value is never refused by the server.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  alertLinkSearch,
  applicationsSearch,
  feedbackSearch,
  grantSearch,
  langSearch,
  loginSearch,
  profileSearch,
  redirectSearch,
  setupSearch,
  signupSearch,
  tokenSearch,
} from '../../src/client/app/route-search';
import { applicationListInput, applicationSetupInput } from '../../src/shared/schemas/applications';
import { resendVerificationInput, signupInput } from '../../src/shared/schemas/auth';
import { sendFeedbackInput } from '../../src/shared/schemas/feedback';
import { grantListInput } from '../../src/shared/schemas/grants';

/** What the schema makes of a value from the URL (the router parses `?q=2026` as a number), or undefined when it refuses it. */
function bySchema(schema: z.ZodType, value: unknown): unknown {
  const parsed = schema.optional().safeParse(typeof value === 'number' ? String(value) : value);
  return parsed.success ? parsed.data : undefined;
}

const texts = ['', ' ', 'grøn', '  grøn omstilling  ', 2026, 'x'.repeat(99), 'x'.repeat(100), 'x'.repeat(101), ` ${'x'.repeat(100)} `, 'x'.repeat(199), 'x'.repeat(200), 'x'.repeat(201), null, true, ['a'], { a: 1 }];
const words = ['open', 'closed', 'upcoming', 'draft', 'deadline', 'newest', 'not_started', 'in_progress', 'ready', 'published', 'OPEN', 'da', 'en', 'nb', 'sv', '', 1, null, undefined];
const ids = ['0b7c5d6e-1f2a-4b3c-8d4e-5f6a7b8c9d0e', '0B7C5D6E-1F2A-4B3C-8D4E-5F6A7B8C9D0E', '0b7c5d6e-1f2a-0b3c-8d4e-5f6a7b8c9d0e', '0b7c5d6e-1f2a-4b3c-cd4e-5f6a7b8c9d0e', '00000000-0000-0000-0000-000000000000', 'not-an-id', '', 42, null];

function expectSame(read: (value: unknown) => unknown, schema: z.ZodType, values: unknown[]) {
  for (const value of values) expect(read(value), JSON.stringify(value)).toEqual(bySchema(schema, value));
}

describe('the grant list’s query string', () => {
  it('keeps a search text and a fund filter as the list procedure takes them', () => {
    expectSame((q) => grantSearch({ q }).q, grantListInput.shape.q, texts);
    expectSame((fund) => grantSearch({ fund }).fund, grantListInput.shape.fund, texts);
  });

  it('keeps only a status and a sort the list knows', () => {
    expectSame((status) => grantSearch({ status }).status, grantListInput.shape.status, words);
    expectSame((sort) => grantSearch({ sort }).sort, grantListInput.shape.sort.unwrap(), words);
    expectSame((lang) => grantSearch({ lang }).lang, applicationSetupInput.shape.language, words);
  });
});

describe('the dashboard’s and the application setup’s query strings', () => {
  it('keep a company, a status, a title and a language as the procedures take them', () => {
    expectSame((company) => applicationsSearch({ company }).company, applicationListInput.shape.companyId, ids);
    expectSame((status) => applicationsSearch({ status }).status, applicationListInput.shape.status, words);
    expectSame((companyId) => setupSearch({ companyId }).companyId, applicationSetupInput.shape.companyId, ids);
    expectSame((title) => setupSearch({ title }).title, applicationSetupInput.shape.title, texts);
    expectSame((language) => setupSearch({ language }).language, applicationSetupInput.shape.language, words);
  });

  it('reads a whole query string, dropping what does not pass', () => {
    expect(grantSearch({ q: ' vind ', status: 'draft', sort: 'newest', lang: 'nb', other: 'x' })).toEqual({ lang: 'nb', q: 'vind', fund: undefined, status: undefined, sort: 'newest' });
  });
});

const paths = ['/grants/x', '/applications?status=draft&company=1', '/verify-email?token=abc&redirect=%2Fgrants', '/', '//evil.example', '/\\evil.example', 'https://evil.example/', 'grants', '/a b', `/${'x'.repeat(498)}`, `/${'x'.repeat(499)}`, `/${'x'.repeat(500)}`, '', 2026, null, true, ['/a'], { a: 1 }];

describe('the sign-in screens’ query strings', () => {
  it('keep a `redirect` exactly when the server’s schema does: a same-site path of at most 500 characters', () => {
    const schema = signupInput.shape.redirect;
    expectSame((redirect) => redirectSearch({ redirect }).redirect, schema, paths);
    expectSame((redirect) => loginSearch({ redirect }).redirect, schema, paths);
    expectSame((redirect) => signupSearch({ redirect }).redirect, schema, paths);
    expectSame((redirect) => tokenSearch({ redirect }).redirect, resendVerificationInput.unwrap().shape.redirect, paths);
  });

  it('keep a token and an invited address as written, for the screen to judge, and `reset` whatever its value', () => {
    expect(tokenSearch({ token: 'abc-DEF_123' })).toEqual({ token: 'abc-DEF_123', redirect: undefined });
    expect(tokenSearch({ token: '' }).token).toBe('');
    // The router reads `?token=123` as a number.
    expect(tokenSearch({ token: 123 }).token).toBe('123');
    expect(tokenSearch({ token: { a: 1 } }).token).toBeUndefined();
    expect(signupSearch({ email: 'ada@example.com', redirect: '/grants/x' })).toEqual({ email: 'ada@example.com', redirect: '/grants/x' });
    expect(loginSearch({ reset: 1 }).reset).toBe(1);
    expect(loginSearch({ reset: '' }).reset).toBe(1);
    expect(loginSearch({}).reset).toBeUndefined();
  });
});

describe('the other pages’ query strings', () => {
  it('keep the feedback page’s `from` exactly when the feedback procedure takes it', () => {
    expectSame((from) => feedbackSearch({ from }).from, sendFeedbackInput.shape.page, paths);
  });

  it('keep a grant alert’s link, a language and a gone export only as the pages know them', () => {
    expect(alertLinkSearch({ alerts: 'confirm', token: 'tok_1', lang: 'en' })).toEqual({ alerts: 'confirm', token: 'tok_1' });
    expect(alertLinkSearch({ alerts: 'unsubscribe', token: 'tok_1' }).alerts).toBe('unsubscribe');
    expect(alertLinkSearch({ alerts: 'delete', token: 'tok_1' }).alerts).toBeUndefined();
    expectSame((lang) => langSearch({ lang }).lang, applicationSetupInput.shape.language, words);
    expect(profileSearch({ export: 'gone' }).export).toBe('gone');
    expect(profileSearch({ export: 'ready' }).export).toBeUndefined();
  });
});

/**
 * The catalogs, one module per feature in messages/, each holding its da, en and nb texts (ICU
 * message syntax). They serve the client and the worker's e-mails alike. Danish is the default and
 * the fallback; a test fails when a key is missing in a language or a message does not parse.
 */
import { answerLibrary } from './messages/answer-library';
import { assessment } from './messages/assessment';
import { applications } from './messages/applications';
import { auth } from './messages/auth';
import { budget } from './messages/budget';
import { companies } from './messages/companies';
import { companyClaims } from './messages/company-claims';
import { core } from './messages/core';
import { dataRights } from './messages/data-rights';
import { documentExport } from './messages/document-export';
import { deadlines } from './messages/deadlines';
import { drafts } from './messages/drafts';
import { feedback } from './messages/feedback';
import { fitToLimit } from './messages/fit-to-limit';
import { funds } from './messages/funds';
import { grantAlerts } from './messages/grant-alerts';
import { grants } from './messages/grants';
import { grantsForYou } from './messages/grants-for-you';
import { grantRules } from './messages/grant-rules';
import { invitations } from './messages/invitations';
import { jobs } from './messages/jobs';
import { legal } from './messages/legal';
import { notifications } from './messages/notifications';
import { presence } from './messages/presence';
import { reviews } from './messages/reviews';
import { versions } from './messages/versions';
import { publicPageRoutes } from '../route-table';
import { defaultLocale, type Locale } from './locales';

// Add a feature's messages here: one import, one entry.
const modules = [core, auth, companies, companyClaims, invitations, jobs, funds, grants, grantAlerts, legal, applications, drafts, budget, reviews, notifications, presence, feedback, versions, dataRights, answerLibrary, documentExport, deadlines, assessment, fitToLimit, grantsForYou, grantRules] as const;

/**
 * The features whose texts the public catalogue pages (`publicPageRoutes`) show: a first visit
 * downloads only these, every other screen waits for the rest (vite.config.ts, client/lib/intl.tsx).
 * A public page that shows another feature's text still works, after one more download.
 */
const publicMessageModules: ReadonlySet<object> = new Set([core, funds, grants, grantAlerts]);

type Union<T> = T extends readonly (infer U)[] ? U : never;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type DanishOf<M> = M extends { da: infer D } ? D : never;

export type MessageKey = keyof UnionToIntersection<DanishOf<Union<typeof modules>>> & string;
export type Messages = Record<MessageKey, string>;

export { defaultLocale, isLocale, locales, type Locale } from './locales';

function merge(locale: Locale): Messages {
  return Object.assign({}, ...modules.map((module) => module[locale])) as Messages;
}

export const catalogs: Record<Locale, Messages> = { da: merge('da'), en: merge('en'), nb: merge('nb') };

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(catalogs.da, value);
}

/** A catalog for a locale with Danish filling any gap, as the specification's fallback rule says. */
export function messagesFor(locale: Locale): Messages {
  return locale === defaultLocale ? catalogs.da : { ...catalogs.da, ...catalogs[locale] };
}

/**
 * Of those features' texts, the ones no public page shows wait with the rest: their administration
 * screens' (`grants.admin.…`, the grant and fund forms' fields and validation) and e-mails'
 * (`email.…`, `grant-alerts.email.…`), the requirements test's and the application start's
 * (`grants.test.…`, `grants.start.…`: screens of their own, not catalogue pages), the signed-in
 * beta notice, and the titles of screens other than the catalogue pages and the privacy policy
 * their footer links to.
 */
const notOnPublicPages = /(^|\.)(admin|email)\.|^grants\.(test|start|validation)\.|^funds\.(field|validation)\.|^beta\./;
const publicTitles: ReadonlySet<string> = new Set([...publicPageRoutes, 'legal-privacy-policy'].map((name) => `route.${name}`));

/** The keys of the public catalogue pages' messages (see `publicMessageModules`). */
export const publicMessageKeys: ReadonlySet<string> = new Set(
  modules
    .filter((module) => publicMessageModules.has(module))
    .flatMap((module) => Object.keys(module.da))
    .filter((key) => !notOnPublicPages.test(key) && (!key.startsWith('route.') || publicTitles.has(key))),
);

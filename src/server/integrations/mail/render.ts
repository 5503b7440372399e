import { createIntl, createIntlCache } from '@formatjs/intl';
import { emailTemplates, type EmailTemplateName } from '../../../shared/emails';
import { emailSafeName } from '../../../shared/domain/names';
import { messagesFor, type Locale } from '../../../shared/i18n';

const cache = createIntlCache();

/** Template parameters that carry a name someone typed (a person's or a company's). */
const nameParams = new Set(['name', 'inviter', 'company', 'requester', 'newOwner']);

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Renders an e-mail in the recipient's language from the same catalogs the interface uses. */
export function renderEmail(template: EmailTemplateName, locale: Locale, rawParams: unknown): RenderedEmail {
  const definition = emailTemplates[template];
  const parsed = definition.params.parse(rawParams) as Record<string, string>;
  // Names people typed are one line and never a link, whenever the e-mail was recorded.
  const params = Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, nameParams.has(key) && typeof value === 'string' ? emailSafeName(value) : value]));
  const intl = createIntl({ locale, defaultLocale: 'da', messages: messagesFor(locale) }, cache);
  const format = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values) as string;

  const paragraphs = [
    ...(params.name ? [format('email.greeting', { name: params.name })] : []),
    format(definition.body, params),
  ];
  const link = 'hasLink' in definition && definition.hasLink ? params.link : undefined;
  const signature = format('email.signature');
  const footer = format(definition.footer, params);

  const text = [...paragraphs, ...(link ? [link] : []), signature, '--', footer].join('\n\n');
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5">`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`] : []),
    `<p>${escapeHtml(signature).replace(/\n/g, '<br>')}</p>`,
    `<hr><p style="color:#6b7280;font-size:12px">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  const oneClick = 'oneClickUnsubscribe' in definition ? (definition.oneClickUnsubscribe as (p: Record<string, string>) => string)(params) : undefined;
  const headers = oneClick ? { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined;
  return { subject: format(definition.subject, params), text, html, ...(headers && { headers }) };
}

import type { UserLocale } from '@nestbox/shared/i18n/locales';
import type { MessageKey } from '@nestbox/shared/i18n/messages.en-gb';
import { translate } from '../i18n/translate.js';
import type { MailMessage } from './mailer.js';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

interface ActionMailKeys {
  subject: MessageKey;
  body: MessageKey;
  action: MessageKey;
  expiry: MessageKey;
}

const KINDS = {
  activation: {
    subject: 'mail.activation.subject',
    body: 'mail.activation.body',
    action: 'mail.activation.action',
    expiry: 'mail.activation.expiry',
  },
  passwordReset: {
    subject: 'mail.reset.subject',
    body: 'mail.reset.body',
    action: 'mail.reset.action',
    expiry: 'mail.reset.expiry',
  },
  /** To the new address of an e-mail change: the link that makes the change. */
  emailChange: {
    subject: 'mail.emailChange.subject',
    body: 'mail.emailChange.body',
    action: 'mail.emailChange.action',
    expiry: 'mail.emailChange.expiry',
  },
  /** To the old address of an e-mail change: a notice, with a way out if it was not them. */
  emailChangeNotice: {
    subject: 'mail.emailChangeNotice.subject',
    body: 'mail.emailChangeNotice.body',
    action: 'mail.emailChangeNotice.action',
    expiry: 'mail.emailChangeNotice.note',
  },
} as const satisfies Record<string, ActionMailKeys>;

/** What every Nestbox e-mail says, already translated: one message and one link to follow. */
interface LinkMail {
  to: string;
  locale: UserLocale;
  subject: string;
  greeting: string;
  body: string;
  /** Someone's words the body speaks of (a comment), quoted under it. */
  quote?: string;
  action: string;
  link: string;
  /** Under the button: the link written out, for mail clients that hide buttons. */
  linkFallback?: string;
  /** A last line before the sign-off (how long the link lasts, why the mail came). */
  note: string;
  signoff: string;
}

/** One layout for every e-mail: HTML with a button, and the same as plain text. */
function composeLinkMail(mail: LinkMail): MailMessage {
  const { to, locale, subject, greeting, body, quote, action, link, linkFallback, note, signoff } = mail;
  const actionLine = translate(locale, 'mail.actionLine', { action, link });
  const quoted = quote === undefined ? [] : [quote.replace(/^/gmu, '> '), ''];
  const text = [greeting, '', body, '', ...quoted, actionLine, '', note, '', signoff].join('\n');
  const quoteHtml =
    quote === undefined
      ? ''
      : `\n    <blockquote style="margin:16px 0;padding:8px 16px;border-left:3px solid #c9d2dc;color:#3e4c59;white-space:pre-wrap">${escapeHtml(quote)}</blockquote>`;
  const fallback = linkFallback
    ? `\n    <p style="font-size:13px;color:#52606d">${escapeHtml(linkFallback)}<br><a href="${escapeHtml(link)}" style="color:#2f6f5e;word-break:break-all">${escapeHtml(link)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${locale}">
<body style="margin:0;padding:24px;background:#f6f7f9;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1f2933">
  <div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
    <p style="margin:0 0 8px;font-size:20px;font-weight:600">Nestbox</p>
    <p>${escapeHtml(greeting)}</p>
    <p>${escapeHtml(body)}</p>${quoteHtml}
    <p style="margin:28px 0">
      <a href="${escapeHtml(link)}" style="background:#2f6f5e;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action)}</a>
    </p>${fallback}
    <p style="font-size:13px;color:#52606d">${escapeHtml(note)}</p>
    <p>${escapeHtml(signoff)}</p>
  </div>
</body>
</html>`;
  return { to, subject, text, html, link };
}

/**
 * An e-mail asking the user to follow one link (activate the account, reset the password,
 * confirm or refuse an e-mail change), in their language, as HTML with a button and as plain
 * text. `params` fill the body's placeholders.
 */
export function renderActionMail(
  kind: keyof typeof KINDS,
  {
    to,
    name,
    locale,
    link,
    params,
  }: { to: string; name: string; locale: UserLocale; link: string; params?: Record<string, string> },
): MailMessage {
  const keys = KINDS[kind];
  const t = (key: MessageKey, params?: Record<string, string>) => translate(locale, key, params);
  return composeLinkMail({
    to,
    locale,
    subject: t(keys.subject),
    greeting: t('mail.greeting', { name }),
    body: t(keys.body, params),
    action: t(keys.action),
    link,
    linkFallback: t('mail.linkFallback'),
    note: t(keys.expiry),
    signoff: t('mail.signoff'),
  });
}

/** A fired reminder, e-mailed when the user turned reminder e-mails on: item title, due date, link. */
export function renderReminderMail({
  to,
  name,
  locale,
  title,
  date,
  link,
}: {
  to: string;
  name: string;
  locale: UserLocale;
  title: string;
  date: string;
  link: string;
}): MailMessage {
  const t = (key: MessageKey, params?: Record<string, string>) => translate(locale, key, params);
  return composeLinkMail({
    to,
    locale,
    subject: t('mail.reminder.subject', { title }),
    greeting: t('mail.greeting', { name }),
    body: t('mail.reminder.body', { title, date }),
    action: t('mail.reminder.action'),
    link,
    note: t('mail.reminder.footer'),
    signoff: t('mail.signoff'),
  });
}

/** To someone a comment mentions, when reminder e-mails are on: who, on what, and the words. */
export function renderMentionMail({
  to,
  name,
  locale,
  by,
  title,
  body,
  link,
}: {
  to: string;
  name: string;
  locale: UserLocale;
  by: string;
  title: string;
  body: string;
  link: string;
}): MailMessage {
  const t = (key: MessageKey, params?: Record<string, string>) => translate(locale, key, params);
  return composeLinkMail({
    to,
    locale,
    subject: t('mail.mention.subject', { name: by, title }),
    greeting: t('mail.greeting', { name }),
    body: t('mail.mention.body', { name: by, title }),
    quote: body,
    action: t('mail.mention.action'),
    link,
    note: t('mail.reminder.footer'),
    signoff: t('mail.signoff'),
  });
}

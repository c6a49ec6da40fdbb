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
} as const satisfies Record<string, ActionMailKeys>;

/**
 * An e-mail asking the user to follow one link (activate the account, reset the password),
 * in their language, as HTML with a button and as plain text.
 */
export function renderActionMail(
  kind: keyof typeof KINDS,
  { to, name, locale, link }: { to: string; name: string; locale: UserLocale; link: string },
): MailMessage {
  const keys = KINDS[kind];
  const t = (key: MessageKey, params?: Record<string, string>) => translate(locale, key, params);
  const greeting = t('mail.greeting', { name });
  const text = [
    greeting,
    '',
    t(keys.body),
    '',
    `${t(keys.action)}: ${link}`,
    '',
    t(keys.expiry),
    '',
    t('mail.signoff'),
  ].join('\n');
  const html = `<!doctype html>
<html lang="${locale}">
<body style="margin:0;padding:24px;background:#f6f7f9;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1f2933">
  <div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
    <p style="margin:0 0 8px;font-size:20px;font-weight:600">Nestbox</p>
    <p>${escapeHtml(greeting)}</p>
    <p>${escapeHtml(t(keys.body))}</p>
    <p style="margin:28px 0">
      <a href="${escapeHtml(link)}" style="background:#2f6f5e;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(t(keys.action))}</a>
    </p>
    <p style="font-size:13px;color:#52606d">${escapeHtml(t('mail.linkFallback'))}<br><a href="${escapeHtml(link)}" style="color:#2f6f5e;word-break:break-all">${escapeHtml(link)}</a></p>
    <p style="font-size:13px;color:#52606d">${escapeHtml(t(keys.expiry))}</p>
    <p>${escapeHtml(t('mail.signoff'))}</p>
  </div>
</body>
</html>`;
  return { to, subject: t(keys.subject), text, html, link };
}

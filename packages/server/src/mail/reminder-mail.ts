import type { UserLocale } from '@nestbox/shared/i18n/locales';
import type { MessageKey } from '@nestbox/shared/i18n/messages.en-gb';
import { translate } from '../i18n/translate.js';
import type { MailMessage } from './mailer.js';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

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
  const greeting = t('mail.greeting', { name });
  const body = t('mail.reminder.body', { title, date });
  const text = [
    greeting,
    '',
    body,
    '',
    `${t('mail.reminder.action')}: ${link}`,
    '',
    t('mail.reminder.footer'),
    '',
    t('mail.signoff'),
  ].join('\n');
  const html = `<!doctype html>
<html lang="${locale}">
<body style="margin:0;padding:24px;background:#f6f7f9;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1f2933">
  <div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
    <p style="margin:0 0 8px;font-size:20px;font-weight:600">Nestbox</p>
    <p>${escapeHtml(greeting)}</p>
    <p>${escapeHtml(body)}</p>
    <p style="margin:28px 0">
      <a href="${escapeHtml(link)}" style="background:#2f6f5e;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(t('mail.reminder.action'))}</a>
    </p>
    <p style="font-size:13px;color:#52606d">${escapeHtml(t('mail.reminder.footer'))}</p>
    <p>${escapeHtml(t('mail.signoff'))}</p>
  </div>
</body>
</html>`;
  return { to, subject: t('mail.reminder.subject', { title }), text, html, link };
}

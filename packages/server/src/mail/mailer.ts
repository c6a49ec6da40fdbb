import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

/** One e-mail, as every sender in the app writes it: both an HTML and a plain-text body. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message carries; logged when mail goes to the outbox, so a fresh install works. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** `smtp://` or `smtps://`; unset writes each message to `<outboxDir>/<time>-<to>.eml`. */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}

const safeFilePart = (value: string) => value.replace(/[^\w.@+-]/g, '_').slice(0, 80);

/**
 * Sends mail through SMTP when configured, otherwise writes it to the data directory's
 * outbox as .eml files (and logs the link), so an installation with no mail server works.
 */
export function createMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Mailer {
  // The mail library loads with the first message, not in every server's memory at rest.
  let transport: Promise<Transporter> | undefined;
  const transportOf = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      smtpUrl
        ? nodemailer.createTransport(smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));

  return {
    async send(message) {
      const info = await (await transportOf()).sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      if (smtpUrl) {
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
        return;
      }
      mkdirSync(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${Date.now()}-${safeFilePart(message.to)}.eml`);
      writeFileSync(file, info.message as Buffer);
      log.info(
        { to: message.to, subject: message.subject, link: message.link, file },
        'mail written to the outbox',
      );
    },
    close() {
      transport?.then(
        (opened) => opened.close(),
        () => {},
      );
    },
  };
}

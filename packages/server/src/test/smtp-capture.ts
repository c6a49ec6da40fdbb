import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
  subject: string;
}

/** Decodes a MIME quoted-printable body (soft line breaks and =XX escapes). */
function decodeQuotedPrintable(text: string): string {
  return Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** Decodes an RFC 2047 header value such as `=?UTF-8?Q?R=C3=A9initialisez?=`. */
function decodeHeader(value: string): string {
  return value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replaceAll('_', ' ')),
  );
}

/**
 * A real SMTP server on a free loopback port that keeps every message it receives, so tests
 * read the e-mails the app actually sent over SMTP.
 */
export async function startSmtpCapture() {
  const messages: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = decodeHeader(
          /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '',
        );
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, subject });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The newest message to `to`, waiting up to 5 s for it to arrive. */
    async lastMessageTo(to: string, afterCount = 0): Promise<CapturedMail & { text: string }> {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const found = messages.filter((m) => m.to.includes(to));
        const message = found.length > afterCount ? found[found.length - 1] : undefined;
        if (message) return { ...message, text: decodeQuotedPrintable(message.raw) };
        if (Date.now() > deadline) throw new Error(`no e-mail to ${to} arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    countTo: (to: string) => messages.filter((m) => m.to.includes(to)).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;

/** The first link in a message whose path starts with `pathPrefix`, and its last segment. */
export function linkIn(text: string, pathPrefix: string): { url: string; token: string } {
  const match = new RegExp(`https?://[^\\s"<>]*${pathPrefix}([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${pathPrefix} link in the message`);
  return { url: match[0], token: match[1] };
}

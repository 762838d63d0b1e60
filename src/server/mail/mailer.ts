/**
 * Account mails through nodemailer (SMTP_URL); without it each is written to the log at info, so a
 * self-hoster without mail can still follow a reset link. Sent after the call has answered.
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

interface AccountMail {
  to: string;
  subject: string;
  /** What the mail asks the reader to do, before the link. */
  lead: string;
  link: string;
  /** After the link: why they got it, what happens if they ignore it. */
  footer: string;
  /** More links after the main one, each with what it does ("Snooze 1 hour"). */
  actions?: { label: string; url: string }[];
}

export interface Mailer {
  /** Queues the mail; failures are logged, never thrown. */
  send(mail: AccountMail): void;
  /** Resolves when every mail queued so far has been sent or has failed (tests, shutdown). */
  settled(): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Plain text with the link on its own line (then the actions, one a line), and the same in simple HTML. */
function render(mail: AccountMail) {
  const actions = mail.actions ?? [];
  const textActions = actions.map(({ label, url }) => `${label}: ${url}\n`).join('');
  const htmlActions = actions
    .map(({ label, url }) => `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`)
    .join(' · ');
  return {
    text: `${mail.lead}\n\n${mail.link}\n\n${textActions ? `${textActions}\n` : ''}${mail.footer}\n`,
    html: `<p>${escapeHtml(mail.lead)}</p>\n<p><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a></p>\n${htmlActions ? `<p>${htmlActions}</p>\n` : ''}<p>${escapeHtml(mail.footer)}</p>\n`,
  };
}

export function createMailer(
  smtpUrl: string | undefined,
  from: string,
  log: FastifyBaseLogger,
): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  let pending = Promise.resolve();
  return {
    send(mail) {
      if (!transport) {
        log.info(
          { mail: { to: mail.to, subject: mail.subject, link: mail.link } },
          'mail not sent (SMTP_URL is not set)',
        );
        return;
      }
      const sent = transport
        .sendMail({ from, to: mail.to, subject: mail.subject, ...render(mail) })
        .then(
          () => log.info({ mail: { to: mail.to, subject: mail.subject } }, 'mail sent'),
          (error: unknown) =>
            log.error(
              { err: error, mail: { to: mail.to, subject: mail.subject } },
              'mail could not be sent',
            ),
        );
      pending = pending.then(() => sent);
    },
    settled: () => pending,
  };
}

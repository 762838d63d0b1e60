/** A real SMTP server on 127.0.0.1 (smtp-server) that keeps every mail it receives, parsed (mailparser). */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Session } from '../../../src/shared/api-types';
import { credentials, register } from './app';

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpCatcher {
  url: string;
  mails: CaughtMail[];
  /** The first mail to `to` that arrives (or has arrived) within `timeoutMs`. */
  next(to: string, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

const toAddress = (mail: ParsedMail) => {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return to?.value[0]?.address?.toLowerCase() ?? '';
};

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const taken = new Set<CaughtMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          mails.push({
            to: toAddress(mail),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          });
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async next(to, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.find(
          (candidate) => candidate.to === to.toLowerCase() && !taken.has(candidate),
        );
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The link on its own line of a mail's text. */
export const linkIn = (mail: CaughtMail): string => {
  const line = mail.text.split('\n').find((text) => /^https?:\/\//.test(text.trim()));
  if (!line) throw new Error(`no link in "${mail.text}"`);
  return line.trim();
};

/** Registers an account and opens the confirmation link mailed to it, as the address's owner would. */
export async function registerConfirmed(
  app: FastifyInstance,
  smtp: SmtpCatcher,
  prefix: string,
): Promise<Session> {
  const session = await register(app, credentials(prefix));
  const link = new URL(linkIn(await smtp.next(session.user.email)));
  const opened = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
  if (opened.statusCode !== 302)
    throw new Error(`confirmation failed: ${opened.statusCode} ${opened.body}`);
  return { ...session, user: { ...session.user, confirmed: true } };
}

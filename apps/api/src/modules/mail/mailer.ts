import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { outboxEmails } from '../../db/schema';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  // Set from Settings → General (site-settings/site-mail.ts); MAIL_FROM when absent.
  from?: { name: string; address: string };
  replyTo?: string;
};
export type Mailer = { send: (mail: Mail) => Promise<void>; transport: 'smtp' | 'outbox' };

type Options = { smtpUrl?: string; from: string; db: Database; logger: FastifyBaseLogger };

// With SMTP_URL mail goes out through nodemailer; without it, to the outbox table and the log, so
// that a local install can still read its verification codes.
export function createMailer({ smtpUrl, from, db, logger }: Options): Mailer {
  if (smtpUrl) {
    const transporter = nodemailer.createTransport(smtpUrl);
    return {
      transport: 'smtp',
      send: async (mail) => {
        await transporter.sendMail({ from, ...mail });
      },
    };
  }
  return {
    transport: 'outbox',
    send: async (mail) => {
      const { to, subject, text, html } = mail;
      await db.insert(outboxEmails).values({ to, subject, text, html });
      logger.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail kept in outbox');
    },
  };
}

import type { FastifyBaseLogger } from 'fastify';
import type { Mail, Mailer } from '../mail/mailer';

type TicketRef = { number: number; subject: string };

function quote(body: string) {
  return body
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

export function staffReplyMail(to: string, ticket: TicketRef, body: string, link: string): Mail {
  return {
    to,
    subject: `Re: [Askwell #${ticket.number}] ${ticket.subject}`,
    text:
      `The Askwell support team answered your ticket #${ticket.number} “${ticket.subject}”:\n\n` +
      `${quote(body)}\n\n` +
      `Reply or close the ticket here:\n${link}\n`,
  };
}

export function ticketClosedMail(to: string, ticket: TicketRef, link: string): Mail {
  return {
    to,
    subject: `[Askwell #${ticket.number}] Closed: ${ticket.subject}`,
    text:
      `The Askwell support team closed your ticket #${ticket.number} “${ticket.subject}”.\n\n` +
      'If you still need help, reply on the ticket and it opens again:\n' +
      `${link}\n`,
  };
}

export function customerWroteMail(
  to: string,
  ticket: TicketRef,
  from: string,
  body: string,
  link: string,
  isNew: boolean,
): Mail {
  return {
    to,
    subject: isNew
      ? `[Askwell #${ticket.number}] New ticket: ${ticket.subject}`
      : `Re: [Askwell #${ticket.number}] ${ticket.subject}`,
    text:
      (isNew
        ? `${from} opened support ticket #${ticket.number} “${ticket.subject}”:\n\n`
        : `${from} replied on support ticket #${ticket.number} “${ticket.subject}”:\n\n`) +
      `${quote(body)}\n\n` +
      `Answer it in the back office:\n${link}\n`,
  };
}

// Sent after the change is saved and without holding up the response: a slow or failing mail
// server must not fail a reply that is already on the ticket. Failures are logged.
export class TicketMail {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly mailer: Mailer,
    private readonly logger: FastifyBaseLogger,
  ) {}

  send(mails: Mail[]) {
    for (const mail of mails) {
      const task = this.mailer
        .send(mail)
        .catch((error: unknown) =>
          this.logger.error({ err: error, subject: mail.subject }, 'sending ticket mail failed'),
        )
        .finally(() => this.pending.delete(task));
      this.pending.add(task);
    }
  }

  async idle() {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}

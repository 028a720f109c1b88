import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { consumeThrottle } from '../../lib/throttle';
import type { Mail, Mailer } from '../mail/mailer';

// Codes, reset links and every other account mail, counted per address whichever endpoint asked
// for it, so no path (nor one a later better-auth adds) can turn us into a mail cannon.
export const authMailsPerAddressPerHour = 10;

type Options = { db: Database; mailer: Mailer; logger: FastifyBaseLogger };

export class AuthMail {
  private readonly pending = new Set<Promise<void>>();
  // Addresses whose next password link staff asked for when they made the account: the link is
  // better-auth's reset link, the mail says why it came.
  private readonly welcomes = new Set<string>();

  constructor(private readonly options: Options) {}

  expectWelcome(email: string) {
    this.welcomes.add(email.trim().toLowerCase());
  }

  takeWelcome(email: string) {
    return this.welcomes.delete(email.trim().toLowerCase());
  }

  // Sent in the background so that response times do not reveal whether an address has an
  // account; a failure is logged, never shown to the visitor. `uncapped` is for the one mail that
  // tells an owner their account is under attack: it is sent at most once per lock.
  send(mail: Mail, { uncapped = false }: { uncapped?: boolean } = {}) {
    const task = this.deliver(mail, uncapped)
      .catch((error: unknown) => this.options.logger.error({ err: error }, 'sending mail failed'))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  // Mail already promised to someone is finished before the server stops.
  async idle() {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private async deliver(mail: Mail, uncapped: boolean) {
    const address = mail.to.trim().toLowerCase();
    if (!uncapped) {
      const { allowed } = await consumeThrottle(
        this.options.db,
        `auth-mail:${address}`,
        authMailsPerAddressPerHour,
        60 * 60,
      );
      if (!allowed) {
        this.options.logger.warn(
          { to: address, subject: mail.subject },
          'account mail not sent: this address has had its hourly share',
        );
        return;
      }
    }
    await this.options.mailer.send(mail);
  }
}

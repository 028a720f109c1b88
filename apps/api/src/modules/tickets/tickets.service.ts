import {
  rolesForSection,
  ticketEventName,
  ticketsPageSize,
  type AdminTicket,
  type AdminTicketDetail,
  type AdminTicketPage,
  type AdminTicketSummary,
  type TicketAssigneeFilter,
  type TicketCreateInput,
  type TicketDetail,
  type TicketEvent,
  type TicketMessage,
  type TicketPerson,
  type TicketStatus,
  type TicketSummary,
} from '@askwell/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Realtime } from '../../plugins/realtime';
import type { AuditActor, AuditService } from '../audit/audit.service';
import type { Mail, Mailer } from '../mail/mailer';
import {
  findStaffMember,
  findTicketByNumber,
  insertTicket,
  insertTicketMessage,
  countUnclosedTickets,
  listAdminTickets,
  listCustomerTickets,
  listStaff,
  listTicketMessages,
  lockTicket,
  ownsBot,
  ownsConversation,
  updateTicket,
  type TicketRow,
  type TicketWithPeople,
} from './tickets.repository';
import { customerWroteMail, staffReplyMail, ticketClosedMail, TicketMail } from './ticket-mail';

// A customer's Help page lists this many of their newest tickets.
const customerListLimit = 200;
// Unassigned tickets are mailed to every staff member who may answer them; an install with a
// large support team should assign, not broadcast.
const maxStaffRecipients = 25;
// The customer's name on staff's side, and staff's on the customer's: customers see the team.
const teamName = 'Askwell Support';

type Named = { email: string; name: string; firstName: string; lastName: string };

function displayName(person: Named) {
  return (
    [person.firstName, person.lastName].filter(Boolean).join(' ') || person.name || person.email
  );
}

function toPerson(person: Named & { id: string }): TicketPerson {
  return { id: person.id, email: person.email, name: displayName(person) };
}

function toSummary(ticket: TicketRow): TicketSummary {
  return {
    number: ticket.number,
    subject: ticket.subject,
    status: ticket.status,
    last_message_at: ticket.lastMessageAt.toISOString(),
    created_at: ticket.createdAt.toISOString(),
    closed_at: ticket.closedAt?.toISOString() ?? null,
  };
}

function links(found: TicketWithPeople) {
  return {
    bot: found.bot?.id ? { id: found.bot.id, name: found.bot.name } : null,
    conversation: found.conversation?.id
      ? {
          id: found.conversation.id,
          started_at: found.conversation.startedAt.toISOString(),
          bot_name: found.conversation.botName,
        }
      : null,
  };
}

function toAdminTicket(found: {
  ticket: TicketRow;
  customer: Named & { id: string };
  assignee: (Named & { id: string }) | null;
  messageCount: number;
}): AdminTicket {
  return {
    ...toSummary(found.ticket),
    customer: toPerson(found.customer),
    assignee: found.assignee?.id ? toPerson(found.assignee) : null,
    message_count: found.messageCount,
  };
}

function ticketNotFound() {
  return new AppError('not_found', 'No ticket with this number.');
}

export type TicketsOptions = {
  db: Database;
  audit: AuditService;
  realtime: Realtime;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  // Links in mail point here; without it they are paths on the same site.
  publicUrl?: string;
};

// Support tickets for both sides. Customers reach only their own tickets (a ticket of someone
// else is "not found"); every staff action is written to the audit log in the same transaction.
export class TicketsService {
  private readonly mail: TicketMail;
  private readonly staffRoles = rolesForSection('tickets');

  constructor(private readonly options: TicketsOptions) {
    this.mail = new TicketMail(options.mailer, options.logger);
  }

  idle() {
    return this.mail.idle();
  }

  private link(path: string) {
    return `${this.options.publicUrl?.replace(/\/$/, '') ?? ''}${path}`;
  }

  // --- customer side -----------------------------------------------------------------------------

  async listOwn(userId: string): Promise<TicketSummary[]> {
    const rows = await listCustomerTickets(this.options.db, userId, customerListLimit);
    return rows.map(toSummary);
  }

  async findOwn(userId: string, number: number): Promise<TicketDetail> {
    const found = await findTicketByNumber(this.options.db, number);
    if (!found || found.ticket.userId !== userId) throw ticketNotFound();
    return this.customerDetail(found);
  }

  async create(
    user: { id: string },
    input: TicketCreateInput & { subject: string; message: string },
  ) {
    const { db } = this.options;
    const botId = input.bot_id ?? null;
    const conversationId = input.conversation_id ?? null;
    // Another account's bot or conversation is refused exactly like one that does not exist.
    if (botId && !(await ownsBot(db, user.id, botId))) {
      throw new AppError('validation_error', 'Choose one of your own chatbots from the list.');
    }
    if (conversationId && !(await ownsConversation(db, user.id, conversationId))) {
      throw new AppError('validation_error', 'Choose one of your own conversations from the list.');
    }
    const ticket = await db.transaction(async (tx) => {
      const row = await insertTicket(tx, {
        userId: user.id,
        subject: input.subject,
        botId,
        conversationId,
      });
      await insertTicketMessage(tx, {
        ticketId: row.id,
        authorId: user.id,
        fromStaff: false,
        body: input.message,
      });
      return row;
    });
    const found = (await findTicketByNumber(db, ticket.number))!;
    await this.tellStaff(found, input.message, true);
    return this.customerDetail(found);
  }

  // A reply on a closed ticket opens it again: the customer still needs help.
  async replyOwn(userId: string, number: number, body: string) {
    const { db } = this.options;
    await db.transaction(async (tx) => {
      const ticket = await lockTicket(tx, number);
      if (!ticket || ticket.userId !== userId) throw ticketNotFound();
      await insertTicketMessage(tx, {
        ticketId: ticket.id,
        authorId: userId,
        fromStaff: false,
        body,
      });
      await updateTicket(tx, ticket.id, {
        status: 'open',
        closedAt: null,
        lastMessageAt: new Date(),
      });
    });
    const found = (await findTicketByNumber(db, number))!;
    await this.tellStaff(found, body, false);
    return this.customerDetail(found);
  }

  async closeOwn(userId: string, number: number) {
    const { db } = this.options;
    await db.transaction(async (tx) => {
      const ticket = await lockTicket(tx, number);
      if (!ticket || ticket.userId !== userId) throw ticketNotFound();
      if (ticket.status !== 'closed') {
        await updateTicket(tx, ticket.id, { status: 'closed', closedAt: new Date() });
      }
    });
    const found = (await findTicketByNumber(db, number))!;
    await this.announce(found);
    return this.customerDetail(found);
  }

  private async customerDetail(found: TicketWithPeople): Promise<TicketDetail> {
    const messages = await listTicketMessages(this.options.db, found.ticket.id);
    return {
      ...toSummary(found.ticket),
      ...links(found),
      messages: messages.map(({ message, author }): TicketMessage => ({
        id: message.id,
        from_staff: message.fromStaff,
        author_name: message.fromStaff ? teamName : author ? displayName(author) : 'You',
        body: message.body,
        created_at: message.createdAt.toISOString(),
      })),
    };
  }

  // --- staff side --------------------------------------------------------------------------------

  async list(
    staffId: string,
    query: {
      status: TicketStatus | 'all';
      assignee: TicketAssigneeFilter;
      search: string;
      page: number;
    },
  ): Promise<AdminTicketPage> {
    const { rows, total } = await listAdminTickets(
      this.options.db,
      { ...query, staffId },
      { offset: (query.page - 1) * ticketsPageSize, limit: ticketsPageSize },
    );
    return {
      tickets: rows.map(toAdminTicket),
      total,
      page: query.page,
      page_size: ticketsPageSize,
    };
  }

  async summary(): Promise<AdminTicketSummary> {
    return { open: await countUnclosedTickets(this.options.db) };
  }

  async assignees(): Promise<TicketPerson[]> {
    const staff = await listStaff(this.options.db, this.staffRoles, 200);
    return staff.map(toPerson);
  }

  async find(number: number): Promise<AdminTicketDetail> {
    const found = await findTicketByNumber(this.options.db, number);
    if (!found) throw ticketNotFound();
    return this.staffDetail(found);
  }

  // A staff answer hands the ticket to the customer ('pending'), also when it had been closed.
  async reply(actor: AuditActor, number: number, body: string) {
    const { db, audit } = this.options;
    await db.transaction(async (tx) => {
      const ticket = await this.lockForStaff(tx, number);
      const now = new Date();
      await insertTicketMessage(tx, {
        ticketId: ticket.id,
        authorId: actor.id,
        fromStaff: true,
        body,
      });
      await updateTicket(tx, ticket.id, {
        status: 'pending',
        closedAt: null,
        lastMessageAt: now,
        firstStaffReplyAt: ticket.firstStaffReplyAt ?? now,
      });
      await audit.record(
        actor,
        {
          action: 'ticket.reply',
          target: { type: 'ticket', id: ticket.id },
          details: {
            message: `Replied to ticket #${ticket.number} “${ticket.subject}”`,
            ticket_number: ticket.number,
            subject: ticket.subject,
            length: body.length,
          },
        },
        tx,
      );
    });
    const found = (await findTicketByNumber(db, number))!;
    this.mail.send([
      staffReplyMail(
        found.customer.email,
        found.ticket,
        body,
        this.link(`/dashboard/help/${number}`),
      ),
    ]);
    await this.announce(found);
    return this.staffDetail(found);
  }

  async assign(actor: AuditActor, number: number, assigneeId: string | null) {
    const { db, audit } = this.options;
    await db.transaction(async (tx) => {
      const ticket = await this.lockForStaff(tx, number);
      const assignee = assigneeId ? await findStaffMember(tx, assigneeId, this.staffRoles) : null;
      if (assigneeId && !assignee) {
        throw new AppError(
          'validation_error',
          'Choose a staff member who can see support tickets.',
        );
      }
      if (ticket.assignedTo === assigneeId) return;
      await updateTicket(tx, ticket.id, { assignedTo: assigneeId });
      await audit.record(
        actor,
        {
          action: 'ticket.assign',
          target: { type: 'ticket', id: ticket.id },
          details: {
            message: assignee
              ? `Assigned ticket #${ticket.number} to ${assignee.email}`
              : `Unassigned ticket #${ticket.number}`,
            ticket_number: ticket.number,
            from: ticket.assignedTo,
            to: assigneeId,
            assignee_email: assignee?.email ?? null,
          },
        },
        tx,
      );
    });
    const found = (await findTicketByNumber(db, number))!;
    await this.announce(found);
    return this.staffDetail(found);
  }

  async setClosed(actor: AuditActor, number: number, closed: boolean) {
    const { db, audit } = this.options;
    const changed = await db.transaction(async (tx) => {
      const ticket = await this.lockForStaff(tx, number);
      if ((ticket.status === 'closed') === closed) return false;
      await updateTicket(
        tx,
        ticket.id,
        closed ? { status: 'closed', closedAt: new Date() } : { status: 'open', closedAt: null },
      );
      await audit.record(
        actor,
        {
          action: closed ? 'ticket.close' : 'ticket.reopen',
          target: { type: 'ticket', id: ticket.id },
          details: {
            message: `${closed ? 'Closed' : 'Reopened'} ticket #${ticket.number} “${ticket.subject}”`,
            ticket_number: ticket.number,
            subject: ticket.subject,
          },
        },
        tx,
      );
      return true;
    });
    const found = (await findTicketByNumber(db, number))!;
    if (changed && closed) {
      this.mail.send([
        ticketClosedMail(
          found.customer.email,
          found.ticket,
          this.link(`/dashboard/help/${number}`),
        ),
      ]);
    }
    if (changed) await this.announce(found);
    return this.staffDetail(found);
  }

  private async lockForStaff(tx: Transaction, number: number) {
    const ticket = await lockTicket(tx, number);
    if (!ticket) throw ticketNotFound();
    return ticket;
  }

  private async staffDetail(found: TicketWithPeople): Promise<AdminTicketDetail> {
    const messages = await listTicketMessages(this.options.db, found.ticket.id);
    return {
      ...toAdminTicket(found),
      ...links(found),
      first_staff_reply_at: found.ticket.firstStaffReplyAt?.toISOString() ?? null,
      messages: messages.map(({ message, author }): TicketMessage => ({
        id: message.id,
        from_staff: message.fromStaff,
        author_name: author
          ? displayName(author)
          : message.fromStaff
            ? teamName
            : 'Deleted account',
        body: message.body,
        created_at: message.createdAt.toISOString(),
      })),
    };
  }

  // --- telling people ----------------------------------------------------------------------------

  // The assignee, or while nobody has the ticket every staff member who may answer it.
  private async tellStaff(found: TicketWithPeople, body: string, isNew: boolean) {
    const staff = found.assignee?.id
      ? [found.assignee]
      : await listStaff(this.options.db, this.staffRoles, maxStaffRecipients);
    const from = `${displayName(found.customer)} <${found.customer.email}>`;
    const link = this.link(`/admin/tickets/${found.ticket.number}`);
    this.mail.send(
      staff.map((member): Mail =>
        customerWroteMail(member.email, found.ticket, from, body, link, isNew),
      ),
    );
    await this.announce(found);
  }

  // Every open tab of the customer and of each staff member who may see tickets reads the ticket
  // again; the event carries only the number, so nothing leaks to a tab that may not read it.
  private async announce(found: TicketWithPeople) {
    const { realtime, db } = this.options;
    const event: TicketEvent = { number: found.ticket.number };
    realtime.toUser(found.ticket.userId, ticketEventName, event);
    for (const member of await listStaff(db, this.staffRoles, 200)) {
      realtime.toUser(member.id, ticketEventName, event);
    }
  }
}

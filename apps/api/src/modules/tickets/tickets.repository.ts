import type { Role, TicketAssigneeFilter, TicketStatus } from '@askwell/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client';
import { escapeLike } from '../../db/query-helpers';
import { chatbots, conversations, supportTickets, ticketMessages, users } from '../../db/schema';

export type TicketRow = typeof supportTickets.$inferSelect;
type TicketPatch = Partial<
  Pick<TicketRow, 'status' | 'assignedTo' | 'lastMessageAt' | 'firstStaffReplyAt' | 'closedAt'>
>;

const customer = alias(users, 'customer');
const assignee = alias(users, 'assignee');

const customerColumns = {
  id: customer.id,
  email: customer.email,
  name: customer.name,
  firstName: customer.firstName,
  lastName: customer.lastName,
};
const assigneeColumns = {
  id: assignee.id,
  email: assignee.email,
  name: assignee.name,
  firstName: assignee.firstName,
  lastName: assignee.lastName,
};
const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  firstName: users.firstName,
  lastName: users.lastName,
};

export async function insertTicket(
  db: Executor,
  values: { userId: string; subject: string; botId: string | null; conversationId: string | null },
) {
  const [row] = await db.insert(supportTickets).values(values).returning();
  return row!;
}

export async function insertTicketMessage(
  db: Executor,
  values: { ticketId: string; authorId: string; fromStaff: boolean; body: string },
) {
  const [row] = await db.insert(ticketMessages).values(values).returning();
  return row!;
}

export async function updateTicket(db: Executor, ticketId: string, patch: TicketPatch) {
  const [row] = await db
    .update(supportTickets)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(supportTickets.id, ticketId))
    .returning();
  return row ?? null;
}

// The ticket with its customer, assignee and what it links to. Locked rows are read with
// `forUpdate` inside a transaction, so two staff acting at once apply one after the other.
export async function findTicketByNumber(db: Executor, number: number) {
  const [row] = await db
    .select({
      ticket: supportTickets,
      customer: customerColumns,
      assignee: assigneeColumns,
      bot: { id: chatbots.id, name: chatbots.name },
      conversation: {
        id: conversations.id,
        startedAt: conversations.startedAt,
        botName: sql<string>`(select ${chatbots.name} from ${chatbots} where ${chatbots.id} = ${conversations.botId})`,
      },
      messageCount: sql<number>`(select count(*)::int from ${ticketMessages} where ${ticketMessages.ticketId} = ${supportTickets.id})`,
    })
    .from(supportTickets)
    .innerJoin(customer, eq(customer.id, supportTickets.userId))
    .leftJoin(assignee, eq(assignee.id, supportTickets.assignedTo))
    .leftJoin(chatbots, eq(chatbots.id, supportTickets.botId))
    .leftJoin(conversations, eq(conversations.id, supportTickets.conversationId))
    .where(eq(supportTickets.number, number));
  return row ?? null;
}

export type TicketWithPeople = NonNullable<Awaited<ReturnType<typeof findTicketByNumber>>>;

export async function lockTicket(db: Executor, number: number) {
  const [row] = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.number, number))
    .for('update');
  return row ?? null;
}

export async function listTicketMessages(db: Executor, ticketId: string) {
  return db
    .select({
      message: ticketMessages,
      author: userColumns,
    })
    .from(ticketMessages)
    .leftJoin(users, eq(users.id, ticketMessages.authorId))
    .where(eq(ticketMessages.ticketId, ticketId))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
}

// A customer's own tickets, most recently active first.
export async function listCustomerTickets(db: Database, userId: string, limit: number) {
  return db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.lastMessageAt), desc(supportTickets.number))
    .limit(limit);
}

export async function listAdminTickets(
  db: Database,
  filters: {
    status: TicketStatus | 'all';
    assignee: TicketAssigneeFilter;
    search: string;
    staffId: string;
  },
  page: { offset: number; limit: number },
) {
  const conditions: SQL[] = [];
  if (filters.status !== 'all') conditions.push(eq(supportTickets.status, filters.status));
  if (filters.assignee === 'mine') conditions.push(eq(supportTickets.assignedTo, filters.staffId));
  if (filters.assignee === 'unassigned') conditions.push(isNull(supportTickets.assignedTo));
  if (filters.search) {
    const pattern = `%${escapeLike(filters.search)}%`;
    conditions.push(or(ilike(supportTickets.subject, pattern), ilike(customer.email, pattern))!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = db
    .select({
      ticket: supportTickets,
      customer: customerColumns,
      assignee: assigneeColumns,
      messageCount: sql<number>`(select count(*)::int from ${ticketMessages} where ${ticketMessages.ticketId} = ${supportTickets.id})`,
    })
    .from(supportTickets)
    .innerJoin(customer, eq(customer.id, supportTickets.userId))
    .leftJoin(assignee, eq(assignee.id, supportTickets.assignedTo))
    .where(where)
    .orderBy(desc(supportTickets.lastMessageAt), desc(supportTickets.number))
    .limit(page.limit)
    .offset(page.offset);
  const total = db
    .select({ total: count() })
    .from(supportTickets)
    .innerJoin(customer, eq(customer.id, supportTickets.userId))
    .where(where);
  const [list, [totals]] = await Promise.all([rows, total]);
  return { rows: list, total: totals?.total ?? 0 };
}

// Staff accounts of the given roles that can still sign in, oldest first.
// Tickets staff still have to deal with: everything not closed (open, or waiting on the customer).
export async function countUnclosedTickets(db: Database) {
  const [row] = await db
    .select({ total: count() })
    .from(supportTickets)
    .where(ne(supportTickets.status, 'closed'));
  return row?.total ?? 0;
}

export async function listStaff(db: Executor, roles: readonly Role[], limit: number) {
  return db
    .select(userColumns)
    .from(users)
    .where(and(inArray(users.role, [...roles]), isNull(users.suspendedAt)))
    .orderBy(asc(users.createdAt))
    .limit(limit);
}

export async function findStaffMember(db: Executor, userId: string, roles: readonly Role[]) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.id, userId), inArray(users.role, [...roles]), isNull(users.suspendedAt)));
  return row ?? null;
}

export async function ownsBot(db: Executor, userId: string, botId: string) {
  const [row] = await db
    .select({ id: chatbots.id })
    .from(chatbots)
    .where(and(eq(chatbots.id, botId), eq(chatbots.userId, userId)));
  return Boolean(row);
}

export async function ownsConversation(db: Executor, userId: string, conversationId: string) {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)));
  return Boolean(row);
}

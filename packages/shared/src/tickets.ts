import { z } from 'zod';

// Support tickets (issue 14): a customer asks the Askwell team from their dashboard's Help page;
// staff with the tickets area (spec §6) answer from /admin/tickets.

// 'pending' is waiting for the customer: staff answered and the next word is theirs.
export const ticketStatuses = ['open', 'pending', 'closed'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

export const ticketStatusLabels: Record<TicketStatus, string> = {
  open: 'Open',
  pending: 'Waiting for customer',
  closed: 'Closed',
};

export const ticketSubjectMaxLength = 200;
export const ticketMessageMaxLength = 5000;
export const ticketsPageSize = 25;

// Both sides hear of a change to a ticket through this socket event, then read it again.
export const ticketEventName = 'ticket.updated';
export type TicketEvent = { number: number };

const subjectSchema = z
  .string({ error: 'Enter a subject.' })
  .trim()
  .min(1, 'Enter a subject.')
  .max(ticketSubjectMaxLength, `Keep the subject under ${ticketSubjectMaxLength} characters.`);

export const ticketMessageSchema = z
  .string({ error: 'Write a message.' })
  .trim()
  .min(1, 'Write a message.')
  .max(ticketMessageMaxLength, `Keep the message under ${ticketMessageMaxLength} characters.`);

const optionalId = (what: string) =>
  z
    .uuid({ error: `Choose one of your own ${what} from the list.` })
    .nullish()
    .transform((value) => value ?? null);

export const ticketCreateInputSchema = z.object({
  subject: subjectSchema,
  message: ticketMessageSchema,
  bot_id: optionalId('chatbots'),
  conversation_id: optionalId('conversations'),
});
export type TicketCreateInput = z.input<typeof ticketCreateInputSchema>;

export const ticketReplyInputSchema = z.object({ message: ticketMessageSchema });
export type TicketReplyInput = z.input<typeof ticketReplyInputSchema>;

// Null unassigns.
export const ticketAssignInputSchema = z.object({
  assignee_id: z.string({ error: 'Choose a staff member.' }).min(1).max(100).nullable(),
});
export type TicketAssignInput = z.input<typeof ticketAssignInputSchema>;

export const ticketAssigneeFilters = ['all', 'mine', 'unassigned'] as const;
export type TicketAssigneeFilter = (typeof ticketAssigneeFilters)[number];

export const adminTicketsQuerySchema = z.object({
  status: z
    .enum(['all', ...ticketStatuses], { error: 'Choose a status from the list.' })
    .default('all'),
  assignee: z
    .enum(ticketAssigneeFilters, { error: 'Choose all, mine or unassigned.' })
    .default('all'),
  search: z.string().trim().max(200, 'Keep the search under 200 characters.').default(''),
  page: z.coerce
    .number({ error: 'The page must be a number.' })
    .int()
    .min(1, 'Pages start at 1.')
    .max(10_000)
    .default(1),
});
export type AdminTicketsQuery = z.input<typeof adminTicketsQuerySchema>;

export const ticketParamsSchema = z.object({
  ticketNumber: z.coerce
    .number({ error: 'No ticket with this number.' })
    .int('No ticket with this number.')
    .min(1, 'No ticket with this number.')
    .max(2_147_483_647, 'No ticket with this number.'),
});

export type TicketPerson = { id: string; email: string; name: string };

export const ticketPersonSchema = z.object({ id: z.string(), email: z.string(), name: z.string() });

export const ticketSummarySchema = z.object({
  number: z.number().int(),
  subject: z.string(),
  status: z.enum(ticketStatuses),
  last_message_at: z.string(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketMessageEntrySchema = z.object({
  id: z.string(),
  from_staff: z.boolean(),
  // Customers see "Askwell Support" for staff; staff see who wrote it.
  author_name: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageEntrySchema>;

const linkedBotSchema = z.object({ id: z.string(), name: z.string() }).nullable();
const linkedConversationSchema = z
  .object({ id: z.string(), started_at: z.string(), bot_name: z.string() })
  .nullable();

export const ticketDetailSchema = ticketSummarySchema.extend({
  bot: linkedBotSchema,
  conversation: linkedConversationSchema,
  messages: z.array(ticketMessageEntrySchema),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const ticketListSchema = z.object({ tickets: z.array(ticketSummarySchema) });
export type TicketList = z.infer<typeof ticketListSchema>;

export const adminTicketSchema = ticketSummarySchema.extend({
  customer: ticketPersonSchema,
  assignee: ticketPersonSchema.nullable(),
  message_count: z.number().int(),
});
export type AdminTicket = z.infer<typeof adminTicketSchema>;

export const adminTicketPageSchema = z.object({
  tickets: z.array(adminTicketSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminTicketPage = z.infer<typeof adminTicketPageSchema>;

export const adminTicketDetailSchema = adminTicketSchema.extend({
  bot: linkedBotSchema,
  conversation: linkedConversationSchema,
  messages: z.array(ticketMessageEntrySchema),
  first_staff_reply_at: z.string().nullable(),
});
export type AdminTicketDetail = z.infer<typeof adminTicketDetailSchema>;

// The dashboard's Open Tickets figure: tickets not closed yet.
export const adminTicketSummarySchema = z.object({ open: z.number().int() });
export type AdminTicketSummary = z.infer<typeof adminTicketSummarySchema>;

// Staff who may be given a ticket: the roles that may open the tickets area.
export const ticketAssigneesSchema = z.object({ staff: z.array(ticketPersonSchema) });
export type TicketAssignees = z.infer<typeof ticketAssigneesSchema>;

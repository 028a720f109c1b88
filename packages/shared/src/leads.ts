import { z } from 'zod';
import type { ChatSource } from './chat';
import { calendarDate } from './fields';

export const leadLimits = { name: 100, email: 254, phone: 30 } as const;

export const leadStatuses = ['new', 'contacted', 'qualified', 'converted'] as const;
export type LeadStatus = (typeof leadStatuses)[number];
export const leadStatusLabels: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  converted: 'Converted',
};

// Digits with the usual separators and an optional leading +; at least 6 digits so a typo such as
// "12" is caught, at most 15 (E.164).
const phonePattern = /^\+?[\d\s().-]+$/;
function digitCount(value: string) {
  return value.replace(/\D/g, '').length;
}

export const leadMessages = {
  nameRequired: 'Please enter your name.',
  nameTooLong: `Name must be at most ${leadLimits.name} characters.`,
  emailRequired: 'Please enter your email.',
  emailInvalid: 'Please enter a valid email address.',
  phoneInvalid: 'Please enter a valid phone number (digits, spaces and an optional +).',
  consentRequired: 'Please agree to be contacted.',
} as const;

// What a visitor submits in the widget's lead form; checked again by the server.
export const leadInputSchema = z.object({
  name: z
    .string({ error: leadMessages.nameRequired })
    .trim()
    .min(1, leadMessages.nameRequired)
    .max(leadLimits.name, leadMessages.nameTooLong),
  email: z
    .string({ error: leadMessages.emailRequired })
    .trim()
    .min(1, leadMessages.emailRequired)
    .pipe(z.email(leadMessages.emailInvalid).max(leadLimits.email, leadMessages.emailInvalid)),
  phone: z
    .string({ error: leadMessages.phoneInvalid })
    .trim()
    .max(leadLimits.phone, leadMessages.phoneInvalid)
    .refine(
      (value) =>
        value === '' ||
        (phonePattern.test(value) && digitCount(value) >= 6 && digitCount(value) <= 15),
      leadMessages.phoneInvalid,
    )
    .optional()
    .nullable()
    .transform((value) => (value ? value : null)),
  consent: z.literal(true, { error: leadMessages.consentRequired }),
});
export type LeadInput = z.input<typeof leadInputSchema>;
export type ParsedLeadInput = z.output<typeof leadInputSchema>;

export type Lead = {
  id: string;
  botId: string;
  botName: string;
  conversationId: string | null;
  name: string;
  email: string;
  phone: string | null;
  consent: boolean;
  status: LeadStatus;
  createdAt: string;
  updatedAt: string;
};

const isoDate = calendarDate.optional();

// Leads page filters; dates are whole days (from inclusive, to inclusive) in UTC.
export const leadListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  botId: z.string().max(64).optional(),
  status: z.enum(leadStatuses).optional(),
  from: isoDate,
  to: isoDate,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type LeadListQuery = z.input<typeof leadListQuerySchema>;

export type LeadList = { leads: Lead[]; total: number; page: number; pageSize: number };

export const leadStatusUpdateSchema = z.object({
  status: z.enum(leadStatuses, { error: 'Choose new, contacted, qualified or converted.' }),
});
export type LeadStatusUpdate = z.infer<typeof leadStatusUpdateSchema>;

// --- Conversation inbox ---------------------------------------------------------------------

export type ConversationFeedback = 'up' | 'down';

export type ConversationSummary = {
  id: string;
  botId: string;
  botName: string;
  visitorId: string | null;
  channel: string;
  pageUrl: string | null;
  language: string | null;
  messageCount: number;
  // The first thing the visitor asked, as a preview in the list.
  preview: string | null;
  // Every answer came from the bot's knowledge (no fallback reply). A reply to a request to be
  // contacted is not a knowledge gap and does not count against it.
  answered: boolean;
  // The visitor asked to be contacted and was offered the lead form.
  leadRequested: boolean;
  feedback: { up: number; down: number };
  lead: { id: string; name: string; email: string } | null;
  startedAt: string;
  lastMessageAt: string;
  endedAt: string | null;
};

export type ConversationMessage = {
  id: string;
  role: 'visitor' | 'assistant';
  content: string;
  sources: ChatSource[];
  answerer: string | null;
  answeredFromKnowledge: boolean | null;
  status: string;
  latencyMs: number | null;
  feedback: ConversationFeedback | null;
  feedbackComment: string | null;
  createdAt: string;
};

export type ConversationDetail = ConversationSummary & { messages: ConversationMessage[] };

export const conversationAnsweredFilters = ['answered', 'unanswered'] as const;
export const conversationFeedbackFilters = ['up', 'down', 'any', 'none'] as const;

export const conversationListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  botId: z.string().max(64).optional(),
  from: isoDate,
  to: isoDate,
  answered: z.enum(conversationAnsweredFilters).optional(),
  feedback: z.enum(conversationFeedbackFilters).optional(),
  hasLead: z.enum(['yes', 'no']).optional(),
  visitorId: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type ConversationListQuery = z.input<typeof conversationListQuerySchema>;

export type ConversationList = {
  conversations: ConversationSummary[];
  total: number;
  page: number;
  pageSize: number;
};

// A privacy request (DELETE /api/bots/:botId/visitors/:visitorId): every conversation of one
// visitor with one bot, and the leads they left in those conversations.
export type VisitorDeleteResult = { deletedConversations: number; deletedLeads: number };

// --- Webhooks -------------------------------------------------------------------------------

export const webhookSignatureHeader = 'Askwell-Signature';
export const webhookEvents = ['lead.created', 'webhook.test'] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

export type WebhookSettings = {
  botId: string;
  botName: string;
  url: string | null;
  hasSecret: boolean;
};

// Returned only when a secret is generated or rotated, or when the owner asks to reveal it.
export type WebhookSecret = { secret: string };

export const webhookUrlSchema = z.object({
  url: z
    .union([
      z
        .string()
        .trim()
        .max(2000, 'The webhook URL is too long.')
        .pipe(
          z.url({
            protocol: /^https?$/,
            message: 'Enter a webhook URL starting with http:// or https://.',
          }),
        ),
      z.literal(''),
    ])
    .nullable(),
});
export type WebhookUrlUpdate = z.infer<typeof webhookUrlSchema>;

export type WebhookDeliveryStatus = 'pending' | 'retrying' | 'delivered' | 'failed';

export type WebhookDelivery = {
  id: string;
  botId: string;
  leadId: string | null;
  event: WebhookEvent;
  url: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: string | null;
  createdAt: string;
};

// The JSON body a webhook receives.
export type WebhookPayload = {
  id: string;
  event: WebhookEvent;
  createdAt: string;
  bot: { id: string; name: string };
  lead: {
    id: string;
    name: string;
    email: string;
    phone: string | null;
    status: LeadStatus;
    conversationId: string | null;
    createdAt: string;
  } | null;
};

// Realtime events to the bot owner's open tabs.
export const leadCreatedEventName = 'leads:created';
export const conversationUpdatedEventName = 'conversations:updated';
export type LeadCreatedEvent = { leadId: string; botId: string };
export type ConversationUpdatedEvent = { conversationId: string; botId: string };

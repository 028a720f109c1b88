import {
  botFonts,
  botGoals,
  botTones,
  type Bot,
  type BotSummary,
  type KnowledgeStatus,
  type WidgetConfig,
} from '@askwell/shared';
import { z } from 'zod';

const knowledgeStatuses = [
  'empty',
  'pending',
  'processing',
  'ready',
  'failed',
] as const satisfies readonly KnowledgeStatus[];

// Plain strings: a response schema describes what is sent, it does not re-check the colours.
const widgetConfigSchema = z.object({
  primaryColor: z.string(),
  buttonColor: z.string(),
  textColor: z.string(),
  fontFamily: z.enum(botFonts),
  welcomeMessage: z.string(),
  placeholderText: z.string(),
}) satisfies z.ZodType<WidgetConfig>;

export const botSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  tone: z.enum(botTones),
  goal: z.enum(botGoals),
  instructions: z.string(),
  starterQuestions: z.array(z.string()),
  fallbackMessage: z.string(),
  widgetConfig: widgetConfigSchema,
  // Optional in the shared Bot type (it comes from BotInput); toBot always sends it.
  model: z.string().nullable().optional(),
  enabled: z.boolean(),
  allowedDomains: z.array(z.string()),
  leadCapture: z.boolean().nullable(),
  leadAfterMessages: z.number().nullable(),
  lastRefusedOrigin: z.string().nullable(),
  lastRefusedAt: z.string().nullable(),
  isDemo: z.boolean().describe('Sample data a new account starts with; never served to visitors.'),
  staffDisabledAt: z
    .string()
    .nullable()
    .describe('Set while Askwell staff have disabled the chatbot; the owner cannot enable it.'),
  staffDisabledReason: z.string().nullable(),
  hideBranding: z
    .boolean()
    .describe(
      'The owner asked to hide “Powered by Askwell”; the widget honours it only while the plan includes branding removal.',
    ),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<Bot>;

export const botSummarySchema = botSchema.extend({
  sourceCount: z.number(),
  knowledge: z.object({
    status: z.enum(knowledgeStatuses),
    completed: z.number(),
    processing: z.number(),
    failed: z.number(),
    chunks: z.number(),
  }),
  lastConversationAt: z.string().nullable(),
}) satisfies z.ZodType<BotSummary>;

import { z } from 'zod';
import type { BotGoal, BotTone, WidgetConfig } from './bots';
import type { SourceKind, SourceStatus } from './knowledge';

// The back office's Chatbots screen (spec §2): every customer bot, newest first, and a staff
// switch that takes a bot off the air for breaking the terms.

export const adminChatbotsPageSize = 50;
export const staffDisableReasonMaxLength = 300;

export const chatbotDisableInputSchema = z.object({
  reason: z
    .string({ error: 'Say why the chatbot is disabled.' })
    .trim()
    .min(1, 'Say why the chatbot is disabled.')
    .max(
      staffDisableReasonMaxLength,
      `Keep the reason under ${staffDisableReasonMaxLength} characters.`,
    ),
});
// Staff write the reason as they like; messages that go on after it need it to end a sentence
// once, not twice ("tickets.." or "tickets Its").
export function asSentence(text: string) {
  return /[.!?…]["”’)]?$/.test(text) ? text : `${text}.`;
}

export type ChatbotDisableInput = z.input<typeof chatbotDisableInputSchema>;

export type AdminChatbotOwner = { id: string; email: string; name: string };

export type AdminChatbot = {
  id: string;
  name: string;
  description: string;
  goal: BotGoal;
  tone: BotTone;
  created_at: string;
  owner: AdminChatbotOwner;
  // Knowledge sources (documents and websites).
  documents: number;
  conversations: number;
  // The owner's own switch; a staff disable is separate and wins over it.
  enabled: boolean;
  staff_disabled_at: string | null;
  staff_disabled_reason: string | null;
};

export type AdminChatbotPage = {
  chatbots: AdminChatbot[];
  // Pass as `before` for the next page; null on the last one.
  next_cursor: string | null;
};

export type AdminChatbotSource = {
  id: string;
  name: string;
  kind: SourceKind;
  status: SourceStatus;
  error: string | null;
  chunk_count: number;
  created_at: string;
};

export type AdminChatbotDetail = Omit<AdminChatbot, 'documents' | 'conversations'> & {
  instructions: string;
  starter_questions: string[];
  fallback_message: string;
  widget_config: WidgetConfig;
  allowed_domains: string[];
  // Null uses the owner's default model.
  model: string | null;
  updated_at: string;
  sources: AdminChatbotSource[];
  // All of the bot's sources, when more exist than `sources` lists.
  source_count: number;
  conversation_count: number;
  lead_count: number;
  last_conversation_at: string | null;
};

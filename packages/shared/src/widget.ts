import type { ChatSource } from './chat';
import type { WidgetConfig } from './bots';

// Public widget endpoints (/v1/widget/…), shared by the API and the embeddable widget.

export const widgetLanguages = [
  'en',
  'es',
  'de',
  'fr',
  'it',
  'pt',
  'nl',
  'pl',
  'tr',
  'ru',
  'ar',
  'zh',
  'zh-Hant',
  'ja',
  'ko',
] as const;
export type WidgetLanguage = (typeof widgetLanguages)[number];

// Taiwan, Hong Kong and Macau write Chinese in traditional characters, unless the tag names the
// script itself ("zh-Hans-HK", "zh-Hant-CN").
const traditionalChinese = /^zh-(hant|tw|hk|mo)(-|$)/;

/** The widget language a BCP 47 tag ("pt-BR", "zh-TW") is written in, or null for none. */
export function widgetLanguageOfTag(tag: string | null | undefined): WidgetLanguage | null {
  const lowered = tag?.trim().toLowerCase();
  if (!lowered) return null;
  if (lowered.startsWith('zh-hans')) return 'zh';
  if (traditionalChinese.test(lowered)) return 'zh-Hant';
  const base = lowered.split('-')[0];
  return widgetLanguages.find((language) => language === base) ?? null;
}

// The widget's panel is mirrored for these.
export const rightToLeftLanguages: readonly WidgetLanguage[] = ['ar'];

export type WidgetTexts = {
  online: string;
  close: string;
  newConversation: string;
  send: string;
  messageLabel: string;
  typing: string;
  sources: string;
  helpful: string;
  notHelpful: string;
  feedbackThanks: string;
  feedbackCommentLabel: string;
  feedbackCommentSend: string;
  leadTitle: string;
  leadIntro: string;
  leadName: string;
  leadEmail: string;
  leadPhone: string;
  leadConsent: string;
  leadSubmit: string;
  leadSkip: string;
  leadThanks: string;
  leadNameRequired: string;
  leadEmailInvalid: string;
  leadPhoneInvalid: string;
  leadConsentRequired: string;
  contactUs: string;
  error: string;
  rateLimited: string;
  poweredBy: string;
};

export type WidgetBotConfig = {
  botId: string;
  name: string;
  widgetConfig: WidgetConfig;
  starterQuestions: string[];
  lead: { enabled: boolean; afterMessages: number | null };
  language: WidgetLanguage;
  texts: WidgetTexts;
  // True inside Askwell's own pages, where a bot answers even before it has allowed domains.
  preview: boolean;
};

export type WidgetSessionRequest = { visitorId?: string };
export type WidgetSession = { token: string; visitorId: string; expiresAt: string };

export type WidgetFeedback = 'up' | 'down';

export type WidgetMessage = {
  id: string;
  role: 'visitor' | 'assistant';
  content: string;
  sources: ChatSource[];
  feedback: WidgetFeedback | null;
  createdAt: string;
};

export type WidgetConversation = {
  conversationId: string | null;
  messages: WidgetMessage[];
  leadCaptured: boolean;
};

// Why the widget offers the lead form after an answer.
export type WidgetLeadPrompt = 'contact_request' | 'unanswered' | 'message_count';

// Server-sent events of a widget answer: `start`, any number of `token`, then `done` or `error`.
export type WidgetStreamEvent =
  | { type: 'start' }
  | { type: 'token'; text: string }
  | {
      type: 'done';
      conversationId: string;
      messageId: string;
      reply: string;
      sources: ChatSource[];
      answeredFromKnowledge: boolean;
      leadPrompt: WidgetLeadPrompt | null;
    }
  | { type: 'error'; code: string; message: string };

// Error codes the widget endpoints answer with, in the order the checks run.
export const widgetRefusalCodes = {
  botNotFound: 'not_found',
  botDisabled: 'bot_disabled',
  originNotAllowed: 'origin_not_allowed',
  sessionInvalid: 'widget_session_invalid',
  rateLimited: 'rate_limited',
} as const;

import {
  botFonts,
  widgetLanguages,
  type WidgetBotConfig,
  type WidgetConfig,
  type WidgetConversation,
  type WidgetMessage,
  type WidgetSession,
  type WidgetStreamEvent,
  type WidgetTexts,
} from '@askwell/shared';
import { z } from 'zod';
import { errorResponse } from '../../plugins/openapi';
import { chatSourceSchema } from '../chat/chat-api.schemas';

// The /v1/widget responses: part of the public API document, so named with `.meta({ id })`.

// As stored: the owner's input was checked by widgetConfigSchema when saved.
const widgetConfigSchema = z
  .object({
    primaryColor: z.string(),
    buttonColor: z.string(),
    textColor: z.string(),
    fontFamily: z.enum(botFonts),
    welcomeMessage: z.string(),
    placeholderText: z.string(),
  })
  .meta({ id: 'WidgetConfig' }) satisfies z.ZodType<WidgetConfig>;

const widgetTextsSchema = z
  .object({
    online: z.string(),
    close: z.string(),
    newConversation: z.string(),
    send: z.string(),
    messageLabel: z.string(),
    typing: z.string(),
    sources: z.string(),
    helpful: z.string(),
    notHelpful: z.string(),
    feedbackThanks: z.string(),
    feedbackCommentLabel: z.string(),
    feedbackCommentSend: z.string(),
    leadTitle: z.string(),
    leadIntro: z.string(),
    leadName: z.string(),
    leadEmail: z.string(),
    leadPhone: z.string(),
    leadConsent: z.string(),
    leadSubmit: z.string(),
    leadSkip: z.string(),
    leadThanks: z.string(),
    leadNameRequired: z.string(),
    leadEmailInvalid: z.string(),
    leadPhoneInvalid: z.string(),
    leadConsentRequired: z.string(),
    contactUs: z.string(),
    error: z.string(),
    rateLimited: z.string(),
    poweredBy: z
      .string()
      .describe('Empty when the chatbot’s owner has removed the Askwell branding.'),
  })
  .describe('The widget’s own wording, in `language`.') satisfies z.ZodType<WidgetTexts>;

export const widgetBotConfigSchema = z
  .object({
    botId: z.string(),
    name: z.string(),
    widgetConfig: widgetConfigSchema,
    starterQuestions: z.array(z.string()),
    lead: z.object({
      enabled: z.boolean().describe('Whether the widget offers the contact form.'),
      afterMessages: z
        .number()
        .nullable()
        .describe(
          'Also offer it once the visitor has sent this many messages; null: only when they ask to be contacted or a question goes unanswered.',
        ),
    }),
    language: z.enum(widgetLanguages),
    texts: widgetTextsSchema,
    preview: z
      .boolean()
      .describe('True inside Askwell’s own pages, where the bot answers before it has domains.'),
  })
  .meta({ id: 'WidgetBotConfig' }) satisfies z.ZodType<WidgetBotConfig>;

export const widgetSessionSchema = z
  .object({
    token: z.string().describe('Send it as `Authorization: Bearer <token>` to the session routes.'),
    visitorId: z
      .string()
      .describe('Send it back when the session expires to stay the same visitor.'),
    expiresAt: z.string(),
  })
  .meta({ id: 'WidgetSession' }) satisfies z.ZodType<WidgetSession>;

const widgetMessageSchema = z
  .object({
    id: z.string(),
    role: z.enum(['visitor', 'assistant']),
    content: z.string(),
    sources: z.array(chatSourceSchema),
    feedback: z.enum(['up', 'down']).nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'WidgetMessage' }) satisfies z.ZodType<WidgetMessage>;

export const widgetConversationSchema = z
  .object({
    conversationId: z.string().nullable().describe('Null when the visitor has none open.'),
    messages: z.array(widgetMessageSchema),
    leadCaptured: z.boolean(),
  })
  .meta({ id: 'WidgetConversation' }) satisfies z.ZodType<WidgetConversation>;

export const widgetFeedbackSchema = z.object({
  rating: z.enum(['up', 'down']),
  comment: z.string().nullable(),
});

export const widgetLeadResultSchema = z.object({
  created: z.boolean().describe('False when this e-mail was already left for the chatbot.'),
});

export const widgetStreamEventSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('start') }),
    z.object({ type: z.literal('token'), text: z.string() }),
    z.object({
      type: z.literal('done'),
      conversationId: z.string(),
      messageId: z.string(),
      reply: z.string(),
      sources: z.array(chatSourceSchema),
      answeredFromKnowledge: z.boolean(),
      leadPrompt: z
        .enum(['contact_request', 'unanswered', 'message_count'])
        .nullable()
        .describe('Why to offer the contact form now, or null.'),
    }),
    z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
  ])
  .meta({
    id: 'WidgetStreamEvent',
    description:
      'One `start`, any number of `token`, then `done` (the whole answer) or `error`. Each event is a `data:` line holding a JSON object whose `type` is the event name.',
  }) satisfies z.ZodType<WidgetStreamEvent>;

// The content form keeps a response's description next to a reference to a named schema
// (`.describe()` would make an unnamed copy).
export const jsonResponse = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { 'application/json': { schema } },
});

// What every widget route can answer besides its own success response; the session routes add
// 401. Refusals are deliberately alike: they tell the page that chat is unavailable, nothing more.
export const widgetPageErrors = {
  400: errorResponse(
    '`validation_error`: a field is missing or wrong, and `error.fields` names it.',
  ),
  403: errorResponse(
    '`bot_disabled`: the chatbot is switched off; `origin_not_allowed`: the page’s site is not one of the chatbot’s allowed domains.',
  ),
  404: errorResponse('`not_found`: no chatbot has this id.'),
  429: errorResponse(
    '`rate_limited`: too many requests; wait the seconds given in the `Retry-After` header.',
  ),
  500: errorResponse('`internal_error`: something failed on our side; no details are disclosed.'),
  503: errorResponse('`service_unavailable`: the service is busy; try again shortly.'),
};

export const widgetSessionErrors = {
  ...widgetPageErrors,
  401: errorResponse(
    '`widget_session_invalid`: the session token is missing, expired or for another chatbot or site.',
  ),
};

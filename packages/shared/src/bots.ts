import { z } from 'zod';

export const botTones = ['friendly', 'professional', 'casual', 'formal'] as const;
export type BotTone = (typeof botTones)[number];

export const botGoals = [
  'lead_generation',
  'product_recommendation',
  'support',
  'information',
] as const;
export type BotGoal = (typeof botGoals)[number];

export const botGoalLabels: Record<BotGoal, string> = {
  lead_generation: 'Lead Generation',
  product_recommendation: 'Product Recommendation',
  support: 'Customer Support',
  information: 'Information Sharing',
};

export const botToneLabels: Record<BotTone, string> = {
  friendly: 'Friendly',
  professional: 'Professional',
  casual: 'Casual',
  formal: 'Formal',
};

export const botFonts = [
  'Inter, sans-serif',
  'Roboto, sans-serif',
  'Poppins, sans-serif',
  'Open Sans, sans-serif',
] as const;

export const botLimits = {
  name: 80,
  description: 500,
  instructions: 4000,
  starterQuestion: 150,
  starterQuestions: 6,
  fallbackMessage: 500,
  welcomeMessage: 300,
  placeholderText: 100,
} as const;

// Spec §3 defaults, used for a new bot in the editor and by the server when a field is absent.
export const botDefaults = {
  name: '',
  description: '',
  tone: 'professional' as BotTone,
  goal: 'lead_generation' as BotGoal,
  instructions: '',
  starterQuestions: [] as string[],
  fallbackMessage:
    "I'm sorry, I don't have information about that yet. Could you rephrase, or leave your email so our team can follow up?",
  widgetConfig: {
    primaryColor: '#1E40AF',
    buttonColor: '#1E40AF',
    textColor: '#1F2937',
    fontFamily: 'Inter, sans-serif',
    welcomeMessage: 'Hello! How can I help you today?',
    placeholderText: 'Type your message...',
  },
};

// Hex (#rgb, #rgba, #rrggbb, #rrggbbaa), rgb()/rgba()/hsl()/hsla() and CSS named colours. Checked
// on the server too, because the colours are injected into other people's websites by the widget.
const hexColour = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const number = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)`;
const functionalColour = new RegExp(
  String.raw`^(?:rgba?|hsla?)\(\s*${number}(?:%|deg)?(?:\s*[,\s]\s*${number}%?){2}(?:\s*[,/]\s*${number}%?)?\s*\)$`,
  'i',
);
const namedColours = new Set(
  'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen'.split(
    ' ',
  ),
);

export function isCssColour(value: string) {
  const colour = value.trim();
  return (
    hexColour.test(colour) ||
    functionalColour.test(colour) ||
    namedColours.has(colour.toLowerCase())
  );
}

function colour(label: string) {
  return z
    .string()
    .trim()
    .refine(isCssColour, `${label} must be a valid CSS colour, for example #1E40AF.`);
}

function boundedText(label: string, max: number) {
  return z.string().trim().max(max, `${label} must be at most ${max} characters.`);
}

export const widgetConfigSchema = z.object({
  primaryColor: colour('Primary colour'),
  buttonColor: colour('Button colour'),
  textColor: colour('Text colour'),
  fontFamily: z.enum(botFonts, { error: 'Choose one of the offered fonts.' }),
  welcomeMessage: boundedText('Welcome message', botLimits.welcomeMessage).min(
    1,
    'Please enter a welcome message.',
  ),
  placeholderText: boundedText('Placeholder text', botLimits.placeholderText).min(
    1,
    'Please enter a placeholder text.',
  ),
});
export type WidgetConfig = z.infer<typeof widgetConfigSchema>;

export const maxAllowedDomains = 20;
export const maxLeadAfterMessages = 50;

const hostLabel = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const hostPatternRegex = new RegExp(`^(?:\\*\\.)?(?:${hostLabel}\\.)*${hostLabel}(?::\\d{1,5})?$`);

// Owners paste whole addresses ("https://www.example.com/shop"); only the host (and a port, when
// given) matters, so the rest is dropped before checking.
export function normalizeHostPattern(value: string) {
  return value
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/\.$/, '');
}

export function isHostPattern(value: string) {
  if (!hostPatternRegex.test(value) || value.length > 253) return false;
  const port = /:(\d+)$/.exec(value)?.[1];
  return port === undefined || (Number(port) > 0 && Number(port) < 65536);
}

export const allowedDomainSchema = z
  .string()
  .transform(normalizeHostPattern)
  .refine(
    isHostPattern,
    'Enter a domain such as example.com or *.example.com (a port is optional).',
  );

// Where and how the bot answers visitors; optional on input so older clients keep working.
export const botPublishingSchema = z.object({
  enabled: z.boolean({ error: 'Choose whether the chatbot is enabled.' }),
  allowedDomains: z
    .array(allowedDomainSchema)
    .max(maxAllowedDomains, `Add at most ${maxAllowedDomains} domains.`)
    .transform((domains) => [...new Set(domains)]),
  leadCapture: z.boolean().nullable(),
  leadAfterMessages: z
    .number({ error: 'Enter a number of messages.' })
    .int('Enter a whole number of messages.')
    .min(1, 'Enter at least 1 message.')
    .max(maxLeadAfterMessages, `Enter at most ${maxLeadAfterMessages} messages.`)
    .nullable(),
});
export type BotPublishing = z.infer<typeof botPublishingSchema>;

export const botPublishingDefaults: BotPublishing = {
  enabled: true,
  allowedDomains: [],
  leadCapture: null,
  leadAfterMessages: null,
};

// Lead capture left unset follows the goal: a lead-generation bot asks for contact details.
export function leadCaptureEnabled(bot: { goal: string; leadCapture: boolean | null }) {
  return bot.leadCapture ?? bot.goal === 'lead_generation';
}

export const botInputSchema = z.object({
  name: z
    .string({ error: 'Please enter a name for your chatbot.' })
    .trim()
    .min(1, 'Please enter a name for your chatbot.')
    .max(botLimits.name, `Name must be at most ${botLimits.name} characters.`),
  description: boundedText('Description', botLimits.description),
  tone: z.enum(botTones, { error: 'Choose a tone: friendly, professional, casual or formal.' }),
  goal: z.enum(botGoals, { error: 'Choose one of the offered goals.' }),
  instructions: boundedText('Instructions', botLimits.instructions),
  starterQuestions: z
    .array(
      boundedText('Each starter question', botLimits.starterQuestion).min(
        1,
        'Starter questions cannot be empty.',
      ),
    )
    .max(
      botLimits.starterQuestions,
      `Add at most ${botLimits.starterQuestions} starter questions.`,
    ),
  fallbackMessage: boundedText('The message for unanswered questions', botLimits.fallbackMessage),
  widgetConfig: widgetConfigSchema,
  ...botPublishingSchema.partial().shape,
  // The owner's choice, kept across plan changes; the widget drops the line only while the
  // owner's plan includes branding removal.
  hideBranding: z.boolean().optional(),
  // Overrides the owner's default model (Settings → Model Preferences); null or '' uses it.
  model: z
    .string()
    .trim()
    .max(100, 'Model name must be at most 100 characters.')
    .nullable()
    .optional(),
});
export type BotInput = z.infer<typeof botInputSchema>;

export type KnowledgeStatus = 'empty' | 'pending' | 'processing' | 'ready' | 'failed';

export type Bot = BotInput &
  BotPublishing & {
    // The newest entry of the bot's refused-origin list (GET /api/bots/:id/refused-origins).
    lastRefusedOrigin: string | null;
    lastRefusedAt: string | null;
    // The sample bot a new account starts with: shown with a 'Demo' badge, never served to visitors,
    // removed with 'Clear Demo Data'.
    isDemo: boolean;
    // Set when Askwell staff took the bot off the air for breaking the terms: it answers nowhere,
    // whatever `enabled` says, until staff enable it again.
    staffDisabledAt: string | null;
    staffDisabledReason: string | null;
    hideBranding: boolean;
    id: string;
    createdAt: string;
    updatedAt: string;
  };

// A page origin the widget refused for a bot. The list is capped per bot and new origins are
// rate limited, so counts and dates are what tells a real site from a lure.
export type RefusedOrigin = {
  origin: string;
  firstSeenAt: string;
  lastSeenAt: string;
  refusals: number;
};

// One row of /dashboard/bots.
export type BotSummary = Bot & {
  sourceCount: number;
  knowledge: {
    status: KnowledgeStatus;
    completed: number;
    processing: number;
    failed: number;
    chunks: number;
  };
  lastConversationAt: string | null;
};

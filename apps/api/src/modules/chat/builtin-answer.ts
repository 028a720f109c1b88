import type { BotGoal } from '@askwell/shared';
import { builtinPhrases } from './language';
import { excerpt, queryTerms, type Passage } from './passages';

export type BuiltinAnswer = { text: string; passages: Passage[]; answeredFromKnowledge: boolean };

const defaultFallback: Record<BotGoal, string> = {
  lead_generation:
    "I'm sorry, I don't have information about that yet. If you leave your email address, our team will get back to you.",
  product_recommendation:
    "I'm sorry, I couldn't find that in our catalogue information. Could you tell me a little more about what you are looking for?",
  support:
    "I'm sorry, I couldn't find an answer to that. Could you rephrase your question, or contact our support team?",
  information:
    "I'm sorry, I don't have information about that yet. Could you rephrase your question?",
};

export function fallbackMessage(bot: { fallbackMessage: string; goal: string }) {
  const own = bot.fallbackMessage.trim();
  if (own) return own;
  return defaultFallback[bot.goal as BotGoal] ?? defaultFallback.information;
}

const greeting =
  /^\s*(hi|hello|hey|hiya|howdy|good (morning|afternoon|evening)|hallo|guten (tag|morgen|abend)|servus|hola|buen(os|as) (d[ií]as|tardes|noches)|bonjour|bonsoir|salut|ciao|ol[aá])\b[\s!.,?]*$/i;

// Without a model the answer is the knowledge itself: the best passages, quoted and numbered,
// under a line that says so, so nobody mistakes it for a written reply.
export function builtinAnswer(
  question: string,
  passages: Passage[],
  bot: { fallbackMessage: string; goal: string; widgetConfig: Record<string, string> },
  language: string | null,
): BuiltinAnswer {
  if (passages.length === 0) {
    const welcome = bot.widgetConfig.welcomeMessage;
    if (greeting.test(question) && welcome) {
      return { text: welcome, passages: [], answeredFromKnowledge: false };
    }
    return { text: fallbackMessage(bot), passages: [], answeredFromKnowledge: false };
  }
  const terms = queryTerms(question);
  const quoted = passages.slice(0, 3);
  const lines = [builtinPhrases(language).quoting];
  for (const passage of quoted) lines.push(`“${excerpt(passage, terms)}” [${passage.number}]`);
  return { text: lines.join('\n\n'), passages: quoted, answeredFromKnowledge: true };
}

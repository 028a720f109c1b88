import { botDefaults } from '@askwell/shared';
import { describe, expect, test } from 'vitest';
import { builtinAnswer } from './builtin-answer';
import type { Passage } from './passages';

const bot = { ...botDefaults, fallbackMessage: 'Ask our team at help@shop.example.' };
const passage: Passage = {
  chunkId: 'c1',
  sourceId: 's1',
  score: 3,
  heading: 'Returns',
  text: 'Returns\n\nUnused items can be returned within 30 days. Our warehouse is in Leipzig. Refunds take 5 business days.',
  page: 2,
  url: null,
  question: null,
  number: 1,
  title: 'Returns.pdf',
  matchedTerms: 2,
};

describe('the built-in answerer', () => {
  test('when passages are found, then it says it is quoting the knowledge base and cites them', () => {
    const answer = builtinAnswer('Can items be returned?', [passage], bot, 'en');
    expect(answer.text.split('\n')[0]).toBe(
      'Here is what our knowledge base says (quoted directly):',
    );
    expect(answer.text).toContain('“Unused items can be returned within 30 days.” [1]');
    expect(answer.text).not.toContain('Leipzig');
    expect(answer.answeredFromKnowledge).toBe(true);
  });

  test('when nothing is found, then the bot’s own message for unanswered questions is used', () => {
    const answer = builtinAnswer('Do you sell bikes?', [], bot, 'en');
    expect(answer).toMatchObject({ text: bot.fallbackMessage, answeredFromKnowledge: false });
  });

  test('when a lead-generation bot has no such message, then it offers to take contact details', () => {
    const answer = builtinAnswer('Do you sell bikes?', [], { ...bot, fallbackMessage: '' }, 'en');
    expect(answer.text).toMatch(/leave your email address/);
  });

  test('when the visitor only says hello, then the welcome message answers', () => {
    expect(builtinAnswer('Hello!', [], bot, 'en').text).toBe(
      botDefaults.widgetConfig.welcomeMessage,
    );
  });
});

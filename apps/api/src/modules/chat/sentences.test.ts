import { describe, expect, test } from 'vitest';
import { plainBlocks, splitSentences } from './sentences';

describe('splitting a passage into sentences', () => {
  test('when a sentence holds "e.g." or an initial, then it is not cut there', () => {
    expect(
      splitSentences(
        'Bring an ID, e.g. a passport. The desk was founded by John C. Smith in 1990. It opens at 9. After Brown v. Board of Education schools changed.',
      ),
    ).toEqual([
      'Bring an ID, e.g. a passport.',
      'The desk was founded by John C. Smith in 1990.',
      'It opens at 9.',
      'After Brown v. Board of Education schools changed.',
    ]);
  });

  test('when a sentence holds a decimal number or a web address, then it stays whole', () => {
    expect(splitSentences('The fee is 3.5 % of the order. See shop.example.com for more.')).toEqual(
      ['The fee is 3.5 % of the order.', 'See shop.example.com for more.'],
    );
  });

  test('when German writes a date with an ordinal, then the sentence goes on', () => {
    expect(
      splitSentences('Die Mauer fiel am 9. November 1989. Danach kam die Einheit.', 'de'),
    ).toEqual(['Die Mauer fiel am 9. November 1989.', 'Danach kam die Einheit.']);
    expect(
      splitSentences('Im 19. Jahrhundert wuchs die Stadt. Sie belegte den 3. Platz.', 'de'),
    ).toEqual(['Im 19. Jahrhundert wuchs die Stadt.', 'Sie belegte den 3. Platz.']);
  });

  test('when a German sentence ends with a number, then the next one starts there', () => {
    expect(
      splitSentences('Die Strecke endet als Interstate 9. Derzeit wird sie ausgebaut.', 'de'),
    ).toEqual(['Die Strecke endet als Interstate 9.', 'Derzeit wird sie ausgebaut.']);
    // The nouns an ordinal counts keep it whatever comes before ("bis weit ins 19. Jahrhundert").
    expect(
      splitSentences('Sie behielten ihre Namen bis Ende 19. Jahrhundert. Dann nicht mehr.', 'de'),
    ).toEqual(['Sie behielten ihre Namen bis Ende 19. Jahrhundert.', 'Dann nicht mehr.']);
    // A number that opens a line is a list's, and stays with its item.
    expect(splitSentences('1. Schritt: Öffnen Sie die App.', 'de')).toEqual([
      '1. Schritt: Öffnen Sie die App.',
    ]);
  });

  test('when Spanish, German and French abbreviations appear, then they do not end a sentence', () => {
    expect(splitSentences('Hay opciones, p.ej. Visa. Pague con la Sra. López. Fin.')).toEqual([
      'Hay opciones, p.ej. Visa.',
      'Pague con la Sra. López.',
      'Fin.',
    ]);
    expect(splitSentences('Wir liefern z.B. Möbel. Bzw. Lampen.')).toEqual([
      'Wir liefern z.B. Möbel.',
      'Bzw. Lampen.',
    ]);
  });

  test('when an abbreviation is written with a space ("z. B."), then the sentence is quoted whole', () => {
    expect(
      splitSentences(
        'Viele Moleküle (z. B. Immunglobuline) gibt es nur dort. Das heißt d. h. Kiefer. Ende.',
        'de',
      ),
    ).toEqual([
      'Viele Moleküle (z. B. Immunglobuline) gibt es nur dort.',
      'Das heißt d. h. Kiefer.',
      'Ende.',
    ]);
    expect(splitSentences('Nació en el 63 a. C. en Roma. Murió joven.', 'es')).toEqual([
      'Nació en el 63 a. C. en Roma.',
      'Murió joven.',
    ]);
    // A unit's letter after a slash still ends the sentence.
    expect(splitSentences('Subió a 100 Gbit/s. En 2007 cambió.', 'es')).toEqual([
      'Subió a 100 Gbit/s.',
      'En 2007 cambió.',
    ]);
  });

  test('when a question or exclamation ends in a quote, then the quote stays with it', () => {
    expect(splitSentences('He asked “Is it free?” Then he paid! ¿Cómo? Así.')).toEqual([
      'He asked “Is it free?”',
      'Then he paid!',
      '¿Cómo?',
      'Así.',
    ]);
  });

  test('when Chinese or Japanese text uses full-width stops, then sentences end there', () => {
    expect(splitSentences('iPhone的价格是999美元。我们每天发货。')).toEqual([
      'iPhone的价格是999美元。',
      '我们每天发货。',
    ]);
  });
});

describe('turning document markup into plain text', () => {
  test('when a passage holds a Markdown table, then each row reads as named values and no pipe remains', () => {
    const blocks = plainBlocks(
      ['| Plan | Price |', '| :--- | :---: |', '| Basic | 10 € |', '| Pro | 20 € |'].join('\n'),
    );
    expect(blocks).toEqual([
      { text: 'Plan, Price', kind: 'heading' },
      { text: 'Plan: Basic; Price: 10 €', kind: 'row' },
      { text: 'Plan: Pro; Price: 20 €', kind: 'row' },
    ]);
  });

  test('when a passage has headings, bullets, emphasis and links, then only their words remain', () => {
    const blocks = plainBlocks(
      [
        '## Shipping',
        'We ship **worldwide** with [DHL](https://dhl.example) and `UPS`.',
        '',
        '- Free over 50 €',
        '* Express in *one* day',
        '1. Pay online',
      ].join('\n'),
    );
    expect(blocks).toEqual([
      { text: 'Shipping', kind: 'heading' },
      { text: 'We ship worldwide with DHL and UPS.', kind: 'text' },
      { text: 'Free over 50 €', kind: 'item' },
      { text: 'Express in one day', kind: 'item' },
      { text: 'Pay online', kind: 'item' },
    ]);
  });

  test('when a paragraph is wrapped over several lines, then it is one block', () => {
    expect(plainBlocks('Returns are free\nwithin 30 days.')).toEqual([
      { text: 'Returns are free within 30 days.', kind: 'text' },
    ]);
  });
});

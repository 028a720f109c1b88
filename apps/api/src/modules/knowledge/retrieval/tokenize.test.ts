import { describe, expect, it } from 'vitest';
import { guessLanguage, tokenize } from './tokenize';

describe('tokenize', () => {
  it('when Chinese text has no spaces, then it yields characters and character bigrams', () => {
    const terms = tokenize('我喜欢苹果');
    expect(terms).toContain('苹果');
    expect(terms).toContain('喜欢');
    expect(terms).toContain('我');
  });

  it('when Japanese mixes kanji and kana, then a query word is found among the text terms', () => {
    const text = tokenize('東京都に住んでいます');
    for (const term of tokenize('東京')) expect(text).toContain(term);
  });

  it('when Thai text has no spaces, then ICU splits it into words', () => {
    expect(tokenize('สวัสดีครับ ผมชื่อสมชาย')).toEqual(['สวัสดี', 'ครับ', 'ผม', 'ชื่อ', 'สมชาย']);
  });

  it('when German words differ in inflection and umlauts, then they share a term', () => {
    expect(tokenize('Die Häuser der Stadt', { language: 'de' })).toEqual(
      tokenize('das Haus in der Stadt', { language: 'de' }),
    );
    expect(guessLanguage('Wie viele Punkte gab die Verteidigung der Panthers ab?')).toBe('de');
  });

  it('when Spanish text carries accents, then an unaccented query matches it', () => {
    expect(tokenize('¿Cuántas canciones escribió la banda?')).toEqual(
      tokenize('cuantas canciones escribio la banda', { language: 'es' }),
    );
  });

  it('when English text has stop words and inflections, then only stems of content words remain', () => {
    expect(tokenize('The studies of the patients')).toEqual(['studi', 'patient']);
  });

  it('when a code joins letters and digits, then the joined form and its parts are indexed', () => {
    const terms = tokenize('IL-6 and p53 in COVID-19, 3.5 mg and 1,000 cells');
    expect(terms).toEqual(
      expect.arrayContaining(['il6', 'il', '6', 'p53', 'covid19', '3.5', '1000']),
    );
    expect(tokenize('IL6')).toEqual(['il6']);
  });

  it('when text uses full-width letters, then NFKC makes them plain', () => {
    expect(tokenize('Ｃａｆé')).toEqual(tokenize('cafe'));
  });
});

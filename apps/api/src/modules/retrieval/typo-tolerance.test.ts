import { describe, expect, test } from 'vitest';
import { storedStem } from './tokenize';
import { UnknownWords, editsApart } from './typo-tolerance';

describe('edit distance', () => {
  test('counts insertions, deletions, substitutions and swapped neighbours, up to the limit', () => {
    expect(editsApart('ctenphor', 'ctenophor', 1)).toBe(1);
    expect(editsApart('marconis', 'marconi', 1)).toBe(1);
    expect(editsApart('cydipid', 'cydippid', 1)).toBe(1);
    expect(editsApart('cypiddid', 'cydippid', 2)).toBeNull();
    expect(editsApart('recieve', 'receive', 1)).toBe(1);
    expect(editsApart('shipping', 'shopping', 0)).toBeNull();
    expect(editsApart('refund', 'delivery', 2)).toBeNull();
  });
});

describe('reading an unknown word as the indexed word it most likely stands for', () => {
  const names = [
    'ctenophor',
    'ctenophora',
    'maastricht',
    'shipping',
    'shopping',
    'award',
    'ship',
    'funk',
    'well',
    'verteidigung',
    'minist',
  ];
  const frequency = new Map<number, number>(names.map((_, id) => [id, 1]));
  frequency.set(names.indexOf('shipping'), 5);
  const ids = () => new Map(names.map((name, id) => [name, id]));
  const unknown = new UnknownWords(
    () => names,
    ids,
    (id) => frequency.get(id) ?? 0,
  );
  const read = (word: string, version = 1) =>
    unknown.standIns(word, version).map((id) => names[id]);
  const correct = (word: string, version = 1) => read(word, version)[0] ?? null;

  test('when a word is two indexed words joined, then it reads as both', () => {
    expect(read('funkwell')).toEqual(['funk', 'well']);
    expect(read('verteidigungsminist')).toEqual(['verteidigung', 'minist']);
    expect(read('funkxwell')).toEqual([]);
  });

  test('when a compound begins with a word the index holds by its stem, then it reads as that stem and its last part', () => {
    const german = ['bevolker', 'gross', 'wiking', 'siedl'];
    const lookup = () => new Map(german.map((name, id) => [name, id]));
    const stemming = new UnknownWords(
      () => german,
      lookup,
      () => 1,
      (word) => storedStem(word, 'de'),
    );
    const parts = (word: string, words: UnknownWords) =>
      words.standIns(word, 1).map((id) => german[id]);
    // "Bevölkerungsgröße" and "Wikingersiedlern", as a German question's terms.
    expect(parts('bevolkerungsgross', stemming)).toEqual(['bevolker', 'gross']);
    expect(parts('wikingersiedl', stemming)).toEqual(['wiking', 'siedl']);
    const asWritten = new UnknownWords(
      () => german,
      lookup,
      () => 1,
    );
    // Without the stem, the last part is not found: the beginning alone is read.
    expect(parts('bevolkerungsgross', asWritten)).toEqual(['bevolker']);
  });

  test('when a compound begins with an indexed word and no passage holds its end, then it reads as that beginning', () => {
    const swedish = ['telefon', 'avgift', 'kontakt'];
    const words = new UnknownWords(
      () => swedish,
      () => new Map(swedish.map((name, id) => [name, id])),
      () => 1,
      (word) => storedStem(word, 'sv'),
    );
    const head = (word: string) => words.standIns(word, 1).map((id) => swedish[id]);
    // "Telefonnummer" and "Kontaktuppgifter" (contact details), as a Swedish question's terms.
    expect(head('telefonnumm')).toEqual(['telefon']);
    expect(head('kontaktuppgift')).toEqual(['kontakt']);
    // Too little of the word: seven letters of nineteen.
    expect(head('telefonabonnemangen')).toEqual([]);
    // Nor is a word's end read alone.
    expect(head('serviceavgift')).toEqual([]);
  });

  test('when a word is longer than any a language writes, then it is left alone without being split', () => {
    const half = 'abcdefghijklmnopqrstuvwxyzabcdef';
    const joined = [half, `${half}k`];
    const long = new UnknownWords(
      () => joined,
      () => new Map(joined.map((name, id) => [name, id])),
      () => 1,
    );
    expect(long.standIns(`${half}${half}`, 1)).toEqual([0, 0]);
    expect(long.standIns(`${half}${half}k`, 1)).toEqual([]);
  });

  test('when a word is one edit away (two for a long word), then it reads as the indexed word', () => {
    expect(correct('ctenphor')).toBe('ctenophor');
    expect(correct('maastrich')).toBe('maastricht');
  });

  test('when two indexed words are as close, then the one more passages hold wins, and on a tie the alphabetically first', () => {
    expect(correct('shxpping')).toBe('shipping');
    const tied = ['pastx', 'pasta', 'pastr'];
    const either = new UnknownWords(
      () => tied,
      () => new Map(tied.map((name, id) => [name, id])),
      () => 1,
    );
    expect(tied[either.standIns('pastz', 1)[0]!]).toBe('pasta');
  });

  test('when a word is short, far from every indexed word, or not alphabetic, then it is left alone', () => {
    expect(correct('shp')).toBeNull();
    expect(correct('ward')).toBeNull();
    expect(correct('refund')).toBeNull();
    expect(correct('x2500')).toBeNull();
    expect(correct('Maastrich'.toLowerCase().replace('m', 'n'))).toBeNull();
  });

  test('when the passages holding a word are removed or new words arrive, then corrections follow', () => {
    frequency.set(names.indexOf('ctenophor'), 0);
    expect(correct('ctenphor')).toBe('ctenophor');
    expect(read('ctenphor', 2)).toEqual([]);
    names.push('ctenphors');
    frequency.set(names.length - 1, 1);
    expect(correct('ctenphor', 3)).toBe('ctenphors');
  });
});

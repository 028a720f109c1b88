import { describe, expect, test } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csv', () => {
  test('when a value holds commas, quotes or line breaks, then it is quoted with doubled quotes', () => {
    expect(csvCell('Smith, Jane')).toBe('"Smith, Jane"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
  });

  test('when a text starts like a spreadsheet formula, then it is prefixed so it stays text', () => {
    for (const risky of ['=1+1', '+33 1 23', '-2', '@SUM(A1)', '\tx', '\rx']) {
      expect(csvCell(risky).replace(/^"/, '').startsWith(`'`)).toBe(true);
    }
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(new Date('2026-01-02T03:04:05.000Z'))).toBe('2026-01-02T03:04:05.000Z');
  });

  test('when rows are joined, then lines end in CRLF after a byte-order mark', () => {
    expect(toCsv(['A', 'B'], [['1', '2']])).toBe('\uFEFFA,B\r\n1,2\r\n');
  });
});

import { describe, expect, it } from 'vitest';
import { csvCell, csvRecords } from './csv';

describe('csvCell', () => {
  it('quotes fields with commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it('writes numbers as they are and nothing for missing values', () => {
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it.each(['=SUM(A1:A9)', '+1', '-1+2', '@cmd', '\tx', '\rx'])(
    'when text starts like a formula (%j), then it gets a leading apostrophe',
    (value) => {
      const cell = csvCell(value);
      expect(cell.replace(/^"/, '').startsWith(`'${value[0]}`)).toBe(true);
    },
  );

  it('guards before quoting, so a guarded field with a comma is still one field', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('\rline')).toBe(`"'\rline"`);
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('csvRecords', () => {
  it('ends every record with CRLF', () => {
    expect(csvRecords([['a', 1], [], ['b, c', null]])).toBe('a,1\r\n\r\n"b, c",\r\n');
  });
});

describe('dates and booleans', () => {
  it('writes dates as ISO instants and booleans as words', () => {
    expect(csvCell(new Date('2026-01-02T03:04:05.000Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(csvCell(true)).toBe('true');
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectDocumentKind } from './detect-document-kind';
import { extractDocument } from './extract-document';

// The shared test material sits next to the repository (../shared from its root), in CI too.
const docsRoot = new URL('../../../../../../../shared/testdata/', import.meta.url);

type Fact = { path: string; expect: string; must_contain: string[] };
const facts = (
  JSON.parse(readFileSync(new URL('docs/expected_facts.json', docsRoot), 'utf8')) as {
    documents: Fact[];
  }
).documents;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const readDoc = (path: string) => new Uint8Array(readFileSync(new URL(path, docsRoot)));

describe('extractDocument on the shared documents', () => {
  for (const fact of facts) {
    it(`when ${fact.path} is extracted, then it behaves as "${fact.expect}"`, async () => {
      const result = await extractDocument(readDoc(fact.path), fact.path);
      const textExpected = fact.expect === 'text';
      const failureExpected =
        fact.expect === 'password' ||
        fact.expect.startsWith('no-text') ||
        fact.expect.startsWith('graceful-error (');
      if (textExpected) expect(result).toMatchObject({ ok: true });
      if (fact.expect === 'password' || fact.expect === 'graceful-error (encrypted)') {
        expect(result).toMatchObject({ ok: false, code: 'password_protected' });
      } else if (fact.expect.startsWith('no-text')) {
        expect(result).toMatchObject({ ok: false, code: 'no_text' });
      } else if (failureExpected || fact.expect === 'graceful-error') {
        expect(result.ok).toBe(false);
      }
      if (result.ok) {
        const text = collapse(result.text);
        for (const needle of fact.must_contain) expect(text).toContain(collapse(needle));
      } else {
        expect(result.message.length).toBeGreaterThan(0);
      }
    }, 60_000);
  }
});

describe('document type', () => {
  it('when a PDF is named .txt, then it is read as a PDF', async () => {
    const bytes = readDoc('docs/pdf/tika-testPDF.pdf');
    expect(await detectDocumentKind(bytes, 'notes.txt')).toBe('pdf');
    const result = await extractDocument(bytes, 'notes.txt');
    expect(result).toMatchObject({ ok: true, kind: 'pdf' });
  });

  it('when a PNG is named .pdf, then it is rejected as unsupported', async () => {
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0,
      0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89,
    ]);
    expect(await extractDocument(png, 'report.pdf')).toMatchObject({
      ok: false,
      code: 'unsupported_format',
    });
  });

  it('when the bytes are random binary, then they are rejected as unsupported', async () => {
    let seed = 42;
    const noise = new Uint8Array(4096).map(() => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed >> 16;
    });
    expect(await extractDocument(noise, 'notes.txt')).toMatchObject({
      ok: false,
      code: 'unsupported_format',
    });
  });

  it('when a text has a few stray control characters, then it is text; when more than 2 % of it, then it is refused', async () => {
    // Tabs, form feeds and line ends are text; a vertical tab, an escape or a bell are not.
    const line = 'A line of ordinary prose about the weather.\t\f\r\n';
    const strays = (count: number) =>
      new TextEncoder().encode(line.repeat(40) + '\u000b\u001b\u0007'.repeat(count));
    const length = line.length * 40;
    expect(await extractDocument(strays(Math.floor((length * 0.015) / 3)), 'a.txt')).toMatchObject({
      ok: true,
    });
    expect(await extractDocument(strays(Math.ceil((length * 0.03) / 3)), 'a.txt')).toMatchObject({
      ok: false,
      code: 'unsupported_format',
    });
  });

  it('when a text file begins with letters that spell a binary signature, then it is still text', async () => {
    // Titles from SciFact that file-type alone reads as a bitmap ("BM") and a QuickTime movie.
    for (const title of [
      'BMI-1 Autoantibody as a New Potential Biomarker for Cervical Carcinoma',
      'The widespread regulation of microRNA biogenesis, function and decay',
    ]) {
      const bytes = new TextEncoder().encode(`${title}\n\nAn abstract follows.\n`);
      expect(await detectDocumentKind(bytes, 'abstract.txt')).toBe('txt');
    }
  });

  it('when a text file contains Markdown, then the name only decides between txt and md', async () => {
    const bytes = new TextEncoder().encode('# Title\n\nSome [link](https://example.com) here.\n');
    expect(await detectDocumentKind(bytes, 'readme.txt')).toBe('txt');
    expect(await detectDocumentKind(bytes)).toBe('md');
  });
});

// windows-1251 has no encoder in Node; its Russian letters are a straight run from 0xC0.
function encodeWindows1251(text: string): Uint8Array {
  return new Uint8Array(
    [...text].map((char) => {
      const code = char.codePointAt(0)!;
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      if (char === 'ё') return 0xb8;
      if (code < 0x80) return code;
      throw new Error(`not encodable: ${char}`);
    }),
  );
}

// EBCDIC (code page 037), as mainframes write text: no ASCII-compatible reader can make sense of it.
function encodeEbcdic(text: string): Uint8Array {
  const ranges: Array<[string, number]> = [
    ['abcdefghi', 0x81],
    ['jklmnopqr', 0x91],
    ['stuvwxyz', 0xa2],
    ['ABCDEFGHI', 0xc1],
    ['JKLMNOPQR', 0xd1],
    ['STUVWXYZ', 0xe2],
    ['0123456789', 0xf0],
  ];
  const table = new Map<string, number>([
    [' ', 0x40],
    ['.', 0x4b],
    [',', 0x6b],
    ['\n', 0x25],
  ]);
  for (const [letters, first] of ranges) {
    [...letters].forEach((letter, index) => table.set(letter, first + index));
  }
  return new Uint8Array(
    [...text].map((char) => {
      const code = table.get(char);
      if (code === undefined) throw new Error(`not encodable: ${char}`);
      return code;
    }),
  );
}

describe('text encodings', () => {
  const textOf = async (bytes: Uint8Array) => {
    const result = await extractDocument(bytes, 'note.txt');
    if (!result.ok) throw new Error(`extraction failed: ${result.message}`);
    return result.text;
  };

  it('when a file is UTF-16LE with a BOM, then its text is decoded', async () => {
    const bytes = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Grüße aus Köln\r\nZweite Zeile', 'utf16le'),
    ]);
    expect(await textOf(bytes)).toBe('Grüße aus Köln\nZweite Zeile');
  });

  it('when a file is Latin-1, then accented letters survive', async () => {
    const bytes = Buffer.from('Crème brûlée à la française, très appréciée.', 'latin1');
    expect(await textOf(bytes)).toBe('Crème brûlée à la française, très appréciée.');
  });

  it('when a file is Windows-1251 Cyrillic, then it is read as Russian', async () => {
    const russian = 'Однажды в студёную зимнюю пору я из лесу вышел; был сильный мороз.';
    expect(await textOf(encodeWindows1251(russian))).toBe(russian);
  });

  it('when a file is UTF-8 with a BOM, then the BOM is not part of the text', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Ça marche.')]);
    expect(await textOf(bytes)).toBe('Ça marche.');
  });

  it('when a file is EBCDIC, then it is refused instead of being indexed as garbage', async () => {
    const text = [
      'Returns are accepted within 30 days of delivery, in the original packaging.',
      'Refunds are paid to the card used for the order within 5 working days.',
      'Exchanges for another size are free of charge in every country we ship to.',
    ].join('\n');
    expect(await extractDocument(encodeEbcdic(text), 'policy.txt')).toEqual({
      ok: false,
      code: 'unsupported_format',
      message: "We couldn't recognise this file's text encoding",
    });
  });

  it('when a text file holds only whitespace, then it reports no text', async () => {
    expect(await extractDocument(Buffer.from(' \n\n\t \n'), 'empty.txt')).toMatchObject({
      ok: false,
      code: 'no_text',
    });
  });
});

describe('Markdown', () => {
  it('when a file has front matter, then the metadata is dropped and sections follow headings', async () => {
    const source = [
      '---',
      'layout: post',
      'tags: [pricing, billing]',
      'title: Refund policy',
      '---',
      '# Refunds',
      '',
      'Ask [our team](https://example.com/help) within **30 days**. ![logo](logo.png)',
      '',
      '## Exceptions',
      '* Gift cards',
      '| Plan | Days |',
      '|------|------|',
      '| Pro  | 60   |',
    ].join('\n');
    const result = await extractDocument(Buffer.from(source), 'refunds.md');
    if (!result.ok) throw new Error(result.message);
    expect(result.kind).toBe('md');
    expect(result.text).not.toContain('layout');
    expect(result.text).not.toContain('billing');
    expect(result.text).not.toContain('https://');
    expect(result.text).not.toContain('logo');
    expect(result.text).toContain('Ask our team within 30 days.');
    expect(result.text).toContain('- Gift cards');
    expect(collapse(result.text)).toContain('| Plan | Days | | Pro | 60 |');
    expect(result.sections.map((section) => section.heading)).toEqual([
      undefined,
      'Refunds',
      'Exceptions',
    ]);
  });
});

// A one-page PDF whose text is placed at the given positions, with a correct xref table.
function buildPdf(lines: Array<{ x: number; y: number; text: string }>): Uint8Array {
  const content = lines
    .map((line) => `BT /F1 12 Tf ${line.x} ${line.y} Td (${line.text}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

describe('PDF layout', () => {
  it('when a word is hyphenated at a line end, then the halves are joined', async () => {
    const result = await extractDocument(
      buildPdf([
        { x: 72, y: 700, text: 'Customers need clear infor-' },
        { x: 72, y: 686, text: 'mation about refunds.' },
      ]),
    );
    expect(result).toMatchObject({ ok: true, kind: 'pdf' });
    if (result.ok) expect(result.text).toBe('Customers need clear information about refunds.');
  });

  it('when a page has two columns, then the left column is read before the right one', async () => {
    const lines = [];
    for (let i = 0; i < 4; i++) {
      lines.push({ x: 72, y: 700 - i * 14, text: `Left column sentence ${i + 1}.` });
      lines.push({ x: 330, y: 700 - i * 14, text: `Right column sentence ${i + 1}.` });
    }
    const result = await extractDocument(buildPdf(lines));
    if (!result.ok) throw new Error(result.message);
    expect(result.sections).toHaveLength(1);
    expect(result.sections[0]!.page).toBe(1);
    const text = collapse(result.text);
    expect(text).toContain('Left column sentence 4. Right column sentence 1.');
    expect(text.indexOf('Left column sentence 2.')).toBeLessThan(
      text.indexOf('Right column sentence 1.'),
    );
  });
});

describe('plain text titles', () => {
  const sectionsOf = async (text: string) => {
    const result = await extractDocument(Buffer.from(text), 'guide.txt');
    if (!result.ok) throw new Error(`extraction failed: ${result.message}`);
    return result.sections;
  };

  it('when a text file opens with a title line, then the title heads its text and leaves it', async () => {
    expect(
      await sectionsOf('Returns and refunds\r\n\r\nReturns are accepted within 30 days.\n'),
    ).toEqual([{ heading: 'Returns and refunds', text: 'Returns are accepted within 30 days.' }]);
  });

  it('when a text file opens with a sentence, a list item or a greeting, then it has no title', async () => {
    for (const text of [
      'Returns are accepted within 30 days.\n\nRefunds take 5 days.',
      '- Returns within 30 days\n\n- Refunds within 5 days',
      'Hello team,\n\nreturns are accepted within 30 days.',
      'Returns and refunds\nReturns are accepted within 30 days.',
      `${'A very long first line without a stop '.repeat(4)}\n\nThe rest.`,
      // A first line of a million spaces is read at once, not position by position.
      `a${' '.repeat(1_000_000)}b\n\nThe rest.`,
    ]) {
      expect((await sectionsOf(text))[0]!.heading).toBeUndefined();
    }
  });
});

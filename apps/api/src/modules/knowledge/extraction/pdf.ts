import { getDocumentProxy } from 'unpdf';
import type { ExtractedSection, ExtractOptions } from './extract-document';
import { corruptMessage, ExtractionError } from './extraction-error';
import { checkPdfStreams, PdfTooLargeError } from './pdf-streams';

export const maxPdfPages = 2_000;

// PDF: pdf.js gives positioned runs; reading order and columns are rebuilt from positions.

type PositionedText = { text: string; x: number; y: number; width: number; size: number };
type PdfTextItem = { str: string; transform: number[]; width: number; hasEOL: boolean };

export async function extractPdf(
  bytes: Uint8Array,
  { onPage, skipPages }: ExtractOptions,
): Promise<ExtractedSection[]> {
  try {
    await checkPdfStreams(bytes);
  } catch (error) {
    if (error instanceof PdfTooLargeError) throw new ExtractionError('too_large', error.message);
    throw error;
  }
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js may detach the buffer it is given, so it gets its own copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), {
      verbosity: 0,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
    });
  } catch (error) {
    if ((error as { name?: string } | null)?.name === 'PasswordException') {
      throw new ExtractionError('password_protected', 'the PDF is password-protected');
    }
    throw new ExtractionError('corrupt_file', corruptMessage('pdf'));
  }
  try {
    if (pdf.numPages > maxPdfPages) {
      throw new ExtractionError(
        'too_large',
        `This PDF has more than ${maxPdfPages.toLocaleString('en-US')} pages, so it can't be read safely.`,
      );
    }
    const sections: ExtractedSection[] = [];
    let failedPages = 0;
    // One page at a time, announced first: the reader's watchdog can then tell which page never
    // finished.
    for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber++) {
      if (skipPages?.has(pageNumber)) continue;
      await onPage?.(pageNumber);
      try {
        const page = await pdf.getPage(pageNumber);
        const content = await page.getTextContent();
        page.cleanup();
        sections.push({ page: pageNumber, text: layoutPage(content.items as PdfTextItem[]) });
      } catch {
        // One bad page should not cost the customer the rest of the document.
        failedPages++;
      }
    }
    if (failedPages === pdf.numPages) {
      throw new ExtractionError('corrupt_file', corruptMessage('pdf'));
    }
    return sections;
  } finally {
    await pdf.destroy();
  }
}

function layoutPage(items: PdfTextItem[]): string {
  const runs = orientRuns(items);
  if (runs.length === 0) return '';
  const sizes = runs.map((run) => run.size).sort((a, b) => a - b);
  const bodySize = sizes[Math.floor(sizes.length / 2)] || 10;
  const blocks: string[] = [];
  cutRegion(runs, bodySize, blocks, 0);
  return joinHyphenatedLines(blocks.join('\n\n'));
}

// Pages can be rotated, and so can text on them; turn everything so the dominant direction of
// the text reads left to right, top to bottom (y grows downwards).
function orientRuns(items: PdfTextItem[]): PositionedText[] {
  const votes = [0, 0, 0, 0];
  for (const item of items) {
    if (!item.str.trim()) continue;
    const [a = 0, b = 0] = item.transform;
    votes[quadrant(a, b)]! += item.str.length;
  }
  const turn = votes.indexOf(Math.max(...votes));
  const seen = new Set<string>();
  const runs: PositionedText[] = [];
  for (const item of items) {
    if (!item.str) continue;
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform;
    let x = e;
    let y = -f;
    if (turn === 1) [x, y] = [f, e];
    else if (turn === 2) [x, y] = [-e, f];
    else if (turn === 3) [x, y] = [-f, -e];
    const size = Math.hypot(c, d) || Math.hypot(a, b) || 1;
    // Some producers paint text twice (fake bold, shadows).
    const key = `${item.str}|${Math.round(x)}|${Math.round(y)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    runs.push({ text: item.str, x, y, width: Math.abs(item.width), size });
  }
  return runs;
}

function quadrant(a: number, b: number): number {
  const angle = (Math.atan2(b, a) * 180) / Math.PI;
  return ((Math.round(angle / 90) % 4) + 4) % 4;
}

// Recursive XY-cut: columns first (a vertical gutter no run crosses), then bands separated by
// blank space; what is left is read as lines.
function cutRegion(runs: PositionedText[], bodySize: number, out: string[], depth: number): void {
  const visible = runs.filter((run) => run.text.trim());
  if (visible.length === 0) return;
  if (depth < 40 && visible.length > 1) {
    const columns = splitAtGutters(visible, bodySize);
    if (columns) {
      for (const column of columns) cutRegion(column, bodySize, out, depth + 1);
      return;
    }
    const bands = splitAtBlankBands(visible, bodySize);
    if (bands) {
      for (const band of bands) cutRegion(band, bodySize, out, depth + 1);
      return;
    }
  }
  out.push(readLines(visible));
}

function splitAtGutters(runs: PositionedText[], bodySize: number): PositionedText[][] | null {
  const sorted = [...runs].sort((a, b) => a.x - b.x);
  const minGutter = bodySize * 1.2;
  const lineCount = (group: PositionedText[]) =>
    new Set(group.map((run) => Math.round(run.y / (bodySize * 0.5)))).size;
  // A gutter has to run down more than one line; a wide space inside one line is not a column
  // break.
  if (lineCount(runs) < 2) return null;
  const groups: PositionedText[][] = [[]];
  let reach = -Infinity;
  for (const run of sorted) {
    if (reach !== -Infinity && run.x - reach >= minGutter) groups.push([]);
    groups[groups.length - 1]!.push(run);
    reach = Math.max(reach, run.x + run.width);
  }
  return groups.length > 1 && groups.every((group) => lineCount(group) >= 2) ? groups : null;
}

function splitAtBlankBands(runs: PositionedText[], bodySize: number): PositionedText[][] | null {
  const sorted = [...runs].sort((a, b) => a.y - b.y);
  const groups: PositionedText[][] = [[]];
  let bottom = -Infinity;
  let lastSize = bodySize;
  for (const run of sorted) {
    const top = run.y - run.size;
    const gap = top - bottom;
    if (bottom !== -Infinity && gap > Math.max(lastSize, run.size) * 0.8) groups.push([]);
    groups[groups.length - 1]!.push(run);
    if (run.y > bottom) {
      bottom = run.y;
      lastSize = run.size;
    }
  }
  return groups.length > 1 ? groups : null;
}

function readLines(runs: PositionedText[]): string {
  const sorted = [...runs].sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: PositionedText[][] = [];
  let current: PositionedText[] = [];
  let baseline = -Infinity;
  let size = 0;
  for (const run of sorted) {
    if (current.length > 0 && Math.abs(run.y - baseline) > Math.min(size, run.size) * 0.5) {
      lines.push(current);
      current = [];
    }
    if (current.length === 0) {
      baseline = run.y;
      size = run.size;
    }
    current.push(run);
  }
  if (current.length > 0) lines.push(current);
  return lines
    .map((line) => {
      line.sort((a, b) => a.x - b.x);
      const parts: string[] = [];
      let end = -Infinity;
      for (const run of line) {
        const previous = parts[parts.length - 1];
        const gap = run.x - end;
        if (
          previous !== undefined &&
          gap > run.size * 0.15 &&
          !/\s$/.test(previous) &&
          !/^\s/.test(run.text)
        ) {
          parts.push(' ');
        }
        parts.push(run.text);
        end = Math.max(end, run.x + run.width);
      }
      return parts.join('').replace(/\s+/g, ' ').trim();
    })
    .filter(Boolean)
    .join('\n');
}

function joinHyphenatedLines(text: string): string {
  return text.replace(/(\p{L})[-\u00ad]\n(\p{Ll})/gu, '$1$2').replace(/\u00ad/g, '');
}

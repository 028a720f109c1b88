import mammoth from 'mammoth';
import type { HTMLElement as ParsedElement, Node as ParsedNode } from 'node-html-parser';
import { NodeType, parse as parseHtml } from 'node-html-parser';
import type { ExtractedSection } from './extract-document';
import { corruptMessage, ExtractionError } from './extraction-error';
import { checkZipArchive, ZipArchiveError } from './zip-archive';

// DOCX: mammoth's HTML keeps headings, lists and tables, which raw text would flatten.

export async function extractDocx(bytes: Uint8Array): Promise<ExtractedSection[]> {
  try {
    await checkZipArchive(bytes);
  } catch (error) {
    if (!(error instanceof ZipArchiveError)) throw error;
    if (error.reason === 'corrupt')
      throw new ExtractionError('corrupt_file', corruptMessage('docx'));
    if (error.reason === 'encrypted') {
      throw new ExtractionError('password_protected', 'the Word document is password-protected');
    }
    throw new ExtractionError('too_large', error.message);
  }
  const { value: html } = await mammoth.convertToHtml(
    { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
    { convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
  );
  const root = parseHtml(html);
  const sections: ExtractedSection[] = [];
  let current: ExtractedSection = { text: '' };
  let blocks: string[] = [];
  const flush = () => {
    current.text = blocks.join('\n');
    if (current.text.trim()) sections.push(current);
    blocks = [];
  };
  for (const node of root.childNodes) {
    if (!isElement(node)) {
      const text = inlineText(node);
      if (text) blocks.push(text);
      continue;
    }
    const tag = node.tagName.toLowerCase();
    if (/^h[1-6]$/.test(tag)) {
      flush();
      const heading = inlineText(node);
      current = { text: '', heading };
      blocks.push(heading);
    } else {
      blocks.push(blockText(node, 0));
    }
  }
  flush();
  return sections;
}

function isElement(node: ParsedNode): node is ParsedElement {
  return node.nodeType === NodeType.ELEMENT_NODE;
}

function inlineText(node: ParsedNode): string {
  if (isElement(node)) {
    // Footnote back-references are arrows that mean nothing as text.
    if (node.tagName === 'A' && (node.getAttribute('href') ?? '').startsWith('#footnote-ref')) {
      return '';
    }
    if (node.tagName === 'A' && (node.getAttribute('href') ?? '').startsWith('#endnote-ref')) {
      return '';
    }
    if (node.tagName === 'BR') return '\n';
  }
  if (!isElement(node)) return decodeEntities(node.rawText).replace(/[ \t\n]+/g, ' ');
  return node.childNodes.map(inlineText).join('').replace(/ +/g, ' ').trim();
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x?[0-9a-f]+|amp|lt|gt|quot|apos|nbsp);/gi, (entity, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    const named: Record<string, string> = {
      amp: '&',
      lt: '<',
      gt: '>',
      quot: '"',
      apos: "'",
      nbsp: ' ',
    };
    return named[lower] ?? entity;
  });
}

function blockText(node: ParsedElement, depth: number): string {
  const tag = node.tagName.toLowerCase();
  if (tag === 'ul' || tag === 'ol') {
    const lines: string[] = [];
    let number = Number(node.getAttribute('start') ?? 1) || 1;
    for (const item of node.childNodes.filter(isElement)) {
      const inline = item.childNodes
        .filter((child) => !(isElement(child) && ['UL', 'OL', 'TABLE'].includes(child.tagName)))
        .map(inlineText)
        .join('')
        .trim();
      const marker = tag === 'ol' ? `${number++}.` : '-';
      lines.push(`${'  '.repeat(depth)}${marker} ${inline}`);
      for (const child of item.childNodes.filter(isElement)) {
        if (['UL', 'OL', 'TABLE'].includes(child.tagName)) lines.push(blockText(child, depth + 1));
      }
    }
    return lines.join('\n');
  }
  if (tag === 'table') {
    const rows: string[] = [];
    for (const row of node.querySelectorAll('tr')) {
      // Nested tables come out through their own rows; a cell keeps only its own text.
      if (row.closest('table') !== node) continue;
      const cells = row.childNodes
        .filter(isElement)
        .map((cell) => cellText(cell))
        .filter((cell) => cell.length > 0);
      if (cells.length > 0) rows.push(cells.join(' | '));
    }
    return rows.join('\n');
  }
  if (tag === 'p' || /^h[1-6]$/.test(tag)) return inlineText(node);
  return node.childNodes
    .map((child) => (isElement(child) ? blockText(child, depth) : inlineText(child)))
    .filter(Boolean)
    .join('\n');
}

function cellText(cell: ParsedElement): string {
  return cell.childNodes
    .map((child) => (isElement(child) ? blockText(child, 0) : inlineText(child)))
    .filter(Boolean)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

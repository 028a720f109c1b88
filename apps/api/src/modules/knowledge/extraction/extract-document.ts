import { createRequire } from 'node:module';
import type { DocumentKind, ExtractionFailureCode } from '@askwell/shared';
import { maxUploadBytes } from '@askwell/shared';
import mammoth from 'mammoth';
import type { HTMLElement as ParsedElement, Node as ParsedNode } from 'node-html-parser';
import { NodeType, parse as parseHtml } from 'node-html-parser';
import { getDocumentProxy } from 'unpdf';

export type ExtractedSection = { text: string; heading?: string; page?: number };
export type ExtractionResult =
  | { ok: true; kind: DocumentKind; sections: ExtractedSection[]; text: string }
  | { ok: false; code: ExtractionFailureCode; message: string };

type Failure = Extract<ExtractionResult, { ok: false }>;

const messages: Record<ExtractionFailureCode, string> = {
  password_protected: 'the document is password-protected',
  no_text: 'no extractable text was found (is it a scanned image?)',
  corrupt_file: 'the file is damaged or not a valid document',
  unsupported_format: 'this file type is not supported (PDF, DOC, DOCX, TXT, MD)',
  too_large: 'the file is larger than the 10 MB limit',
  processing_error: 'an unexpected error occurred while reading the file',
};

class ExtractionError extends Error {
  constructor(
    readonly code: ExtractionFailureCode,
    message: string = messages[code],
  ) {
    super(message);
  }
}

function fail(code: ExtractionFailureCode, message: string = messages[code]): Failure {
  return { ok: false, code, message };
}

export async function extractDocument(
  bytes: Uint8Array,
  fileName?: string,
): Promise<ExtractionResult> {
  if (bytes.length > maxUploadBytes) return fail('too_large');
  let kind: DocumentKind | null = null;
  try {
    const container = sniffContainer(bytes);
    if (container === 'encrypted-ooxml') {
      return fail('password_protected', 'the Word document is password-protected');
    }
    kind = await detectDocumentKind(bytes, fileName);
    if (!kind) return fail('unsupported_format');
    const sections = await extractSections(kind, bytes);
    const kept = sections
      .map((section) => ({ ...section, text: tidyText(section.text) }))
      .filter((section) => section.text.length > 0);
    if (kept.length === 0) return fail('no_text');
    return { ok: true, kind, sections: kept, text: kept.map((s) => s.text).join('\n\n') };
  } catch (error) {
    if (error instanceof ExtractionError) return fail(error.code, error.message);
    // A parser that throws on input it accepted as this kind has met a damaged file; a throw
    // before we even knew the kind is our own bug.
    return kind ? fail('corrupt_file', corruptMessage(kind)) : fail('processing_error');
  }
}

function corruptMessage(kind: DocumentKind): string {
  const name = { pdf: 'PDF', doc: 'Word document', docx: 'Word document', txt: '', md: '' }[kind];
  return name ? `the file is damaged or not a valid ${name}` : messages.corrupt_file;
}

async function extractSections(kind: DocumentKind, bytes: Uint8Array): Promise<ExtractedSection[]> {
  switch (kind) {
    case 'pdf':
      return extractPdf(bytes);
    case 'docx':
      return extractDocx(bytes);
    case 'doc':
      return extractDoc(bytes);
    case 'md':
      return extractMarkdown(decodeText(bytes));
    case 'txt':
      return [{ text: decodeText(bytes) }];
  }
}

// ---------------------------------------------------------------------------------------------
// Type detection: by content only; the name may only choose between txt and md.

type Container = 'pdf' | 'docx' | 'zip' | 'encrypted-ooxml' | 'cfb' | 'other';

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

const cfbSignature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function sniffContainer(bytes: Uint8Array): Container {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The PDF spec lets readers accept junk before the header, and real files have some.
  const pdfAt = buffer.subarray(0, 1024).indexOf('%PDF-');
  if (pdfAt >= 0) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    return buffer.indexOf('word/document.xml') >= 0 ? 'docx' : 'zip';
  }
  if (startsWith(bytes, cfbSignature)) {
    // Encrypted OOXML is a CFB wrapper whose stream names are UTF-16LE.
    return buffer.indexOf(Buffer.from('EncryptedPackage', 'utf16le')) >= 0
      ? 'encrypted-ooxml'
      : 'cfb';
  }
  return 'other';
}

export async function detectDocumentKind(
  bytes: Uint8Array,
  fileName?: string,
): Promise<DocumentKind | null> {
  const container = sniffContainer(bytes);
  if (container === 'pdf') return 'pdf';
  if (container === 'docx' || container === 'encrypted-ooxml') return 'docx';
  if (container === 'cfb') return 'doc';
  if (container === 'zip') return null;
  const { fileTypeFromBuffer } = await import('file-type');
  // file-type knows hundreds of binary signatures; anything it recognises is not plain text.
  const detected = hasTextBom(bytes)
    ? undefined
    : await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (detected && !['txt', 'md', 'csv', 'xml', 'svg', 'html'].includes(detected.ext)) return null;
  const text = decodeTextOrNull(bytes);
  if (text === null) return null;
  if (fileName && /\.(md|markdown|mdown|mkd)$/i.test(fileName)) return 'md';
  if (fileName && /\.(txt|text)$/i.test(fileName)) return 'txt';
  return looksLikeMarkdown(text) ? 'md' : 'txt';
}

// file-type matches some short audio signatures (FF Fx) that a UTF-16/32 byte order mark also has.
function hasTextBom(bytes: Uint8Array): boolean {
  return (
    startsWith(bytes, [0xef, 0xbb, 0xbf]) ||
    startsWith(bytes, [0xff, 0xfe]) ||
    startsWith(bytes, [0xfe, 0xff]) ||
    startsWith(bytes, [0, 0, 0xfe, 0xff])
  );
}

function looksLikeMarkdown(text: string): boolean {
  const sample = text.slice(0, 20_000);
  if (/^(---|\+\+\+)\r?\n[\s\S]*?\r?\n\1\r?\n/.test(sample)) return true;
  let score = 0;
  for (const line of sample.split('\n', 400)) {
    if (/^#{1,6}\s+\S/.test(line)) score += 2;
    else if (/^\s*(```|~~~)/.test(line)) score += 2;
    else if (/^\s*\|.*\|\s*$/.test(line)) score += 1;
    if (/\[[^\]]+\]\([^)\s]+\)/.test(line)) score += 1;
  }
  return score >= 3;
}

// ---------------------------------------------------------------------------------------------
// Plain text and encodings.

const singleByteCandidates = [
  'windows-1252',
  'windows-1250',
  'windows-1251',
  'windows-1253',
  'windows-1254',
  'windows-1255',
  'windows-1256',
  'windows-1257',
  'windows-874',
  'koi8-r',
  'koi8-u',
  'ibm866',
  'x-mac-cyrillic',
  'iso-8859-2',
  'iso-8859-7',
];
const multiByteCandidates = ['gbk', 'big5', 'euc-kr', 'shift_jis', 'euc-jp'];

function decodeText(bytes: Uint8Array): string {
  const text = decodeTextOrNull(bytes);
  if (text === null) throw new ExtractionError('unsupported_format');
  return text;
}

function decodeTextOrNull(bytes: Uint8Array): string | null {
  const text = decodeWithDetectedEncoding(bytes);
  if (text === null || text.includes('\u0000')) return null;
  let bad = 0;
  const limit = Math.min(text.length, 65_536);
  for (let i = 0; i < limit; i++) {
    const code = text.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 12 && code !== 13) || code === 0xfffd) {
      bad++;
    }
  }
  return bad <= limit * 0.02 ? text : null;
}

function decodeWithDetectedEncoding(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf]))
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (startsWith(bytes, [0xff, 0xfe, 0, 0])) return decodeUtf32(bytes.subarray(4), true);
  if (startsWith(bytes, [0, 0, 0xfe, 0xff])) return decodeUtf32(bytes.subarray(4), false);
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const utf16 = guessUtf16WithoutBom(bytes);
  if (utf16) return new TextDecoder(utf16).decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Not UTF-8: fall through to the legacy encodings.
  }
  if (bytes.includes(0)) return null;
  const sample = bytes.subarray(0, 65_536);
  let best = { encoding: 'windows-1252', score: -Infinity };
  for (const encoding of [...singleByteCandidates, ...multiByteCandidates]) {
    const score = plausibility(new TextDecoder(encoding).decode(sample));
    // Strictly greater keeps the earlier, more common encoding on a tie.
    if (score > best.score) best = { encoding, score };
  }
  return new TextDecoder(best.encoding).decode(bytes);
}

function decodeUtf32(bytes: Uint8Array, littleEndian: boolean): string | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: string[] = [];
  let chunk: number[] = [];
  for (let i = 0; i + 3 < bytes.length; i += 4) {
    const code = view.getUint32(i, littleEndian);
    if (code > 0x10ffff) return null;
    chunk.push(code);
    if (chunk.length === 8192) {
      parts.push(String.fromCodePoint(...chunk));
      chunk = [];
    }
  }
  parts.push(String.fromCodePoint(...chunk));
  return parts.join('');
}

// Text in UTF-16 without a BOM shows NULs in every other byte for Latin-script content.
function guessUtf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const limit = Math.min(bytes.length, 8192) & ~1;
  if (limit < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < limit; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = limit / 2;
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return 'utf-16be';
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return 'utf-16le';
  return null;
}

// Common characters of Chinese (both scripts) and Korean: a wrong CJK decoding still yields
// valid ideographs or syllables, but rarely the everyday ones.
const commonHan = new Set(
  '的一是不了在人有我他这這个個们們中来來上大为為和国國地到以说說时時要就出会會可也你对對生能而子那得于於着著下自之年过過发發后後作里裡用道行所然家种種事成方多经經么麼去法学學如都同现現当當没沒动動面起看定天分还還进進好小部其些主样樣理心她本前开開但因只从從想实實日月文化名与與及或者等被由此外内內最新所基典维維科百全书書世界语語言历歷史市公司高长長区區',
);
const commonHangul = new Set(
  '이의다는에하고을를가지서한기로사으도리자들나수대인어있적구정게시해일주상전부국아생내과보오제라거만여요소우와성연장경비원문동화면학것등되년했없중모말까결방위개물세분때교미조그입히진공터며던음운선실신관역예수',
);

// Higher is more plausible: letters of one script in word-shaped runs, few controls or stray
// symbols, no case flips inside Cyrillic or Greek words (the mark of a wrong code page), and Latin
// text that is mostly ASCII (Cyrillic read as windows-1252 is all accented letters). CJK
// characters count double because each one stands for two bytes.
function plausibility(text: string): number {
  let score = 0;
  let latinAscii = 0;
  let latinOther = 0;
  for (const word of text.split(/[\s\d.,;:!?'"()[\]{}<>/\\|@#$%^&*+=_~`-]+/)) {
    if (!word) continue;
    let foreign = 0;
    let asciiLetters = 0;
    let previous: 'upper' | 'lower' | null = null;
    let uppers = 0;
    for (const char of word) {
      const code = char.codePointAt(0)!;
      if (code < 0x80) {
        if (/[A-Za-z]/.test(char)) asciiLetters++;
        continue;
      }
      if (code === 0xfffd || code <= 0x9f) score -= 10;
      else if (/\p{Script=Han}/u.test(char)) score += commonHan.has(char) ? 2 : 0.4;
      else if (/\p{Script=Hangul}/u.test(char)) {
        score += commonHangul.has(char) ? 2 : code >= 0xac00 ? 0.8 : -1;
      } else if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(char)) score += 1.6;
      else if (/\p{Script=Latin}/u.test(char)) {
        latinOther++;
        score += /[ðþýÐÞÝ]/.test(char) ? 0.2 : code < 0x100 ? 1 : 0.9;
      } else if (/[\u0400-\u040f\u0450-\u045f]/.test(char) && !/[ЁёІіЇїЄєЎў]/.test(char)) {
        score -= 0.5;
      } else if (/\p{L}/u.test(char)) {
        foreign++;
        score += 0.9;
        if (/[\p{Script=Cyrillic}\p{Script=Greek}]/u.test(char)) {
          const upper = /\p{Lu}/u.test(char);
          if (upper && previous === 'lower') score -= 1.5;
          if (!upper && uppers >= 2) score -= 1.5;
          uppers = upper ? uppers + 1 : 0;
          previous = upper ? 'upper' : 'lower';
        }
      } else if (/\p{M}/u.test(char)) score += 0.5;
      else if (!/[«»“”‘’„–—…€°§©®·¿¡\u00a0]/.test(char)) score -= 1;
    }
    latinAscii += asciiLetters;
    if (foreign > 0 && asciiLetters > 0) score -= 2 * foreign;
  }
  if (latinOther > latinAscii) score -= latinOther * 0.7;
  return score;
}

// Trailing blanks are trimmed line by line: a regex like /[ \t]+\n/ rescans a long run of spaces
// from every position, which turns a file padded with blanks into minutes of work.
function tidyText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

// ---------------------------------------------------------------------------------------------
// Markdown.

function extractMarkdown(source: string): ExtractedSection[] {
  let text = source.replace(/\r\n?/g, '\n');
  const sections: ExtractedSection[] = [];
  const frontMatter = /^(---|\+\+\+)\n([\s\S]*?)\n\1[ \t]*(\n|$)/.exec(text);
  if (frontMatter) {
    text = text.slice(frontMatter[0].length);
    // Metadata is noise for retrieval except the human-written title and summary.
    const kept = frontMatter[2]!
      .split('\n')
      .map((line) => /^(title|description|summary|intro)\s*[:=]\s*(.+)$/i.exec(line))
      .filter((match) => match !== null)
      .map(
        (match) =>
          `${match[1]!.toLowerCase()}: ${match[2]!.trim().replace(/^(['"])(.*)\1$/, '$2')}`,
      );
    if (kept.length > 0) sections.push({ text: kept.join('\n') });
  }
  text = text.replace(/<!--[\s\S]*?-->/g, '');
  let current: ExtractedSection = { text: '' };
  let lines: string[] = [];
  const flush = () => {
    current.text = lines.join('\n');
    if (current.text.trim() || current.heading) sections.push(current);
    lines = [];
  };
  let fence: string | null = null;
  const sourceLines = text.split('\n');
  for (let i = 0; i < sourceLines.length; i++) {
    const line = sourceLines[i]!;
    const fenceMatch = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1]!.startsWith(fence)) fence = null;
      else lines.push(line);
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1]!;
      continue;
    }
    const heading = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    const next = sourceLines[i + 1] ?? '';
    const setext = line.trim() && /^\s{0,3}(=+|-+)\s*$/.test(next) && !/^\s*[-*+|]/.test(line);
    if (heading || setext) {
      flush();
      const title = inlineMarkdown(heading ? heading[2]! : line.trim());
      current = { text: '', heading: title };
      lines.push(title);
      if (setext) i++;
      continue;
    }
    if (/^\s*\[[^\]]+\]:\s*\S+/.test(line)) continue;
    if (/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line)) continue;
    if (/^\s*([-*_]\s*){3,}$/.test(line)) continue;
    const body = line
      .replace(/^\s*(>\s?)+/, '')
      .replace(/^(\s*)[*+](\s+)/, '$1-$2')
      .replace(/^(\s*)- \[[ xX]\]\s+/, '$1- ');
    lines.push(inlineMarkdown(body));
  }
  flush();
  return sections;
}

function inlineMarkdown(line: string): string {
  return line
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/!\[[^\]]*\]\[[^\]]*\]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/<(https?:[^>\s]+)>/g, '$1')
    .replace(/\{%.*?%\}/g, '')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '')
    .replace(/(\*\*|__|~~)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/(^|[\s(])[*_](\S(?:.*?\S)?)[*_](?=[\s).,;:!?]|$)/g, '$1$2')
    .replace(/`([^`]+)`/g, '$1');
}

// ---------------------------------------------------------------------------------------------
// DOCX: mammoth's HTML keeps headings, lists and tables, which raw text would flatten.

async function extractDocx(bytes: Uint8Array): Promise<ExtractedSection[]> {
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

// ---------------------------------------------------------------------------------------------
// DOC (Word 97-2003 binary) and the CFB container around it.

type WordExtractorDocument = { getBody(): string };
type WordExtractorInstance = { extract(input: Buffer): Promise<WordExtractorDocument> };
const requireCjs = createRequire(import.meta.url);
// word-extractor ships no types; this is the one method we use.
const WordExtractor = requireCjs('word-extractor') as new () => WordExtractorInstance;

type CfbEntry = { name: string; type: number; start: number; size: number };

// A small reader for the parts of CFB that word-extractor does not expose: the FIB flags say
// whether the document is encrypted, and Word 6/95 files keep their text in one plain run.
function readCfb(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const broken = () => new ExtractionError('corrupt_file', corruptMessage('doc'));
  if (bytes.length < 512) throw broken();
  const shift = view.getUint16(0x1e, true);
  if (shift !== 9 && shift !== 12) throw broken();
  const sectorSize = 1 << shift;
  const miniSectorSize = 1 << view.getUint16(0x20, true);
  const sectorCount = Math.ceil(bytes.length / sectorSize);
  const sector = (id: number) => {
    const offset = (id + 1) * sectorSize;
    if (offset + sectorSize > bytes.length + sectorSize || offset >= bytes.length) throw broken();
    return bytes.subarray(offset, Math.min(offset + sectorSize, bytes.length));
  };
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) {
    const id = view.getUint32(0x4c + i * 4, true);
    if (id < 0xfffffffa) fatSectors.push(id);
  }
  let difat = view.getUint32(0x44, true);
  for (let guard = 0; difat < 0xfffffffa && guard < sectorCount; guard++) {
    const data = sector(difat);
    const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
    for (let i = 0; i < sectorSize / 4 - 1; i++) {
      const id = dv.getUint32(i * 4, true);
      if (id < 0xfffffffa) fatSectors.push(id);
    }
    difat = dv.getUint32(sectorSize - 4, true);
  }
  const fat: number[] = [];
  for (const id of fatSectors) {
    const data = sector(id);
    const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
    for (let i = 0; i + 4 <= data.length; i += 4) fat.push(dv.getUint32(i, true));
  }
  const chain = (start: number, table: number[]) => {
    const ids: number[] = [];
    for (let id = start; id < 0xfffffffa; id = table[id] ?? 0xfffffffe) {
      if (ids.length > table.length) throw broken();
      ids.push(id);
    }
    return ids;
  };
  const readChain = (start: number, size?: number) => {
    const parts = chain(start, fat).map(sector);
    const all = Buffer.concat(parts);
    return size === undefined ? all : all.subarray(0, size);
  };
  const directory = readChain(view.getUint32(0x30, true));
  const entries: CfbEntry[] = [];
  for (let offset = 0; offset + 128 <= directory.length; offset += 128) {
    const nameLength = directory.readUInt16LE(offset + 0x40);
    if (nameLength < 2 || nameLength > 64) continue;
    entries.push({
      name: directory.toString('utf16le', offset, offset + nameLength - 2),
      type: directory[offset + 0x42]!,
      start: directory.readUInt32LE(offset + 0x74),
      size: directory.readUInt32LE(offset + 0x78),
    });
  }
  const root = entries.find((entry) => entry.type === 5);
  if (!root) throw broken();
  const cutoff = view.getUint32(0x38, true);
  const miniFat: number[] = [];
  const miniFatStart = view.getUint32(0x3c, true);
  if (miniFatStart < 0xfffffffa) {
    const data = readChain(miniFatStart);
    for (let i = 0; i + 4 <= data.length; i += 4) miniFat.push(data.readUInt32LE(i));
  }
  const readStream = (name: string): Buffer | null => {
    const entry = entries.find((e) => e.type === 2 && e.name === name);
    if (!entry) return null;
    if (entry.size >= cutoff) return readChain(entry.start, entry.size);
    const ministream = readChain(root.start);
    const parts = chain(entry.start, miniFat).map((id) =>
      ministream.subarray(id * miniSectorSize, (id + 1) * miniSectorSize),
    );
    return Buffer.concat(parts).subarray(0, entry.size);
  };
  return { entries, readStream };
}

async function extractDoc(bytes: Uint8Array): Promise<ExtractedSection[]> {
  const cfb = readCfb(bytes);
  const wordDocument = cfb.readStream('WordDocument');
  if (!wordDocument || wordDocument.length < 0x20) {
    throw new ExtractionError('unsupported_format');
  }
  const ident = wordDocument.readUInt16LE(0);
  const flags = wordDocument.readUInt16LE(0x0a);
  if (flags & 0x0100) {
    throw new ExtractionError('password_protected', 'the Word document is password-protected');
  }
  if (ident === 0xa5dc) return [{ text: extractWord6Text(wordDocument, flags) }];
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const document = await new WordExtractor().extract(buffer);
  return [{ text: cleanWordText(document.getBody()) }];
}

// Word 6/95 stores unformatted 8-bit text between fcMin and fcMac unless it was fast-saved.
function extractWord6Text(wordDocument: Buffer, flags: number): string {
  if (flags & 0x0004) {
    throw new ExtractionError('unsupported_format', 'fast-saved Word 6/95 files are not supported');
  }
  const fcMin = wordDocument.readUInt32LE(0x18);
  const fcMac = wordDocument.readUInt32LE(0x1c);
  if (fcMin >= fcMac || fcMac > wordDocument.length) {
    throw new ExtractionError('corrupt_file', corruptMessage('doc'));
  }
  const raw = new TextDecoder('windows-1252').decode(wordDocument.subarray(fcMin, fcMac));
  return cleanWordText(raw);
}

function cleanWordText(text: string): string {
  return (
    text
      // Field codes sit between 0x13 and 0x14; only the result after 0x14 is visible text.
      .replace(/\u0013[^\u0013\u0014\u0015]*\u0014/g, '')
      .replace(/\u0013[^\u0013\u0014\u0015]*\u0015/g, '')
      .replace(/[\u0014\u0015]/g, '')
      .replace(/\u0007/g, '\t')
      .replace(/[\r\u000b\u000c]/g, '\n')
      .replace(/\t+\n/g, '\n')
      .replace(/\t+/g, ' | ')
  );
}

// ---------------------------------------------------------------------------------------------
// PDF: pdf.js gives positioned runs; reading order and columns are rebuilt from positions.

type PositionedText = { text: string; x: number; y: number; width: number; size: number };
type PdfTextItem = { str: string; transform: number[]; width: number; hasEOL: boolean };

const pagesInFlight = 8;

async function extractPdf(bytes: Uint8Array): Promise<ExtractedSection[]> {
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
    const sections: ExtractedSection[] = [];
    let failedPages = 0;
    const readPage = async (pageNumber: number) => {
      const page = await pdf.getPage(pageNumber);
      const content = await page.getTextContent();
      page.cleanup();
      return content.items as PdfTextItem[];
    };
    // A few pages are asked for at once: pdf.js answers them one after another anyway, but without
    // the pause between one answer and the next question.
    for (let first = 1; first <= pdf.numPages; first += pagesInFlight) {
      const numbers = Array.from(
        { length: Math.min(pagesInFlight, pdf.numPages - first + 1) },
        (_, offset) => first + offset,
      );
      const pages = await Promise.allSettled(numbers.map(readPage));
      pages.forEach((result, offset) => {
        // One bad page should not cost the customer the rest of the document.
        if (result.status === 'rejected') failedPages++;
        else sections.push({ page: numbers[offset]!, text: layoutPage(result.value) });
      });
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

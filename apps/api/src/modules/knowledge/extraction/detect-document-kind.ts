import type { DocumentKind } from '@askwell/shared';
import { decodeTextOrNull, decodeWithDetectedEncoding, startsWith } from './text';

// Type detection: by content only; the name may only choose between txt and md.

type Container = 'pdf' | 'docx' | 'zip' | 'encrypted-ooxml' | 'cfb' | 'other';

const cfbSignature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
export const zipSignature = [0x50, 0x4b, 0x03, 0x04];

export function sniffContainer(bytes: Uint8Array): Container {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The PDF spec lets readers accept junk before the header, and real files have some.
  const pdfAt = buffer.subarray(0, 1024).indexOf('%PDF-');
  if (pdfAt >= 0) return 'pdf';
  if (startsWith(bytes, zipSignature)) {
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
  const decoded = decodeWithDetectedEncoding(bytes);
  const text = decodeTextOrNull(bytes, decoded);
  if (text === null) return null;
  // file-type decides on a few leading bytes, which plain words can spell: "BMI-1 …" is a bitmap
  // to it, "The wide…" a QuickTime movie. Valid Unicode text is text, whatever it begins with;
  // only text read through a guessed legacy code page (which any bytes decode to) is checked
  // against binary signatures.
  if (decoded?.guessed) {
    const { fileTypeFromBuffer } = await import('file-type');
    const detected = await fileTypeFromBuffer(bytes).catch(() => undefined);
    if (detected && !['txt', 'md', 'csv', 'xml', 'svg', 'html'].includes(detected.ext)) {
      return null;
    }
  }
  if (fileName && /\.(md|markdown|mdown|mkd)$/i.test(fileName)) return 'md';
  if (fileName && /\.(txt|text)$/i.test(fileName)) return 'txt';
  return looksLikeMarkdown(text) ? 'md' : 'txt';
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

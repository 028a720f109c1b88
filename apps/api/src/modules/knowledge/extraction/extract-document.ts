import type { DocumentKind, ExtractionFailureCode } from '@askwell/shared';
import { maxUploadBytes } from '@askwell/shared';
import { detectDocumentKind, sniffContainer } from './detect-document-kind';
import { extractDoc } from './doc';
import { extractDocx } from './docx';
import { corruptMessage, ExtractionError, extractionMessages } from './extraction-error';
import { extractMarkdown } from './markdown';
import { extractPdf } from './pdf';
import { decodeText, plainTextSections, tidyText } from './text';

export type ExtractedSection = { text: string; heading?: string; page?: number };
export type ExtractionResult =
  | { ok: true; kind: DocumentKind; sections: ExtractedSection[]; text: string }
  | { ok: false; code: ExtractionFailureCode; message: string };

type Failure = Extract<ExtractionResult, { ok: false }>;

function fail(code: ExtractionFailureCode, message: string = extractionMessages[code]): Failure {
  return { ok: false, code, message };
}

// What the process reading a document needs to watch it: PDF pages are announced before they are
// read (a page can keep pdf.js busy without ever yielding, so only another process can stop it),
// and pages that took too long on an earlier try are left out.
export type ExtractOptions = {
  onPage?: (page: number) => Promise<void>;
  skipPages?: ReadonlySet<number>;
};

export async function extractDocument(
  bytes: Uint8Array,
  fileName?: string,
  options: ExtractOptions = {},
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
    const sections = await extractSections(kind, bytes, options);
    const kept = sections
      .map((section) => ({ ...section, text: tidyText(section.text) }))
      .filter((section) => section.text.length > 0);
    if (kept.length === 0) return fail('no_text');
    return { ok: true, kind, sections: kept, text: documentText(kept) };
  } catch (error) {
    if (error instanceof ExtractionError) return fail(error.code, error.message);
    // A parser that throws on input it accepted as this kind has met a damaged file; a throw
    // before we even knew the kind is our own bug.
    return kind ? fail('corrupt_file', corruptMessage(kind)) : fail('processing_error');
  }
}

// The document's text as a reader sees it (`npm run extract`): each heading once, above the text
// it heads. A section's text holds no heading of its own.
function documentText(sections: ExtractedSection[]): string {
  const parts: string[] = [];
  let heading: string | undefined;
  for (const section of sections) {
    if (section.heading && section.heading !== heading) parts.push(section.heading);
    heading = section.heading;
    parts.push(section.text);
  }
  return parts.join('\n\n');
}

async function extractSections(
  kind: DocumentKind,
  bytes: Uint8Array,
  options: ExtractOptions,
): Promise<ExtractedSection[]> {
  switch (kind) {
    case 'pdf':
      return extractPdf(bytes, options);
    case 'docx':
      return extractDocx(bytes);
    case 'doc':
      return extractDoc(bytes);
    case 'md':
      return extractMarkdown(decodeText(bytes));
    case 'txt':
      return plainTextSections(decodeText(bytes));
  }
}

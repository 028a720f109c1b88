import type { DocumentKind, ExtractionFailureCode } from '@askwell/shared';

export const extractionMessages: Record<ExtractionFailureCode, string> = {
  password_protected: 'the document is password-protected',
  no_text: 'no extractable text was found (is it a scanned image?)',
  corrupt_file: 'the file is damaged or not a valid document',
  unsupported_format: 'this file type is not supported (PDF, DOC, DOCX, TXT, MD)',
  too_large: 'the file is larger than the 10 MB limit',
  processing_error: 'an unexpected error occurred while reading the file',
};

export class ExtractionError extends Error {
  constructor(
    readonly code: ExtractionFailureCode,
    message: string = extractionMessages[code],
  ) {
    super(message);
  }
}

export function corruptMessage(kind: DocumentKind): string {
  const name = { pdf: 'PDF', doc: 'Word document', docx: 'Word document', txt: '', md: '' }[kind];
  return name ? `the file is damaged or not a valid ${name}` : extractionMessages.corrupt_file;
}

import { acceptedExtensions, archiveExtension, maxUploadBytes } from '@askwell/shared';
import { formatNumber } from '@/lib/format';

// Extensions rather than MIME types: browsers report .md and .doc inconsistently.
export function extensionOf(name: string) {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot).toLowerCase();
}

export function uploadProblem(file: Pick<File, 'name' | 'size'>): string | null {
  const extension = extensionOf(file.name);
  if (
    !(acceptedExtensions as readonly string[]).includes(extension) &&
    extension !== archiveExtension
  ) {
    return 'Unsupported file type. Upload PDF, DOC, DOCX, TXT or MD files.';
  }
  if (file.size > maxUploadBytes) {
    return `Larger than the 10 MB limit (${formatNumber(file.size)} bytes; at most ${formatNumber(maxUploadBytes)}).`;
  }
  if (file.size === 0) return 'The file is empty.';
  return null;
}

// The dialog filter; the drop handler still checks every file with uploadProblem.
export const dropzoneAccept = {
  'application/pdf': ['.pdf'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'text/plain': ['.txt'],
  'text/markdown': ['.md'],
  'application/zip': [archiveExtension],
};

import {
  acceptedExtensions,
  archiveExtension,
  maxArchiveDocuments,
  maxUploadBytes,
  type DocumentKind,
} from '@askwell/shared';
import { createHash } from 'node:crypto';
import { AppError } from '../../lib/app-error';
import { sanitizeFileName } from './document-storage';
import { detectDocumentKind, zipSignature } from './extraction/detect-document-kind';
import { startsWith } from './extraction/text';
import {
  checkZipArchive,
  documentZipLimits,
  ZipArchiveError,
  type ZipLimits,
} from './extraction/zip-archive';

// Each document inside is held to the limits of a single upload, and the whole archive to the
// archive checks of DOCX files, with less room in total: the server unpacks it in its own memory,
// one entry at a time.
export const archiveLimits: ZipLimits = {
  ...documentZipLimits,
  maxEntries: 2_000,
  maxTotalBytes: 100 * 1024 * 1024,
  maxEntryBytes: maxUploadBytes,
};

export type ArchivedDocument = {
  name: string;
  kind: DocumentKind;
  content: Buffer;
  sha256: string;
};

export type UnpackedArchive = {
  documents: ArchivedDocument[];
  skipped: Array<{ name: string; reason: string }>;
};

const typeList = 'PDF, DOC, DOCX, TXT or MD';

function refuse(message: string): never {
  throw new AppError('validation_error', message, { file: message });
}

// Folders, macOS resource forks and hidden files (.DS_Store) are what archivers add on their own;
// they are not the customer's documents, so they are passed over without a word.
function isArchiverNoise(path: string) {
  return (
    path.endsWith('/') ||
    path.split('/').some((part) => part === '__MACOSX' || (part.startsWith('.') && part !== '.'))
  );
}

// The documents in a .zip, each checked as an upload would be: a supported extension and a
// content that really is that kind of document. Throws an AppError for an archive that cannot be
// read safely (every entry is inflated and checked first, so one oversized or encrypted entry
// refuses the archive) or holds no document at all.
export async function unpackDocuments(bytes: Uint8Array): Promise<UnpackedArchive> {
  const extensionOf = (name: string) =>
    name.includes('.') ? name.slice(name.lastIndexOf('.')).toLowerCase() : '';
  const isDocument = (name: string) =>
    (acceptedExtensions as readonly string[]).includes(extensionOf(name));
  let entries;
  try {
    entries = await checkZipArchive(
      bytes,
      archiveLimits,
      (entry) => !isArchiverNoise(entry.name) && isDocument(sanitizeFileName(entry.name)),
    );
  } catch (error) {
    if (error instanceof ZipArchiveError) refuse(error.message);
    throw error;
  }
  const documents: ArchivedDocument[] = [];
  const skipped: UnpackedArchive['skipped'] = [];
  for (const entry of entries) {
    if (isArchiverNoise(entry.name)) continue;
    const name = sanitizeFileName(entry.name);
    // Only documents' entries were kept.
    const { content } = entry;
    if (!content) {
      skipped.push({ name, reason: `Not a ${typeList} file.` });
      continue;
    }
    if (content.length === 0) {
      skipped.push({ name, reason: 'This file is empty.' });
      continue;
    }
    const kind = await detectDocumentKind(content, name);
    if (!kind) {
      skipped.push({ name, reason: `Its content is not a ${typeList} document.` });
      continue;
    }
    documents.push({
      name,
      kind,
      content,
      sha256: createHash('sha256').update(content).digest('hex'),
    });
    if (documents.length > maxArchiveDocuments) {
      refuse(
        `This archive holds more than ${maxArchiveDocuments} documents. Please split it into smaller archives.`,
      );
    }
  }
  if (documents.length === 0) refuse(`This archive holds no ${typeList} files.`);
  return { documents, skipped };
}

// Only a file named .zip is unpacked: other zip-based formats (XLSX, EPUB...) are not archives of
// documents, and a DOCX is a document of its own.
export function isArchiveUpload(fileName: string, bytes: Uint8Array) {
  return startsWith(bytes, zipSignature) && fileName.toLowerCase().endsWith(archiveExtension);
}

import { z } from 'zod';

export const maxUploadBytes = 10_485_760;
export const documentKinds = ['pdf', 'doc', 'docx', 'txt', 'md'] as const;
export type DocumentKind = (typeof documentKinds)[number];
export const acceptedExtensions = ['.pdf', '.doc', '.docx', '.txt', '.md'] as const;
// A .zip of such documents adds each of them; see ArchiveUpload.
export const archiveExtension = '.zip';
export const maxArchiveDocuments = 500;
// The Documents page sends files up this many at a time: dropping 300 files must not open 300
// connections (the browser would queue them anyway, and the server allows a few parallel uploads
// per account). The ingest benchmark uploads the same way.
export const parallelUploads = 4;
// Small files travel together, up to this many in one request, which the server holds to one
// upload's 10 MB in all. A drop of hundreds of notes is then a few requests, each added in one
// transaction: one request per file spent most of its time on the request itself (session, plan
// and ownership reads for every file), and SciFact's 5,183 abstracts took 250 s that way.
export const maxFilesPerUpload = 250;
// Files up to this size are sent together, up to this size a request; a larger file goes in a
// request of its own, so its progress is its own.
export const groupedUploadBytes = 1024 * 1024;

// Takes the files of the next request from the front of `waiting`: one file, or small ones (not
// archives) together, as many as share the waiting files out over the free parallel slots (a drop
// of 8 is 4 requests of 2 at once) up to maxFilesPerUpload. `together` says whether two waiting
// items may share a request (the same chatbot).
export function takeUploadGroup<T>(
  waiting: T[],
  freeSlots: number,
  fileOf: (item: T) => { name: string; size: number },
  together: (first: T, other: T) => boolean = () => true,
) {
  const groupable = (item: T) => {
    const file = fileOf(item);
    return file.size <= groupedUploadBytes && !file.name.toLowerCase().endsWith(archiveExtension);
  };
  const first = waiting.shift()!;
  if (!groupable(first)) return [first];
  const size = Math.min(
    maxFilesPerUpload,
    Math.ceil((waiting.length + 1) / Math.max(1, freeSlots)),
  );
  const group: T[] = [first];
  const left: T[] = [];
  let bytes = fileOf(first).size;
  for (const next of waiting) {
    const nextBytes = fileOf(next).size;
    if (
      group.length < size &&
      together(first, next) &&
      groupable(next) &&
      bytes + nextBytes <= groupedUploadBytes
    ) {
      group.push(next);
      bytes += nextBytes;
    } else left.push(next);
  }
  waiting.length = 0;
  for (const item of left) waiting.push(item);
  return group;
}

export const sourceKinds = ['document', 'website', 'qa'] as const;
export type SourceKind = (typeof sourceKinds)[number];

// Spec §4 queue states; 'stage' tells where in the pipeline a processing source is.
export const sourceStatuses = ['pending', 'processing', 'completed', 'failed'] as const;
export type SourceStatus = (typeof sourceStatuses)[number];
export const processingStages = [
  'uploaded',
  'extracting',
  'chunking',
  'indexing',
  'completed',
  'failed',
] as const;
export type ProcessingStage = (typeof processingStages)[number];

export const extractionFailureCodes = [
  'password_protected',
  'no_text',
  'corrupt_file',
  'unsupported_format',
  'too_large',
  'processing_error',
] as const;
export type ExtractionFailureCode = (typeof extractionFailureCodes)[number];

export const documentFailedMessage = 'Failed to process document';

export type KnowledgeSource = {
  id: string;
  botId: string;
  botName: string;
  kind: SourceKind;
  name: string;
  status: SourceStatus;
  stage: ProcessingStage;
  progress: number;
  // 'Failed to process document: <reason>' when failed.
  error: string | null;
  errorCode: ExtractionFailureCode | null;
  // What the owner should know about a processed source (e.g. a PDF page skipped because reading
  // it took too long).
  notes?: string[];
  // Documents
  documentType: DocumentKind | null;
  sizeBytes: number | null;
  // Websites
  url: string | null;
  syncSchedule: SyncSchedule | null;
  lastSyncedAt: string | null;
  pageCount: number;
  chunkCount: number;
  createdAt: string;
  updatedAt: string;
};

// What uploading a .zip added: one source per document in it, and what was left out and why.
export type ArchiveUpload = {
  archive: string;
  sources: KnowledgeSource[];
  skipped: Array<{ name: string; reason: string }>;
};

// The answer to a request of several files: one entry per file, in the order they were sent, each
// either the source it became or why it was not added.
export type FilesUpload = {
  files: Array<{ name: string; source: KnowledgeSource | null; error: string | null }>;
};

export const syncSchedules = ['manual', 'daily', 'weekly'] as const;
export type SyncSchedule = (typeof syncSchedules)[number];

export const websiteSourceInputSchema = z.object({
  url: z
    .string({ error: 'Please enter the website address.' })
    .trim()
    .min(1, 'Please enter the website address.')
    .max(2000, 'The address is too long.')
    .pipe(
      z.url({
        protocol: /^https?$/,
        error: 'Please enter a full http:// or https:// address.',
      }),
    ),
  maxPages: z.number().int().min(1).max(500).default(100),
  maxDepth: z.number().int().min(0).max(10).default(3),
  syncSchedule: z.enum(syncSchedules).default('manual'),
});
export type WebsiteSourceInput = z.input<typeof websiteSourceInputSchema>;

export const qaPairSchema = z.object({
  question: z.string().trim().min(1, 'Please enter the question.').max(500),
  answer: z.string().trim().min(1, 'Please enter the answer.').max(4000),
});
export type QaPair = z.infer<typeof qaPairSchema>;
export const qaSourceInputSchema = z.object({
  name: z.string().trim().min(1, 'Please name this set of answers.').max(120),
  pairs: z.array(qaPairSchema).min(1, 'Add at least one question and answer.').max(500),
});
export type QaSourceInput = z.infer<typeof qaSourceInputSchema>;

export type WebsitePage = {
  id: string;
  url: string;
  title: string | null;
  status: 'indexed' | 'unchanged' | 'skipped' | 'failed' | 'removed';
  detail: string | null;
  chunkCount: number;
  fetchedAt: string;
};

// Pushed over socket.io to the owner's room as the pipeline advances.
export type SourceProgressEvent = {
  sourceId: string;
  botId: string;
  status: SourceStatus;
  stage: ProcessingStage;
  progress: number;
  error: string | null;
  chunkCount: number;
  // Orders events against REST responses that may arrive after them.
  updatedAt: string;
};
export const sourceProgressEventName = 'knowledge:source';

export const trainingSteps = [
  'Document Processing',
  'Knowledge Extraction',
  'AI Training',
  'Final Optimization',
] as const;

export type TrainingState = {
  running: boolean;
  steps: Array<{
    name: (typeof trainingSteps)[number];
    status: 'complete' | 'in_progress' | 'pending' | 'failed';
    progress: number;
  }>;
  sources: KnowledgeSource[];
};

// What one press of 'Start Training' did, so the owner is told instead of guessing: sources read
// again (new, changed, failed, or a website to re-crawl), sources whose search vectors were missing
// and are being added, sources already being read, and sources left alone because they are current.
export type TrainingRun = {
  reread: number;
  embedding: number;
  inProgress: number;
  upToDate: number;
};

export type TrainingStarted = TrainingState & { run: TrainingRun };

// A passage found in a bot's knowledge, with what a citation needs.
export type KnowledgeHit = {
  chunkId: string;
  sourceId: string;
  score: number;
  heading: string | null;
  text: string;
  page: number | null;
  url: string | null;
  question: string | null;
  // Among the few passages closest in meaning (dense retrieval), whether or not it shares a word
  // with the query; absent when only lexical search ran.
  semantic?: boolean;
};
